import { Anchor, Badge, Button, Group, Modal, Stack, Tabs, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type SolicitudDeAnulacion, tienePermiso } from '@pos/contract';
import { MOTIVOS_ANULACION_FACTURA } from '@pos/domain';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { usePerfil } from '../../app/usePerfil.ts';
import { DisenoListaModulo } from '../../layouts/DisenoListaModulo.tsx';
import { dinero, fechaHora } from '../../ui/formato.ts';
import { useModoLectura } from '../../ui/ModoLectura.tsx';
import { type Columna, TablaLista } from '../../ui/TablaLista.tsx';
import { VISTA_COMPRA } from '../compras/rutas.ts';
import { VISTA_CONDUCE } from '../conduces/rutas.ts';
import { VISTA_COTIZACION } from '../cotizaciones/rutas.ts';
import { VISTA_DESPACHO } from '../despachos/rutas.ts';
import { LISTA_ENTRADAS_DE_DIARIO } from '../entradasDeDiario/rutas.ts';
import { VISTA_EXPEDIENTE_CONSULTA } from '../expedientes/rutas.ts';
import { VISTA_GASTO_MENOR_CONSULTA } from '../gastosMenores/rutas.ts';
import { VISTA_NOTA_DE_DEBITO } from '../notasDeDebito/rutas.ts';
import { VISTA_ORDEN_DE_COMPRA } from '../ordenesDeCompra/rutas.ts';
import { auditoriaQueries, type Decision, useResolverSolicitud } from './queries.ts';

const POR_PAGINA = 25;

type Pestana = 'Pendiente' | 'Aprobada' | 'Rechazada';

const PESTANAS: Array<{ valor: Pestana; titulo: string }> = [
  { valor: 'Pendiente', titulo: 'Pendientes' },
  { valor: 'Aprobada', titulo: 'Aprobadas' },
  { valor: 'Rechazada', titulo: 'Rechazadas' },
];

const DOCUMENTOS: Record<string, { nombre: string; vista?: string }> = {
  factura: { nombre: 'Factura', vista: '/factura/vista_factura' },
  ingreso: { nombre: 'Recibo de ingreso' },
  egreso: { nombre: 'Recibo de egreso' },
  gastoMenor: { nombre: 'Gasto menor', vista: VISTA_GASTO_MENOR_CONSULTA },
  compra: { nombre: 'Compra', vista: VISTA_COMPRA },
  pedido: { nombre: 'Pedido' },
  cotizacion: { nombre: 'Cotización', vista: VISTA_COTIZACION },
  ordenDeCompra: { nombre: 'Orden de compra', vista: VISTA_ORDEN_DE_COMPRA },
  notaDeDebito: { nombre: 'Nota de débito', vista: VISTA_NOTA_DE_DEBITO },
  conduce: { nombre: 'Conduce', vista: VISTA_CONDUCE },
  conduceDespacho: { nombre: 'Conduce de despacho', vista: VISTA_DESPACHO },
  // The list opens the entry's view modal for `?id=` (spec 002 §2 "modals to view a journal entry").
  entradaDeDiario: { nombre: 'Entrada de diario', vista: LISTA_ENTRADAS_DE_DIARIO },
  expediente: { nombre: 'Expediente', vista: VISTA_EXPEDIENTE_CONSULTA },
};

// Spec 001 §5: an invoice's reason is its code 1-10; other documents store free text.
function motivo(s: SolicitudDeAnulacion): string {
  if (s.tipoDocumento === 'factura') {
    const encontrado = MOTIVOS_ANULACION_FACTURA.find((m) => String(m.codigo) === s.tipoDeAnulacion);
    if (encontrado) {
      return encontrado.motivo;
    }
  }
  return s.tipoDeAnulacion;
}

function Documento({ solicitud }: { solicitud: SolicitudDeAnulacion }) {
  const tipo = DOCUMENTOS[solicitud.tipoDocumento];
  const nombre = tipo?.nombre ?? solicitud.tipoDocumento;
  return (
    <Stack gap={0}>
      {tipo?.vista ? (
        <Anchor
          component={Link}
          to={`${tipo.vista}?id=${solicitud.idDocumento}`}
          size="sm"
          fw={500}
          ff="monospace"
        >
          {solicitud.numeracioDocumento}
        </Anchor>
      ) : (
        <Text size="sm" fw={500} ff="monospace">
          {solicitud.numeracioDocumento}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {nombre}
      </Text>
    </Stack>
  );
}

function columnas(
  pestana: Pestana,
  puedeResolver: boolean,
  alResolver: (s: SolicitudDeAnulacion, d: Decision) => void,
): Columna<SolicitudDeAnulacion>[] {
  const base: Columna<SolicitudDeAnulacion>[] = [
    { titulo: 'Documento', celda: (s) => <Documento solicitud={s} /> },
    { titulo: 'Solicitada por', celda: (s) => s.nombreUsuario || '—' },
    {
      titulo: 'Motivo',
      celda: (s) => (
        <Stack gap={0} maw={340}>
          <Text size="sm">{motivo(s)}</Text>
          {s.notaAnular && s.notaAnular !== motivo(s) && (
            <Text size="xs" c="dimmed" lineClamp={2}>
              «{s.notaAnular}»
            </Text>
          )}
        </Stack>
      ),
    },
    { titulo: 'Fecha', celda: (s) => fechaHora(s.fecha) },
    { titulo: 'Total', celda: (s) => (s.total === null ? '—' : dinero(s.total)), alinear: 'right' },
  ];
  if (pestana === 'Pendiente') {
    return puedeResolver
      ? [
          ...base,
          {
            titulo: 'Decisión',
            alinear: 'right',
            celda: (s) =>
              DOCUMENTOS[s.tipoDocumento] ? (
                <Group gap={6} justify="flex-end" wrap="nowrap">
                  <Button
                    size="compact-sm"
                    color="green"
                    variant="light"
                    leftSection={<IconCheck size={14} />}
                    onClick={() => alResolver(s, 'Aprobada')}
                  >
                    Aprobar
                  </Button>
                  <Button
                    size="compact-sm"
                    color="red"
                    variant="light"
                    leftSection={<IconX size={14} />}
                    onClick={() => alResolver(s, 'Rechazada')}
                  >
                    Rechazar
                  </Button>
                </Group>
              ) : (
                <Text size="xs" c="dimmed">
                  Se resuelve desde su documento
                </Text>
              ),
          },
        ]
      : base;
  }
  return [
    ...base,
    {
      titulo: 'Supervisor',
      celda: (s) => (
        <Stack gap={0} maw={280}>
          <Text size="sm">{s.nombreSupervisor || '—'}</Text>
          {s.notaAutorizacion && (
            <Text size="xs" c="dimmed" lineClamp={2}>
              «{s.notaAutorizacion}»
            </Text>
          )}
          {s.resueltaEn && (
            <Text size="xs" c="dimmed">
              {fechaHora(s.resueltaEn)}
            </Text>
          )}
        </Stack>
      ),
    },
  ];
}

function ModalDecision({
  solicitud,
  decision,
  alCerrar,
}: {
  solicitud: SolicitudDeAnulacion | null;
  decision: Decision;
  alCerrar: () => void;
}) {
  const [nota, setNota] = useState('');
  const resolver = useResolverSolicitud();
  const aprobar = decision === 'Aprobada';

  async function confirmar() {
    if (!solicitud) {
      return;
    }
    try {
      await resolver.mutateAsync({
        tipoDocumento: solicitud.tipoDocumento,
        idDocumento: solicitud.idDocumento,
        decision,
        nota: nota.trim(),
      });
      // Spec 001 §9: cancellation notices stay 4500 ms.
      notifications.show({
        color: aprobar ? 'green' : 'gray',
        message: aprobar
          ? `Anulación de ${solicitud.numeracioDocumento} aprobada.`
          : `Anulación de ${solicitud.numeracioDocumento} rechazada.`,
        autoClose: 4500,
      });
      setNota('');
      alCerrar();
    } catch (e) {
      notifications.show({
        color: 'red',
        title: 'No se resolvió la solicitud',
        message: e instanceof Error ? e.message : '',
        autoClose: 5200,
      });
    }
  }

  return (
    <Modal
      opened={solicitud !== null}
      onClose={alCerrar}
      centered
      title={`${aprobar ? 'Aprobar' : 'Rechazar'} la anulación de ${solicitud?.numeracioDocumento ?? ''}`}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {aprobar
            ? 'El documento quedará anulado: se devuelve el inventario y se revierte su asiento contable.'
            : 'El documento vuelve a estar activo y la solicitud queda rechazada.'}
        </Text>
        {solicitud && (
          <Text size="sm">
            Motivo: {motivo(solicitud)}
            {solicitud.notaAnular && solicitud.notaAnular !== motivo(solicitud)
              ? ` · «${solicitud.notaAnular}»`
              : ''}
          </Text>
        )}
        <Textarea
          label="Nota de autorización"
          placeholder={aprobar ? 'Opcional' : 'Por qué se rechaza (opcional)'}
          autosize
          minRows={2}
          maxLength={1000}
          value={nota}
          onChange={(e) => setNota(e.currentTarget.value)}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={alCerrar}>
            Cancelar
          </Button>
          <Button
            color={aprobar ? 'green' : 'red'}
            loading={resolver.isPending}
            onClick={() => void confirmar()}
          >
            {aprobar ? 'Aprobar anulación' : 'Rechazar solicitud'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** /auditorias/auditorias: cancellation requests by state; a supervisor approves or rejects (spec 001 §4). */
export default function AuditoriasPage() {
  const { perfil } = usePerfil();
  const { soloLectura, avisar } = useModoLectura();
  const [pestana, setPestana] = useState<Pestana>('Pendiente');
  const [pagina, setPagina] = useState(1);
  const [elegida, setElegida] = useState<{ solicitud: SolicitudDeAnulacion; decision: Decision } | null>(
    null,
  );
  const consulta = useQuery(
    auditoriaQueries.solicitudes({ estado: pestana, page: pagina, limit: POR_PAGINA }),
  );
  const pendientes = useQuery(auditoriaQueries.solicitudes({ estado: 'Pendiente', page: 1, limit: 1 }));
  // The server lets users with anularYEliminarDocumentos or auditorias.modificar resolve requests.
  const puedeResolver =
    !perfil ||
    perfil.anularYEliminarDocumentos ||
    tienePermiso(perfil.privilegios, 'auditorias', 'modificar');
  return (
    <DisenoListaModulo titulo="Auditoría de anulaciones">
      <Tabs
        value={pestana}
        onChange={(v) => {
          setPestana((v as Pestana | null) ?? 'Pendiente');
          setPagina(1);
        }}
        keepMounted={false}
      >
        <Tabs.List mb="sm">
          {PESTANAS.map((p) => (
            <Tabs.Tab
              key={p.valor}
              value={p.valor}
              rightSection={
                p.valor === 'Pendiente' && (pendientes.data?.total ?? 0) > 0 ? (
                  <Badge size="sm" color="yellow" variant="filled" circle>
                    {pendientes.data?.total}
                  </Badge>
                ) : null
              }
            >
              {p.titulo}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <TablaLista
        columnas={columnas(pestana, puedeResolver, (solicitud, decision) =>
          soloLectura ? avisar() : setElegida({ solicitud, decision }),
        )}
        filas={consulta.data?.data}
        clave={(s) => s._id}
        cargando={consulta.isPending}
        error={consulta.error}
        vacio={
          pestana === 'Pendiente'
            ? 'No hay solicitudes de anulación pendientes.'
            : pestana === 'Aprobada'
              ? 'No hay anulaciones aprobadas.'
              : 'No hay solicitudes rechazadas.'
        }
        total={consulta.data?.total}
        pagina={pagina}
        porPagina={POR_PAGINA}
        alCambiarPagina={setPagina}
      />
      <ModalDecision
        solicitud={elegida?.solicitud ?? null}
        decision={elegida?.decision ?? 'Aprobada'}
        alCerrar={() => setElegida(null)}
      />
    </DisenoListaModulo>
  );
}
