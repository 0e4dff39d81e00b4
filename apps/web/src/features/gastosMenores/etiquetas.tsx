import { Badge } from '@mantine/core';
import type { GastoMenor } from '@pos/contract';
import { estadoDelDocumento } from '../../ui/documento/EstadoDelDocumento.tsx';

/** A minor expense's state as a badge: Activo, Por anular, Anulado (spec 000 §4, 001 §4). */
export function EstadoDeGastoMenor({ gasto }: { gasto: Pick<GastoMenor, 'estado' | 'autorizacion'> }) {
  const { texto, color } = estadoDelDocumento(gasto, 'masculino');
  return (
    <Badge color={color} variant="light" size="sm">
      {texto}
    </Badge>
  );
}

/** How the notices say what the cancellation call did (spec 000 §4). */
export const RESULTADO_DE_ANULACION = {
  anulado: 'anulada',
  solicitado: 'solicitada',
  aprobado: 'aprobada',
  rechazado: 'rechazada',
} as const;
