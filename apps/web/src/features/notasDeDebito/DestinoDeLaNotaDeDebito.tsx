import { Stack, Text } from '@mantine/core';
import type { NotaDeDebito } from '@pos/contract';
import { dinero } from '../../ui/formato.ts';

/** Where the note's total went, in words (spec 001 §3-§4): applied to the purchase, paid back, owed. */
export function repartoDeDebitoEnTexto(
  n: Pick<NotaDeDebito, 'montoAplicado' | 'montoDevuelto' | 'montoPorCobrar'>,
): string[] {
  return [
    ...(n.montoAplicado > 0 ? [`Aplicado a la compra ${dinero(n.montoAplicado)}`] : []),
    ...(n.montoDevuelto > 0 ? [`Devuelto por el proveedor ${dinero(n.montoDevuelto)}`] : []),
    ...(n.montoPorCobrar > 0 ? [`A favor ${dinero(n.montoPorCobrar)}`] : []),
  ];
}

/** The list's «Destino» cell: one small line per part of the total. */
export function DestinoDeLaNotaDeDebito({ nota }: { nota: NotaDeDebito }) {
  const partes = repartoDeDebitoEnTexto(nota);
  return (
    <Stack gap={0}>
      {partes.length === 0 ? (
        <Text size="xs" c="dimmed">
          —
        </Text>
      ) : (
        partes.map((p) => (
          <Text key={p} size="xs" style={{ whiteSpace: 'nowrap' }}>
            {p}
          </Text>
        ))
      )}
    </Stack>
  );
}
