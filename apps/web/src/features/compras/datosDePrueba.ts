import type {
  Compra,
  Contacto,
  DetalleCompra,
  DetalleOrdenDeCompra,
  Numeracion,
  OrdenDeCompra,
  Retencion,
} from '@pos/contract';
import { cotizacionDePrueba } from '../cotizaciones/datosDePrueba.ts';
import {
  contactoDePrueba,
  ID_ALMACEN_PRINCIPAL,
  idDe,
  productosDePrueba,
} from '../facturas/datosDePrueba.ts';
import { json, respuestaDeError, servidorDePrueba } from '../facturas/servidorDePrueba.ts';

// Purchases answered from memory for the component tests, on top of the invoice screens' fake API
// (products, warehouses, profile, contacts).

export const ID_PROVEEDOR = idDe(41);
export const ID_ORDEN = idDe(800);
export const ID_B11 = idDe(721);
export const ID_INTERNA = idDe(720);
export const ID_RETENCION_ISR = idDe(730);
/** The code of a product blocked by inventory: agregar-producto-compras refuses it. */
export const CODIGO_BLOQUEADO = '7469999999999';
export const MENSAJE_BLOQUEADO = 'El producto Cemento gris está bloqueado por inventario.';

export function proveedorDePrueba(cambios: Partial<Contacto> = {}): Contacto {
  return contactoDePrueba({
    _id: ID_PROVEEDOR,
    identificadorUnico: 'proveedor-prueba-0001',
    nombre: 'Distribuidora del Cibao SRL',
    rnc: '101000007',
    tipoDeContacto: 'proveedor',
    ...cambios,
  });
}

export function compraDePrueba(cambios: Partial<Compra> = {}): Compra {
  const base = cotizacionDePrueba();
  return {
    ...base,
    _id: idDe(750),
    identificadorUnico: 'compra-750',
    idNumeracion: ID_INTERNA,
    numeracionNombre: 'Compras',
    comprobante: 'CMP00000012',
    numeroCompra: 12,
    idCliente: ID_PROVEEDOR,
    idProveedor: ID_PROVEEDOR,
    nombre: 'Distribuidora del Cibao SRL',
    rnc: '101000007',
    vencimiento: '2026-12-22T12:00:00.000Z',
    ncf: 'B0100000045',
    tipoCompra: '',
    tiposBienesServicios: '09',
    itbisSujetoProporcionalidad: false,
    itbisAlCosto: false,
    plazoPagos: 30,
    metodoDePago: 'Efectivo',
    efectivoRecibido: 0,
    idCuentaPago: null,
    itbis: 180,
    totalRetenciones: 0,
    montoAPagar: 1180,
    retenciones: [],
    idCentroDeCosto: null,
    centroDeCosto: '',
    fechaPago: null,
    cobrado: 0,
    pendiente: 1180,
    estadoDePago: '',
    ...cambios,
  };
}

export function detalleDeCompra(compra: Compra = compraDePrueba()): DetalleCompra {
  return {
    compraDb: compra,
    lineasCompraDb: [],
    listaPagosEgreso: [],
    retenciones: compra.retenciones,
    ordenDeCompraVinculadas: [],
    montoNotaDeDebitoRef: 0,
    cobrado: compra.cobrado,
    pendiente: compra.pendiente,
    advertencias: [],
    asientos: [],
  };
}

export function ordenDePrueba(cambios: Partial<OrdenDeCompra> = {}): OrdenDeCompra {
  return {
    ...cotizacionDePrueba(),
    _id: ID_ORDEN,
    identificadorUnico: 'orden-800',
    comprobante: 'OC00000003',
    numeracionNombre: 'Órdenes de compra',
    numeroOrdenDeCompra: 3,
    idCliente: ID_PROVEEDOR,
    nombre: 'Distribuidora del Cibao SRL',
    rnc: '101000007',
    idCompra: null,
    comprobanteCompra: null,
    ...cambios,
  };
}

/** The order with one line: 10 bags of rice at RD$200.00 before tax. */
export function detalleDeOrden(): DetalleOrdenDeCompra {
  return {
    ordenCompraDb: ordenDePrueba(),
    lineaOrdenDeCompra: [
      {
        _id: idDe(810),
        idOrdenDeCompra: ID_ORDEN,
        orden: 0,
        idProducto: idDe(300),
        idCodigoDeBarra: '7460000000000',
        descripcion: 'Arroz Selecto 5 lb',
        nota: '',
        cantidad: 10,
        precio: '200',
        descuento: 0,
        descuentoParaSocios: 0,
        impuestos: [{ name: 'Itbis 18%', tipoDeImpuesto: 'itbis', tasa: 0.18, total: 360 }],
        importe: 2000,
        montoDescuento: 0,
        subtotal: 2000,
        totalImpuestos: 360,
        total: 2360,
        paquete: false,
        variantes: [],
      },
    ],
  };
}

function numeracionDePrueba(cambios: Partial<Numeracion>): Numeracion {
  return {
    _id: ID_INTERNA,
    identificadorUnico: 'numeracion-compras',
    nombre: 'Compras',
    nombreModel: 'compras',
    tipoDeDocumento: 'compras',
    perfilesDeTipos: 'interna',
    prefijo: 'CMP',
    prefijoNumerico: '',
    perfilNumericoOpciones: 8,
    fiscal: false,
    fechaVencimiento: null,
    desde: 1,
    hasta: null,
    seq: 13,
    proximoComprobante: 'CMP00000013',
    predeterminado: true,
    creadoEn: '2026-01-01T00:00:00.000Z',
    actualizadoEn: '2026-01-01T00:00:00.000Z',
    ...cambios,
  };
}

export const NUMERACIONES_DE_COMPRAS: Numeracion[] = [
  numeracionDePrueba({}),
  numeracionDePrueba({
    _id: ID_B11,
    identificadorUnico: 'numeracion-b11',
    nombre: 'Comprobante de compras',
    perfilesDeTipos: 'B11',
    prefijo: 'B',
    prefijoNumerico: '11',
    fiscal: true,
    fechaVencimiento: '2027-12-31',
    proximoComprobante: 'B1100000007',
    predeterminado: false,
  }),
];

export function retencionDePrueba(cambios: Partial<Retencion> = {}): Retencion {
  return {
    _id: ID_RETENCION_ISR,
    identificadorUnico: 'retencion-isr',
    nombre: 'ISR 10 %',
    porcentaje: 10,
    tipo: '',
    tipoRetencion: 'isr',
    tipoRetencionIsr: '02',
    cuentaContableParaVenta: null,
    cuentaContableParaCompras: null,
    estado: 'Activo',
    autorizacion: null,
    notaAnular: '',
    ...cambios,
  } as Retencion;
}

type Opciones = Parameters<typeof servidorDePrueba>[0] & {
  compras?: Compra[];
  detalle?: DetalleCompra;
  duplicada?: boolean;
  /** The update answers this error (status 400). */
  errorAlActualizar?: string;
  errorAlEliminar?: string;
};

/** Stubs `fetch` with the selling API plus the purchase, order, numbering and withholding calls. */
export function servidorDeCompras({
  compras = [compraDePrueba()],
  detalle,
  duplicada = false,
  errorAlActualizar,
  errorAlEliminar,
  ...opciones
}: Opciones = {}) {
  return servidorDePrueba({
    contactos: [proveedorDePrueba()],
    ...opciones,
    extra: (metodo, url, cuerpo) => {
      const ruta = url.pathname;
      if (ruta === '/api/numeracion/') {
        return json(NUMERACIONES_DE_COMPRAS);
      }
      if (ruta === '/api/lista-de-retenciones/todas/') {
        return json({ res: [retencionDePrueba()], totalRows: 1 });
      }
      if (ruta === '/api/registro-productos/agregar-producto-compras') {
        const { idCodigoDeBarra } = cuerpo as { idCodigoDeBarra: string };
        if (idCodigoDeBarra === CODIGO_BLOQUEADO) {
          return respuestaDeError(409, MENSAJE_BLOQUEADO);
        }
        const producto = productosDePrueba().find(
          (p) => p.idCodigoDeBarra === idCodigoDeBarra || p._id === idCodigoDeBarra,
        );
        return producto
          ? json(producto)
          : respuestaDeError(404, 'Producto no disponible en el almacén seleccionado.');
      }
      if (ruta === `/api/orden-de-compra/cliente/${ID_PROVEEDOR}`) {
        return json({ res: [ordenDePrueba()], totalRows: 1 });
      }
      if (ruta === `/api/orden-de-compra/vincular_orden_compra/${ID_ORDEN}`) {
        return json(detalleDeOrden());
      }
      if (ruta === '/api/compras-proveedores/' && metodo === 'POST') {
        return json({ ...detalleDeCompra(), solicitudDuplicada: duplicada });
      }
      if (ruta === '/api/compras-proveedores/lista-de-compras') {
        return json({ res: compras, totalRows: compras.length });
      }
      const una = /^\/api\/compras-proveedores\/una\/([0-9a-f-]{36})$/.exec(ruta);
      if (una) {
        const compra = compras.find((c) => c._id === una[1]);
        return compra
          ? json(detalle ?? detalleDeCompra(compra))
          : respuestaDeError(404, 'La compra no existe.');
      }
      if (/^\/api\/compras-proveedores\/[0-9a-f-]{36}$/.test(ruta) && metodo === 'PUT') {
        return errorAlActualizar ? respuestaDeError(400, errorAlActualizar) : json(detalleDeCompra());
      }
      if (/^\/api\/compras-proveedores\/[0-9a-f-]{36}$/.test(ruta) && metodo === 'DELETE') {
        return errorAlEliminar
          ? respuestaDeError(409, errorAlEliminar)
          : json({ compraDb: compraDePrueba() });
      }
      return undefined;
    },
  });
}

export { ID_ALMACEN_PRINCIPAL };
