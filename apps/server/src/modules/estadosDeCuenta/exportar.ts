import {
  type Archivo,
  type CompraDelEstado,
  type EstadoDeCuentaCliente,
  type EstadoDeCuentaProveedor,
  ETIQUETAS_DE_TRAMO,
  type ExportarEstadoDeCuenta,
  type ExportarEstadoDeCuentaProveedor,
  type FacturaDelEstado,
  TRAMOS_DE_ANTIGUEDAD,
  type TramoDeAntiguedad,
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
import { estadoDeCuentaProveedor } from './proveedores.ts';
import { estadoDeCuentaCliente } from './service.ts';

// The customer and supplier statements on paper and in a spreadsheet (spec 001 §7 "Receipts in"): the
// PDF is the document kit's one layout (documentos/pdf.ts) with the statement's documents as its table;
// the .xlsx is the reports' one workbook (http/exportar.ts). Both show exactly what the JSON call answers.

type Filtro = Pick<ExportarEstadoDeCuenta, 'estadoSeleccionado' | 'porRangoDeFecha' | 'fechaInicial'>;

/** A document of either statement, as both files show it. */
type Fila = {
  fecha: string;
  numero: string;
  vencimiento: string;
  diasVencidos: number;
  tramo: TramoDeAntiguedad;
  monto: number;
  pagado: number;
  nota: number;
  pendiente: number;
};

/** What differs between the customer statement and the supplier one: names and rows. */
type Estado = {
  contacto: EstadoDeCuentaCliente['cliente'];
  rotulo: 'CLIENTE' | 'PROVEEDOR';
  /** The documents of the statement («Facturas», «Compras») and which of them it shows. */
  documentos: string;
  cuales: Record<ExportarEstadoDeCuenta['estadoSeleccionado'], string>;
  columnas: { documento: string; pagado: string; nota: string; notas: string };
  fechaCorte: string;
  filas: Fila[];
  totalDocumentos: number;
  totalPagado: number;
  totalNotas: number;
  totalPendiente: number;
  totalesPorTramo: EstadoDeCuentaCliente['totalesPorTramo'];
};

function numeroDelDocumento(comprobante: string, numero: number | null): string {
  return comprobante || (numero === null ? '' : `N.º ${numero}`);
}

function deCliente(estado: EstadoDeCuentaCliente): Estado {
  return {
    contacto: estado.cliente,
    rotulo: 'CLIENTE',
    documentos: 'Facturas',
    cuales: { Pendientes: 'Facturas pendientes', Pagadas: 'Facturas pagadas', Todas: 'Todas las facturas' },
    columnas: { documento: 'Factura', pagado: 'Cobrado', nota: 'N. crédito', notas: 'Notas de crédito' },
    fechaCorte: estado.fechaCorte,
    filas: estado.facturas.map((f: FacturaDelEstado) => ({
      fecha: f.fecha,
      numero: numeroDelDocumento(f.comprobante, f.numeroFactura),
      vencimiento: f.vencimiento,
      diasVencidos: f.diasVencidos,
      tramo: f.tramo,
      monto: f.montoAPagar,
      pagado: f.cobrado,
      nota: f.montoNotaDeCreditoRef,
      pendiente: f.pendiente,
    })),
    totalDocumentos: estado.totalFacturado,
    totalPagado: estado.totalCobrado,
    totalNotas: estado.totalNotasDeCredito,
    totalPendiente: estado.totalPendiente,
    totalesPorTramo: estado.totalesPorTramo,
  };
}

function deProveedor(estado: EstadoDeCuentaProveedor): Estado {
  return {
    contacto: estado.proveedor,
    rotulo: 'PROVEEDOR',
    documentos: 'Compras',
    cuales: { Pendientes: 'Compras pendientes', Pagadas: 'Compras pagadas', Todas: 'Todas las compras' },
    columnas: { documento: 'Compra', pagado: 'Pagado', nota: 'N. débito', notas: 'Notas de débito' },
    fechaCorte: estado.fechaCorte,
    filas: estado.facturasDeCompras.map((c: CompraDelEstado) => ({
      fecha: c.fecha,
      numero: [numeroDelDocumento(c.comprobante, c.numeroCompra), c.ncf].filter(Boolean).join(' · '),
      vencimiento: c.vencimiento,
      diasVencidos: c.diasVencidos,
      tramo: c.tramo,
      monto: c.montoAPagar,
      pagado: c.cobrado,
      nota: c.montoNotaDeDebitoRef,
      pendiente: c.pendiente,
    })),
    totalDocumentos: estado.totalComprado,
    totalPagado: estado.totalPagado,
    totalNotas: estado.totalNotasDeDebito,
    totalPendiente: estado.totalPendiente,
    totalesPorTramo: estado.totalesPorTramo,
  };
}

function monto(valor: number): string {
  return formatearImporte(aCentavos(valor));
}

function rango(filtro: Filtro, estado: Estado): string {
  return filtro.porRangoDeFecha && filtro.fechaInicial
    ? `Del ${formatearFecha(filtro.fechaInicial)} al ${formatearFecha(estado.fechaCorte)}`
    : `Al ${formatearFecha(estado.fechaCorte)}`;
}

/** The statement as the kit's layout takes it. */
function estadoEnPdf(estado: Estado, filtro: Filtro): DocumentoDelPdf {
  const c = estado.contacto;
  return {
    titulo: 'Estado de cuenta',
    numero: c.nombre,
    datos: [
      ['Fecha de corte', formatearFecha(estado.fechaCorte)],
      ['Período', rango(filtro, estado)],
      [estado.documentos, estado.cuales[filtro.estadoSeleccionado]],
    ],
    resaltar: 'Fecha de corte',
    cliente: {
      titulo: estado.rotulo,
      nombre: c.nombre,
      lineas: [
        c.rnc ? `${c.rnc.length === 11 ? 'Cédula' : 'RNC'}: ${c.rnc}` : '',
        c.direccion,
        [c.telefono, c.correo].filter(Boolean).join('  ·  '),
      ].filter((linea) => linea !== ''),
    },
    condiciones: [[estado.documentos, String(estado.filas.length)]],
    lineas: [],
    tabla: {
      columnas: [
        { titulo: 'Fecha', ancho: 62, alinear: 'left' },
        { titulo: estado.columnas.documento, ancho: 0, alinear: 'left' },
        { titulo: 'Vence', ancho: 62, alinear: 'left' },
        { titulo: 'Días', ancho: 34, alinear: 'right' },
        { titulo: 'Monto', ancho: 66, alinear: 'right' },
        { titulo: estado.columnas.pagado, ancho: 66, alinear: 'right' },
        { titulo: estado.columnas.nota, ancho: 60, alinear: 'right' },
        { titulo: 'Pendiente', ancho: 70, alinear: 'right' },
      ],
      filas: estado.filas.map((f) => [
        formatearFecha(f.fecha),
        f.numero,
        formatearFecha(f.vencimiento),
        f.diasVencidos > 0 ? String(f.diasVencidos) : '',
        monto(f.monto),
        monto(f.pagado),
        f.nota > 0 ? monto(f.nota) : '',
        monto(f.pendiente),
      ]),
    },
    leyenda:
      estado.filas.length === 0
        ? `No hay ${estado.documentos.toLowerCase()} en este estado de cuenta.`
        : 'Montos en pesos dominicanos (RD$). Días: vencidos a la fecha de corte.',
    totales: [
      {
        etiqueta: estado.rotulo === 'CLIENTE' ? 'Facturado' : 'Comprado',
        valor: dinero(estado.totalDocumentos),
      },
      { etiqueta: estado.columnas.pagado, valor: `-${dinero(estado.totalPagado)}` },
      ...(estado.totalNotas > 0
        ? [{ etiqueta: estado.columnas.notas, valor: `-${dinero(estado.totalNotas)}` }]
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
function estadoEnTabla(
  estado: Estado,
  filtro: Filtro,
  empresa: Pick<EmpresaDelPdf, 'nombre'>,
  nombreArchivo: string,
): TablaExportable<Fila> {
  const c = estado.contacto;
  const rotulo = estado.rotulo === 'CLIENTE' ? 'Cliente' : 'Proveedor';
  return {
    titulo: 'Estado de cuenta',
    encabezado: [
      empresa.nombre,
      `${rotulo}: ${c.nombre}${c.rnc ? ` (${c.rnc})` : ''}`,
      `${rango(filtro, estado)} · ${estado.cuales[filtro.estadoSeleccionado]}`,
      ...TRAMOS_DE_ANTIGUEDAD.map(
        (tramo) => `${ETIQUETAS_DE_TRAMO[tramo]}: ${dinero(estado.totalesPorTramo[tramo])}`,
      ),
    ],
    columnas: [
      { titulo: 'Fecha', valor: (f) => f.fecha, ancho: 0.8 },
      { titulo: estado.columnas.documento, valor: (f) => f.numero, ancho: 1.1 },
      { titulo: 'Vence', valor: (f) => f.vencimiento, ancho: 0.8 },
      { titulo: 'Días vencidos', valor: (f) => f.diasVencidos, formato: 'entero', ancho: 0.7 },
      { titulo: 'Antigüedad', valor: (f) => ETIQUETAS_DE_TRAMO[f.tramo], ancho: 0.9 },
      { titulo: 'Monto', valor: (f) => f.monto, formato: 'dinero', ancho: 0.9 },
      { titulo: estado.columnas.pagado, valor: (f) => f.pagado, formato: 'dinero', ancho: 0.9 },
      { titulo: estado.columnas.notas, valor: (f) => f.nota, formato: 'dinero', ancho: 0.9 },
      { titulo: 'Pendiente', valor: (f) => f.pendiente, formato: 'dinero', ancho: 0.9 },
    ],
    filas: estado.filas,
    totales: [
      'Totales',
      null,
      null,
      null,
      null,
      estado.totalDocumentos,
      estado.totalPagado,
      estado.totalNotas,
      estado.totalPendiente,
    ],
    nombreArchivo,
  };
}

function nombreDeArchivo(estado: Estado): string {
  const contacto = estado.contacto.nombre
    .normalize('NFD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-');
  return `Estado-de-cuenta-${contacto || estado.contacto._id}-${estado.fechaCorte}`;
}

async function archivoDelEstado(
  ctx: Ctx,
  estado: Estado,
  filtro: Filtro & Pick<ExportarEstadoDeCuenta, 'documentoOpcion'>,
  carpetaDeArchivos: string | undefined,
): Promise<Archivo> {
  const empresa = await empresaDelPdf(ctx, carpetaDeArchivos);
  const nombre = nombreDeArchivo(estado);
  if (filtro.documentoOpcion === 'excel') {
    return {
      archivo: await tablaEnXlsx(estadoEnTabla(estado, filtro, empresa, nombre)),
      tipo: TIPO_XLSX,
      nombre: `${nombre}.xlsx`,
      disposicion: 'attachment',
    };
  }
  return {
    archivo: await renderizarDocumentoPdf(estadoEnPdf(estado, filtro), empresa),
    tipo: TIPO_PDF,
    nombre: `${nombre}.pdf`,
    disposicion: filtro.documentoOpcion === 'print' ? 'inline' : 'attachment',
  };
}

/** POST /ingresos-recibidos/pdf/estado-cuentas-clientes/: print (PDF inline), pdf or excel. */
export async function exportarEstadoDeCuenta(
  ctx: Ctx,
  filtro: ExportarEstadoDeCuenta,
  carpetaDeArchivos: string | undefined,
): Promise<Archivo> {
  return archivoDelEstado(
    ctx,
    deCliente(await estadoDeCuentaCliente(ctx, filtro)),
    filtro,
    carpetaDeArchivos,
  );
}

/** POST /recibos-egresos/pdf/estado-cuentas-proveedores/ (ours, the mirror of the customer's). */
export async function exportarEstadoDeProveedor(
  ctx: Ctx,
  filtro: ExportarEstadoDeCuentaProveedor,
  carpetaDeArchivos: string | undefined,
): Promise<Archivo> {
  return archivoDelEstado(
    ctx,
    deProveedor(await estadoDeCuentaProveedor(ctx, filtro)),
    filtro,
    carpetaDeArchivos,
  );
}
