import { Badge, Group, Text } from '@mantine/core';
import type { NotaDeCredito } from '@pos/contract';
import type { ResultadoDeAnulacion } from '../../ui/documento/ModalAnularDocumento.tsx';
import { dinero } from '../../ui/formato.ts';

/** The cancellation outcome as the kit's dialog says it (the note is feminine, as the API's answer). */
export const RESULTADO_DE_ANULACION: Record<
  'anulada' | 'solicitada' | 'aprobada' | 'rechazada',
  ResultadoDeAnulacion
> = { anulada: 'anulada', solicitada: 'solicitada', aprobada: 'aprobada', rechazada: 'rechazada' };

/** Where the note's total went, in words (spec 001 §3-§4): applied, refunded, credit in favour. */
export function repartoEnTexto(
  n: Pick<NotaDeCredito, 'montoAplicado' | 'montoDevuelto' | 'montoCredito'>,
): string[] {
  return [
    ...(n.montoAplicado > 0 ? [`Aplicado a la factura ${dinero(n.montoAplicado)}`] : []),
    ...(n.montoDevuelto > 0 ? [`Devuelto ${dinero(n.montoDevuelto)}`] : []),
    ...(n.montoCredito > 0 ? [`Crédito a favor ${dinero(n.montoCredito)}`] : []),
  ];
}

/** The list's «Destino» cell: one small line per part of the total. */
export function DestinoDeLaNota({ nota }: { nota: NotaDeCredito }) {
  const partes = repartoEnTexto(nota);
  return (
    <Group gap={4} wrap="wrap">
      {nota.desdePos && (
        <Badge size="xs" variant="light" color="grape">
          POS
        </Badge>
      )}
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
    </Group>
  );
}
