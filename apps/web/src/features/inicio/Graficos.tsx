import '@mantine/charts/styles.css';
import { BarChart, DonutChart } from '@mantine/charts';
import { Group, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ProductoDestacado, Tablero } from '@pos/contract';
import { dinero, dineroCorto, fecha } from '../../ui/formato.ts';
import { nombreDeMetodo } from '../facturas/etiquetas.ts';

// The dashboard's charts (@mantine/charts on Recharts), in a chunk of their own.

type Ventas = NonNullable<Tablero['ventas']>;

const COLORES_DE_METODO = ['teal.6', 'blue.6', 'violet.6', 'cyan.6', 'grape.6', 'orange.6', 'gray.6'];

/** The chart's label of a point: the day (26/11) or, over long periods, the month (nov 2026). */
function etiquetaDePunto(valor: string, agrupadoPor: 'dia' | 'mes'): string {
  if (agrupadoPor === 'mes') {
    return new Intl.DateTimeFormat('es-DO', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${valor}T00:00:00Z`),
    );
  }
  return fecha(valor).slice(0, 5);
}

export function VentasPorDia({ ventas }: { ventas: Ventas }) {
  const datos = ventas.porDia.map((p) => ({
    fecha: etiquetaDePunto(p.fecha, ventas.agrupadoPor),
    Ventas: p.total,
  }));
  return (
    <BarChart
      h={220}
      data={datos}
      dataKey="fecha"
      series={[{ name: 'Ventas', color: 'blue.6' }]}
      valueFormatter={dinero}
      yAxisProps={{ tickFormatter: dineroCorto, width: 72 }}
      xAxisProps={{ minTickGap: 12 }}
      tickLine="y"
      gridAxis="y"
      maxBarWidth={28}
      withTooltip
    />
  );
}

export function PorFormaDePago({ ventas }: { ventas: Ventas }) {
  if (ventas.porMetodo.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No hay facturas en este periodo.
      </Text>
    );
  }
  const datos = ventas.porMetodo.map((m, i) => ({
    name: nombreDeMetodo(m.metodo),
    value: m.total,
    color: COLORES_DE_METODO[i % COLORES_DE_METODO.length] ?? 'gray.6',
  }));
  return (
    <Stack align="center" gap="sm">
      <DonutChart data={datos} size={130} thickness={22} valueFormatter={dinero} withTooltip={false} />
      <Stack gap={4} w="100%">
        {datos.map((d) => (
          <Group key={d.name} justify="space-between" wrap="nowrap" gap="xs">
            <Group gap={6} wrap="nowrap">
              <ThemeIcon color={d.color} size={10} radius="xl" />
              <Text size="sm" truncate>
                {d.name}
              </Text>
            </Group>
            <Text size="sm" fw={600}>
              {dinero(d.value)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}

/** The best sellers: name and amount on one line, a bar under it against the first (names never overlap). */
export function BarrasDeProductos({ productos }: { productos: ProductoDestacado[] }) {
  const mayor = productos[0]?.total ?? 0;
  return (
    <Stack gap={8}>
      {productos.map((p) => (
        <div key={p.idProducto}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" truncate>
              {p.nombre}
            </Text>
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {dinero(p.total)}
            </Text>
          </Group>
          <Progress value={mayor > 0 ? (p.total / mayor) * 100 : 0} size="sm" color="blue.5" aria-hidden />
        </div>
      ))}
    </Stack>
  );
}
