import {
  Alert,
  Badge,
  Button,
  Drawer,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { aCentavos, aPesos, sumarCentavos } from '@pos/domain';
import {
  IconAlertTriangle,
  IconCloudDownload,
  IconRefresh,
  IconWifi,
  IconWifiOff,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useConexion } from '../../app/Conexion.tsx';
import { dinero, fechaHora } from '../../ui/formato.ts';
import { descartarIngresoSinConexion } from '../ingresos/ingresoSinConexion.ts';
import type { DocumentoPendiente } from './baseLocal.ts';
import { anularPendiente, descartarPendiente, reintentarPendiente } from './cola.ts';
import { facturaEnElTurno, NUMERO_PENDIENTE, type TurnoDeDestino } from './facturaSinConexion.ts';
import { totalPendientes, useSinConexion } from './ProveedorSinConexion.tsx';
import { TIPOS_PENDIENTES, type TipoPendiente } from './tiposPendientes.ts';

type Props = {
  abierto: boolean;
  alCerrar: () => void;
  /** The cashier's open shift now: an invoice refused for a closed shift can move to it. */
  turnoActual: TurnoDeDestino | null;
};

type Fila = DocumentoPendiente & { tipo: TipoPendiente };

const ETIQUETA_DE_TIPO: Record<TipoPendiente, string> = {
  facturas: 'Factura',
  contactos: 'Contacto',
  pedidos: 'Pedido',
  ingresos: 'Ingreso',
};

function resumen(fila: Fila): string {
  if (fila.tipo === 'facturas') {
    const cuerpo = fila.cuerpo as [{ contactoPendiente?: { nombre?: string } }, unknown[], ...unknown[]];
    const total = (cuerpo[8] as { total?: number } | undefined)?.total ?? 0;
    const lineas = Array.isArray(cuerpo[1]) ? cuerpo[1].length : 0;
    const cliente = cuerpo[0].contactoPendiente?.nombre;
    return `${dinero(total)} · ${lineas} artículo${lineas === 1 ? '' : 's'}${cliente ? ` · ${cliente}` : ''}`;
  }
  if (fila.tipo === 'pedidos') {
    const [cabecera, lineas] = fila.cuerpo as [{ alias?: string; nombre?: string }, unknown[], string];
    const cantidad = Array.isArray(lineas) ? lineas.length : 0;
    return [`${cantidad} artículo${cantidad === 1 ? '' : 's'}`, cabecera.alias, cabecera.nombre]
      .filter(Boolean)
      .join(' · ');
  }
  if (fila.tipo === 'ingresos') {
    const ingreso = fila.cuerpo as {
      nombreCliente?: string;
      formaDePago?: string;
      res?: { importe?: number }[];
    };
    const total = aPesos(sumarCentavos((ingreso.res ?? []).map((l) => aCentavos(l.importe ?? 0))));
    return [dinero(total), ingreso.nombreCliente, ingreso.formaDePago].filter(Boolean).join(' · ');
  }
  const contacto = fila.cuerpo as { nombre?: string; rnc?: string };
  return [contacto.nombre, contacto.rnc].filter(Boolean).join(' · ');
}

// Spec 000 §2 "a pending-sync panel", §3 counters, §4 "Connection"; 001 §9 offline preparation.
/** The pending-sync panel: counts, sync, preparation, and each pending document to fix or discard. */
export function PanelSinConexion({ abierto, alCerrar, turnoActual }: Props) {
  const estado = useSinConexion();
  const { enLinea } = useConexion();
  const base = estado?.base ?? null;
  const conteo = estado?.conteo;
  const documentos = useQuery({
    queryKey: ['pendientesLocales', conteo],
    queryFn: async (): Promise<Fila[]> => {
      if (!base) {
        return [];
      }
      // Every kind, in the sync's order (orders, invoices, contacts, incomes), oldest first.
      const porTipo = await Promise.all(
        TIPOS_PENDIENTES.map(async (tipo) =>
          (await base.pendientes(tipo).orderBy('creadoEn').toArray()).map((d) => ({ ...d, tipo })),
        ),
      );
      return porTipo.flat();
    },
    enabled: abierto && base !== null,
    networkMode: 'always',
    staleTime: 0,
  });

  if (!estado || !base || !conteo) {
    return (
      <Drawer opened={abierto} onClose={alCerrar} position="right" title="Sincronización">
        <Text size="sm">Este navegador no puede guardar datos para trabajar sin conexión.</Text>
      </Drawer>
    );
  }

  async function tras(accion: Promise<unknown>) {
    await accion;
    void documentos.refetch();
  }

  function descartar(fila: Fila) {
    modals.openConfirmModal({
      title: `Descartar ${ETIQUETA_DE_TIPO[fila.tipo].toLowerCase()}`,
      centered: true,
      children: <Text size="sm">No llegará al servidor y se borra de este equipo. ¿Continuar?</Text>,
      labels: { confirm: 'Descartar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        void tras(
          fila.tipo === 'ingresos'
            ? // Its invoices owe again on this device.
              descartarIngresoSinConexion(base as NonNullable<typeof base>, fila.identificadorUnico)
            : descartarPendiente(base as NonNullable<typeof base>, fila.tipo, fila.identificadorUnico),
        ),
    });
  }

  const porEnviar = totalPendientes(conteo) - conteo.apartados;
  const filas = documentos.data ?? [];

  return (
    <Drawer
      opened={abierto}
      onClose={alCerrar}
      position="right"
      size="xl"
      title={<Text fw={650}>Sincronización sin conexión</Text>}
    >
      <Stack gap="md">
        <Group justify="space-between">
          <Badge
            size="lg"
            color={enLinea ? 'green' : 'red'}
            leftSection={enLinea ? <IconWifi size={14} /> : <IconWifiOff size={14} />}
          >
            {enLinea ? 'En línea' : 'Sin conexión'}
          </Badge>
          <Switch
            label="Sincronización automática"
            checked={estado.preferencias.sincronizacionAutomatica}
            onChange={(e) => estado.cambiarAutomatica(e.currentTarget.checked)}
          />
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs">
          {[
            ['Facturas', conteo.totalFacturasPendientesOffline],
            ['Contactos', conteo.totalContatosOffline],
            ['Pedidos', conteo.totalPedidosOffline],
            ['Pagos', conteo.totalPagosFacturaOffline],
            ['Apartados', conteo.apartados],
          ].map(([nombre, cantidad]) => (
            <Paper key={nombre} withBorder p="xs" radius="md">
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                {nombre}
              </Text>
              <Text
                fw={700}
                fz="xl"
                c={nombre === 'Apartados' && Number(cantidad) > 0 ? 'orange.8' : undefined}
              >
                {cantidad}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
        <Group>
          <Button
            leftSection={<IconRefresh size={18} />}
            loading={estado.sincronizando}
            disabled={!enLinea || porEnviar === 0}
            onClick={() => void estado.sincronizar()}
          >
            Sincronizar ahora
          </Button>
          {!enLinea && (
            <Text size="sm" c="dimmed">
              Se sincroniza al volver la conexión.
            </Text>
          )}
        </Group>

        <Paper withBorder p="sm" radius="md">
          <Stack gap="xs">
            <Group justify="space-between">
              <div>
                <Text fw={650}>Modo sin conexión</Text>
                <Text size="sm" c="dimmed">
                  {estado.preferencias.preparadoEn
                    ? `Preparado el ${fechaHora(estado.preferencias.preparadoEn)} · ${estado.preferencias.productos} productos`
                    : 'Este equipo todavía no tiene los productos y contactos para vender sin conexión.'}
                </Text>
              </div>
              <Button
                variant="light"
                leftSection={<IconCloudDownload size={18} />}
                disabled={!enLinea || estado.progreso !== null}
                onClick={() => void estado.preparar()}
              >
                {estado.preferencias.preparadoEn ? 'Actualizar datos' : 'Preparar modo sin conexión'}
              </Button>
            </Group>
            {estado.progreso !== null && (
              <Progress value={estado.progreso} animated aria-label="Progreso de la preparación" />
            )}
            {estado.persistente === false && (
              <Alert color="orange" variant="light" py={6} icon={<IconAlertTriangle size={18} />}>
                El navegador no garantiza conservar estos datos si el disco se llena. Instale la aplicación o
                permita el almacenamiento persistente para no perder ventas sin conexión.
              </Alert>
            )}
          </Stack>
        </Paper>

        <Text fw={650}>Documentos en este equipo</Text>
        {filas.length === 0 ? (
          <Text size="sm" c="dimmed">
            No hay documentos pendientes de sincronizar.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped verticalSpacing={6} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Documento</Table.Th>
                  <Table.Th>Creado</Table.Th>
                  <Table.Th>Detalle</Table.Th>
                  <Table.Th>Estado</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {filas.map((fila) => (
                  <Table.Tr key={fila.identificadorUnico}>
                    <Table.Td>
                      {ETIQUETA_DE_TIPO[fila.tipo]}{' '}
                      <Text span ff="monospace" size="xs" c="dimmed">
                        {NUMERO_PENDIENTE}
                      </Text>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{fechaHora(fila.creadoEn)}</Table.Td>
                    <Table.Td>
                      {resumen(fila)}
                      {fila.motivo && (
                        <Text size="xs" c="orange.8">
                          {fila.motivo}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Badge
                        variant="light"
                        styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
                        tt="none"
                        color={
                          fila.estado === 'Apartado'
                            ? 'orange'
                            : fila.estado === 'Por-Anular'
                              ? 'gray'
                              : 'blue'
                        }
                      >
                        {fila.estado === 'Activo' ? 'Por enviar' : fila.estado}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        {fila.estado === 'Apartado' && (
                          <Button
                            size="compact-xs"
                            variant="light"
                            onClick={() =>
                              void tras(reintentarPendiente(base, fila.tipo, fila.identificadorUnico))
                            }
                          >
                            Reintentar
                          </Button>
                        )}
                        {fila.estado === 'Apartado' && fila.tipo === 'facturas' && turnoActual && (
                          <Button
                            size="compact-xs"
                            variant="light"
                            onClick={() =>
                              void tras(
                                reintentarPendiente(
                                  base,
                                  fila.tipo,
                                  fila.identificadorUnico,
                                  facturaEnElTurno(fila.cuerpo, turnoActual),
                                ),
                              )
                            }
                          >
                            Pasar a mi turno
                          </Button>
                        )}
                        {fila.estado === 'Activo' && fila.tipo === 'facturas' && (
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            color="red"
                            // A sync on its way may already be creating it on the server.
                            disabled={estado.sincronizando}
                            onClick={() =>
                              void tras(anularPendiente(base, fila.tipo, fila.identificadorUnico))
                            }
                          >
                            Anular
                          </Button>
                        )}
                        {fila.estado !== 'Activo' && (
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            color="red"
                            onClick={() => descartar(fila)}
                          >
                            Descartar
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Drawer>
  );
}
