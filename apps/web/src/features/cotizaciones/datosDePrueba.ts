import type { Cotizacion, DetalleCotizacion } from '@pos/contract';
import { idDe } from '../facturas/datosDePrueba.ts';
import { json, servidorDePrueba } from '../facturas/servidorDePrueba.ts';

// Quotations answered from memory for the component tests, on top of the invoice screens' fake API
// (products, price lists, customers, profile).

export function cotizacionDePrueba(cambios: Partial<Cotizacion> = {}): Cotizacion {
  return {
    _id: idDe(700),
    identificadorUnico: 'cotizacion-700',
    idNumeracion: idDe(710),
    numeracionNombre: 'Cotizaciones',
    comprobante: 'COT00000007',
    numeroCotizacion: 7,
    idCliente: idDe(40),
    nombre: 'Comercial Rodríguez SRL',
    nombreOpcional: '',
    rnc: '101000001',
    tipoDeIdentificacion: 'RNC',
    cedula: '',
    telefono: '',
    movil: '',
    correo: '',
    direccion: '',
    socio: false,
    idListaDePrecio: null,
    almacenActual: idDe(60),
    fechaEmision: '2026-11-22T12:00:00.000Z',
    hora: '10:30:00',
    vencimiento: '2026-12-07T12:00:00.000Z',
    importe: 1000,
    descuento: 0,
    subtotal: 1000,
    impuestos: 180,
    totalGral: 1180,
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

/** Stubs `fetch` with the selling API plus POST /cotizacion/ and /cotizacion/todas. */
export function servidorDeCotizaciones({
  cotizaciones = [cotizacionDePrueba()],
  duplicada = false,
  ...opciones
}: Parameters<typeof servidorDePrueba>[0] & { cotizaciones?: Cotizacion[]; duplicada?: boolean } = {}) {
  return servidorDePrueba({
    ...opciones,
    extra: (metodo, url) => {
      if (url.pathname === '/api/cotizacion/' && metodo === 'POST') {
        const detalle: DetalleCotizacion = { cotizacionDb: cotizacionDePrueba(), lineasCotizacion: [] };
        return json({ ...detalle, solicitudDuplicada: duplicada });
      }
      if (url.pathname === '/api/cotizacion/todas') {
        return json({ res: cotizaciones, totalRows: cotizaciones.length });
      }
      if (url.pathname.startsWith('/api/cotizacion/')) {
        return json({ cotizacionDb: cotizacionDePrueba(), lineasCotizacion: [] });
      }
      return undefined;
    },
  });
}
