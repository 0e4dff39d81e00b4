import { type DetallesBanco, FiltroEgresos, FiltroIngresos, LIMITE_BANCOS } from '@pos/contract';
import type { CtxConSesion } from '../../http/handle.ts';
import { conciliacionesDeLaCuenta } from '../conciliaciones/service.ts';
import { listarEgresos } from '../egresos/lectura.ts';
import { listarIngresos } from '../ingresos/lectura.ts';
import { obtenerCuentaDeBanco } from './service.ts';
import { transferenciasDeLaCuenta } from './transferencias.ts';

/**
 * GET /cuentas-banco/detalles-banco/{id} (spec 002 §2: the details load incomes, expenses and
 * reconciliations; §9: 25 each): the account with its balance, the receipts in that landed on its
 * ledger account, the payments out it paid, its transfers and its reconciliations, each paged apart.
 */
export async function detallesBanco(
  ctx: CtxConSesion,
  id: string,
  paginas: {
    pageIngresos: number;
    pageEgresos: number;
    pageTransferencias: number;
    pageConciliaciones: number;
  },
): Promise<DetallesBanco> {
  const cuenta = await obtenerCuentaDeBanco(ctx, id);
  const ingresos = await listarIngresos(
    ctx,
    FiltroIngresos.parse({ idCuentaDeBanco: id, page: paginas.pageIngresos, limit: LIMITE_BANCOS }),
  );
  const egresos = await listarEgresos(
    ctx,
    FiltroEgresos.parse({ idCuentaDeBanco: id, page: paginas.pageEgresos, limit: LIMITE_BANCOS }),
  );
  const transferencias = await transferenciasDeLaCuenta(ctx, id, {
    page: paginas.pageTransferencias,
    limit: LIMITE_BANCOS,
  });
  const { conciliaciones, totalDocs } = await conciliacionesDeLaCuenta(ctx, id, {
    page: paginas.pageConciliaciones,
    limit: LIMITE_BANCOS,
  });
  return {
    cuenta,
    ingresos,
    egresos,
    transferencias,
    conciliaciones: { res: conciliaciones, totalRows: totalDocs },
  };
}
