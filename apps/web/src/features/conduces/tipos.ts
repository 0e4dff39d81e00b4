import type { Conduce, TipoDeConduce } from '@pos/contract';
import type { ResultadoDeAnulacion } from '../../ui/documento/ModalAnularDocumento.tsx';
import { dinero } from '../../ui/formato.ts';

/** Spec 001 §2: how screens name a conduce's kind. */
export const NOMBRE_DEL_TIPO: Record<TipoDeConduce, string> = {
  preFactura: 'Pre-Factura',
  postFactura: 'Post-Factura',
};

/** The kit's dialog speaks of the outcome in the feminine; the conduce API answers in the masculine. */
export const RESULTADO_DE_ANULACION: Record<
  'anulado' | 'solicitado' | 'aprobado' | 'rechazado',
  ResultadoDeAnulacion
> = { anulado: 'anulada', solicitado: 'solicitada', aprobado: 'aprobada', rechazado: 'rechazada' };

/**
 * Spec 001 §3-§4: once invoices took a conduce's lines (totalGraltemRetirados > 0) it is neither edited,
 * cancelled nor deleted; the server refuses it too. Undefined while it still can be.
 */
export function motivoDeBloqueo(conduce: Pick<Conduce, 'totalGraltemRetirados'>): string | undefined {
  return conduce.totalGraltemRetirados > 0
    ? `Este conduce ya fue facturado (${dinero(conduce.totalGraltemRetirados)} retirados): no se edita, anula ni elimina mientras la factura vinculada tenga sus productos.`
    : undefined;
}
