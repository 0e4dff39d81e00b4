import type { CualquierReporte, DeclaracionDeReporte, FiltroDeReporte } from '@pos/contract';
import type { Ctx } from '../../http/handle.ts';

// The server half of a report declaration (packages/contract/src/reportes): the query that answers its
// call. Routes, the export (PDF, Excel, print) and the totals row are built from the declaration in
// routes.ts; a report module only writes the query. Reports only read: they may read any module's tables
// (never write them), each query filtered by ctx.tenantId.

/** A declared report and the query that answers it. */
export type ReporteDelServidor = {
  declaracion: CualquierReporte;
  consultar: (ctx: Ctx, filtro: FiltroDeReporte) => Promise<Record<string, unknown>>;
  /** Lines under the title of the PDF and the sheet besides company and period (e.g. the chosen customer). */
  encabezado?: (ctx: Ctx, filtro: FiltroDeReporte) => Promise<string[]>;
};

/**
 * Pairs a declaration with its query, checking the query's answer against the declared one. `B` is the
 * report's body (FiltroDeReporte or its extension), already validated by the route.
 */
export function consultaDe<F, R, B extends FiltroDeReporte = FiltroDeReporte>(
  declaracion: DeclaracionDeReporte<F, R>,
  consultar: (ctx: Ctx, filtro: B) => Promise<R>,
  encabezado?: ReporteDelServidor['encabezado'],
): ReporteDelServidor {
  return {
    declaracion,
    consultar: consultar as ReporteDelServidor['consultar'],
    ...(encabezado ? { encabezado } : {}),
  };
}
