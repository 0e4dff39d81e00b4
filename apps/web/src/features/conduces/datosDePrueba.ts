import type { Conduce, DetalleConduce } from '@pos/contract';
import { idDe } from '../facturas/datosDePrueba.ts';
import { json, respuestaDeError, servidorDePrueba } from '../facturas/servidorDePrueba.ts';

// Delivery notes answered from memory for the component tests, on top of the invoice screens' fake API
// (products, price lists, customers, invoices, profile).

export function conduceDePrueba(cambios: Partial<Conduce> = {}): Conduce {
  return {
    _id: idDe(750),
    identificadorUnico: 'conduce-750',
    idNumeracion: idDe(760),
    numeracionNombre: 'Conduces',
    comprobante: 'CON00000004',
    numeroConduce: 4,
    tipo: 'preFactura',
    idFactura: null,
    totalGraltemRetirados: 0,
    idCliente: idDe(40),
    nombre: 'Comercial Rodríguez SRL',
    nombreOpcional: '',
    rnc: '131246789',
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
    vencimiento: null,
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

/** Stubs `fetch` with the selling API plus the /conduce/ calls the screens make. */
export function servidorDeConduces({
  conduces = [conduceDePrueba()],
  duplicada = false,
  rechazo,
  ...opciones
}: Parameters<typeof servidorDePrueba>[0] & {
  conduces?: Conduce[];
  duplicada?: boolean;
  /** The server's refusal of a create (409), e.g. delivering more than the invoice sold. */
  rechazo?: string;
} = {}) {
  return servidorDePrueba({
    ...opciones,
    extra: (metodo, url) => {
      if (url.pathname === '/api/conduce/' && metodo === 'POST') {
        if (rechazo) {
          return respuestaDeError(409, rechazo);
        }
        const detalle: DetalleConduce = { conduceDb: conduceDePrueba(), lineasConduce: [] };
        return json({ ...detalle, solicitudDuplicada: duplicada });
      }
      if (url.pathname === '/api/conduce/todos') {
        return json({ res: conduces, totalRows: conduces.length });
      }
      const uno = /^\/api\/conduce\/([0-9a-f-]{36})$/.exec(url.pathname);
      if (uno) {
        const conduce = conduces.find((c) => c._id === uno[1]);
        return conduce
          ? json({ conduceDb: conduce, lineasConduce: [] } satisfies DetalleConduce)
          : respuestaDeError(404, 'El conduce no existe.');
      }
      return undefined;
    },
  });
}
