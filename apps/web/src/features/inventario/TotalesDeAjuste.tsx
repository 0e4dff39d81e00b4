import { Group, Stack, Text } from '@mantine/core';
import { aCentavos, aPesos, type Centavos } from '@pos/domain';
import { dinero, unidades } from '../../ui/formato.ts';
import type { TotalesDeAjuste as Totales } from './lineasDeAjuste.ts';

/** One total under the lines: title, amount and what it counts. */
function Total({
  titulo,
  detalle,
  monto,
  color,
}: {
  titulo: string;
  detalle?: string;
  monto: number;
  color?: string;
}) {
  return (
    <Stack gap={0} align="flex-end">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {titulo}
      </Text>
      <Text fw={700} c={color} ff="monospace">
        {dinero(monto)}
      </Text>
      {detalle && (
        <Text size="xs" c="dimmed">
          {detalle}
        </Text>
      )}
    </Stack>
  );
}

const lineas = (n: number) => `${n} ${n === 1 ? 'línea' : 'líneas'}`;

/** An adjustment's entries, exits and net effect, valued at cost. */
export function TotalesDeAjuste({ totales }: { totales: Totales }) {
  const neto = aPesos((aCentavos(totales.valorEntradas) - aCentavos(totales.valorSalidas)) as Centavos);
  return (
    <Group justify="flex-end" align="flex-start" gap="xl" wrap="wrap">
      <Total
        titulo="Entradas"
        detalle={`${lineas(totales.lineasDeEntrada)} · ${unidades(totales.unidadesEntrada)}`}
        monto={totales.valorEntradas}
        color="teal"
      />
      <Total
        titulo="Salidas"
        detalle={`${lineas(totales.lineasDeSalida)} · ${unidades(totales.unidadesSalida)}`}
        monto={totales.valorSalidas}
        color="red"
      />
      <Total titulo="Efecto neto al costo" monto={neto} />
    </Group>
  );
}
