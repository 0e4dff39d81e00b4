import {
  type Archivo,
  type ColumnaDeReporte,
  type CualquierReporte,
  type DocumentoOpcion,
  type ExportarReporte,
  exportarReporte,
  type FiltroDeReporte,
} from '@pos/contract';
import { formatearFecha, formatearFechaHora } from '@pos/domain';
import type { FastifyInstance } from 'fastify';
import type { BaseDeDatos } from '../../db/client.ts';
import { type Columna, exportarTabla, type FormatoDeColumna, rutasDeArchivos } from '../../http/exportar.ts';
import { type Ctx, ruta } from '../../http/handle.ts';
import { diasDelFiltro, textoDeDias } from '../../http/periodo.ts';
import { obtenerConfiguracionGeneral } from '../empresas/service.ts';
import { CONSULTAS } from './consultas.ts';
import type { ReporteDelServidor } from './kit.ts';

// Every declared report (packages/contract/src/reportes) becomes two routes here: its call (spec 002 §7
// "Reports (all POST)", efecto 'lee') and its export (PDF, Excel, print: documentoOpcion), both under the
// declared permission. A report module writes no route of its own.

type Fila = Record<string, unknown>;

/** A cell's value as the export shows it: dates as es-DO in Santo Domingo, the rest as numbers or text. */
function valorDeCelda(valor: unknown, columna: ColumnaDeReporte<Fila>): string | number | null {
  const { formato, etiquetas } = columna;
  if (valor === null || valor === undefined || valor === '') {
    return null;
  }
  const etiqueta = etiquetas?.[String(valor)];
  if (etiqueta !== undefined) {
    return etiqueta;
  }
  if (formato === 'fecha' && (typeof valor === 'string' || valor instanceof Date)) {
    return formatearFecha(valor);
  }
  if (formato === 'fechaHora' && (typeof valor === 'string' || valor instanceof Date)) {
    return formatearFechaHora(valor);
  }
  if (typeof valor === 'number' || typeof valor === 'string') {
    return valor;
  }
  if (typeof valor === 'boolean') {
    return valor ? 'Sí' : 'No';
  }
  return String(valor);
}

/** The export's format of a declared column (dates are already text). */
function formatoDeColumna(formato: ColumnaDeReporte<Fila>['formato']): FormatoDeColumna {
  switch (formato) {
    case 'dinero':
    case 'cantidad':
    case 'entero':
    case 'porcentaje':
      return formato;
    default:
      return 'texto';
  }
}

/**
 * The totals row of a declaration: each column's `total` field of the answer; 'Total' in the first text
 * column without one. None when no column declares a total.
 */
export function filaDeTotales(
  declaracion: CualquierReporte,
  respuesta: Record<string, unknown>,
): Array<string | number | null> | undefined {
  const columnas: ReadonlyArray<ColumnaDeReporte<Fila>> = declaracion.columnas;
  if (!columnas.some((c) => c.total)) {
    return undefined;
  }
  let rotulo = false;
  return columnas.map((columna) => {
    if (columna.total) {
      const valor = respuesta[columna.total];
      return typeof valor === 'number' || typeof valor === 'string' ? valor : null;
    }
    if (!rotulo && formatoDeColumna(columna.formato) === 'texto') {
      rotulo = true;
      return 'Total';
    }
    return null;
  });
}

/** The lines under the export's title: the company, the period (when the report has one), the report's own. */
async function encabezadoDelArchivo(
  ctx: Ctx,
  reporte: ReporteDelServidor,
  filtro: FiltroDeReporte,
): Promise<string[]> {
  const empresa = (await obtenerConfiguracionGeneral(ctx)).configGeneral[0];
  const lineas = [empresa.nombre];
  if (reporte.declaracion.filtros.includes('periodo')) {
    lineas.push(textoDeDias(diasDelFiltro(filtro)));
  }
  if (reporte.encabezado) {
    lineas.push(...(await reporte.encabezado(ctx, filtro)));
  }
  return lineas;
}

/** A declared report as PDF or Excel: every row (never one page), the declared columns and totals row. */
export async function exportarDeclarado(
  ctx: Ctx,
  reporte: ReporteDelServidor,
  cuerpo: ExportarReporte,
): Promise<Archivo> {
  const { documentoOpcion, page: _pagina, limit: _limite, ...filtro } = cuerpo;
  const { declaracion } = reporte;
  const respuesta = await reporte.consultar(ctx, filtro);
  const filas = respuesta[declaracion.filas];
  const columnas: ReadonlyArray<ColumnaDeReporte<Fila>> = declaracion.columnas;
  const totales = filaDeTotales(declaracion, respuesta);
  return exportarTabla<Fila>(
    {
      titulo: declaracion.titulo,
      encabezado: await encabezadoDelArchivo(ctx, reporte, filtro),
      nombreArchivo: declaracion.id.replace(/^r-/, ''),
      orientacion: declaracion.orientacion ?? 'landscape',
      columnas: columnas.map(
        (c): Columna<Fila> => ({
          titulo: c.titulo,
          formato: formatoDeColumna(c.formato),
          ancho: c.ancho ?? 1,
          valor: (fila) => valorDeCelda(fila[c.clave], c),
        }),
      ),
      filas: Array.isArray(filas) ? (filas as Fila[]) : [],
      ...(totales ? { totales } : {}),
    },
    documentoOpcion as DocumentoOpcion,
  );
}

/** Registers the call and the export of every report in `consultas` (all declared reports by default). */
export async function reportesRoutes(
  app: FastifyInstance,
  db: BaseDeDatos,
  consultas: readonly ReporteDelServidor[] = CONSULTAS,
): Promise<void> {
  for (const reporte of consultas) {
    ruta(app, db, reporte.declaracion.consulta, reporte.declaracion.permiso, (ctx, { body }) =>
      reporte.consultar(ctx, body),
    );
  }
  await rutasDeArchivos(app, (archivos) => {
    for (const reporte of consultas) {
      ruta(archivos, db, exportarReporte(reporte.declaracion), reporte.declaracion.permiso, (ctx, { body }) =>
        exportarDeclarado(ctx, reporte, body),
      );
    }
  });
}
