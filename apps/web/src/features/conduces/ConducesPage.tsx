import { Modal, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type Conduce, conducesApi, tienePermiso } from '@pos/contract';
import { IconFileInvoice, IconTruckDelivery } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../api/client.ts';
import { usePerfil } from '../../app/usePerfil.ts';
import { ListaDeDocumentos } from '../../ui/documento/ListaDeDocumentos.tsx';
import { dinero } from '../../ui/formato.ts';
import { NumeroDeFactura } from './NumeroDeFactura.tsx';
import { conduceQueries } from './queries.ts';
import { NUEVO_CONDUCE, NUEVO_CONDUCE_POST_FACTURA, VISTA_CONDUCE } from './rutas.ts';
import { NOMBRE_DEL_TIPO } from './tipos.ts';

function Opcion({
  icono,
  titulo,
  texto,
  alElegir,
}: {
  icono: ReactNode;
  titulo: string;
  texto: string;
  alElegir: () => void;
}) {
  return (
    <UnstyledButton
      onClick={alElegir}
      aria-label={titulo}
      p="md"
      style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}
    >
      <Stack gap={6}>
        {icono}
        <Text fw={600}>{titulo}</Text>
        <Text size="sm" c="dimmed">
          {texto}
        </Text>
      </Stack>
    </UnstyledButton>
  );
}

/** Spec 001 §2: the dialog «Nuevo conduce» asks Pre-Factura or Post-Factura and goes to its screen. */
export function ModalNuevoConduce({ abierto, alCerrar }: { abierto: boolean; alCerrar: () => void }) {
  const navegar = useNavigate();
  const ir = (ruta: string) => {
    alCerrar();
    void navegar(ruta);
  };
  return (
    <Modal opened={abierto} onClose={alCerrar} title="Nuevo conduce" centered size="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Opcion
          icono={<IconTruckDelivery size={24} stroke={1.5} />}
          titulo={NOMBRE_DEL_TIPO.preFactura}
          texto="Mercancía que sale antes de facturarla. Al guardar, sale del almacén."
          alElegir={() => ir(NUEVO_CONDUCE)}
        />
        <Opcion
          icono={<IconFileInvoice size={24} stroke={1.5} />}
          titulo={NOMBRE_DEL_TIPO.postFactura}
          texto="Entrega de lo que una factura ya vendió, completa o en partes. No mueve existencia."
          alElegir={() => ir(NUEVO_CONDUCE_POST_FACTURA)}
        />
      </SimpleGrid>
    </Modal>
  );
}

/** /conduce/lista_conduce: delivery notes with search, period, the audit view and their kind (spec 001 §2). */
export default function ConducesPage() {
  const { perfil } = usePerfil();
  const [eligiendo, modal] = useDisclosure(false);
  return (
    <>
      <ListaDeDocumentos<Conduce>
        declaracion={{
          titulo: 'Conduces',
          nombre: 'conduce',
          plural: 'conduces',
          genero: 'masculino',
          clave: conduceQueries.all(),
          listar: (filtro, signal) => api(conducesApi.todos, { body: filtro, signal }),
          rutaNueva: NUEVO_CONDUCE,
          rutaVista: VISTA_CONDUCE,
          puedeCrear: !perfil || tienePermiso(perfil.privilegios, 'conduces', 'crear'),
          alCrear: modal.open,
          sinVencimiento: true,
          columnasPropias: {
            antesDelTotal: [
              {
                titulo: 'Tipo',
                celda: (c) => (
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {NOMBRE_DEL_TIPO[c.tipo]}
                  </Text>
                ),
              },
              {
                titulo: 'Factura',
                celda: (c) => (c.idFactura ? <NumeroDeFactura idFactura={c.idFactura} /> : '—'),
              },
            ],
            despuesDelTotal: [
              {
                titulo: 'Retirado',
                celda: (c) => (c.totalGraltemRetirados > 0 ? dinero(c.totalGraltemRetirados) : '—'),
                alinear: 'right',
              },
            ],
          },
        }}
      />
      <ModalNuevoConduce abierto={eligiendo} alCerrar={modal.close} />
    </>
  );
}
