import type { DetalleFactura, Factura, LineaFactura, PagoFactura } from '@pos/contract';
import { aPesos, calcularLinea, calcularTotales } from '@pos/domain';

// Invoices for the component tests and the screenshots, with amounts computed by the domain so that
// lines, taxes and totals agree as the server's would.

export function idDe(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

const ITBIS_18 = { name: 'Itbis 18%', tipoDeImpuesto: 'itbis', tasa: 0.18 };
const EXENTO = { name: 'Exento 0%', tipoDeImpuesto: 'exento', tasa: 0 };

type LineaSimple = {
  descripcion: string;
  cantidad: number;
  precio: string;
  precioDeVenta: number;
  descuento?: number;
  impuestos: Array<typeof ITBIS_18>;
};

const LINEAS: LineaSimple[] = [
  {
    descripcion: 'Arroz Selecto 5 lb',
    cantidad: 2,
    precio: '207.627118644068',
    precioDeVenta: 245,
    impuestos: [ITBIS_18],
  },
  {
    descripcion: 'Aceite de soya Crisol 1 galón',
    cantidad: 1,
    precio: '550.847457627119',
    precioDeVenta: 650,
    descuento: 0.1,
    impuestos: [ITBIS_18],
  },
  {
    descripcion: 'Huevos blancos (cartón 30)',
    cantidad: 1,
    precio: '285',
    precioDeVenta: 285,
    impuestos: [EXENTO],
  },
];

function lineaDePrueba(linea: LineaSimple, n: number): LineaFactura {
  const calculada = calcularLinea(linea);
  return {
    _id: idDe(500 + n),
    idFactura: idDe(1),
    idProducto: idDe(300 + n),
    idCodigoDeBarra: `746000000${String(n).padStart(4, '0')}`,
    descripcion: linea.descripcion,
    nota: '',
    cantidad: linea.cantidad,
    unidades: linea.cantidad,
    precio: linea.precio,
    precioDeVenta: linea.precioDeVenta,
    descuento: linea.descuento ?? 0,
    descuentoParaSocios: 0,
    impuestos: calculada.impuestos.map((i) => ({ ...i, total: aPesos(i.total) })),
    importe: aPesos(calculada.importe),
    montoDescuento: aPesos(calculada.descuento),
    subtotal: aPesos(calculada.subtotal),
    totalImpuestos: aPesos(calculada.totalImpuestos),
    total: aPesos(calculada.total),
    paquete: false,
    itemPersonalizado: false,
    variantes: [],
    facturado: true,
  };
}

export function facturaDePrueba(cambios: Partial<Factura> = {}, lineas: LineaSimple[] = LINEAS): Factura {
  const totales = calcularTotales(lineas);
  const total = aPesos(totales.total);
  return {
    _id: idDe(1),
    identificadorUnico: 'factura-prueba-0001',
    idNumeracion: idDe(20),
    numeracionNombre: 'Factura de Consumo',
    numeroFactura: 128,
    comprobante: 'B0200000128',
    tipoNcf: 'B02',
    tipoNcfNombre: 'Factura de Consumo',
    vencimientoNcf: '2027-12-31',
    fechaEmision: '2026-11-22',
    hora: '14:35:10',
    vencimiento: '2026-11-22T12:00:00',
    plazoPagos: 0,
    idCliente: idDe(40),
    nombre: 'Comercial Rodríguez SRL',
    nombreOpcional: '',
    rnc: '131246789',
    tipoDeIdentificacion: 'RNC',
    cedula: '',
    telefono: '809-555-0101',
    movil: '',
    correo: 'compras@rodriguez.do',
    direccion: 'Av. 27 de Febrero 215, Santo Domingo',
    socio: false,
    idListaDePrecio: null,
    almacenActual: idDe(60),
    idTerminalRef: idDe(70),
    idTurnoRef: idDe(80),
    desdePos: true,
    metodoDePago: 'Efectivo',
    numeroDeAprobacionTarjeta: '',
    importe: aPesos(totales.importe),
    descuento: aPesos(totales.descuento),
    subtotal: aPesos(totales.subtotal),
    impuestos: aPesos(totales.impuestos),
    itbis: aPesos(totales.itbis),
    desgloseDeImpuestos: totales.desgloseDeImpuestos.map((d) => ({ ...d, total: aPesos(d.total) })),
    total,
    totalFacturado: total,
    totalRetenciones: 0,
    montoAPagar: total,
    efectivoRecibido: 2000,
    cobrado: total,
    pendiente: 0,
    cambioDeDinero: Math.round((2000 - total) * 100) / 100,
    estadoDelCobro: 'Cobrada',
    retenciones: [],
    notaPieDePagina: 'No se aceptan devoluciones después de 30 días.',
    notaInformacionInterna: '',
    numeroBorradorPos: 1,
    estado: 'Activo',
    autorizacion: null,
    activo: true,
    notaAnular: '',
    tipoDeAnulacion: '',
    notaAutorizacion: '',
    creadaPor: 'maria',
    idUsuarioCreador: idDe(90),
    creadoEn: '2026-11-22T18:35:10.000Z',
    actualizadoEn: '2026-11-22T18:35:10.000Z',
    ...cambios,
  };
}

export function pagoDePrueba(cambios: Partial<PagoFactura> = {}): PagoFactura {
  return {
    _id: idDe(700),
    origen: 'factura',
    metodo: 'Efectivo',
    monto: 0,
    numeroDeAprobacion: '',
    cuenta: null,
    fecha: '2026-11-22T18:35:10.000Z',
    ...cambios,
  };
}

/** An invoice detail as GET /factura/una/{id} answers it. */
export function detalleDePrueba(cambios: Partial<Factura> = {}, pagos?: PagoFactura[]): DetalleFactura {
  const factura = facturaDePrueba(cambios);
  return {
    FacturaDb: factura,
    linea_facturasRef: LINEAS.map(lineaDePrueba).map((l) => ({ ...l, idFactura: factura._id })),
    conduce_facturado: [],
    pendiente: factura.pendiente,
    cobrado: factura.cobrado,
    montoNotaDeCreditoRef: 0,
    listaPagosIngreso: pagos ?? (factura.cobrado > 0 ? [pagoDePrueba({ monto: factura.cobrado })] : []),
    listaDeCredtosAfavor: [],
    retenciones: [],
    asientos: [{ _id: idDe(800), numero: 42, fecha: '2026-11-22', revierte: false }],
  };
}

export const EMPRESA_DE_PRUEBA = {
  nombre: 'Colmado La Esquina',
  rnc: '101234567',
  direccion: 'C/ Duarte 45, Los Mina, Santo Domingo Este',
  telefono: '809-555-0199',
};
