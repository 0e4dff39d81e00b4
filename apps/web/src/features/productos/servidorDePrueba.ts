import {
  ProductoEnLista as Esquema,
  HORARIO_POR_DEFECTO,
  LIMITE_PRODUCTOS,
  type Producto,
  type ProductoEnLista,
} from '@pos/contract';
import { vi } from 'vitest';

// A fake API for the product screens' component tests: the calls the screens make, answered from memory.

export const ID_ALMACEN = '00000000-0000-4000-8000-00000000a001';
export const ID_ALMACEN_2 = '00000000-0000-4000-8000-00000000a002';
export const ITBIS = { name: 'Itbis 18%', tipoDeImpuesto: 'itbis', tasa: 0.18 };

export function idDe(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

export function productoDePrueba(cambios: Partial<Producto> = {}): Producto {
  return {
    _id: idDe(1),
    identificadorUnico: 'ident-producto-1',
    numeroProducto: 1,
    nombre: 'Arroz Selecto 5 lb',
    categoria: null,
    tipo: 'producto',
    unidadMedida: 'Unidad',
    avatar: null,
    idCodigoDeBarra: '7460000000017',
    referencia: '',
    descripcion: '',
    impuesto: 'Itbis 18%',
    impuestos: [ITBIS],
    precioDeVenta: 245,
    precioTotal: 207.63,
    precioSinImpuesto: 207.63,
    precioSinImpuestoSinRedondeo: '207.627118644068',
    costo: 190.5,
    costoPromedio: 190.5,
    ultimoCosto: 190.5,
    tasaBeneficios: 0,
    tasaComision: 0,
    descuentoParaSocios: 0,
    productoInventariable: true,
    ventaSinDisponibilidad: true,
    excluirDelCatalogo: false,
    favorito: false,
    estado: 'Activo',
    autorizacion: null,
    notaAnular: '',
    bloqueoPorInventario: false,
    itemPersonalizado: false,
    paqueteIncluido: false,
    nombrePaquete: '',
    cantidadPorPaquete: 0,
    precioPorPaquete: '0',
    precioPorPaqueteConImpuesto: 0,
    costoPorPaquete: 0,
    modoPlan: '',
    frecuencia: 30,
    vigencia: '',
    cantidadDeUsuarios: 0,
    reservable: false,
    tipoDeReserva: 'cita',
    duracionReserva: 15,
    idUsuarioProveedor: null,
    horaDeInicioPorDefecto: '08:00',
    horaDeCierrePorDefecto: '17:00',
    horarioDeTrabajo: HORARIO_POR_DEFECTO,
    variantes: [],
    opcionesDeVariantes: [],
    cuentaContableVentas: null,
    cuentaContableInventario: null,
    cuentaContableCostoDeVenta: null,
    ajustesPorSaldosInicialesEnInventario: null,
    asignaciones: [
      {
        idAlmacen: ID_ALMACEN,
        nombreAlmacen: 'Almacén Principal',
        cantidadInicial: 10,
        cantidadMinima: 2,
        cantidadMaxima: 0,
        disponibilidad: 10,
      },
    ],
    listaDePrecioAsignada: [],
    disponibilidad: 10,
    creadoEn: '2026-11-20T14:00:00.000Z',
    actualizadoEn: '2026-11-21T15:30:00.000Z',
    idUsuarioCreador: null,
    creadoPor: 'admin',
    modificadoPor: 'cajera',
    ...cambios,
  };
}

export function filaDePrueba(n: number, cambios: Partial<ProductoEnLista> = {}): ProductoEnLista {
  const producto = productoDePrueba({
    _id: idDe(n),
    numeroProducto: n,
    nombre: `Producto ${String(n).padStart(2, '0')}`,
    idCodigoDeBarra: `74600000${String(n).padStart(5, '0')}`,
  });
  return Esquema.parse({
    ...producto,
    nombreCategoria: 'Víveres',
    idAlmacen: null,
    cantidadMinima: 2,
    notificacionExistencia: null,
    ...cambios,
  });
}

export type Llamada = { metodo: string; url: URL; cuerpo: unknown };
type Respuesta = Response | undefined;

function json(cuerpo: unknown, status = 200): Response {
  return new Response(JSON.stringify(cuerpo), { status, headers: { 'content-type': 'application/json' } });
}

export function respuestaDeError(status: number, message: string, errores: unknown[] = []): Response {
  return json({ statusCode: status, error: 'Error', message, errores }, status);
}

/**
 * Stubs `fetch` with the product API. `extra` answers first (return undefined to fall through), so a
 * test can replace one call. Returns the calls made.
 */
export function servidorDePrueba(
  opciones: {
    productos?: ProductoEnLista[];
    codigosOcupados?: Record<string, string>;
    extra?: (metodo: string, url: URL, cuerpo: unknown) => Respuesta;
  } = {},
): Llamada[] {
  const llamadas: Llamada[] = [];
  const filas = opciones.productos ?? Array.from({ length: 20 }, (_, i) => filaDePrueba(i + 1));
  let numero = 100;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (entrada: string, init?: RequestInit) => {
      const url = new URL(entrada, 'http://localhost');
      const metodo = init?.method ?? 'GET';
      const cuerpo = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
      llamadas.push({ metodo, url, cuerpo });
      const propia = opciones.extra?.(metodo, url, cuerpo);
      if (propia) {
        return propia;
      }
      const ruta = url.pathname;
      if (ruta === '/api/almacen/principal') {
        return json({
          _id: ID_ALMACEN,
          identificadorUnico: 'alm-1-xxxxxxxx',
          nombre: 'Almacén Principal',
          numeroAlmacen: 1,
          estado: 'Activo',
          autorizacion: null,
          notaAnular: '',
        });
      }
      if (ruta === '/api/almacen/') {
        return json({
          res: [
            { _id: ID_ALMACEN, nombre: 'Almacén Principal', numeroAlmacen: 1 },
            { _id: ID_ALMACEN_2, nombre: 'Depósito', numeroAlmacen: 2 },
          ].map((a) => ({
            ...a,
            identificadorUnico: `${a._id}-x`,
            estado: 'Activo',
            autorizacion: null,
            notaAnular: '',
          })),
          totalRows: 2,
        });
      }
      if (ruta === '/api/impuestos/activos') {
        return json([
          {
            _id: idDe(900),
            identificadorUnico: 'itbis-18-xxxxxx',
            ...ITBIS,
            cuentaContableParaVenta: null,
            cuentaContableParaCompras: null,
            estado: 'Activo',
            autorizacion: null,
            notaAnular: '',
          },
        ]);
      }
      if (ruta === '/api/categorias-productos/' || ruta === '/api/listas-precio/') {
        return json({ res: [], totalRows: 0 });
      }
      if (ruta.startsWith('/api/registro-productos/barra/')) {
        const codigo = decodeURIComponent(ruta.slice('/api/registro-productos/barra/'.length));
        const nombre = opciones.codigosOcupados?.[codigo];
        return json({ activo: nombre !== undefined, nombre: nombre ?? '' });
      }
      if (
        ruta === '/api/registro-productos/porAlmacen/' ||
        ruta === '/api/registro-productos/favoritos-por-almacen/'
      ) {
        const filtro = cuerpo as { input?: string; page?: number; limit?: number };
        const input = (filtro.input ?? '').toLowerCase();
        const pagina = filtro.page ?? 1;
        const limite = filtro.limit ?? LIMITE_PRODUCTOS;
        const encontrados = filas.filter(
          (p) => p.nombre.toLowerCase().includes(input) && (ruta.endsWith('/porAlmacen/') || p.favorito),
        );
        return json({
          res: encontrados.slice((pagina - 1) * limite, pagina * limite),
          totalRows: encontrados.length,
        });
      }
      if (ruta === '/api/registro-productos/' && metodo === 'POST') {
        const [campos] = cuerpo as [Partial<Producto>];
        numero++;
        return json({
          producto: productoDePrueba({
            ...campos,
            _id: idDe(numero),
            numeroProducto: numero,
            asignaciones: [],
          }),
          solicitudDuplicada: false,
        });
      }
      const porId = /^\/api\/registro-productos\/([0-9a-f-]{36})$/.exec(ruta);
      if (porId && metodo === 'GET') {
        return json(productoDePrueba({ _id: porId[1] }));
      }
      if (porId && metodo === 'PUT') {
        const [campos] = cuerpo as [Partial<Producto>];
        return json({ producto: productoDePrueba({ ...campos, _id: porId[1] }), solicitudDuplicada: false });
      }
      if (porId && metodo === 'DELETE') {
        return json({ message: 'Producto eliminado.' });
      }
      if (ruta === '/api/general/objectid/1') {
        numero++;
        return json({ objectId: idDe(numero) });
      }
      return respuestaDeError(404, `No existe ${metodo} ${ruta}`);
    }),
  );
  return llamadas;
}
