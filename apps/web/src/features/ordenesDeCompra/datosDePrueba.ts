import type { DetalleOrdenDeCompra, OrdenDeCompra } from '@pos/contract';
import { contactoDePrueba, idDe, productosDePrueba } from '../facturas/datosDePrueba.ts';
import { json, servidorDePrueba } from '../facturas/servidorDePrueba.ts';

// Purchase orders answered from memory for the component tests, on top of the invoice screens' fake API
// (warehouses, profile), with a supplier among the contacts and products read at cost.

export function ordenDeCompraDePrueba(cambios: Partial<OrdenDeCompra> = {}): OrdenDeCompra {
  return {
    _id: idDe(800),
    identificadorUnico: 'orden-800',
    idNumeracion: idDe(810),
    numeracionNombre: 'Órdenes de compra',
    comprobante: 'OC00000004',
    numeroOrdenDeCompra: 4,
    idCompra: null,
    comprobanteCompra: null,
    idCliente: idDe(41),
    nombre: 'Distribuidora Caribe SRL',
    nombreOpcional: '',
    rnc: '130456789',
    tipoDeIdentificacion: 'RNC',
    cedula: '',
    telefono: '',
    movil: '',
    correo: 'ventas@caribe.do',
    direccion: '',
    socio: false,
    idListaDePrecio: null,
    almacenActual: idDe(60),
    fechaEmision: '2026-11-22T12:00:00.000Z',
    hora: '09:15:00',
    vencimiento: null,
    importe: 4000,
    descuento: 0,
    subtotal: 4000,
    impuestos: 720,
    totalGral: 4720,
    notaPieDePagina: '',
    notaInformacionInterna: '',
    estado: 'Activo',
    autorizacion: null,
    activo: true,
    tipoDeAnulacion: '',
    notaAnular: '',
    notaAutorizacion: '',
    idUsuarioCreador: idDe(90),
    creadaPor: 'maria',
    creadoEn: '2026-11-22T14:30:00.000Z',
    ...cambios,
  };
}

export const proveedorDePrueba = () =>
  contactoDePrueba({ _id: idDe(41), nombre: 'Distribuidora Caribe SRL', tipoDeContacto: 'proveedor' });

/** Stubs `fetch` with the selling API plus the purchase-order calls and the product at cost. */
export function servidorDeOrdenesDeCompra({
  ordenes = [ordenDeCompraDePrueba()],
  duplicada = false,
  ...opciones
}: Parameters<typeof servidorDePrueba>[0] & { ordenes?: OrdenDeCompra[]; duplicada?: boolean } = {}) {
  const detalle = (orden: OrdenDeCompra): DetalleOrdenDeCompra => ({
    ordenCompraDb: orden,
    lineaOrdenDeCompra: [],
  });
  return servidorDePrueba({
    contactos: [proveedorDePrueba()],
    ...opciones,
    extra: (metodo, url) => {
      if (url.pathname === '/api/registro-productos/agregar-producto-compras') {
        return json(productosDePrueba()[0]);
      }
      if (url.pathname === '/api/orden-de-compra/' && metodo === 'POST') {
        const orden = ordenDeCompraDePrueba();
        return json({
          ...detalle(orden),
          nombre: orden.nombre,
          numeroOrdenDeCompra: orden.numeroOrdenDeCompra,
          solicitudDuplicada: duplicada,
        });
      }
      if (url.pathname === '/api/orden-de-compra/todas') {
        return json({ res: ordenes, totalRows: ordenes.length });
      }
      const una = /^\/api\/orden-de-compra\/([0-9a-f-]{36})$/.exec(url.pathname);
      if (una && metodo === 'GET') {
        return json(detalle(ordenes.find((o) => o._id === una[1]) ?? ordenDeCompraDePrueba()));
      }
      return undefined;
    },
  });
}
