import { sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx } from '../../http/handle.ts';

// Barcodes (spec 002 §5): how a code is stored, and that no two active products share one.

/** Spec 002 §5: a code of 2 or fewer characters is stored as '0'. */
export function codigoGuardado(codigo: string): string {
  const limpio = codigo.trim();
  return limpio.length <= 2 ? '0' : limpio;
}

/** Spec 002 §5: a code of 3+ characters may not belong to another product that is not Anulado. */
export async function exigirCodigoLibre(ctx: Ctx, codigo: string, idPropio: string | null): Promise<void> {
  const ocupado = await productoConCodigo(ctx, codigo, idPropio);
  if (ocupado) {
    throw codigoTomado(codigo, ocupado.nombre);
  }
}

function codigoTomado(codigo: string, nombre: string): AppError {
  return new AppError('conflicto', `El código de barra ${codigo} ya pertenece al artículo «${nombre}».`, {
    errores: [{ campo: 'idCodigoDeBarra', mensaje: `Ya lo usa «${nombre}»` }],
  });
}

/**
 * Spec 002 §5 for many new products at once: a code of 3+ characters may not repeat among them nor belong
 * to a product of the company that is not Anulado (the message names the holder).
 */
export async function exigirCodigosLibres(
  ctx: Ctx,
  nuevos: { codigo: string; nombre: string }[],
): Promise<void> {
  const duenos = new Map<string, string>();
  for (const { codigo, nombre } of nuevos) {
    if (codigo.length < 3) {
      continue;
    }
    const dueno = duenos.get(codigo);
    if (dueno !== undefined) {
      throw codigoTomado(codigo, dueno);
    }
    duenos.set(codigo, nombre);
  }
  const codigos = [...duenos.keys()];
  for (let i = 0; i < codigos.length; i += 5000) {
    const [tomado] = await filas<{ codigo: string; nombre: string }>(
      ctx.tx,
      sql`select id_codigo_de_barra as codigo, nombre from productos where tenant_id = ${ctx.tenantId}
          and estado <> 'Anulado' and length(id_codigo_de_barra) >= 3
          and id_codigo_de_barra in ${codigos.slice(i, i + 5000)} limit 1`,
    );
    if (tomado) {
      throw codigoTomado(tomado.codigo, tomado.nombre);
    }
  }
}

async function productoConCodigo(
  ctx: Ctx,
  codigo: string,
  idPropio: string | null,
): Promise<{ id: string; nombre: string } | undefined> {
  if (codigo.length < 3) {
    return undefined;
  }
  const excluir = idPropio ? sql`and id <> ${idPropio}` : sql``;
  const [fila] = await filas<{ id: string; nombre: string }>(
    ctx.tx,
    sql`select id, nombre from productos where tenant_id = ${ctx.tenantId} and id_codigo_de_barra = ${codigo}
        and estado <> 'Anulado' and length(id_codigo_de_barra) >= 3 ${excluir} limit 1`,
  );
  return fila;
}

/** GET /registro-productos/barra/{code}: whether an active product holds the code, and which. */
export async function codigoOcupado(
  ctx: Ctx,
  codigo: string,
  idProducto?: string,
): Promise<{ activo: boolean; nombre: string }> {
  const ocupado = await productoConCodigo(ctx, codigo.trim(), idProducto ?? null);
  return ocupado ? { activo: true, nombre: ocupado.nombre } : { activo: false, nombre: '' };
}
