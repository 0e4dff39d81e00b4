import type {
  Contacto,
  DetalleFactura,
  Factura,
  LineaFactura,
  ListaDePrecio,
  PagoFactura,
  ProductoAgregado,
} from '@pos/contract';
import { aPesos, calcularLinea, calcularTotales, lineaDesdeProducto, type PrecioAsignado } from '@pos/domain';
import type { z } from 'zod';

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
    idPedido: null,
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

export function listaDePrecioDePrueba(cambios: Partial<ListaDePrecio> = {}): ListaDePrecio {
  return {
    _id: idDe(900),
    identificadorUnico: 'lista-prueba-0001',
    nombre: 'Precio de venta',
    descripcion: '',
    activo: true,
    tipo: false,
    porcentaje: 0,
    diasDisponibles: [],
    vigencia: null,
    esUnaOferta: false,
    predeterminado: false,
    estado: 'Activo',
    autorizacion: null,
    notaAnular: '',
    ...cambios,
  };
}

export const ID_POR_MAYOR = idDe(901);
export const ID_OFERTA = idDe(902);

/** The default list, a list with prices of its own (Por mayor) and a 10 % one (Oferta), as the server lists them. */
export const LISTAS_DE_PRUEBA: ListaDePrecio[] = [
  listaDePrecioDePrueba({
    _id: ID_OFERTA,
    nombre: 'Oferta 10%',
    tipo: true,
    porcentaje: 10,
    esUnaOferta: true,
  }),
  listaDePrecioDePrueba({ _id: ID_POR_MAYOR, nombre: 'Por mayor' }),
  listaDePrecioDePrueba({ predeterminado: true }),
];

/** The warehouse the form's finder uses (the main one). */
export const ID_ALMACEN_PRINCIPAL = idDe(60);

/** The product of a test line as agregarproducto answers it (the line built by the domain, no list). */
function productoDeLinea(
  linea: LineaSimple,
  n: number,
  listaDePrecioAsignada: PrecioAsignado[],
): z.infer<typeof ProductoAgregado> {
  const _id = idDe(300 + n);
  const idCodigoDeBarra = `746000000${String(n).padStart(4, '0')}`;
  const precioTotal = Number(linea.precio);
  const calculada = lineaDesdeProducto({
    _id,
    nombre: linea.descripcion,
    idCodigoDeBarra,
    precioTotal,
    precioSinImpuestoSinRedondeo: linea.precio,
    impuestos: linea.impuestos,
    listaDePrecioAsignada,
  });
  return {
    _id,
    idProductoMaster: _id,
    nombre: linea.descripcion,
    tipo: 'producto',
    categoria: null,
    numeroProducto: n + 1,
    referencia: '',
    idCodigoDeBarra,
    costo: 100,
    costoPromedio: 100,
    precioTotal,
    precioDeVenta: linea.precioDeVenta,
    precioSinImpuesto: precioTotal,
    precioSinImpuestoSinRedondeo: linea.precio,
    impuestos: linea.impuestos,
    impuesto: linea.impuestos.map((i) => i.name).join(', '),
    listaDePrecioAsignada,
    descuento: 0,
    descuentoParaSocios: 0,
    variantes: [],
    opcionesDeVariantes: [],
    productoInventariable: true,
    itemPersonalizado: false,
    ventaSinDisponibilidad: true,
    notificacionExistencia: null,
    bloqueoPorInventario: false,
    paqueteIncluido: false,
    nombrePaquete: '',
    cantidadPorPaquete: 0,
    precioPorPaquete: '0',
    precioPorPaqueteConImpuesto: 0,
    costoPorPaquete: 0,
    idAlmacen: ID_ALMACEN_PRINCIPAL,
    tasaComision: 0,
    avatar: null,
    cuentaContableVentas: null,
    cuentaContableInventario: null,
    cuentaContableCostoDeVenta: null,
    modoPlan: '',
    frecuencia: 30,
    vigencia: '',
    cantidadDeUsuarios: 0,
    disponibilidad: 40,
    cantidadMinima: 2,
    cantidad: 1,
    paquete: false,
    linea: {
      ...calculada,
      impuestos: [...calculada.impuestos],
      variantes: [...calculada.variantes],
      listaDePrecioAsignada: [...calculada.listaDePrecioAsignada],
    },
    aviso: null,
    opciones: { disminuirCantidad: false, noActualizarCantidad: false, noDuplicarProducto: false },
  };
}

/**
 * The products of the test invoice's lines (codes 7460000000000…2, ids idDe(300…302)): the rice has a
 * price of its own on «Por mayor» (190 before tax, RD$224.20 with ITBIS).
 */
export function productosDePrueba(): Array<z.infer<typeof ProductoAgregado>> {
  return LINEAS.map((linea, n) =>
    productoDeLinea(linea, n, n === 0 ? [{ idLista: ID_POR_MAYOR, precio: 190 }] : []),
  );
}

export function contactoDePrueba(cambios: Partial<Contacto> = {}): Contacto {
  return {
    _id: idDe(40),
    identificadorUnico: 'contacto-prueba-0001',
    idUsuarioCreador: null,
    nombre: 'Comercial Rodríguez SRL',
    apellidos: '',
    avatar: null,
    tipoDeIdentificacion: 'RNC',
    rnc: '131246789',
    ncfPredeterminado: 'B01',
    tipoDeContacto: 'cliente',
    idListaDePrecio: null,
    idRuta: null,
    limiteCredito: 0,
    diasDeCredito: 0,
    socio: false,
    descuentoParaSocios: 0,
    revendedor: false,
    funcionEnLaEmpresa: '',
    direccion: 'Av. 27 de Febrero 215, Santo Domingo',
    location: null,
    telefono: '809-555-0101',
    movil: '',
    correo: 'compras@rodriguez.do',
    nota: '',
    estado: 'Activo',
    autorizacion: null,
    activo: true,
    notaAnular: '',
    notaAutorizacion: '',
    cuentaPorCobrar: null,
    cuentaPorPagar: null,
    creadoEn: '2026-01-01T00:00:00.000Z',
    actualizadoEn: '2026-01-01T00:00:00.000Z',
    ...cambios,
  };
}
