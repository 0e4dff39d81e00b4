import type {
  AjustesDelCatalogo,
  CategoriaDelCatalogo,
  ConsultaDeProductosDelCatalogo,
  EmpresaDelCatalogo,
  LineaPedidoEntrada,
  PedidoDelCatalogoEntrada,
  PedidoDelCatalogoRegistrado,
  ProductoDelCatalogo,
  SeccionDelCatalogo,
} from '@pos/contract';
import { MENSAJE_CANTIDAD_DEL_CATALOGO, PedidoEntrada } from '@pos/contract';
import {
  CANTIDAD_MAXIMA_DEL_CATALOGO,
  hoyEnSantoDomingo,
  type Impuesto,
  mejorOferta,
  ofertaVigente,
  precioConImpuesto,
  redondear,
  telefonoParaWhatsApp,
} from '@pos/domain';
import { type SQL, sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx, CtxConSesion } from '../../http/handle.ts';
import { obtenerAlmacenPrincipal } from '../inventario/service.ts';
import { crearPedido } from '../pedidos/service.ts';
import { fuenteDeBusqueda } from '../productos/busqueda.ts';
import { buscarUsuarioPorId } from '../usuarios/service.ts';
import { catalogoAjustes } from './tables.ts';

// The public catalogue (spec 000 §2 "Catalogue layout behaviour", 002 §2; docs/catalogo.md). Every read
// here is read-only SQL over other modules' tables (the company record, sections, categories, products,
// offer lists), shaped to what a visitor may see; the only write is the sales order, made by the
// pedidos service. Row-level security keeps each query inside the company of the tenantId header.

export const MENSAJE_CATALOGO_INEXISTENTE = 'Este catálogo no existe. Revisa el enlace que te enviaron.';
export const MENSAJE_CATALOGO_NO_DISPONIBLE =
  'El catálogo de esta empresa no está disponible en este momento. Intenta más tarde.';
export const MENSAJE_SIN_PEDIDOS_EN_LINEA = 'Esta empresa recibe los pedidos del catálogo solo por WhatsApp.';

type Empresa = EmpresaDelCatalogo & {
  bloqueoPorNoExistencia: boolean;
  idUsuarioResponsable: string | null;
};

/**
 * The company of the header as its catalogue shows it; a company that does not exist, or whose plan
 * is Suspendido (spec 000 §4: the subscription is off), has no catalogue to show.
 */
async function empresaDelCatalogo(ctx: Ctx): Promise<Empresa> {
  const [fila] = await filas<{
    nombre: string;
    direccion: string;
    telefono: string;
    avatar: string | null;
    imagen_de_portada: string | null;
    banner_publicitario: string | null;
    color_link_catalogo: string;
    habilitar_secciones: boolean;
    bloqueo_por_no_existencia: boolean;
    suspendida: boolean;
    registrar_pedidos: boolean | null;
    id_usuario_responsable: string | null;
  }>(
    ctx.tx,
    sql`select g.nombre, g.direccion, g.telefono, g.avatar, g.imagen_de_portada, g.banner_publicitario,
          g.color_link_catalogo, g.habilitar_secciones, g.bloqueo_por_no_existencia,
          e.estado_del_plan = 'Suspendido' as suspendida, a.registrar_pedidos, a.id_usuario_responsable
        from empresas e join configuracion_general g on g.tenant_id = e.tenant_id
          left join catalogo_ajustes a on a.tenant_id = e.tenant_id
        where e.tenant_id = ${ctx.tenantId}`,
  );
  if (!fila) {
    throw new AppError('no_encontrado', MENSAJE_CATALOGO_INEXISTENTE);
  }
  if (fila.suspendida) {
    throw new AppError('prohibido', MENSAJE_CATALOGO_NO_DISPONIBLE);
  }
  return {
    tenantId: ctx.tenantId,
    nombre: fila.nombre,
    direccion: fila.direccion,
    logo: fila.avatar,
    imagenDePortada: fila.imagen_de_portada,
    bannerPublicitario: fila.banner_publicitario,
    colorLinkCatalogo: fila.color_link_catalogo,
    habilitarSecciones: fila.habilitar_secciones,
    telefonoWhatsApp: telefonoParaWhatsApp(fila.telefono),
    registraPedidos: fila.registrar_pedidos === true && fila.id_usuario_responsable !== null,
    bloqueoPorNoExistencia: fila.bloqueo_por_no_existencia,
    idUsuarioResponsable: fila.id_usuario_responsable,
  };
}

/** GET /publico/catalogo/empresa. */
export async function obtenerEmpresaDelCatalogo(ctx: Ctx): Promise<EmpresaDelCatalogo> {
  const { bloqueoPorNoExistencia: _b, idUsuarioResponsable: _u, ...empresa } = await empresaDelCatalogo(ctx);
  return empresa;
}

// Spec 000 §2 "Loads configuration, logo and the main warehouse": a product is shown when it is offered
// in the main warehouse, not Anulado and not excluded from the catalogue (spec 002 §3 excluirDelCatalogo).
// `p` is a productos_busqueda row.
function visible(ctx: Ctx, idAlmacen: string): SQL {
  return sql`p.tenant_id = ${ctx.tenantId} and p.estado <> 'Anulado' and not p.excluir_del_catalogo
    and ${idAlmacen}::uuid = any(p.almacenes)`;
}

/** The active categories with something to show, with how many products each shows. */
async function categoriasVisibles(ctx: Ctx, idAlmacen: string): Promise<CategoriaDelCatalogo[]> {
  const res = await filas<{
    id: string;
    nombre: string;
    descripcion: string;
    avatar: string | null;
    cantidad: number;
  }>(
    ctx.tx,
    sql`select c.id, c.nombre, c.descripcion, c.avatar, v.cantidad
        from categorias c join (
          select p.id_categoria, count(*)::int as cantidad from productos_busqueda p
          where ${visible(ctx, idAlmacen)} group by p.id_categoria) v on v.id_categoria = c.id
        where c.tenant_id = ${ctx.tenantId} and c.estado <> 'Desactivado'
        order by c.orden, c.nombre, c.id`,
  );
  return res.map((c) => ({
    _id: c.id,
    nombre: c.nombre,
    descripcion: c.descripcion,
    avatar: c.avatar,
    cantidadDeProductos: c.cantidad,
  }));
}

/**
 * The main warehouse (spec 000 §2 "Loads … the main warehouse"): what the catalogue offers. A company
 * with no active warehouse yet has nothing to show, rather than an error.
 */
async function almacenDelCatalogo(ctx: Ctx): Promise<string | null> {
  try {
    return (await obtenerAlmacenPrincipal(ctx))._id;
  } catch (error) {
    if (error instanceof AppError && error.codigo === 'no_encontrado') {
      return null;
    }
    throw error;
  }
}

type FilaDeSeccion = {
  id: string;
  nombre: string;
  descripcion: string;
  avatar: string | null;
  categorias: string[];
};

async function seccionesActivas(ctx: Ctx, ids?: readonly string[]): Promise<FilaDeSeccion[]> {
  return filas<FilaDeSeccion>(
    ctx.tx,
    sql`select s.id, s.nombre, s.descripcion, s.avatar,
          array(select x::text from unnest(s.categorias_productos_seccionada) x) as categorias
        from secciones s where s.tenant_id = ${ctx.tenantId} and s.estado <> 'Desactivado'
          ${ids ? sql`and s.id in (${sql.join(ids.length > 0 ? ids.map((id) => sql`${id}::uuid`) : [sql`null`], sql`, `)})` : sql``}
        order by s.orden, s.nombre, s.id`,
  );
}

/** GET /publico/catalogo/secciones: the active sections that lead to something (spec 000 §2). */
export async function listarSeccionesDelCatalogo(ctx: Ctx): Promise<{ secciones: SeccionDelCatalogo[] }> {
  await empresaDelCatalogo(ctx);
  const almacen = await almacenDelCatalogo(ctx);
  if (!almacen) {
    return { secciones: [] };
  }
  const conProductos = new Set((await categoriasVisibles(ctx, almacen)).map((c) => c._id));
  const secciones = (await seccionesActivas(ctx))
    .map((s) => ({
      _id: s.id,
      nombre: s.nombre,
      descripcion: s.descripcion,
      avatar: s.avatar,
      categorias: s.categorias.filter((id) => conProductos.has(id)),
    }))
    .filter((s) => s.categorias.length > 0);
  return { secciones };
}

/**
 * GET /publico/catalogo/categorias: the categories with something to show; with `secciones`, only
 * those of the chosen sections (spec 000 §2 /catalogo-categorias), in the categories' own order.
 */
export async function listarCategoriasDelCatalogo(
  ctx: Ctx,
  idsDeSecciones: readonly string[],
): Promise<{ categorias: CategoriaDelCatalogo[] }> {
  await empresaDelCatalogo(ctx);
  const almacen = await almacenDelCatalogo(ctx);
  if (!almacen) {
    return { categorias: [] };
  }
  const categorias = await categoriasVisibles(ctx, almacen);
  if (idsDeSecciones.length === 0) {
    return { categorias };
  }
  const elegidas = new Set((await seccionesActivas(ctx, idsDeSecciones)).flatMap((s) => s.categorias));
  return { categorias: categorias.filter((c) => elegidas.has(c._id)) };
}

type FilaDeProducto = {
  id: string;
  nombre: string;
  avatar: string | null;
  id_categoria: string | null;
  unidad_medida: string;
  precio_de_venta: string;
  impuestos: Impuesto[];
  producto_inventariable: boolean;
  venta_sin_disponibilidad: boolean;
  disponibilidad: string | null;
  ofertas: { precio: string; vigencia: string | null; dias: number[] }[];
};

// Offer lists (spec 002 §3 esUnaOferta) that are active; whether one is in force today is the domain's
// (ofertaVigente). Their prices are per product and before tax, like every price list's.
function ofertasDe(ctx: Ctx): SQL {
  return sql`coalesce((select json_agg(json_build_object('precio', pl.precio::text,
        'vigencia', l.vigencia::text, 'dias', l.dias_disponibles))
      from productos_listas_de_precio pl
      join listas_de_precio l on l.tenant_id = pl.tenant_id and l.id = pl.id_lista
      where pl.tenant_id = ${ctx.tenantId} and pl.id_producto = p.id and l.es_una_oferta and l.activo
        and l.estado <> 'Desactivado'), '[]')`;
}

// The same rule in SQL, for the "only offers" filter (docs/catalogo.md): in force on `hoy`.
function tieneOferta(ctx: Ctx, hoy: string): SQL {
  return sql`exists (select 1 from productos_listas_de_precio pl
      join listas_de_precio l on l.tenant_id = pl.tenant_id and l.id = pl.id_lista
      where pl.tenant_id = ${ctx.tenantId} and pl.id_producto = p.id and l.es_una_oferta and l.activo
        and l.estado <> 'Desactivado' and (l.vigencia is null or l.vigencia >= ${hoy}::date)
        and (cardinality(l.dias_disponibles) = 0
             or extract(dow from ${hoy}::date)::smallint = any(l.dias_disponibles)))`;
}

type ProductoConPrecioBase = ProductoDelCatalogo & {
  /** The unit price before tax of the offer shown (the order is registered at it), or null. */
  precioDeOfertaSinImpuesto: string | null;
};

function aProducto(
  fila: FilaDeProducto,
  hoy: string,
  bloqueoPorNoExistencia: boolean,
): ProductoConPrecioBase {
  const precio = Number(fila.precio_de_venta);
  const ofertas = fila.ofertas
    .filter((o) => ofertaVigente({ vigencia: o.vigencia, diasDisponibles: o.dias }, hoy))
    .map((o) => ({
      precio: precioConImpuesto(o.precio, fila.impuestos),
      vigencia: o.vigencia,
      sinImpuesto: o.precio,
    }));
  const oferta = mejorOferta(precio, ofertas);
  // Spec 000 §5: out-of-stock blocking applies only with the company's setting on and the product not
  // sold without availability. Only the yes/no leaves: never the count, never another warehouse.
  const agotado =
    bloqueoPorNoExistencia &&
    fila.producto_inventariable &&
    !fila.venta_sin_disponibilidad &&
    Number(fila.disponibilidad ?? 0) <= 0;
  return {
    _id: fila.id,
    nombre: fila.nombre,
    avatar: fila.avatar,
    idCategoria: fila.id_categoria,
    unidadMedida: fila.unidad_medida,
    precio: redondear(precio),
    oferta: oferta ? { precio: oferta.precio, vigencia: oferta.vigencia } : null,
    disponible: !agotado,
    precioDeOfertaSinImpuesto: oferta ? oferta.sinImpuesto : null,
  };
}

/** The products' full rows for the catalogue, of `ids` (a page), in the main warehouse. */
function columnasDeProducto(ctx: Ctx, idAlmacen: string): SQL {
  return sql`p.id, p.nombre, p.avatar, p.id_categoria, p.unidad_medida, p.precio_de_venta::text as precio_de_venta,
    p.impuestos, p.producto_inventariable, p.venta_sin_disponibilidad,
    (select pa.disponibilidad::text from productos_almacenes pa
      where pa.tenant_id = p.tenant_id and pa.id_producto = p.id and pa.id_almacen = ${idAlmacen}) as disponibilidad,
    ${ofertasDe(ctx)} as ofertas`;
}

/** GET /publico/catalogo/productos: a page of what a visitor may see, by category or section, searched. */
export async function listarProductosDelCatalogo(
  ctx: Ctx,
  consulta: ConsultaDeProductosDelCatalogo,
): Promise<{ productos: ProductoDelCatalogo[]; total: number }> {
  const empresa = await empresaDelCatalogo(ctx);
  const almacen = await almacenDelCatalogo(ctx);
  if (!almacen) {
    return { productos: [], total: 0 };
  }
  const hoy = hoyEnSantoDomingo();
  const condiciones: SQL[] = [visible(ctx, almacen)];
  if (consulta.categoria) {
    condiciones.push(sql`p.id_categoria = ${consulta.categoria}`);
  }
  if (consulta.seccion) {
    condiciones.push(sql`p.id_categoria = any(select unnest(s.categorias_productos_seccionada) from secciones s
      where s.tenant_id = ${ctx.tenantId} and s.id = ${consulta.seccion} and s.estado <> 'Desactivado')`);
  }
  if (consulta.ofertas) {
    condiciones.push(tieneOferta(ctx, hoy));
  }
  const donde = sql.join(condiciones, sql` and `);
  const fuente = fuenteDeBusqueda(consulta.buscar);
  const res = await filas<FilaDeProducto & { total: number }>(
    ctx.tx,
    sql`with pagina as (
          select p.id, p.nombre_busqueda, count(*) over ()::int as total from ${fuente} p where ${donde}
          order by p.nombre_busqueda, p.id limit ${consulta.limit} offset ${(consulta.page - 1) * consulta.limit})
        select ${columnasDeProducto(ctx, almacen)}, g.total
        from pagina g join productos p on p.tenant_id = ${ctx.tenantId} and p.id = g.id
        order by g.nombre_busqueda, g.id`,
  );
  const total =
    res[0]?.total ??
    (consulta.page > 1
      ? ((
          await filas<{ n: number }>(ctx.tx, sql`select count(*)::int as n from ${fuente} p where ${donde}`)
        )[0]?.n ?? 0)
      : 0);
  return {
    productos: res.map((fila) => {
      const { precioDeOfertaSinImpuesto: _p, ...producto } = aProducto(
        fila,
        hoy,
        empresa.bloqueoPorNoExistencia,
      );
      return producto;
    }),
    total,
  };
}

// ---------------------------------------------------------------- the order

/**
 * POST /publico/catalogo/pedido: registers a visitor's order as a sales order (Activo, not invoiced,
 * spec 001 §3) through the pedidos service, when the company turned that on. Only products the
 * visitor can see are accepted, at the prices the catalogue shows (the server's: an offer in force or
 * the shelf price), never at a price sent. The same identificadorUnico answers the order already made.
 */
export async function registrarPedidoDelCatalogo(
  ctx: Ctx,
  entrada: PedidoDelCatalogoEntrada,
): Promise<PedidoDelCatalogoRegistrado> {
  const empresa = await empresaDelCatalogo(ctx);
  if (!empresa.registraPedidos || !empresa.idUsuarioResponsable) {
    throw new AppError('prohibido', MENSAJE_SIN_PEDIDOS_EN_LINEA);
  }
  const responsable = await buscarUsuarioPorId(ctx.tx, empresa.idUsuarioResponsable);
  if (!responsable?.activo) {
    throw new AppError('conflicto', `${MENSAJE_SIN_PEDIDOS_EN_LINEA} Envíalo por WhatsApp.`);
  }

  // The same product twice is one line with both quantities, still within 1–1000 (spec 002 §9).
  const cantidades = new Map<string, number>();
  entrada.lineas.forEach((linea, indice) => {
    const cantidad = (cantidades.get(linea.idProducto) ?? 0) + linea.cantidad;
    if (cantidad > CANTIDAD_MAXIMA_DEL_CATALOGO) {
      throw new AppError(
        'solicitud_invalida',
        `Datos inválidos en «lineas.${indice}.cantidad»: ${MENSAJE_CANTIDAD_DEL_CATALOGO}`,
        {
          errores: [{ campo: `lineas.${indice}.cantidad`, mensaje: MENSAJE_CANTIDAD_DEL_CATALOGO }],
        },
      );
    }
    cantidades.set(linea.idProducto, cantidad);
  });

  const almacen = await almacenDelCatalogo(ctx);
  if (!almacen) {
    throw new AppError('no_encontrado', 'Uno de los productos del pedido ya no está en el catálogo.');
  }
  const hoy = hoyEnSantoDomingo();
  const ids = [...cantidades.keys()];
  const encontrados = await filas<FilaDeProducto>(
    ctx.tx,
    sql`select ${columnasDeProducto(ctx, almacen)} from productos p
        where p.tenant_id = ${ctx.tenantId} and p.id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
          and exists (select 1 from productos_busqueda b where b.tenant_id = p.tenant_id and b.id = p.id
            and b.estado <> 'Anulado' and not b.excluir_del_catalogo
            and ${almacen}::uuid = any(b.almacenes))`,
  );
  const porId = new Map(
    encontrados.map((fila) => [fila.id, aProducto(fila, hoy, empresa.bloqueoPorNoExistencia)]),
  );
  const productos = ids.map((id) => {
    const producto = porId.get(id);
    const indice = entrada.lineas.findIndex((l) => l.idProducto === id);
    if (!producto) {
      throw new AppError('no_encontrado', 'Uno de los productos del pedido ya no está en el catálogo.', {
        errores: [{ campo: `lineas.${indice}.idProducto`, mensaje: 'El producto no está en el catálogo.' }],
      });
    }
    if (!producto.disponible) {
      throw new AppError('conflicto', `«${producto.nombre}» está agotado; quítalo del pedido.`, {
        errores: [{ campo: `lineas.${indice}.idProducto`, mensaje: 'El producto está agotado.' }],
      });
    }
    return producto;
  });

  const nota = entrada.nota.trim();
  const lineas: LineaPedidoEntrada[] = productos.map((producto, i) => ({
    idProducto: producto._id,
    cantidad: cantidades.get(producto._id) ?? 1,
    // An offer's own price before tax; without one, the product's (read again by the pedidos service).
    precio: producto.precioDeOfertaSinImpuesto === null ? null : Number(producto.precioDeOfertaSinImpuesto),
    descuento: 0,
    paquete: false,
    variantes: [],
    nota: i === 0 && nota ? `Nota del cliente: ${nota}` : '',
  }));
  const cabecera = PedidoEntrada.parse({
    nombre: entrada.nombre,
    alias: entrada.telefono ? `Catálogo en línea · ${entrada.telefono}` : 'Catálogo en línea',
    almacenActual: almacen,
  });
  // The order is made in the name of the responsible user, with what a visitor may not have: no
  // discount, no place limit, and the prices above (set by this service, not by the visitor).
  const { passwordHash: _h, id: _id, ...usuario } = responsable;
  const ctxDelPedido: CtxConSesion = {
    ...ctx,
    usuario: {
      ...usuario,
      sesionId: '',
      planSuspendido: false,
      bloquearPrecio: false,
      limiteDescuento: 0,
      limitePedidosAsignados: 0,
    },
  };
  // Prefixed so a visitor's key can never name an order the staff made.
  const creado = await crearPedido(ctxDelPedido, [
    cabecera,
    lineas,
    `catalogo:${entrada.identificadorUnico}`,
  ]);
  const precioPorId = new Map(productos.map((p) => [p._id, p.oferta?.precio ?? p.precio]));
  return {
    numeroPedido: creado.pedidoDb.numeroPedido,
    lineas: creado.lineasDelPedido.map((l) => ({
      nombre: l.descripcion,
      cantidad: l.cantidad,
      precio: precioPorId.get(l.idProducto) ?? 0,
    })),
    total: creado.pedidoDb.totalGral,
    solicitudDuplicada: creado.solicitudDuplicada,
  };
}

// ---------------------------------------------------------------- the company's setting

async function leerAjustes(ctx: Ctx): Promise<AjustesDelCatalogo> {
  const [fila] = await filas<{ registrar_pedidos: boolean; username: string | null }>(
    ctx.tx,
    sql`select a.registrar_pedidos, u.username from catalogo_ajustes a
        left join usuarios u on u.tenant_id = a.tenant_id and u.id = a.id_usuario_responsable
        where a.tenant_id = ${ctx.tenantId}`,
  );
  return {
    registrarPedidos: fila?.registrar_pedidos ?? false,
    usuarioResponsable: fila?.username ?? null,
  };
}

/** GET /catalogo/ajustes. */
export function obtenerAjustesDelCatalogo(ctx: Ctx): Promise<AjustesDelCatalogo> {
  return leerAjustes(ctx);
}

/**
 * PUT /catalogo/ajustes: turns on or off registering catalogue orders; who turns it on becomes the
 * user the orders are made in the name of.
 */
export async function cambiarAjustesDelCatalogo(
  ctx: CtxConSesion,
  entrada: { registrarPedidos: boolean },
): Promise<AjustesDelCatalogo> {
  const valores = {
    registrarPedidos: entrada.registrarPedidos,
    ...(entrada.registrarPedidos ? { idUsuarioResponsable: ctx.usuario._id } : {}),
    actualizadoEn: new Date(),
  };
  await ctx.tx
    .insert(catalogoAjustes)
    .values({ tenantId: ctx.tenantId, ...valores })
    .onConflictDoUpdate({ target: catalogoAjustes.tenantId, set: valores });
  return leerAjustes(ctx);
}
