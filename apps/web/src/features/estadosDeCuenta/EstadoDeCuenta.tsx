import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  ScrollArea,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Tooltip,
} from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import {
  ESTADOS_DE_CUENTA,
  type EstadoDeCuentaCliente,
  type EstadoDeCuenta as EstadoSeleccionado,
  ETIQUETAS_DE_TRAMO,
  type FacturaDelEstado,
  type MovimientoDelContacto,
  TRAMOS_DE_ANTIGUEDAD,
  type TramoDeAntiguedad,
} from '@pos/contract';
import { fechaYHoraEnSantoDomingo } from '@pos/domain';
import { IconCash, IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { dinero, fecha } from '../../ui/formato.ts';
import { type Columna, TablaLista } from '../../ui/TablaLista.tsx';
import { estadoDeCuentaQueries } from './queries.ts';

/** What the statement shows: the filter of spec 001 §7 (state, range or cut-off date). */
export type FiltroDelEstado = {
  estadoSeleccionado: EstadoSeleccionado;
  porRangoDeFecha: boolean;
  fechaInicial: string | null;
  fechaFinal: string;
};

export function filtroInicial(): FiltroDelEstado {
  return {
    estadoSeleccionado: 'Pendientes',
    porRangoDeFecha: false,
    fechaInicial: null,
    fechaFinal: fechaYHoraEnSantoDomingo(new Date()).fecha,
  };
}

/** The body the statement and its export send. */
export function cuerpoDelEstado(idCliente: string, filtro: FiltroDelEstado) {
  return {
    idCliente,
    estadoSeleccionado: filtro.estadoSeleccionado,
    porRangoDeFecha: filtro.porRangoDeFecha,
    fechaInicial: filtro.porRangoDeFecha ? filtro.fechaInicial : null,
    fechaFinal: filtro.fechaFinal,
  };
}

// Short enough for a tablet's row; the totals above name them in full.
export const TRAMO_CORTO: Record<TramoDeAntiguedad, string> = {
  '0-30': '0–30 días',
  '31-60': '31–60 días',
  '61-90': '61–90 días',
  '90+': '+90 días',
};

export const COLOR_DE_TRAMO: Record<TramoDeAntiguedad, string> = {
  '0-30': 'gray',
  '31-60': 'yellow',
  '61-90': 'orange',
  '90+': 'red',
};

/** A document's age bucket while something is pending, «Pagada» once settled. */
export function InsigniaDeAntiguedad({ pendiente, tramo }: { pendiente: number; tramo: TramoDeAntiguedad }) {
  return pendiente > 0 ? (
    <Badge size="sm" variant="light" tt="none" color={COLOR_DE_TRAMO[tramo]}>
      {TRAMO_CORTO[tramo]}
    </Badge>
  ) : (
    <Badge size="sm" variant="light" tt="none" color="green">
      Pagada
    </Badge>
  );
}

// Spec 001 §8: a failed statement shows the server's message and the hint; the figures read zero.
export const PISTA_DE_ERROR = 'Elige un rango de fechas y pulsa «Pagadas».';

const VACIO: EstadoDeCuentaCliente = {
  cliente: { _id: '', nombre: '', rnc: '', telefono: '', correo: '', direccion: '' },
  fechaCorte: '',
  totalPendiente: 0,
  facturas: [],
  totalesPorTramo: { '0-30': 0, '31-60': 0, '61-90': 0, '90+': 0 },
  totalFacturado: 0,
  totalCobrado: 0,
  totalNotasDeCredito: 0,
};

function numeroDeFactura(f: FacturaDelEstado): string {
  return f.comprobante || (f.numeroFactura === null ? '—' : `N.º ${f.numeroFactura}`);
}

function diaDe(valor: unknown): string | null {
  return valor ? String(valor).slice(0, 10) : null;
}

export function Cifra({ titulo, valor, color }: { titulo: string; valor: number; color?: string }) {
  return (
    <Paper withBorder radius="sm" px="sm" py={6} bg="var(--mantine-color-gray-0)">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {titulo}
      </Text>
      <Text fw={700} size="lg" ff="monospace" c={valor > 0 ? color : undefined}>
        {dinero(valor)}
      </Text>
    </Paper>
  );
}

/** The statement's filter (spec 001 §7): which documents, by range or to a cut-off date. Both statements. */
export function BarraDelEstado({
  filtro,
  alCambiarFiltro,
  documentos = 'Facturas',
}: {
  filtro: FiltroDelEstado;
  alCambiarFiltro: (filtro: FiltroDelEstado) => void;
  documentos?: string;
}) {
  const cambiar = (cambios: Partial<FiltroDelEstado>) => alCambiarFiltro({ ...filtro, ...cambios });
  return (
    <>
      <SegmentedControl
        aria-label={documentos}
        data={ESTADOS_DE_CUENTA.map((e) => ({ value: e, label: e }))}
        value={filtro.estadoSeleccionado}
        onChange={(valor) => cambiar({ estadoSeleccionado: valor as EstadoSeleccionado })}
      />
      <Checkbox
        label="Por rango de fechas"
        checked={filtro.porRangoDeFecha}
        onChange={(e) => cambiar({ porRangoDeFecha: e.currentTarget.checked })}
        mb={8}
      />
      {filtro.porRangoDeFecha && (
        <DateInput
          label="Desde"
          valueFormat="DD/MM/YYYY"
          clearable
          w={150}
          value={filtro.fechaInicial}
          maxDate={filtro.fechaFinal}
          onChange={(v) => cambiar({ fechaInicial: diaDe(v) })}
        />
      )}
      <DateInput
        label={filtro.porRangoDeFecha ? 'Hasta' : 'Fecha de corte'}
        valueFormat="DD/MM/YYYY"
        w={150}
        value={filtro.fechaFinal}
        onChange={(v) => {
          const dia = diaDe(v);
          if (dia) {
            cambiar({ fechaFinal: dia });
          }
        }}
      />
    </>
  );
}

/** What is owed in all and by aging bucket (the domain's buckets), as the statements' figures. */
export function CifrasDeAntiguedad({
  totalPendiente,
  totalesPorTramo,
}: {
  totalPendiente: number;
  totalesPorTramo: Record<TramoDeAntiguedad, number>;
}) {
  return (
    <>
      <Cifra titulo="Total pendiente" valor={totalPendiente} color="blue.8" />
      {TRAMOS_DE_ANTIGUEDAD.map((tramo) => (
        <Cifra
          key={tramo}
          titulo={ETIQUETAS_DE_TRAMO[tramo]}
          valor={totalesPorTramo[tramo]}
          color={`${COLOR_DE_TRAMO[tramo]}.8`}
        />
      ))}
    </>
  );
}

type Props = {
  idCliente: string;
  filtro: FiltroDelEstado;
  alCambiarFiltro: (filtro: FiltroDelEstado) => void;
  /** Collect one invoice (or all, without one) through the new-receipt flow; absent, no button. */
  alCobrar?: ((idFactura?: string) => void) | undefined;
};

/**
 * A customer's statement (spec 001 §7 "Receipts in"): the filter, what is owed by aging bucket, the
 * invoices with their days past due, and the movements with their running balance.
 */
export function EstadoDeCuenta({ idCliente, filtro, alCambiarFiltro, alCobrar }: Props) {
  const cuerpo = cuerpoDelEstado(idCliente, filtro);
  const consulta = useQuery(estadoDeCuentaQueries.estado(cuerpo));
  const movimientos = useQuery(
    estadoDeCuentaQueries.movimientos({
      idCliente,
      fechaInicial: cuerpo.fechaInicial,
      fechaFinal: filtro.fechaFinal,
    }),
  );
  const anticipos = useQuery(estadoDeCuentaQueries.anticipos({ idCliente }));
  const datos = consulta.error ? VACIO : (consulta.data ?? VACIO);

  const columnas: Columna<FacturaDelEstado>[] = [
    { titulo: 'Fecha', celda: (f) => fecha(f.fecha) },
    {
      titulo: 'Factura',
      celda: (f) => (
        <Text size="sm" ff="monospace">
          {numeroDeFactura(f)}
        </Text>
      ),
    },
    { titulo: 'Vence', celda: (f) => fecha(f.vencimiento) },
    { titulo: 'Días', celda: (f) => (f.diasVencidos > 0 ? f.diasVencidos : '—'), alinear: 'right' },
    {
      titulo: 'Antigüedad',
      celda: (f) => <InsigniaDeAntiguedad pendiente={f.pendiente} tramo={f.tramo} />,
    },
    { titulo: 'Monto', celda: (f) => dinero(f.montoAPagar), alinear: 'right' },
    { titulo: 'Cobrado', celda: (f) => dinero(f.cobrado), alinear: 'right' },
    {
      titulo: 'N. crédito',
      celda: (f) => (f.montoNotaDeCreditoRef > 0 ? dinero(f.montoNotaDeCreditoRef) : '—'),
      alinear: 'right',
    },
    {
      titulo: 'Pendiente',
      celda: (f) => (
        <Text size="sm" fw={600}>
          {dinero(f.pendiente)}
        </Text>
      ),
      alinear: 'right',
    },
    ...(alCobrar
      ? [
          {
            titulo: '',
            celda: (f: FacturaDelEstado) =>
              f.pendiente > 0 ? (
                <Tooltip label="Cobrar esta factura">
                  <ActionIcon variant="light" size="sm" aria-label="Cobrar" onClick={() => alCobrar(f._id)}>
                    <IconCash size={14} />
                  </ActionIcon>
                </Tooltip>
              ) : null,
            alinear: 'right' as const,
          },
        ]
      : []),
  ];

  return (
    <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1 }}>
      <Stack gap="sm">
        <Group gap="sm" wrap="wrap" align="flex-end">
          <BarraDelEstado filtro={filtro} alCambiarFiltro={alCambiarFiltro} />
          {alCobrar && datos.totalPendiente > 0 && (
            <Button leftSection={<IconCash size={16} />} onClick={() => alCobrar()} ml="auto">
              Cobrar
            </Button>
          )}
        </Group>

        {consulta.error && (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} title="Estado de cuenta">
            {consulta.error.message} {PISTA_DE_ERROR}
          </Alert>
        )}

        <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="xs">
          <CifrasDeAntiguedad totalPendiente={datos.totalPendiente} totalesPorTramo={datos.totalesPorTramo} />
          <Cifra
            titulo="Anticipos disponibles"
            valor={anticipos.error ? 0 : (anticipos.data?.balancePendienteEntregado ?? 0)}
            color="teal.8"
          />
        </SimpleGrid>

        <Tabs defaultValue="facturas" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="facturas">Facturas ({datos.facturas.length})</Tabs.Tab>
            <Tabs.Tab value="movimientos">Movimientos</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="facturas" pt="xs">
            <TablaLista
              sinSalto
              columnas={columnas}
              filas={consulta.isPending && !consulta.error ? undefined : datos.facturas}
              clave={(f) => f._id}
              cargando={consulta.isPending}
              vacio={
                filtro.estadoSeleccionado === 'Pendientes'
                  ? 'El cliente no tiene facturas pendientes a esta fecha.'
                  : 'No hay facturas en este estado de cuenta.'
              }
            />
            {datos.facturas.length > 0 && (
              <Group justify="flex-end" gap="lg" pt="xs" px="xs">
                <Text size="sm" c="dimmed">
                  Facturado <b>{dinero(datos.totalFacturado)}</b>
                </Text>
                <Text size="sm" c="dimmed">
                  Cobrado <b>{dinero(datos.totalCobrado)}</b>
                </Text>
                {datos.totalNotasDeCredito > 0 && (
                  <Text size="sm" c="dimmed">
                    Notas de crédito <b>{dinero(datos.totalNotasDeCredito)}</b>
                  </Text>
                )}
                <Text size="sm">
                  Pendiente <b>{dinero(datos.totalPendiente)}</b>
                </Text>
              </Group>
            )}
          </Tabs.Panel>
          <Tabs.Panel value="movimientos" pt="xs">
            <Movimientos
              datos={movimientos.error ? undefined : movimientos.data}
              cargando={movimientos.isPending && !movimientos.error}
            />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </DatesProvider>
  );
}

function Movimientos({
  datos,
  cargando,
}: {
  datos:
    | {
        balanceInicial: number;
        movimientos: MovimientoDelContacto[];
        totalDebitos: number;
        totalCreditos: number;
        balanceFinal: number;
      }
    | undefined;
  cargando: boolean;
}) {
  if (cargando) {
    return <TablaLista columnas={[]} filas={undefined} clave={() => ''} cargando />;
  }
  const lista = datos?.movimientos ?? [];
  return (
    <ScrollArea type="auto">
      <Table striped verticalSpacing={6} fz="sm" style={{ whiteSpace: 'nowrap' }} miw={560}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Fecha</Table.Th>
            <Table.Th>Documento</Table.Th>
            <Table.Th>Descripción</Table.Th>
            <Table.Th ta="right">Débito</Table.Th>
            <Table.Th ta="right">Crédito</Table.Th>
            <Table.Th ta="right">Balance</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td colSpan={5}>
              <Text size="sm" c="dimmed">
                Balance anterior
              </Text>
            </Table.Td>
            <Table.Td ta="right">{dinero(datos?.balanceInicial ?? 0)}</Table.Td>
          </Table.Tr>
          {lista.map((m) => (
            // One row per document, kind and date (the server groups a receipt's applications by day).
            <Table.Tr key={`${m.tipo}-${m.idDocumento}-${m.fecha}`}>
              <Table.Td>{fecha(m.fecha)}</Table.Td>
              <Table.Td ff="monospace">{m.documento || '—'}</Table.Td>
              <Table.Td>{m.descripcion}</Table.Td>
              <Table.Td ta="right">{m.debito > 0 ? dinero(m.debito) : ''}</Table.Td>
              <Table.Td ta="right">{m.credito > 0 ? dinero(m.credito) : ''}</Table.Td>
              <Table.Td ta="right" fw={600}>
                {dinero(m.balance)}
              </Table.Td>
            </Table.Tr>
          ))}
          {lista.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={6}>
                <Text size="sm" c="dimmed" ta="center" py="sm">
                  No hay movimientos en estas fechas.
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={3}>Totales</Table.Th>
            <Table.Th ta="right">{dinero(datos?.totalDebitos ?? 0)}</Table.Th>
            <Table.Th ta="right">{dinero(datos?.totalCreditos ?? 0)}</Table.Th>
            <Table.Th ta="right">{dinero(datos?.balanceFinal ?? 0)}</Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </ScrollArea>
  );
}
