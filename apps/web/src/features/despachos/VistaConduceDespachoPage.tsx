import { Alert, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { MENSAJE_MOTIVO_DESPACHO, tienePermiso, type UnConduceDespacho } from '@pos/contract';
import { IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { usePerfil } from '../../app/usePerfil.ts';
import { CargandoOError } from '../../ui/Cargando.tsx';
import { EstadoDelDocumento } from '../../ui/documento/EstadoDelDocumento.tsx';
import { imprimirEnMarco } from '../../ui/documento/imprimirDocumento.tsx';
import { ModalAnularDocumento } from '../../ui/documento/ModalAnularDocumento.tsx';
import { cantidad, fecha } from '../../ui/formato.ts';
import { BotonEscritura } from '../../ui/ModoLectura.tsx';
import { despachoQueries, useAnularConduceDespacho, useEliminarConduceDespacho } from './queries.ts';
import { LISTA_DE_DESPACHOS, NUEVO_DESPACHO } from './rutas.ts';

const RESULTADO = {
  anulado: 'anulada',
  solicitado: 'solicitada',
  aprobado: 'aprobada',
  rechazado: 'rechazada',
} as const;

/** The printed dispatch note: who receives, the invoice, the driver and what leaves; no prices. */
function ConduceImpreso({ datos }: { datos: UnConduceDespacho }) {
  const { conduceDespachoDb: c, lineaConduceDespacho, factura } = datos;
  return (
    <div>
      <div className="cabecera">
        <div>
          <h1>Conduce de despacho {c.numeroConduceDespacho}</h1>
          <div>{factura.nombre || 'Consumidor final'}</div>
          {factura.rnc && <div>RNC {factura.rnc}</div>}
          {factura.direccion && <div>{factura.direccion}</div>}
          {factura.telefono && <div>Tel. {factura.telefono}</div>}
        </div>
        <div>
          <div>
            <span className="dato">Fecha:</span> {fecha(c.fecha)}
          </div>
          <div>
            <span className="dato">Factura:</span> {factura.comprobante}
          </div>
          <div>
            <span className="dato">Chofer:</span> {c.nombreChofer || 'Sin chofer'}
          </div>
          {c.estado !== 'Activo' && (
            <div>
              <span className="dato">Estado:</span> {c.estado}
            </div>
          )}
        </div>
      </div>
      <table>
        <thead>
          <tr>
            <th>Descripción</th>
            <th className="num">Cantidad despachada</th>
          </tr>
        </thead>
        <tbody>
          {lineaConduceDespacho.map((l) => (
            <tr key={l._id}>
              <td>{l.descripcion}</td>
              <td className="num">{cantidad(l.cantidadDespachada)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {c.nota && <div className="nota">{c.nota}</div>}
      <div className="nota">
        Recibido por: ______________________________ Firma del chofer: ______________________
      </div>
    </div>
  );
}

/**
 * /conduce-de-despacho/ver?id=…: the dispatch note, its invoice's pending figures, print, cancel with a
 * free-text reason and delete (spec 001 §4, §5).
 */
export default function VistaConduceDespachoPage() {
  const [parametros] = useSearchParams();
  const id = parametros.get('id') ?? '';
  const navegar = useNavigate();
  const { perfil } = usePerfil();
  const consulta = useQuery({ ...despachoQueries.uno(id), enabled: id !== '' });
  const anular = useAnularConduceDespacho();
  const eliminar = useEliminarConduceDespacho();
  const [anulando, setAnulando] = useState(false);
  if (!consulta.data) {
    return (
      <CargandoOError
        cargando={consulta.isPending && id !== ''}
        error={
          consulta.error ?? (id === '' ? new Error('Falta el conduce de despacho que se quiere ver.') : null)
        }
      />
    );
  }
  const datos = consulta.data;
  const { conduceDespachoDb: c, lineaConduceDespacho, factura, pendientes } = datos;
  const nombre = `el conduce de despacho ${c.numeroConduceDespacho}`;
  const activo = c.estado === 'Activo';
  const puedeCrear = !perfil || tienePermiso(perfil.privilegios, 'conduces', 'crear');
  const puedeEliminar = perfil?.anularYEliminarDocumentos === true;
  const quedaPendiente = pendientes.some((p) => p.pendiente > 0);

  function confirmarEliminar() {
    modals.openConfirmModal({
      title: `Eliminar ${nombre}`,
      centered: true,
      children: (
        <Text size="sm">
          Esta acción no se puede revertir. Sus cantidades vuelven a quedar pendientes en la factura.
        </Text>
      ),
      labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await eliminar.mutateAsync(c._id);
          notifications.show({ color: 'green', message: 'Eliminado', autoClose: 1500 });
          void navegar(LISTA_DE_DESPACHOS);
        } catch (e) {
          notifications.show({
            color: 'red',
            title: 'No se eliminó',
            message: e instanceof Error ? e.message : 'No se pudo eliminar.',
          });
        }
      },
    });
  }

  return (
    <Stack gap="md" maw={1100} mx="auto">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm">
          <Title order={2}>Conduce de despacho {c.numeroConduceDespacho}</Title>
          <EstadoDelDocumento documento={c} genero="masculino" />
        </Group>
        <Group gap="xs">
          <Button variant="default" onClick={() => void navegar(LISTA_DE_DESPACHOS)}>
            Volver
          </Button>
          <Button
            variant="default"
            leftSection={<IconPrinter size={16} />}
            onClick={() =>
              imprimirEnMarco(
                `Conduce de despacho ${c.numeroConduceDespacho}`,
                <ConduceImpreso datos={datos} />,
              )
            }
          >
            Imprimir
          </Button>
          {activo && puedeCrear && quedaPendiente && factura.estado === 'Activo' && (
            <BotonEscritura
              variant="light"
              onClick={() => void navegar(`${NUEVO_DESPACHO}?factura=${factura._id}`)}
            >
              Despachar el resto
            </BotonEscritura>
          )}
          {activo && (
            <BotonEscritura color="red" variant="light" onClick={() => setAnulando(true)}>
              Anular
            </BotonEscritura>
          )}
          {activo && puedeEliminar && (
            <BotonEscritura color="red" variant="subtle" onClick={confirmarEliminar}>
              Eliminar
            </BotonEscritura>
          )}
        </Group>
      </Group>
      {c.estado !== 'Activo' && c.notaAnular && (
        <Alert color={c.estado === 'Anulado' ? 'red' : 'yellow'} variant="light">
          {c.estado === 'Anulado' ? 'Anulado' : 'Anulación solicitada'}: {c.notaAnular}
        </Alert>
      )}
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
          <Dato etiqueta="Fecha" valor={fecha(c.fecha)} />
          <Dato etiqueta="Factura" valor={factura.comprobante} mono />
          <Dato etiqueta="Cliente" valor={factura.nombre || 'Consumidor final'} />
          <Dato etiqueta="Chofer" valor={c.nombreChofer || 'Sin chofer'} />
          <Dato etiqueta="Creado por" valor={c.creadaPor || '—'} />
          {c.nota && <Dato etiqueta="Nota" valor={c.nota} />}
        </SimpleGrid>
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder radius="md" p="md">
          <Stack gap="xs">
            <Text fw={600}>Despachado en este conduce</Text>
            <Table striped verticalSpacing={6} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Descripción</Table.Th>
                  <Table.Th ta="right">Cantidad</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lineaConduceDespacho.map((l) => (
                  <Table.Tr key={l._id}>
                    <Table.Td>{l.descripcion}</Table.Td>
                    <Table.Td ta="right">{cantidad(l.cantidadDespachada)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Stack gap="xs">
            <Text fw={600}>Pendiente de la factura</Text>
            <Table.ScrollContainer minWidth={420} type="native">
              <Table striped verticalSpacing={6} fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Descripción</Table.Th>
                    <Table.Th ta="right">Vendida</Table.Th>
                    <Table.Th ta="right">Despachada</Table.Th>
                    <Table.Th ta="right">Pendiente</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {pendientes.map((p) => (
                    <Table.Tr key={p.idLineaFactura}>
                      <Table.Td>{p.descripcion}</Table.Td>
                      <Table.Td ta="right">{cantidad(p.vendida)}</Table.Td>
                      <Table.Td ta="right">{cantidad(p.despachada)}</Table.Td>
                      <Table.Td ta="right" fw={600}>
                        {cantidad(p.pendiente)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        </Paper>
      </SimpleGrid>
      <ModalAnularDocumento
        abierto={anulando}
        alCerrar={() => setAnulando(false)}
        documento={nombre}
        genero="masculino"
        mensajeSinMotivo={MENSAJE_MOTIVO_DESPACHO}
        anular={async (entrada) =>
          RESULTADO[(await anular.mutateAsync({ id: c._id, body: entrada })).resultado]
        }
      />
    </Stack>
  );
}

function Dato({ etiqueta, valor, mono }: { etiqueta: string; valor: string; mono?: boolean }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase">
        {etiqueta}
      </Text>
      <Text size="sm" ff={mono ? 'monospace' : undefined}>
        {valor}
      </Text>
    </Stack>
  );
}
