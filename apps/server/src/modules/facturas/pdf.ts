import type { Archivo, DetalleFactura, Factura } from '@pos/contract';
import { formatearFecha, formatearFechaHora, formatearPorcentaje } from '@pos/domain';
import {
  clienteDelPdf,
  type DocumentoDelPdf,
  dinero,
  type EmpresaDelPdf,
  empresaDelPdf,
  type FilaDelPdf,
  horaDoce,
  LEYENDA_DE_MONTOS,
  limpio,
  ROJO,
  renderizarDocumentoPdf,
  totalesDelPdf,
} from '../../documentos/pdf.ts';
import { TIPO_PDF } from '../../http/exportar.ts';
import type { Ctx } from '../../http/handle.ts';
import { obtenerFactura } from './lectura.ts';

// Spec 001 §7 "GET /email/pdf/download/{id}": the invoice as a Letter-size document, the one
// downloaded and the one attached to the e-mail. The layout is the document kit's
// (documentos/pdf.ts); this file says what only an invoice has: the NCF and its type and validity,
// the due date and sale condition, the tax breakdown, retentions and the payments beside the totals.

export type { EmpresaDelPdf } from '../../documentos/pdf.ts';

/** The file name of spec 001 §7: Factura-{comprobante}.pdf; the internal number when there is no NCF. */
export function nombreDelPdfDeFactura(factura: Factura): string {
  const numero =
    factura.comprobante || (factura.numeroFactura === null ? factura._id : String(factura.numeroFactura));
  return `Factura-${numero}.pdf`;
}

/** The title by NCF type ('Factura de Crédito Fiscal'); a plain 'Factura' for an internal numbering. */
export function tituloDeFactura(factura: Factura): string {
  return factura.comprobante && factura.tipoNcfNombre ? factura.tipoNcfNombre : 'Factura';
}

/** The invoice as the kit's layout takes it. */
export function facturaEnPdf(detalle: DetalleFactura): DocumentoDelPdf {
  const f = detalle.FacturaDb;
  const datos: Array<[string, string]> = [];
  if (f.comprobante) {
    datos.push(['NCF', f.comprobante]);
    if (f.vencimientoNcf) {
      datos.push(['Válido hasta', formatearFecha(f.vencimientoNcf)]);
    }
  }
  if (f.numeroFactura !== null) {
    datos.push(['Factura N.º', String(f.numeroFactura)]);
  }
  datos.push(['Fecha', formatearFecha(f.fechaEmision)]);
  if (f.hora) {
    datos.push(['Hora', horaDoce(f.hora)]);
  }
  if (f.plazoPagos > 0) {
    datos.push(['Vence', formatearFecha(f.vencimiento)]);
  }

  const condiciones: Array<[string, string]> = [
    ['Condición', f.plazoPagos > 0 ? `Crédito a ${f.plazoPagos} días` : 'Contado'],
    ['Forma de pago', f.metodoDePago],
  ];
  if (f.numeroDeAprobacionTarjeta) {
    condiciones.push(['Aprobación', f.numeroDeAprobacionTarjeta]);
  }
  if (f.creadaPor) {
    condiciones.push(['Atendido por', f.creadaPor]);
  }

  const totales = totalesDelPdf(
    f,
    f.desgloseDeImpuestos.map((impuesto) => ({
      etiqueta: impuesto.name || impuesto.tipoDeImpuesto || 'Impuesto',
      total: impuesto.total,
    })),
  );
  const retenciones = detalle.retenciones.length > 0 ? detalle.retenciones : f.retenciones;
  if (f.totalRetenciones > 0) {
    for (const retencion of retenciones) {
      totales.push({
        etiqueta: `Retención ${retencion.nombre}${retencion.porcentaje && !retencion.nombre.includes('%') ? ` (${formatearPorcentaje(retencion.porcentaje / 100)})` : ''}`,
        valor: `-${dinero(retencion.monto)}`,
      });
    }
    if (retenciones.length === 0) {
      totales.push({ etiqueta: 'Retenciones', valor: `-${dinero(f.totalRetenciones)}` });
    }
    totales.push({ etiqueta: 'Monto a pagar', valor: dinero(f.montoAPagar), fuerte: true, fondo: 'tenue' });
  }

  const cobro: FilaDelPdf[] = [];
  if (f.efectivoRecibido > 0) {
    cobro.push({ etiqueta: 'Efectivo recibido', valor: dinero(f.efectivoRecibido) });
  }
  if (f.cambioDeDinero > 0) {
    cobro.push({ etiqueta: 'Cambio', valor: dinero(f.cambioDeDinero) });
  }
  cobro.push({ etiqueta: 'Cobrado', valor: dinero(detalle.cobrado) });
  if (detalle.pendiente > 0) {
    cobro.push({
      etiqueta: 'Pendiente por cobrar',
      valor: dinero(detalle.pendiente),
      fuerte: true,
      color: ROJO,
    });
  }
  const pagos = detalle.listaPagosIngreso.map((pago): [string, string] => [
    [
      pago.metodo,
      pago.numeroDeAprobacion ? `aprob. ${pago.numeroDeAprobacion}` : '',
      pago.origen === 'ingreso' && pago.fecha ? limpio(formatearFechaHora(pago.fecha)) : '',
    ]
      .filter(Boolean)
      .join(' · '),
    dinero(pago.monto),
  ]);

  return {
    titulo: tituloDeFactura(f),
    numero: f.comprobante ?? (f.numeroFactura === null ? '' : `N.º ${f.numeroFactura}`),
    datos,
    resaltar: 'NCF',
    cliente: clienteDelPdf('FACTURAR A', f),
    condiciones,
    lineas: detalle.linea_facturasRef,
    leyenda: LEYENDA_DE_MONTOS,
    totales,
    lateral: { titulo: 'PAGOS', filas: pagos, vacio: 'Sin pagos registrados', resumen: cobro },
    nota: f.notaPieDePagina,
    // Spec 001 §4: a cancelled invoice stays on file and must read as void at a glance.
    ...(f.estado === 'Anulado' ? { marcaDeAgua: 'ANULADA' } : {}),
  };
}

/** Renders the invoice PDF (Letter, portrait) and answers its bytes. */
export function renderizarFacturaPdf(detalle: DetalleFactura, empresa: EmpresaDelPdf): Promise<Buffer> {
  return renderizarDocumentoPdf(facturaEnPdf(detalle), empresa);
}

/** The invoice and the issuing company as the PDF shows them; read inside the request's transaction. */
export async function datosDelPdf(
  ctx: Ctx,
  id: string,
  carpetaDeArchivos: string | undefined,
): Promise<{ detalle: DetalleFactura; empresa: EmpresaDelPdf }> {
  const detalle = await obtenerFactura(ctx, id);
  return { detalle, empresa: await empresaDelPdf(ctx, carpetaDeArchivos) };
}

/** GET /email/pdf/download/{id}: the invoice PDF as a download named Factura-{comprobante}.pdf. */
export async function pdfDeFactura(
  ctx: Ctx,
  id: string,
  carpetaDeArchivos: string | undefined,
): Promise<Archivo> {
  const { detalle, empresa } = await datosDelPdf(ctx, id, carpetaDeArchivos);
  return {
    archivo: await renderizarFacturaPdf(detalle, empresa),
    tipo: TIPO_PDF,
    nombre: nombreDelPdfDeFactura(detalle.FacturaDb),
    disposicion: 'attachment',
  };
}
