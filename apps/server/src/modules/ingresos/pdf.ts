import type { Archivo, DetalleIngreso } from '@pos/contract';
import { aCentavos, aPesos, type Centavos, formatearFecha, formatearImporte } from '@pos/domain';
import {
  type DocumentoDelPdf,
  dinero,
  type EmpresaDelPdf,
  empresaDelPdf,
  type FilaDelPdf,
  renderizarDocumentoPdf,
} from '../../documentos/pdf.ts';
import { TIPO_PDF } from '../../http/exportar.ts';
import type { Ctx } from '../../http/handle.ts';
import { obtenerIngreso } from './lectura.ts';

// Spec 001 §7 "GET /ingresos-recibidos/ingreso-print/{id}": the receipt on a full page, on the documents'
// one layout (documentos/pdf.ts), with a table of its own instead of goods: each invoice (or account, or
// advance), its total, what credit notes took off, what it had collected and owed before the receipt,
// and what the receipt paid. The roll (80 mm) is printed by the web app
// (ReciboDeIngresoEnRollo) from the same detail.

const NOMBRES_DE_FORMA: Record<string, string> = {
  Efectivo: 'Efectivo',
  Tarjeta: 'Tarjeta de crédito',
  'Tarjeta-Debito': 'Tarjeta de débito',
  Transferencia: 'Transferencia',
  Cheque: 'Cheque',
};

/** An amount in a table cell, without the sign (the legend says the currency). */
function monto(valor: number): string {
  return formatearImporte(aCentavos(valor));
}

/** Recibo-{comprobante}.pdf, as the invoice's Factura-{comprobante}.pdf. */
export function nombreDelPdfDeIngreso(detalle: DetalleIngreso): string {
  return `Recibo-${detalle.ingresoReferenciadoGral.comprobante}.pdf`;
}

/** The receipt as the kit's layout takes it. */
export function ingresoEnPdf(detalle: DetalleIngreso): DocumentoDelPdf {
  const i = detalle.ingresoReferenciadoGral;
  const datos: Array<[string, string]> = [
    ['Número', i.comprobante],
    ['Fecha', formatearFecha(i.fechaDeEmision)],
    ['Forma de pago', NOMBRES_DE_FORMA[i.formaDePago] ?? i.formaDePago],
  ];
  if (i.centroDeCosto) {
    datos.push(['Centro de costo', i.centroDeCosto]);
  }
  const rnc = detalle.res.find((l) => l.rncCliente)?.rncCliente ?? '';
  const filas = detalle.res.map((l) => {
    const concepto = l.idFactura
      ? `Factura ${l.comprobanteFactura}`
      : l.cuentaContableCredito
        ? `${l.cuentaContableCredito.codigoDeCuenta} ${l.cuentaContableCredito.nombre}`
        : 'Anticipo';
    const notas = [
      l.nota && l.nota !== 'Anticipo' ? l.nota : '',
      l.creditoAFavor > 0 ? `${dinero(l.creditoAFavor)} queda como crédito a favor` : '',
    ].filter(Boolean);
    const deFactura = (valor: number) => (l.idFactura ? monto(valor) : '');
    return [
      [concepto, ...notas].join('\n'),
      deFactura(l.total),
      l.montoNotaDeCreditoRef > 0 ? monto(l.montoNotaDeCreditoRef) : '',
      deFactura(l.cobrado),
      deFactura(l.balancePendiente),
      monto(l.importe),
    ];
  });
  const totales: FilaDelPdf[] = [];
  if (i.creditoAFavor > 0) {
    totales.push({
      etiqueta: 'Aplicado a facturas',
      valor: dinero(aPesos((aCentavos(i.total) - aCentavos(i.creditoAFavor)) as Centavos)),
    });
    totales.push({ etiqueta: 'Crédito a favor', valor: dinero(i.creditoAFavor) });
  }
  totales.push({ etiqueta: 'TOTAL RECIBIDO', valor: dinero(i.total), fuerte: true, fondo: 'acento' });
  return {
    titulo: 'Recibo de ingreso',
    numero: i.comprobante,
    datos,
    resaltar: 'Número',
    cliente: {
      titulo: 'RECIBIDO DE',
      nombre: i.nombreCliente || 'Sin cliente',
      lineas: rnc ? [`${rnc.length === 11 ? 'Cédula' : 'RNC'}: ${rnc}`] : [],
    },
    condiciones: [
      ['Cuenta', i.cuentaContableDebito.nombre],
      ...(i.creadoPor ? ([['Recibido por', i.creadoPor]] as Array<[string, string]>) : []),
    ],
    lineas: [],
    tabla: {
      columnas: [
        { titulo: 'Concepto', ancho: 0, alinear: 'left' },
        { titulo: 'Total', ancho: 72, alinear: 'right' },
        { titulo: 'N. de crédito', ancho: 72, alinear: 'right' },
        { titulo: 'Cobrado', ancho: 72, alinear: 'right' },
        { titulo: 'Pendiente', ancho: 72, alinear: 'right' },
        { titulo: 'Pagado', ancho: 80, alinear: 'right' },
      ],
      filas,
    },
    leyenda:
      'Montos en pesos dominicanos (RD$). Cobrado y Pendiente: lo que la factura tenía cobrado y debía antes de este recibo.',
    totales,
    nota: [i.detalles, i.estado === 'Anulado' && i.notaAnular ? `Anulado: ${i.notaAnular}` : '']
      .filter(Boolean)
      .join('\n'),
    // Spec 001 §4: a cancelled receipt stays on file and must read as void.
    ...(i.estado === 'Anulado' ? { marcaDeAgua: 'ANULADO' } : {}),
  };
}

/** Renders the receipt PDF and answers its bytes. */
export function renderizarIngresoPdf(detalle: DetalleIngreso, empresa: EmpresaDelPdf): Promise<Buffer> {
  return renderizarDocumentoPdf(ingresoEnPdf(detalle), empresa);
}

/** GET /ingresos-recibidos/ingreso-print/{id}: the PDF, shown in the browser to print it. */
export async function pdfDeIngreso(
  ctx: Ctx,
  id: string,
  carpetaDeArchivos: string | undefined,
): Promise<Archivo> {
  const detalle = await obtenerIngreso(ctx, id);
  return {
    archivo: await renderizarIngresoPdf(detalle, await empresaDelPdf(ctx, carpetaDeArchivos)),
    tipo: TIPO_PDF,
    nombre: nombreDelPdfDeIngreso(detalle),
    disposicion: 'inline',
  };
}
