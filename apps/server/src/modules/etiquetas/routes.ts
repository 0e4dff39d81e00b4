import { perfilesBarcode } from '@pos/contract';
import type { FastifyInstance } from 'fastify';
import type { BaseDeDatos } from '../../db/client.ts';
import { rutasDeArchivos } from '../../http/exportar.ts';
import { ruta } from '../../http/handle.ts';
import {
  actualizarPerfilBarcode,
  crearPerfilBarcode,
  eliminarPerfilBarcode,
  imprimirEtiquetas,
  listarPerfilesBarcode,
  obtenerPerfilBarcode,
  primerPerfilBarcode,
} from './service.ts';

// Barcode profiles belong to the product screens (spec 002 §2): the productos module's flags.
export async function etiquetasRoutes(app: FastifyInstance, db: BaseDeDatos): Promise<void> {
  const ver = { modulo: 'productos', accion: 'ver' } as const;
  const crear = { modulo: 'productos', accion: 'crear' } as const;
  const modificar = { modulo: 'productos', accion: 'modificar' } as const;
  ruta(app, db, perfilesBarcode.listar, ver, (ctx) => listarPerfilesBarcode(ctx));
  ruta(app, db, perfilesBarcode.primero, ver, (ctx) => primerPerfilBarcode(ctx));
  ruta(app, db, perfilesBarcode.obtener, ver, (ctx, { params }) => obtenerPerfilBarcode(ctx, params.id));
  ruta(app, db, perfilesBarcode.crear, crear, (ctx, { body }) => crearPerfilBarcode(ctx, body));
  ruta(app, db, perfilesBarcode.cambiar, modificar, (ctx, { params, body }) =>
    actualizarPerfilBarcode(ctx, params.id, body),
  );
  ruta(app, db, perfilesBarcode.eliminar, modificar, (ctx, { params }) =>
    eliminarPerfilBarcode(ctx, params.id),
  );
  await rutasDeArchivos(app, (archivos) => {
    ruta(archivos, db, perfilesBarcode.etiquetas, ver, (ctx, { body }) => imprimirEtiquetas(ctx, body));
  });
}
