import { CANTIDAD_MAXIMA_DEL_CATALOGO, CANTIDAD_MINIMA_DEL_CATALOGO } from '@pos/domain';
import { z } from 'zod';
import { IdentificadorUnico, SinParams } from './comun.ts';
import { endpoint } from './endpoint.ts';
import { Texto, TextoObligatorio } from './tipos.ts';

// The public catalogue (spec 000 §2 "Catalogue layout behaviour", 002 §2, §3, §9). The spec names the
// pages (/catalogo?lista={tenantId}) but not their calls ("paths not shown", spec 000 §7): these are
// ours, under /publico/catalogo/, with the company in the tenantId header and no session. They answer
// only what a visitor may see (docs/catalogo.md): never a cost, a stock count or another company's data.

/** The company as its catalogue shows it (general record 1001, spec 002 §3). */
export const EmpresaDelCatalogo = z.object({
  tenantId: z.number().int(),
  nombre: z.string(),
  direccion: z.string(),
  /** Stored image names, read from /archivos/tenant_{tenantId}/{name} (spec 000 §7). */
  logo: z.string().nullable(),
  imagenDePortada: z.string().nullable(),
  bannerPublicitario: z.string().nullable(),
  colorLinkCatalogo: z.string(),
  habilitarSecciones: z.boolean(),
  /** The company phone for the chat link (1809…, 1829…, 1849…), or null when none is usable. */
  telefonoWhatsApp: z.string().nullable(),
  /** Whether an order sent from the catalogue is also registered as a sales order (docs/catalogo.md). */
  registraPedidos: z.boolean(),
});
export type EmpresaDelCatalogo = z.output<typeof EmpresaDelCatalogo>;

export const SeccionDelCatalogo = z.object({
  _id: z.string(),
  nombre: z.string(),
  descripcion: z.string(),
  avatar: z.string().nullable(),
  /** Its categories (categoriasProductosSeccionada) that have something to show. */
  categorias: z.array(z.string()),
});
export type SeccionDelCatalogo = z.output<typeof SeccionDelCatalogo>;

export const CategoriaDelCatalogo = z.object({
  _id: z.string(),
  nombre: z.string(),
  descripcion: z.string(),
  avatar: z.string().nullable(),
  cantidadDeProductos: z.number().int(),
});
export type CategoriaDelCatalogo = z.output<typeof CategoriaDelCatalogo>;

/** A product as a visitor sees it: prices with tax; no cost, no stock count, no internal field. */
export const ProductoDelCatalogo = z.object({
  _id: z.string(),
  nombre: z.string(),
  avatar: z.string().nullable(),
  idCategoria: z.string().nullable(),
  unidadMedida: z.string(),
  /** precioDeVenta: the shelf price with tax. */
  precio: z.number(),
  /** The offer in force today, when it is below the shelf price (price with tax, its last day). */
  oferta: z.object({ precio: z.number(), vigencia: z.string().nullable() }).nullable(),
  /** False only when it cannot be sold without stock and the main warehouse has none. */
  disponible: z.boolean(),
});
export type ProductoDelCatalogo = z.output<typeof ProductoDelCatalogo>;

/** The catalogue shows 24 products a page (the spec gives no size for it). */
export const LIMITE_PRODUCTOS_DEL_CATALOGO = 24;

const IdDeConsulta = z.uuid({ error: 'El identificador no es válido' });

export const ConsultaDeCategoriasDelCatalogo = z.object({
  /** The chosen sections, comma separated (spec 000 §2: "the categories of the chosen sections"). */
  secciones: Texto(2000)
    .default('')
    .transform((valor) => valor.split(',').filter((id) => id !== ''))
    .pipe(z.array(IdDeConsulta).max(50, 'Se eligen hasta 50 secciones')),
});

export const ConsultaDeProductosDelCatalogo = z.object({
  categoria: IdDeConsulta.optional(),
  seccion: IdDeConsulta.optional(),
  buscar: Texto(100).default(''),
  ofertas: z
    .enum(['true', 'false'], { error: 'Debe ser true o false' })
    .transform((valor) => valor === 'true')
    .default(false),
  page: z.coerce
    .number({ error: 'La página debe ser un número' })
    .int('La página debe ser un número entero')
    .min(1, 'La página empieza en 1')
    .max(10_000, 'La página no puede pasar de 10000')
    .default(1),
  limit: z.coerce
    .number({ error: 'El límite debe ser un número' })
    .int('El límite debe ser un número entero')
    .min(1, 'Se debe pedir al menos 1 producto')
    .max(60, 'No se pueden pedir más de 60 productos por página')
    .default(LIMITE_PRODUCTOS_DEL_CATALOGO),
});
export type ConsultaDeProductosDelCatalogo = z.output<typeof ConsultaDeProductosDelCatalogo>;

export const PaginaDelCatalogo = z.object({
  productos: z.array(ProductoDelCatalogo),
  total: z.number().int(),
});

export const MENSAJE_CANTIDAD_DEL_CATALOGO = `La cantidad debe ser un número entero de ${CANTIDAD_MINIMA_DEL_CATALOGO} a ${CANTIDAD_MAXIMA_DEL_CATALOGO}`;

/** A visitor's order: what and how many, and who; prices are never sent (the server reads them). */
export const PedidoDelCatalogoEntrada = z.object({
  identificadorUnico: IdentificadorUnico,
  nombre: TextoObligatorio('Escribe tu nombre para enviar el pedido', 100),
  telefono: Texto(30)
    .regex(/^[0-9+()\-. ]*$/, 'El teléfono solo puede tener números, espacios, +, -, ( y )')
    .default(''),
  nota: Texto(500).default(''),
  lineas: z
    .array(
      z.object({
        idProducto: z.uuid({ error: 'El producto de la línea no es válido' }),
        cantidad: z
          .number({ error: MENSAJE_CANTIDAD_DEL_CATALOGO })
          .int(MENSAJE_CANTIDAD_DEL_CATALOGO)
          .min(CANTIDAD_MINIMA_DEL_CATALOGO, MENSAJE_CANTIDAD_DEL_CATALOGO)
          .max(CANTIDAD_MAXIMA_DEL_CATALOGO, MENSAJE_CANTIDAD_DEL_CATALOGO),
      }),
      { error: 'Agrega por lo menos un producto al pedido' },
    )
    .min(1, 'Agrega por lo menos un producto al pedido')
    .max(100, 'Un pedido del catálogo admite hasta 100 productos'),
});
export type PedidoDelCatalogoEntrada = z.output<typeof PedidoDelCatalogoEntrada>;

/** The registered order as the visitor may see it: its number and the server's prices. */
export const PedidoDelCatalogoRegistrado = z.object({
  numeroPedido: z.number().int(),
  lineas: z.array(z.object({ nombre: z.string(), cantidad: z.number(), precio: z.number() })),
  total: z.number(),
  solicitudDuplicada: z.boolean(),
});
export type PedidoDelCatalogoRegistrado = z.output<typeof PedidoDelCatalogoRegistrado>;

/** The company's own setting (staff, with a session): register catalogue orders as sales orders. */
export const AjustesDelCatalogo = z.object({
  registrarPedidos: z.boolean(),
  /** The user the registered orders are made in the name of (the one who turned the setting on). */
  usuarioResponsable: z.string().nullable(),
});
export type AjustesDelCatalogo = z.output<typeof AjustesDelCatalogo>;

export const CambiarAjustesDelCatalogo = z.object({
  registrarPedidos: z.boolean({ error: 'Indica si se registran los pedidos del catálogo' }),
});

export const catalogo = {
  empresa: endpoint({
    method: 'GET',
    path: '/publico/catalogo/empresa',
    body: z.unknown(),
    params: SinParams,
    respuesta: EmpresaDelCatalogo,
  }),
  secciones: endpoint({
    method: 'GET',
    path: '/publico/catalogo/secciones',
    body: z.unknown(),
    params: SinParams,
    respuesta: z.object({ secciones: z.array(SeccionDelCatalogo) }),
  }),
  categorias: endpoint({
    method: 'GET',
    path: '/publico/catalogo/categorias',
    body: z.unknown(),
    params: SinParams,
    query: ConsultaDeCategoriasDelCatalogo,
    respuesta: z.object({ categorias: z.array(CategoriaDelCatalogo) }),
  }),
  productos: endpoint({
    method: 'GET',
    path: '/publico/catalogo/productos',
    body: z.unknown(),
    params: SinParams,
    query: ConsultaDeProductosDelCatalogo,
    respuesta: PaginaDelCatalogo,
  }),
  pedido: endpoint({
    method: 'POST',
    path: '/publico/catalogo/pedido',
    body: PedidoDelCatalogoEntrada,
    params: SinParams,
    respuesta: PedidoDelCatalogoRegistrado,
  }),
  ajustes: endpoint({
    method: 'GET',
    path: '/catalogo/ajustes',
    body: z.unknown(),
    params: SinParams,
    respuesta: AjustesDelCatalogo,
  }),
  cambiarAjustes: endpoint({
    method: 'PUT',
    path: '/catalogo/ajustes',
    body: CambiarAjustesDelCatalogo,
    params: SinParams,
    respuesta: AjustesDelCatalogo,
  }),
};
