import type { Archivo, DetalleEgreso } from '@pos/contract';
import { aCentavos, formatearFecha, formatearImporte } from '@pos/domain';
import {
  type DocumentoDelPdf,
  dinero,
  type EmpresaDelPdf,
  empresaDelPdf,
  renderizarDocumentoPdf,
} from '../../documentos/pdf.ts';
import { TIPO_PDF } from '../../http/exportar.ts';
import type { Ctx } from '../../http/handle.ts';
import { obtenerEgreso } from './lectura.ts';

// Spec 001 §7 "GET /recibos-egresos/egreso-print/{id}": the payment out on a full page, on the
// documents' one layout (documentos/pdf.ts), as the receipt in's ingreso-print: each purchase (or
// account), its amount to pay, what debit notes took off, what it had paid and owed before the
// payment, and what the payment paid.

const NOMBRES_DE_FORMA: Record<string, string> = {
  Efectivo: 'Efectivo',
  Tarjeta: 'Tarjeta de crédito',
  'Tarjeta-Debito': 'Tarjeta de débito',
  Transferencia: 'Transferencia',
  Cheque: 'Cheque',
};

function monto(valor: number): string {
  return formatearImporte(aCentavos(valor));
}

/** Egreso-{comprobante}.pdf. */
export function nombreDelPdfDeEgreso(detalle: DetalleEgreso): string {
  return `Egreso-${detalle.egresoReferenciadoGral.comprobante}.pdf`;
}

/** The payment out as the kit's layout takes it. */
export function egresoEnPdf(detalle: DetalleEgreso): DocumentoDelPdf {
  const e = detalle.egresoReferenciadoGral;
  const datos: Array<[string, string]> = [
    ['Número', e.comprobante],
    ['Fecha', formatearFecha(e.fechaDeEmision)],
    ['Forma de pago', NOMBRES_DE_FORMA[e.formaDePago] ?? e.formaDePago],
  ];
  if (e.centroDeCosto) {
    datos.push(['Centro de costo', e.centroDeCosto]);
  }
  const filas = detalle.res.map((l) => {
    const concepto = l.idCompra
      ? `Compra ${l.comprobanteCompra}${l.ncfCompra && l.ncfCompra !== l.comprobanteCompra ? ` (NCF ${l.ncfCompra})` : ''}`
      : l.cuentaContableDebito
        ? `${l.cuentaContableDebito.codigoDeCuenta} ${l.cuentaContableDebito.nombre}`
        : 'Egreso';
    const deCompra = (valor: number) => (l.idCompra ? monto(valor) : '');
    return [
      [concepto, l.nota].filter(Boolean).join('\n'),
      deCompra(l.total),
      l.montoNotaDeDebitoRef > 0 ? monto(l.montoNotaDeDebitoRef) : '',
      deCompra(l.cobrado),
      deCompra(l.balancePendiente),
      monto(l.importe),
    ];
  });
  return {
    titulo: e.desdeElpos.desdePos && !e.tipoDeEgreso ? 'Retiro de efectivo' : 'Recibo de egreso',
    numero: e.comprobante,
    datos,
    resaltar: 'Número',
    cliente: {
      titulo: 'PAGADO A',
      nombre: e.nombreProveedor || (e.tipoDeEgreso ? 'Sin proveedor' : '—'),
      lineas: [],
    },
    condiciones: [
      ['Sale de', e.cuentaContableCredito.nombre],
      ...(e.creadoPor ? ([['Pagado por', e.creadoPor]] as Array<[string, string]>) : []),
    ],
    lineas: [],
    tabla: {
      columnas: [
        { titulo: 'Concepto', ancho: 0, alinear: 'left' },
        { titulo: 'Total', ancho: 72, alinear: 'right' },
        { titulo: 'N. de débito', ancho: 72, alinear: 'right' },
        { titulo: 'Pagado antes', ancho: 72, alinear: 'right' },
        { titulo: 'Pendiente', ancho: 72, alinear: 'right' },
        { titulo: 'Importe', ancho: 80, alinear: 'right' },
      ],
      filas,
    },
    leyenda:
      'Montos en pesos dominicanos (RD$). Pagado antes y Pendiente: lo que la compra tenía pagado y debía antes de este recibo.',
    totales: [{ etiqueta: 'TOTAL PAGADO', valor: dinero(e.total), fuerte: true, fondo: 'acento' }],
    nota: [e.detalles, e.estado === 'Anulado' && e.notaAnular ? `Anulado: ${e.notaAnular}` : '']
      .filter(Boolean)
      .join('\n'),
    // Spec 001 §4: a cancelled payment stays on file and must read as void.
    ...(e.estado === 'Anulado' ? { marcaDeAgua: 'ANULADO' } : {}),
  };
}

export function renderizarEgresoPdf(detalle: DetalleEgreso, empresa: EmpresaDelPdf): Promise<Buffer> {
  return renderizarDocumentoPdf(egresoEnPdf(detalle), empresa);
}

/** GET /recibos-egresos/egreso-print/{id}: the PDF, shown in the browser to print it. */
export async function pdfDeEgreso(
  ctx: Ctx,
  id: string,
  carpetaDeArchivos: string | undefined,
): Promise<Archivo> {
  const detalle = await obtenerEgreso(ctx, id);
  return {
    archivo: await renderizarEgresoPdf(detalle, await empresaDelPdf(ctx, carpetaDeArchivos)),
    tipo: TIPO_PDF,
    nombre: nombreDelPdfDeEgreso(detalle),
    disposicion: 'inline',
  };
}
