import {
  type Archivo,
  type EstadoDeCuentaCliente,
  ETIQUETAS_DE_TRAMO,
  type ExportarEstadoDeCuenta,
  type FacturaDelEstado,
  TRAMOS_DE_ANTIGUEDAD,
} from '@pos/contract';
import { aCentavos, formatearFecha, formatearImporte } from '@pos/domain';
import {
  type DocumentoDelPdf,
  dinero,
  type EmpresaDelPdf,
  empresaDelPdf,
  renderizarDocumentoPdf,
} from '../../documentos/pdf.ts';
import { type TablaExportable, TIPO_PDF, TIPO_XLSX, tablaEnXlsx } from '../../http/exportar.ts';
import type { Ctx } from '../../http/handle.ts';
import { estadoDeCuentaCliente } from './service.ts';

// The customer statement on paper and in a spreadsheet (spec 001 §7 "Receipts in"): the PDF is the
// document kit's one layout (documentos/pdf.ts) with the statement's invoices as its table; the
// .xlsx is the reports' one workbook (http/exportar.ts). Both show exactly what the JSON call answers.

const ETIQUETA_DE_ESTADO: Record<ExportarEstadoDeCuenta['estadoSeleccionado'], string> = {
  Pendientes: 'Facturas pendientes',
  Pagadas: 'Facturas pagadas',
  Todas: 'Todas las facturas',
};

function numeroDeFactura(f: FacturaDelEstado): string {
  return f.comprobante || (f.numeroFactura === null ? '' : `N.º ${f.numeroFactura}`);
}

function monto(valor: number): string {
  return formatearImporte(aCentavos(valor));
}

function rango(filtro: ExportarEstadoDeCuenta, estado: EstadoDeCuentaCliente): string {
  return filtro.porRangoDeFecha && filtro.fechaInicial
    ? `Del ${formatearFecha(filtro.fechaInicial)} al ${formatearFecha(estado.fechaCorte)}`
    : `Al ${formatearFecha(estado.fechaCorte)}`;
}

/** The statement as the kit's layout takes it. */
export function estadoDeCuentaEnPdf(
  estado: EstadoDeCuentaCliente,
  filtro: ExportarEstadoDeCuenta,
): DocumentoDelPdf {
  const c = estado.cliente;
  return {
    titulo: 'Estado de cuenta',
    numero: c.nombre,
    datos: [
      ['Fecha de corte', formatearFecha(estado.fechaCorte)],
      ['Período', rango(filtro, estado)],
      ['Facturas', ETIQUETA_DE_ESTADO[filtro.estadoSeleccionado]],
    ],
    resaltar: 'Fecha de corte',
    cliente: {
      titulo: 'CLIENTE',
      nombre: c.nombre,
      lineas: [
        c.rnc ? `${c.rnc.length === 11 ? 'Cédula' : 'RNC'}: ${c.rnc}` : '',
        c.direccion,
        [c.telefono, c.correo].filter(Boolean).join('  ·  '),
      ].filter((linea) => linea !== ''),
    },
    condiciones: [['Facturas', String(estado.facturas.length)]],
    lineas: [],
    tabla: {
      columnas: [
        { titulo: 'Fecha', ancho: 62, alinear: 'left' },
        { titulo: 'Factura', ancho: 0, alinear: 'left' },
        { titulo: 'Vence', ancho: 62, alinear: 'left' },
        { titulo: 'Días', ancho: 34, alinear: 'right' },
        { titulo: 'Monto', ancho: 66, alinear: 'right' },
        { titulo: 'Cobrado', ancho: 66, alinear: 'right' },
        { titulo: 'N. crédito', ancho: 60, alinear: 'right' },
        { titulo: 'Pendiente', ancho: 70, alinear: 'right' },
      ],
      filas: estado.facturas.map((f) => [
        formatearFecha(f.fecha),
        numeroDeFactura(f),
        formatearFecha(f.vencimiento),
        f.diasVencidos > 0 ? String(f.diasVencidos) : '',
        monto(f.montoAPagar),
        monto(f.cobrado),
        f.montoNotaDeCreditoRef > 0 ? monto(f.montoNotaDeCreditoRef) : '',
        monto(f.pendiente),
      ]),
    },
    leyenda:
      estado.facturas.length === 0
        ? 'El cliente no tiene facturas en este estado de cuenta.'
        : 'Montos en pesos dominicanos (RD$). Días: vencidos a la fecha de corte.',
    totales: [
      { etiqueta: 'Facturado', valor: dinero(estado.totalFacturado) },
      { etiqueta: 'Cobrado', valor: `-${dinero(estado.totalCobrado)}` },
      ...(estado.totalNotasDeCredito > 0
        ? [{ etiqueta: 'Notas de crédito', valor: `-${dinero(estado.totalNotasDeCredito)}` }]
        : []),
      { etiqueta: 'TOTAL PENDIENTE', valor: dinero(estado.totalPendiente), fuerte: true, fondo: 'acento' },
    ],
    lateral: {
      titulo: 'ANTIGÜEDAD DEL SALDO',
      filas: TRAMOS_DE_ANTIGUEDAD.map((tramo) => [
        ETIQUETAS_DE_TRAMO[tramo],
        dinero(estado.totalesPorTramo[tramo]),
      ]),
      vacio: '',
      resumen: [],
    },
    nota: '',
  };
}

/** The statement as the reports' workbook takes it. */
export function estadoDeCuentaEnTabla(
  estado: EstadoDeCuentaCliente,
  filtro: ExportarEstadoDeCuenta,
  empresa: Pick<EmpresaDelPdf, 'nombre'>,
  nombreArchivo: string,
): TablaExportable<FacturaDelEstado> {
  return {
    titulo: 'Estado de cuenta',
    encabezado: [
      empresa.nombre,
      `Cliente: ${estado.cliente.nombre}${estado.cliente.rnc ? ` (${estado.cliente.rnc})` : ''}`,
      `${rango(filtro, estado)} · ${ETIQUETA_DE_ESTADO[filtro.estadoSeleccionado]}`,
      ...TRAMOS_DE_ANTIGUEDAD.map(
        (tramo) => `${ETIQUETAS_DE_TRAMO[tramo]}: ${dinero(estado.totalesPorTramo[tramo])}`,
      ),
    ],
    columnas: [
      { titulo: 'Fecha', valor: (f) => f.fecha, ancho: 0.8 },
      { titulo: 'Factura', valor: numeroDeFactura, ancho: 1.1 },
      { titulo: 'Vence', valor: (f) => f.vencimiento, ancho: 0.8 },
      { titulo: 'Días vencidos', valor: (f) => f.diasVencidos, formato: 'entero', ancho: 0.7 },
      { titulo: 'Antigüedad', valor: (f) => ETIQUETAS_DE_TRAMO[f.tramo], ancho: 0.9 },
      { titulo: 'Monto', valor: (f) => f.montoAPagar, formato: 'dinero', ancho: 0.9 },
      { titulo: 'Cobrado', valor: (f) => f.cobrado, formato: 'dinero', ancho: 0.9 },
      { titulo: 'Notas de crédito', valor: (f) => f.montoNotaDeCreditoRef, formato: 'dinero', ancho: 0.9 },
      { titulo: 'Pendiente', valor: (f) => f.pendiente, formato: 'dinero', ancho: 0.9 },
    ],
    filas: estado.facturas,
    totales: [
      'Totales',
      null,
      null,
      null,
      null,
      estado.totalFacturado,
      estado.totalCobrado,
      estado.totalNotasDeCredito,
      estado.totalPendiente,
    ],
    nombreArchivo,
  };
}

function nombreDeArchivo(estado: EstadoDeCuentaCliente): string {
  const cliente = estado.cliente.nombre
    .normalize('NFD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-');
  return `Estado-de-cuenta-${cliente || estado.cliente._id}-${estado.fechaCorte}`;
}

/** POST /ingresos-recibidos/pdf/estado-cuentas-clientes/: print (PDF inline), pdf or excel. */
export async function exportarEstadoDeCuenta(
  ctx: Ctx,
  filtro: ExportarEstadoDeCuenta,
  carpetaDeArchivos: string | undefined,
): Promise<Archivo> {
  const estado = await estadoDeCuentaCliente(ctx, filtro);
  const empresa = await empresaDelPdf(ctx, carpetaDeArchivos);
  const nombre = nombreDeArchivo(estado);
  if (filtro.documentoOpcion === 'excel') {
    return {
      archivo: await tablaEnXlsx(estadoDeCuentaEnTabla(estado, filtro, empresa, nombre)),
      tipo: TIPO_XLSX,
      nombre: `${nombre}.xlsx`,
      disposicion: 'attachment',
    };
  }
  return {
    archivo: await renderizarDocumentoPdf(estadoDeCuentaEnPdf(estado, filtro), empresa),
    tipo: TIPO_PDF,
    nombre: `${nombre}.pdf`,
    disposicion: filtro.documentoOpcion === 'print' ? 'inline' : 'attachment',
  };
}
