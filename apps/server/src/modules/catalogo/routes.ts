import { catalogo } from '@pos/contract';
import type { FastifyInstance } from 'fastify';
import type { BaseDeDatos } from '../../db/client.ts';
import { ruta } from '../../http/handle.ts';
import { rutasPublicas } from '../../http/publico.ts';
import {
  cambiarAjustesDelCatalogo,
  listarCategoriasDelCatalogo,
  listarProductosDelCatalogo,
  listarSeccionesDelCatalogo,
  obtenerAjustesDelCatalogo,
  obtenerEmpresaDelCatalogo,
  registrarPedidoDelCatalogo,
} from './service.ts';

/**
 * Per address and minute (docs/catalogo.md): a visitor browsing on a phone makes a few reads a page
 * (company, categories, a page of products, each search), so reads are generous and kept 60 s by the
 * browser or a proxy (then revalidated by ETag); orders are few, in a group of their own.
 */
export const LECTURAS_DEL_CATALOGO_POR_MINUTO = 120;
export const PEDIDOS_DEL_CATALOGO_POR_MINUTO = 10;
export const SEGUNDOS_DE_CACHE_DEL_CATALOGO = 60;

/** The public catalogue (spec 000 §2: no session) and the company's own setting for it. */
export async function catalogoRoutes(app: FastifyInstance, db: BaseDeDatos): Promise<void> {
  const publico = { publico: true } as const;
  await rutasPublicas(
    app,
    { porMinuto: LECTURAS_DEL_CATALOGO_POR_MINUTO, cacheSegundos: SEGUNDOS_DE_CACHE_DEL_CATALOGO },
    (lecturas) => {
      ruta(lecturas, db, catalogo.empresa, publico, (ctx) => obtenerEmpresaDelCatalogo(ctx));
      ruta(lecturas, db, catalogo.secciones, publico, (ctx) => listarSeccionesDelCatalogo(ctx));
      ruta(lecturas, db, catalogo.categorias, publico, (ctx, { query }) =>
        listarCategoriasDelCatalogo(ctx, query.secciones),
      );
      ruta(lecturas, db, catalogo.productos, publico, (ctx, { query }) =>
        listarProductosDelCatalogo(ctx, query),
      );
    },
  );
  await rutasPublicas(app, { porMinuto: PEDIDOS_DEL_CATALOGO_POR_MINUTO }, (pedidos) => {
    ruta(pedidos, db, catalogo.pedido, publico, (ctx, { body }) => registrarPedidoDelCatalogo(ctx, body));
  });
  ruta(app, db, catalogo.ajustes, { sesion: true }, (ctx) => obtenerAjustesDelCatalogo(ctx));
  ruta(
    app,
    db,
    catalogo.cambiarAjustes,
    { modulo: 'configuracionGeneral', accion: 'modificar' },
    (ctx, { body }) => cambiarAjustesDelCatalogo(ctx, body),
  );
}
