import { Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { LineaDeEfectivo } from '@pos/contract';
import { aCentavos, aPesos, type Centavos, contarEfectivo, DENOMINACIONES } from '@pos/domain';
import { CampoNumerico } from '../../ui/CampoNumerico.tsx';
import { dinero, numero, numeroConDecimales } from '../../ui/formato.ts';

/** The count as the form holds it: how many of each denomination (null while a field is empty). */
export type Conteo = Record<number, number | null>;

export function conteoVacio(): Conteo {
  return Object.fromEntries(DENOMINACIONES.map((monto) => [monto, null]));
}

/**
 * The count as the contract's desglose: the denominations typed, largest first. A negative or broken
 * quantity stays in, so the count is refused rather than silently counted without it.
 */
export function desgloseDelConteo(conteo: Conteo): LineaDeEfectivo[] {
  return DENOMINACIONES.map((monto) => ({ monto, cantidad: conteo[monto] ?? 0 })).filter(
    (l) => l.cantidad !== 0,
  );
}

/** The contract's message for a quantity typed (spec 002 §3 desgloseDeEfectivo), if it is refused. */
function errorDeCantidad(cantidad: number | null): string | undefined {
  if (cantidad === null) {
    return undefined;
  }
  const resultado = LineaDeEfectivo.shape.cantidad.safeParse(cantidad);
  return resultado.success ? undefined : resultado.error.issues[0]?.message;
}

/** The cash counted, in cents (domain contarEfectivo), or null when a quantity is not a whole number. */
export function totalDelConteo(conteo: Conteo): Centavos | null {
  const resultado = contarEfectivo(desgloseDelConteo(conteo));
  return resultado.ok ? resultado.valor : null;
}

// Spec 002 §9 denominations: the Dominican notes are 2000 down to 20, the coins 25, 10, 5, 1 and the
// centavo coins. Two columns keep all thirteen in sight at 1366×768.
const BILLETES = DENOMINACIONES.filter((d) => d >= 50 || d === 20);
const MONEDAS = DENOMINACIONES.filter((d) => d < 50 && d !== 20);

function nombre(monto: number): string {
  return monto < 1 ? numeroConDecimales(monto, 2) : numero(monto);
}

function Columna({
  titulo,
  denominaciones,
  conteo,
  alCambiar,
  deshabilitado,
}: {
  titulo: string;
  denominaciones: readonly number[];
  conteo: Conteo;
  alCambiar: (monto: number, cantidad: number | null) => void;
  deshabilitado: boolean;
}) {
  return (
    <Table fz="sm" verticalSpacing={2} horizontalSpacing={6} layout="fixed">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="30%">{titulo}</Table.Th>
          <Table.Th w="32%" ta="center">
            Cantidad
          </Table.Th>
          <Table.Th ta="right">Subtotal</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {denominaciones.map((monto) => {
          const cantidad = conteo[monto] ?? null;
          const subtotal = aPesos((aCentavos(monto) * (cantidad ?? 0)) as Centavos);
          return (
            <Table.Tr key={monto}>
              <Table.Td ff="monospace" fw={500}>
                {nombre(monto)}
              </Table.Td>
              <Table.Td>
                <CampoNumerico
                  aria-label={`Cantidad de ${nombre(monto)}`}
                  size="xs"
                  min={0}
                  hideControls
                  disabled={deshabilitado}
                  valor={cantidad}
                  alCambiar={(v) => alCambiar(monto, v)}
                  error={errorDeCantidad(cantidad)}
                  onFocus={(e) => e.currentTarget.select()}
                />
              </Table.Td>
              <Table.Td ta="right" ff="monospace" c={subtotal > 0 ? undefined : 'dimmed'}>
                {dinero(subtotal)}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

type Props = {
  conteo: Conteo;
  alCambiar: (conteo: Conteo) => void;
  deshabilitado?: boolean;
};

/** The cash count by denomination (spec 002 §3 desgloseDeEfectivo, §9) with its live total. */
export function ConteoDeEfectivo({ conteo, alCambiar, deshabilitado = false }: Props) {
  const total = totalDelConteo(conteo);
  const cambiar = (monto: number, cantidad: number | null) => alCambiar({ ...conteo, [monto]: cantidad });
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Columna
          titulo="Billetes"
          denominaciones={BILLETES}
          conteo={conteo}
          alCambiar={cambiar}
          deshabilitado={deshabilitado}
        />
        <Columna
          titulo="Monedas"
          denominaciones={MONEDAS}
          conteo={conteo}
          alCambiar={cambiar}
          deshabilitado={deshabilitado}
        />
      </SimpleGrid>
      <Group justify="space-between" px={6}>
        <Text fw={600}>Total contado</Text>
        <Text fw={700} ff="monospace" data-testid="total-contado">
          {total === null ? '—' : dinero(aPesos(total))}
        </Text>
      </Group>
    </Stack>
  );
}
