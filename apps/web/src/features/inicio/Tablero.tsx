import {
  Anchor,
  Badge,
  Card,
  Grid,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  type Tablero as CifrasDelTablero,
  type Comparacion,
  PERIODO_INICIAL_DEL_TABLERO,
  type Perfil,
  type SaldosDelTablero,
  tienePermiso,
} from '@pos/contract';
import type { PresetDeReporte } from '@pos/domain';
import { IconArrowDownRight, IconArrowUpRight, IconMinus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { dinero, fecha, fechaHora, numero } from '../../ui/formato.ts';
import { PRESETS, textoDelPeriodo } from '../../ui/periodo.ts';
import { numeroDeFactura } from '../facturas/etiquetas.ts';
import { EstadoDeFactura } from '../facturas/FacturasPage.tsx';
import { LISTA_DE_FACTURAS, VISTA_FACTURA } from '../facturas/rutas.ts';
import { DETALLES_TURNOS } from '../turnos/rutas.ts';
import { tableroQueries } from './queries.ts';

// The reports the cards open (spec 000 §2 "Reports (/reportes/)").
const CUENTAS_POR_COBRAR = '/reportes/r-cuentas-por-cobrar';
const CUENTAS_POR_PAGAR = '/reportes/r-cuentas-por-pagar';
const REPORTE_EXISTENCIA = '/reportes/r-existencia-inventario';
const NUMERACIONES = '/configuraciones/numeraciones/lista_numeraciones/';

// Recharts is most of the page's weight: the charts load on their own, after the figures.
const VentasPorDia = lazy(() => import('./Graficos.tsx').then((m) => ({ default: m.VentasPorDia })));
const PorFormaDePago = lazy(() => import('./Graficos.tsx').then((m) => ({ default: m.PorFormaDePago })));
const BarrasDeProductos = lazy(() =>
  import('./Graficos.tsx').then((m) => ({ default: m.BarrasDeProductos })),
);

/** A dashboard card: title, an optional link to the screen behind it, its content. */
function Tarjeta({
  titulo,
  enlace,
  children,
}: {
  titulo: string;
  enlace?: { ruta: string; texto: string } | undefined;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" p="md" h="100%">
      <Group justify="space-between" align="baseline" mb="xs" wrap="nowrap" gap="xs">
        <Text fw={600} size="sm">
          {titulo}
        </Text>
        {enlace && (
          <Anchor component={Link} to={enlace.ruta} size="xs">
            {enlace.texto}
          </Anchor>
        )}
      </Group>
      {children}
    </Card>
  );
}

/** «+12.5 % vs. ayer»: up in green, down in red, nothing to compare with in grey. */
function Variacion({ comparacion, contra }: { comparacion: Comparacion; contra: string }) {
  const { variacion } = comparacion;
  if (variacion === null) {
    return (
      <Text size="xs" c="dimmed">
        Sin ventas {contra} para comparar
      </Text>
    );
  }
  const color = variacion > 0 ? 'teal' : variacion < 0 ? 'red' : 'gray';
  const Icono = variacion > 0 ? IconArrowUpRight : variacion < 0 ? IconArrowDownRight : IconMinus;
  return (
    <Group gap={4} wrap="nowrap">
      <ThemeIcon variant="light" color={color} size="sm" radius="xl">
        <Icono size={14} />
      </ThemeIcon>
      <Text size="xs" c={color} fw={600} style={{ whiteSpace: 'nowrap' }}>
        {variacion > 0 ? '+' : ''}
        {numero(variacion, 1)} %
      </Text>
      <Text size="xs" c="dimmed">
        {contra} ({dinero(comparacion.anterior)})
      </Text>
    </Group>
  );
}

function CifraDeVentas({
  titulo,
  comparacion,
  contra,
}: {
  titulo: string;
  comparacion: Comparacion;
  contra: string;
}) {
  return (
    <Card withBorder radius="md" p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {titulo}
      </Text>
      <Text fz={26} fw={700} lh={1.3}>
        {dinero(comparacion.actual)}
      </Text>
      <Variacion comparacion={comparacion} contra={contra} />
    </Card>
  );
}

function Saldos({ saldos, queSeDebe }: { saldos: SaldosDelTablero; queSeDebe: string }) {
  return (
    <SimpleGrid cols={2} spacing="xs">
      <div>
        <Text size="xs" c="dimmed">
          Por vencer
        </Text>
        <Text fw={700}>{dinero(saldos.porVencer)}</Text>
        <Text size="xs" c="dimmed">
          {saldos.cantidadPorVencer} {saldos.cantidadPorVencer === 1 ? queSeDebe : `${queSeDebe}s`}
        </Text>
      </div>
      <div>
        <Text size="xs" c="dimmed">
          Vencido
        </Text>
        <Text fw={700} c={saldos.vencido > 0 ? 'red.7' : undefined}>
          {dinero(saldos.vencido)}
        </Text>
        <Text size="xs" c="dimmed">
          {saldos.cantidadVencidos} {saldos.cantidadVencidos === 1 ? queSeDebe : `${queSeDebe}s`}
        </Text>
      </div>
    </SimpleGrid>
  );
}

function ProductosDestacados({ periodo }: { periodo: number }) {
  const consulta = useQuery(tableroQueries.destacados(periodo));
  if (consulta.isPending) {
    return <Skeleton h={120} />;
  }
  const productos = consulta.data?.productos ?? [];
  if (productos.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No hay ventas en este periodo.
      </Text>
    );
  }
  return (
    <Suspense fallback={<Skeleton h={120} />}>
      <BarrasDeProductos productos={productos} />
    </Suspense>
  );
}

function UltimasFacturas() {
  const consulta = useQuery(tableroQueries.ultimasFacturas());
  if (consulta.isPending) {
    return <Skeleton h={160} />;
  }
  const lista = consulta.data?.res ?? [];
  if (lista.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Todavía no hay facturas.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={520} mah={360} type="native">
      <Table striped highlightOnHover verticalSpacing={4} fz="sm" stickyHeader>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Factura</Table.Th>
            <Table.Th>Fecha</Table.Th>
            <Table.Th>Cliente</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
            <Table.Th>Estado</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lista.map((f) => (
            <Table.Tr key={f._id}>
              <Table.Td>
                <Anchor component={Link} to={`${VISTA_FACTURA}?id=${f._id}`} size="sm">
                  {numeroDeFactura(f)}
                </Anchor>
              </Table.Td>
              <Table.Td>{fecha(f.fechaEmision)}</Table.Td>
              <Table.Td maw={200}>
                <Text size="sm" truncate>
                  {f.nombre}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{dinero(f.total)}</Table.Td>
              <Table.Td>
                <EstadoDeFactura factura={f} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** «Quedan 12 comprobantes B02» and the expiry, per numbering the server warns about. */
function Numeraciones({ alertas }: { alertas: NonNullable<CifrasDelTablero['numeracion']> }) {
  if (alertas.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Todas las numeraciones están vigentes y con comprobantes.
      </Text>
    );
  }
  return (
    <Stack gap={6}>
      {alertas.map((a) => {
        const grave = a.alertas.includes('agotada') || a.alertas.includes('vencida');
        const restantes =
          a.restantes === null
            ? null
            : a.restantes === 0
              ? `No quedan comprobantes ${a.perfilesDeTipos}`
              : `Quedan ${numero(a.restantes)} ${a.restantes === 1 ? 'comprobante' : 'comprobantes'} ${a.perfilesDeTipos}`;
        return (
          <div key={a._id}>
            <Group gap={6} wrap="nowrap">
              <Badge color={grave ? 'red' : 'yellow'} variant="light" size="sm">
                {grave ? 'Atención' : 'Aviso'}
              </Badge>
              <Text size="sm" fw={600} truncate>
                {a.nombre}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {[restantes, a.fechaVencimiento ? `vence el ${fecha(a.fechaVencimiento)}` : null]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </div>
        );
      })}
    </Stack>
  );
}

/** The figures of /inicio, each card shown only when the server sent it (the user may see its module). */
export function Tablero({ perfil }: { perfil: Perfil }) {
  const [periodo, setPeriodo] = useState<number>(PERIODO_INICIAL_DEL_TABLERO);
  const consulta = useQuery(tableroQueries.cifras(periodo));
  const puedeVerFacturas = tienePermiso(perfil.privilegios, 'facturas', 'ver');
  const cifras = consulta.data;
  const titulo = PRESETS.find((p) => p.preset === periodo)?.titulo ?? '';
  return (
    <Stack gap="md" component="section" aria-label="Resumen del negocio">
      <Group justify="space-between" align="flex-end" gap="xs">
        <Title order={4}>Resumen</Title>
        <Select
          aria-label="Periodo del tablero"
          data={PRESETS.map((p) => ({ value: String(p.preset), label: p.titulo }))}
          value={String(periodo)}
          onChange={(v) => v && setPeriodo(Number(v))}
          allowDeselect={false}
          w={{ base: '100%', xs: 200 }}
          description={textoDelPeriodo({ tipo: 'preset', preset: periodo as PresetDeReporte })}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
      </Group>
      {consulta.isError && (
        <Card withBorder radius="md" p="md">
          <Text c="red.7" size="sm">
            No se pudieron cargar las cifras del tablero: {consulta.error.message}
          </Text>
        </Card>
      )}
      {consulta.isPending && <Skeleton h={96} radius="md" />}
      {cifras?.ventas && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <CifraDeVentas titulo="Ventas de hoy" comparacion={cifras.ventas.hoy} contra="vs. ayer" />
            <CifraDeVentas
              titulo="Ventas de esta semana"
              comparacion={cifras.ventas.semana}
              contra="vs. mismos días de la semana pasada"
            />
            <CifraDeVentas
              titulo="Ventas de este mes"
              comparacion={cifras.ventas.mes}
              contra="vs. mismos días del mes pasado"
            />
          </SimpleGrid>
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Tarjeta
                titulo={`Ventas por ${cifras.ventas.agrupadoPor === 'mes' ? 'mes' : 'día'} · ${titulo}`}
              >
                <Text size="xs" c="dimmed" mb={4}>
                  {dinero(cifras.ventas.totalDelPeriodo)} netos en {numero(cifras.ventas.cantidadDeFacturas)}{' '}
                  {cifras.ventas.cantidadDeFacturas === 1 ? 'factura' : 'facturas'}
                </Text>
                <Suspense fallback={<Skeleton h={220} />}>
                  <VentasPorDia ventas={cifras.ventas} />
                </Suspense>
              </Tarjeta>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Tarjeta titulo={`Por forma de pago · ${titulo}`}>
                <Suspense fallback={<Skeleton h={130} />}>
                  <PorFormaDePago ventas={cifras.ventas} />
                </Suspense>
              </Tarjeta>
            </Grid.Col>
          </Grid>
        </>
      )}
      {cifras && (
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="sm">
          {cifras.cuentasPorCobrar && (
            <Tarjeta titulo="Cuentas por cobrar" enlace={{ ruta: CUENTAS_POR_COBRAR, texto: 'Ver reporte' }}>
              <Saldos saldos={cifras.cuentasPorCobrar} queSeDebe="factura" />
            </Tarjeta>
          )}
          {cifras.cuentasPorPagar && (
            <Tarjeta titulo="Cuentas por pagar" enlace={{ ruta: CUENTAS_POR_PAGAR, texto: 'Ver reporte' }}>
              <Saldos saldos={cifras.cuentasPorPagar} queSeDebe="compra" />
            </Tarjeta>
          )}
          {cifras.existencia && (
            <Tarjeta titulo="Existencia baja" enlace={{ ruta: REPORTE_EXISTENCIA, texto: 'Ver existencia' }}>
              <Text
                fz={26}
                fw={700}
                lh={1.2}
                c={cifras.existencia.bajos + cifras.existencia.agotados > 0 ? 'orange.8' : undefined}
              >
                {numero(cifras.existencia.bajos + cifras.existencia.agotados)}
              </Text>
              <Text size="xs" c="dimmed">
                {numero(cifras.existencia.agotados)} agotados y {numero(cifras.existencia.bajos)} en o bajo el
                mínimo (por almacén)
              </Text>
            </Tarjeta>
          )}
          {cifras.turnos && (
            <Tarjeta titulo="Turnos abiertos" enlace={{ ruta: DETALLES_TURNOS, texto: 'Ver turnos' }}>
              <Text fz={26} fw={700} lh={1.2}>
                {numero(cifras.turnos.cantidad)}
              </Text>
              {cifras.turnos.abiertos.slice(0, 3).map((t) => (
                <Text key={t._id} size="xs" c="dimmed" truncate>
                  {t.nombreUsuario} · {t.nombreTerminal} · desde {fechaHora(t.fechaDeInicio)}
                </Text>
              ))}
            </Tarjeta>
          )}
          {cifras.numeracion && (
            <Tarjeta
              titulo="Comprobantes fiscales"
              enlace={{ ruta: NUMERACIONES, texto: 'Ver numeraciones' }}
            >
              <Numeraciones alertas={cifras.numeracion} />
            </Tarjeta>
          )}
        </SimpleGrid>
      )}
      {puedeVerFacturas && (
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Tarjeta titulo={`Productos más vendidos · ${titulo}`}>
              <ProductosDestacados periodo={periodo} />
            </Tarjeta>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Tarjeta titulo="Últimas 25 facturas" enlace={{ ruta: LISTA_DE_FACTURAS, texto: 'Ver todas' }}>
              <UltimasFacturas />
            </Tarjeta>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
