import {
  type Archivo,
  type CambiarPerfilBarcode,
  type CrearPerfilBarcode,
  type ImprimirEtiquetas,
  MENSAJE_PERFIL_BARCODE_DUPLICADO,
  PERFIL_BARCODE_POR_DEFECTO,
  type PerfilBarcode,
} from '@pos/contract';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { exigirMismoId } from '../../db/maestros.ts';
import { insertarSinDuplicar } from '../../db/sinDuplicados.ts';
import { AppError } from '../../http/errors.ts';
import { TIPO_PDF } from '../../http/exportar.ts';
import type { Ctx } from '../../http/handle.ts';
import { leerProductos } from '../ajustes/productos.ts';
import { obtenerConfiguracionGeneral } from '../empresas/service.ts';
import { type Etiqueta, hojaDeEtiquetas } from './etiquetas.ts';
import { perfilesBarcode } from './tables.ts';

type FilaPerfil = typeof perfilesBarcode.$inferSelect;

const NO_EXISTE = 'El perfil de código de barras no existe.';
/** At most this many labels in one PDF (a sheet job, not a print run of a warehouse). */
export const MAXIMO_DE_ETIQUETAS = 5000;

function aPerfil(fila: FilaPerfil): PerfilBarcode {
  return {
    _id: fila.id,
    identificadorUnico: fila.identificadorUnico,
    nombre: fila.nombre,
    format: fila.format,
    incluirDescripcionBarcode: fila.incluirDescripcionBarcode,
    incluirNombreEmpresaBarcode: fila.incluirNombreEmpresaBarcode,
    notaBarcode: fila.notaBarcode,
    fontSizeNotaBarcode: Number(fila.fontSizeNotaBarcode),
    nombreEmpresaPersonalizado: fila.nombreEmpresaPersonalizado,
    incluirPrecioBarcode: fila.incluirPrecioBarcode,
    desabilitarCodigo: fila.desabilitarCodigo,
    width: Number(fila.width),
    height: Number(fila.height),
    fontSize: Number(fila.fontSize),
    fontSizeNombreComercial: Number(fila.fontSizeNombreComercial),
    fontSizePrecio: Number(fila.fontSizePrecio),
    margenDelTexto: Number(fila.margenDelTexto),
    textPosition: fila.textPosition,
    alturaPaginaBarcode: Number(fila.alturaPaginaBarcode),
    anchoPaginaBarcode: Number(fila.anchoPaginaBarcode),
  };
}

type CamposPerfil = Omit<CrearPerfilBarcode, 'identificadorUnico'>;

// numeric columns take decimal text.
function aColumnas(campos: Partial<CamposPerfil>) {
  const numericas = [
    'fontSizeNotaBarcode',
    'width',
    'height',
    'fontSize',
    'fontSizeNombreComercial',
    'fontSizePrecio',
    'margenDelTexto',
    'alturaPaginaBarcode',
    'anchoPaginaBarcode',
  ] as const;
  const columnas: Record<string, unknown> = { ...campos };
  for (const clave of numericas) {
    const valor = campos[clave];
    if (valor !== undefined) {
      columnas[clave] = String(valor);
    }
  }
  return columnas as Partial<typeof perfilesBarcode.$inferInsert>;
}

// Spec 002 §5: the name is unique. Checked first for the clear message; the unique index on
// lower(nombre) settles concurrent creates (23505 → 409).
async function exigirNombreLibre(ctx: Ctx, nombre: string, excepto?: string): Promise<void> {
  const [otro] = await ctx.tx
    .select({ id: perfilesBarcode.id })
    .from(perfilesBarcode)
    .where(
      and(
        eq(perfilesBarcode.tenantId, ctx.tenantId),
        sql`lower(${perfilesBarcode.nombre}) = lower(${nombre})`,
        excepto ? ne(perfilesBarcode.id, excepto) : undefined,
      ),
    )
    .limit(1);
  if (otro) {
    throw new AppError('conflicto', MENSAJE_PERFIL_BARCODE_DUPLICADO, {
      errores: [{ campo: 'nombre', mensaje: MENSAJE_PERFIL_BARCODE_DUPLICADO }],
    });
  }
}

async function filaPorId(ctx: Ctx, id: string): Promise<FilaPerfil> {
  const [fila] = await ctx.tx
    .select()
    .from(perfilesBarcode)
    .where(and(eq(perfilesBarcode.tenantId, ctx.tenantId), eq(perfilesBarcode.id, id)))
    .limit(1);
  if (!fila) {
    throw new AppError('no_encontrado', NO_EXISTE);
  }
  return fila;
}

/** GET /perfil-barcode/: every profile, by name. */
export async function listarPerfilesBarcode(ctx: Ctx): Promise<PerfilBarcode[]> {
  const filas = await ctx.tx
    .select()
    .from(perfilesBarcode)
    .where(eq(perfilesBarcode.tenantId, ctx.tenantId))
    .orderBy(asc(sql`lower(${perfilesBarcode.nombre})`), asc(perfilesBarcode.id));
  return filas.map(aPerfil);
}

/** GET /perfil-barcode/{id}. */
export async function obtenerPerfilBarcode(ctx: Ctx, id: string): Promise<PerfilBarcode> {
  return aPerfil(await filaPorId(ctx, id));
}

/** POST /perfil-barcode/findOneFirst: the first profile by name, or null. */
export async function primerPerfilBarcode(ctx: Ctx): Promise<PerfilBarcode | null> {
  const [primero] = await listarPerfilesBarcode(ctx);
  return primero ?? null;
}

/** POST /perfil-barcode/: a retried create answers the first profile with `solicitudDuplicada`. */
export async function crearPerfilBarcode(
  ctx: Ctx,
  entrada: CrearPerfilBarcode,
): Promise<PerfilBarcode & { solicitudDuplicada: boolean }> {
  const { identificadorUnico, ...campos } = entrada;
  const [previo] = await ctx.tx
    .select()
    .from(perfilesBarcode)
    .where(
      and(
        eq(perfilesBarcode.tenantId, ctx.tenantId),
        eq(perfilesBarcode.identificadorUnico, identificadorUnico),
      ),
    )
    .limit(1);
  if (previo) {
    // A retry of a create that already succeeded is not a name clash.
    return { ...aPerfil(previo), solicitudDuplicada: true };
  }
  await exigirNombreLibre(ctx, campos.nombre);
  const creado = await insertarSinDuplicar(ctx.tx, perfilesBarcode, {
    ...(aColumnas(campos) as typeof perfilesBarcode.$inferInsert),
    nombre: campos.nombre,
    tenantId: ctx.tenantId,
    identificadorUnico,
  });
  return { ...aPerfil(creado.fila), solicitudDuplicada: creado.solicitudDuplicada };
}

/** PATCH /perfil-barcode/{id}: changes the fields sent. */
export async function actualizarPerfilBarcode(
  ctx: Ctx,
  id: string,
  entrada: CambiarPerfilBarcode,
): Promise<PerfilBarcode> {
  const { _id, ...campos } = entrada;
  exigirMismoId(id, _id);
  await filaPorId(ctx, id);
  if (campos.nombre !== undefined) {
    await exigirNombreLibre(ctx, campos.nombre, id);
  }
  const [fila] = await ctx.tx
    .update(perfilesBarcode)
    .set({ ...aColumnas(campos), actualizadoEn: new Date() })
    .where(and(eq(perfilesBarcode.tenantId, ctx.tenantId), eq(perfilesBarcode.id, id)))
    .returning();
  if (!fila) {
    throw new AppError('no_encontrado', NO_EXISTE);
  }
  return aPerfil(fila);
}

/** DELETE /perfil-barcode/{id}. */
export async function eliminarPerfilBarcode(ctx: Ctx, id: string): Promise<{ message: string }> {
  const fila = await filaPorId(ctx, id);
  await ctx.tx
    .delete(perfilesBarcode)
    .where(and(eq(perfilesBarcode.tenantId, ctx.tenantId), eq(perfilesBarcode.id, id)));
  return { message: `Perfil de código de barras «${fila.nombre}» eliminado.` };
}

/**
 * POST /perfil-barcode/etiquetas: a PDF of labels for the chosen products (`cantidad` labels each),
 * drawn with the chosen profile, or the first one, or the defaults when the company has none.
 */
export async function imprimirEtiquetas(ctx: Ctx, entrada: ImprimirEtiquetas): Promise<Archivo> {
  const perfil = entrada.idPerfil
    ? await obtenerPerfilBarcode(ctx, entrada.idPerfil)
    : ((await primerPerfilBarcode(ctx)) ?? { ...PERFIL_BARCODE_POR_DEFECTO });
  const total = entrada.productos.reduce((suma, p) => suma + p.cantidad, 0);
  if (total > MAXIMO_DE_ETIQUETAS) {
    throw new AppError(
      'solicitud_invalida',
      `No se pueden imprimir más de ${MAXIMO_DE_ETIQUETAS} etiquetas a la vez (pediste ${total}).`,
      { errores: [{ campo: 'productos', mensaje: `Máximo ${MAXIMO_DE_ETIQUETAS} etiquetas` }] },
    );
  }
  const productos = await leerProductos(
    ctx,
    entrada.productos.map((p) => p.idProducto),
  );
  const etiquetas: Etiqueta[] = [];
  const errores: Array<{ campo: string; mensaje: string }> = [];
  entrada.productos.forEach((pedido, indice) => {
    const producto = productos.get(pedido.idProducto);
    if (!producto) {
      errores.push({ campo: `productos.${indice}.idProducto`, mensaje: 'El producto no existe' });
      return;
    }
    const codigo = producto.idCodigoDeBarra.trim();
    if (codigo.length < 3 || codigo === '0') {
      errores.push({
        campo: `productos.${indice}.idProducto`,
        mensaje: `El producto «${producto.nombre}» no tiene código de barras`,
      });
      return;
    }
    for (let i = 0; i < pedido.cantidad; i++) {
      etiquetas.push({ nombre: producto.nombre, codigo, precio: producto.precioDeVenta });
    }
  });
  const [primero] = errores;
  if (primero) {
    throw new AppError('solicitud_invalida', primero.mensaje, { errores });
  }
  const configuracion = await obtenerConfiguracionGeneral(ctx);
  const { pdf } = await hojaDeEtiquetas(
    etiquetas,
    { ...perfil, nombreEmpresa: configuracion.configGeneral[0].nombre },
    entrada.papel,
  );
  return { archivo: pdf, tipo: TIPO_PDF, nombre: 'etiquetas.pdf', disposicion: 'inline' };
}
