import type { Contacto, DetalleFactura, Factura, FacturaCreada, Turno } from '@pos/contract';
import { aPesos, calcularTotales, lineaDesdeProducto, type ProductoParaLinea } from '@pos/domain';
import { contactoDePrueba as contactoDeFacturas, idDe } from '../facturas/datosDePrueba.ts';
import type { ProductoAgregadoPos } from './borrador.ts';

// Fixtures of the POS tests: products as agregarproducto answers them (the line built by the domain's
// lineaDesdeProducto, as the server builds it), a shift, a contact and an invoice answer.

export { idDe };

export const ID_ALMACEN = idDe(0xa1);
export const ID_TERMINAL = idDe(0x71);
export const ID_TURNO = idDe(0x72);
export const ID_USUARIO = '00000000-0000-4000-8000-000000000001';
export const ITBIS = { name: 'Itbis 18%', tipoDeImpuesto: 'itbis', tasa: 0.18 };

type Opciones = {
  _id?: string;
  nombre?: string;
  idCodigoDeBarra?: string;
  precioDeVenta?: number;
  precioSinImpuestoSinRedondeo?: string;
  cantidad?: number;
  paquete?: boolean;
  itemPersonalizado?: boolean;
  notificacionExistencia?: 0 | 1 | null;
  descuentoParaSocios?: number;
  socio?: boolean;
  paqueteIncluido?: boolean;
  precioPorPaqueteConImpuesto?: number;
  cantidadPorPaquete?: number;
};

/** A product as POST /registro-productos/agregarproducto answers it. */
export function productoAgregado(opciones: Opciones = {}): ProductoAgregadoPos {
  const _id = opciones._id ?? idDe(0xf1);
  const precioDeVenta = opciones.precioDeVenta ?? 245;
  const precioSinImpuestoSinRedondeo = opciones.precioSinImpuestoSinRedondeo ?? '207.627118644068';
  const paraLinea: ProductoParaLinea = {
    _id,
    nombre: opciones.nombre ?? 'Arroz Selecto 5 lb',
    idCodigoDeBarra: opciones.idCodigoDeBarra ?? '7460000000017',
    precioTotal: Number(precioSinImpuestoSinRedondeo),
    precioSinImpuestoSinRedondeo,
    impuestos: [ITBIS],
    descuentoParaSocios: opciones.descuentoParaSocios ?? 0,
    paqueteIncluido: opciones.paqueteIncluido ?? false,
    cantidadPorPaquete: opciones.cantidadPorPaquete ?? 0,
    precioPorPaqueteConImpuesto: opciones.precioPorPaqueteConImpuesto ?? 0,
  };
  const linea = lineaDesdeProducto(paraLinea, {
    cantidad: opciones.cantidad ?? 1,
    paquete: opciones.paquete ?? false,
    itemPersonalizado: opciones.itemPersonalizado ?? false,
    socio: opciones.socio ?? false,
  });
  const notificacion = opciones.notificacionExistencia ?? null;
  return {
    _id,
    idProductoMaster: _id,
    nombre: paraLinea.nombre,
    tipo: 'producto',
    categoria: null,
    numeroProducto: 1,
    referencia: '',
    idCodigoDeBarra: paraLinea.idCodigoDeBarra ?? '',
    costo: 150,
    costoPromedio: 150,
    precioTotal: paraLinea.precioTotal,
    precioDeVenta,
    precioSinImpuesto: paraLinea.precioTotal,
    precioSinImpuestoSinRedondeo,
    impuestos: [ITBIS],
    impuesto: 'Itbis 18%',
    listaDePrecioAsignada: [],
    descuento: linea.descuento,
    descuentoParaSocios: linea.descuentoParaSocios,
    variantes: [],
    opcionesDeVariantes: [],
    productoInventariable: true,
    itemPersonalizado: linea.itemPersonalizado,
    ventaSinDisponibilidad: true,
    notificacionExistencia: notificacion,
    bloqueoPorInventario: false,
    paqueteIncluido: paraLinea.paqueteIncluido ?? false,
    nombrePaquete: paraLinea.paqueteIncluido ? 'Fardo' : '',
    cantidadPorPaquete: paraLinea.cantidadPorPaquete ?? 0,
    precioPorPaquete: '0',
    precioPorPaqueteConImpuesto: paraLinea.precioPorPaqueteConImpuesto ?? 0,
    costoPorPaquete: 0,
    idAlmacen: ID_ALMACEN,
    tasaComision: 0,
    avatar: null,
    cuentaContableVentas: null,
    cuentaContableInventario: null,
    cuentaContableCostoDeVenta: null,
    modoPlan: '',
    frecuencia: 30,
    vigencia: '',
    cantidadDeUsuarios: 0,
    disponibilidad: notificacion === 0 ? 0 : 12,
    cantidadMinima: 2,
    cantidad: linea.cantidad,
    paquete: linea.paquete,
    linea: {
      ...linea,
      impuestos: [...linea.impuestos],
      variantes: [...linea.variantes],
      listaDePrecioAsignada: [...linea.listaDePrecioAsignada],
    },
    aviso:
      notificacion === 1
        ? { tipo: 'warning', mensaje: 'Este artículo esta próximo a agotarse' }
        : notificacion === 0
          ? { tipo: 'danger', mensaje: 'Este artículo esta agotado' }
          : null,
    opciones: { disminuirCantidad: false, noActualizarCantidad: false, noDuplicarProducto: false },
  };
}

export const ACEITE = {
  _id: idDe(0xf2),
  nombre: 'Aceite Crisol 1 galón',
  idCodigoDeBarra: '7460000000024',
  precioDeVenta: 650,
  precioSinImpuestoSinRedondeo: '550.847457627119',
};

export function turnoDePrueba(cambios: Partial<Turno> = {}): Turno {
  return {
    _id: ID_TURNO,
    idTerminalRef: ID_TERMINAL,
    nombreTerminal: 'Caja 1',
    idUserRef: ID_USUARIO,
    nombreUsuario: 'maria',
    estadoDelTurno: true,
    fechaDeInicio: '2026-11-22T12:00:00.000Z',
    fechaDeCierre: null,
    montoDeInicio: 2000,
    montoDeCierre: null,
    desgloseDeEfectivoApertura: [],
    desgloseDeEfectivo: [],
    descripcion: '',
    detallesDeCierre: '',
    efectivo: 0,
    tarjetaCredito: 0,
    tarjetaDebito: 0,
    transferencia: 0,
    cheque: 0,
    credito: 0,
    ingresoDeEfectivo: 0,
    retiroDeEfectivo: 0,
    devolucionesDeEfectvo: 0,
    totalGral: 0,
    totalEnCaja: 2000,
    diferencia: null,
    cantidadDeFacturas: 0,
    ...cambios,
  };
}

/** A consumer (cédula) contact: the invoices' test contact with the POS tests' identity. */
export function contactoDePrueba(cambios: Partial<Contacto> = {}): Contacto {
  return contactoDeFacturas({
    _id: idDe(0xc1),
    identificadorUnico: 'contacto-1-xxxx',
    nombre: 'Juan Pérez',
    tipoDeIdentificacion: 'Cédula',
    rnc: '00112345678',
    ncfPredeterminado: '',
    direccion: '',
    correo: '',
    ...cambios,
  });
}

type LineaEnviada = { descripcion: string; cantidad: number; precio: string; descuento?: number };

/** The answer of POST /factura/crear for the lines sent, with the domain's totals. */
export function facturaCreada(
  lineas: readonly LineaEnviada[],
  cambios: Partial<Factura> & { solicitudDuplicada?: boolean } = {},
): FacturaCreada {
  const { solicitudDuplicada = false, ...campos } = cambios;
  const totales = calcularTotales(lineas.map((l) => ({ ...l, impuestos: [ITBIS] })));
  const factura: Factura = {
    _id: idDe(0xfa),
    identificadorUnico: 'x',
    idNumeracion: null,
    numeracionNombre: 'Consumidor final',
    numeroFactura: 41,
    comprobante: 'B0200000041',
    tipoNcf: 'B02',
    tipoNcfNombre: 'Factura de Consumo',
    vencimientoNcf: '2027-12-31',
    fechaEmision: '2026-11-22',
    hora: '10:15:00',
    vencimiento: '2026-11-22T12:00:00',
    plazoPagos: 0,
    idCliente: null,
    nombre: 'Consumidor final',
    nombreOpcional: '',
    rnc: '',
    tipoDeIdentificacion: '',
    cedula: '',
    telefono: '',
    movil: '',
    correo: '',
    direccion: '',
    socio: false,
    idListaDePrecio: null,
    almacenActual: ID_ALMACEN,
    idTerminalRef: ID_TERMINAL,
    idTurnoRef: ID_TURNO,
    desdePos: true,
    metodoDePago: 'Efectivo',
    numeroDeAprobacionTarjeta: '',
    importe: aPesos(totales.importe),
    descuento: aPesos(totales.descuento),
    subtotal: aPesos(totales.subtotal),
    impuestos: aPesos(totales.impuestos),
    itbis: aPesos(totales.itbis),
    desgloseDeImpuestos: totales.desgloseDeImpuestos.map((d) => ({ ...d, total: aPesos(d.total) })),
    total: aPesos(totales.total),
    totalFacturado: aPesos(totales.total),
    totalRetenciones: 0,
    montoAPagar: aPesos(totales.total),
    efectivoRecibido: aPesos(totales.total),
    cobrado: aPesos(totales.total),
    pendiente: 0,
    cambioDeDinero: 0,
    estadoDelCobro: 'Cobrada',
    retenciones: [],
    notaPieDePagina: '',
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
    idUsuarioCreador: ID_USUARIO,
    creadoEn: '2026-11-22T14:15:00.000Z',
    actualizadoEn: '2026-11-22T14:15:00.000Z',
    ...campos,
  };
  const detalle: DetalleFactura = {
    FacturaDb: factura,
    linea_facturasRef: [],
    conduce_facturado: [],
    pendiente: factura.pendiente,
    cobrado: factura.cobrado,
    montoNotaDeCreditoRef: 0,
    listaPagosIngreso: [],
    listaDeCredtosAfavor: [],
    retenciones: [],
    asientos: [],
  };
  return { ...detalle, solicitudDuplicada, facturadb: factura };
}
