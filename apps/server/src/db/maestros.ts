import {
  type CamposDeDesactivacion,
  type ConsultaDeLista,
  MENSAJE_NOTA_DE_DESACTIVACION,
} from '@pos/contract';
import {
  and,
  asc,
  count,
  eq,
  getTableName,
  type InferInsertModel,
  type InferSelectModel,
  ilike,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { AppError } from '../http/errors.ts';
import type { Ctx } from '../http/handle.ts';
import type { Tx } from './client.ts';
import { referenciasA, tablasQueUsan } from './referencias.ts';
import { type Creado, insertarSinDuplicar } from './sinDuplicados.ts';

/** The columns every master-data table has (migration 0002). */
export type TablaMaestra = PgTable & {
  tenantId: PgColumn;
  id: PgColumn;
  identificadorUnico: PgColumn;
  actualizadoEn: PgColumn;
};

export type DefinicionMaestro<T extends TablaMaestra, J> = {
  tabla: T;
  /** The column `input` searches; the list is sorted by `ordenarPor` (this column by default). */
  columnaNombre: PgColumn;
  ordenarPor?: PgColumn[];
  /** What a selector may offer (spec 002 §4: not Desactivado); absent when the item has no status. */
  filtroDeSelector?: SQL;
  aJson(fila: InferSelectModel<T>): J;
  mensajes: {
    noExiste: string;
    /** Why a delete is refused while other rows reference the item. */
    vinculado: string;
    eliminado(fila: InferSelectModel<T>): string;
  };
};

// `T['$inferInsert']` rather than InferInsertModel<T>: on a generic T the latter loses the optional columns.
export type ValoresMaestro<T extends TablaMaestra> = Omit<
  T['$inferInsert'],
  'tenantId' | 'id' | 'identificadorUnico'
>;

export type Lista<J> = { res: J[]; totalRows: number };

function escaparLike(texto: string): string {
  return texto.replace(/[\\%_]/g, '\\$&');
}

/**
 * The list / read / create / change / delete of one master-data family, written once for the eleven
 * families (docs/domain.md). Services add their rules around it; every query filters the tenant even under RLS.
 */
export function maestro<T extends TablaMaestra, J>(def: DefinicionMaestro<T, J>) {
  type Fila = InferSelectModel<T>;
  const { tabla, mensajes } = def;
  const deLaEmpresa = (ctx: Ctx) => eq(tabla.tenantId, ctx.tenantId);

  async function buscarFila(ctx: Ctx, id: string): Promise<Fila | undefined> {
    const [fila] = (await ctx.tx
      .select()
      .from(tabla as PgTable)
      .where(and(deLaEmpresa(ctx), eq(tabla.id, id)))
      .limit(1)) as Fila[];
    return fila;
  }

  async function obtenerFila(ctx: Ctx, id: string): Promise<Fila> {
    const fila = await buscarFila(ctx, id);
    if (!fila) {
      throw new AppError('no_encontrado', mensajes.noExiste);
    }
    return fila;
  }

  async function filasDe(ctx: Ctx, donde: SQL | undefined, pagina?: { page: number; limit: number }) {
    const orden = [...(def.ordenarPor ?? [def.columnaNombre]), tabla.id].map((columna) => asc(columna));
    const consulta = ctx.tx
      .select()
      .from(tabla as PgTable)
      .where(donde)
      .orderBy(...orden);
    return (
      pagina ? await consulta.limit(pagina.limit).offset((pagina.page - 1) * pagina.limit) : await consulta
    ) as Fila[];
  }

  return {
    tabla,
    aJson: def.aJson,
    buscarFila,
    obtenerFila,

    /** GET list: `{ res, totalRows }`, every row without `page`, pages of `limit` with it. */
    async listar(ctx: Ctx, consulta: ConsultaDeLista): Promise<Lista<J>> {
      const condiciones = [deLaEmpresa(ctx)];
      if (consulta.input !== '') {
        condiciones.push(ilike(def.columnaNombre, `%${escaparLike(consulta.input)}%`));
      }
      if (consulta.activos && def.filtroDeSelector) {
        condiciones.push(def.filtroDeSelector);
      }
      const donde = and(...condiciones);
      const pagina = consulta.page === undefined ? undefined : { page: consulta.page, limit: consulta.limit };
      const encontradas = await filasDe(ctx, donde, pagina);
      let totalRows = encontradas.length;
      if (pagina) {
        const [total] = await ctx.tx
          .select({ n: count() })
          .from(tabla as PgTable)
          .where(donde);
        totalRows = total?.n ?? 0;
      }
      return { res: encontradas.map(def.aJson), totalRows };
    },

    /** Every item a selector may offer, in list order. */
    async selector(ctx: Ctx): Promise<J[]> {
      return (await filasDe(ctx, and(deLaEmpresa(ctx), def.filtroDeSelector))).map(def.aJson);
    },

    async obtener(ctx: Ctx, id: string): Promise<J> {
      return def.aJson(await obtenerFila(ctx, id));
    },

    /** Inserts once per identificadorUnico (a retry answers the first row). */
    async insertar(ctx: Ctx, identificadorUnico: string, valores: ValoresMaestro<T>): Promise<Creado<Fila>> {
      return insertarSinDuplicar(ctx.tx, tabla, {
        ...valores,
        tenantId: ctx.tenantId,
        identificadorUnico,
      } as InferInsertModel<T> & { tenantId: number; identificadorUnico: string });
    },

    /** Writes the fields given (undefined ones stay as they are). */
    async actualizarFila(ctx: Ctx, id: string, valores: Partial<ValoresMaestro<T>>): Promise<Fila> {
      const [fila] = (await ctx.tx
        .update(tabla as PgTable)
        .set({ ...valores, actualizadoEn: new Date() } as never)
        .where(and(deLaEmpresa(ctx), eq(tabla.id, id)))
        .returning()) as Fila[];
      if (!fila) {
        throw new AppError('no_encontrado', mensajes.noExiste);
      }
      return fila;
    },

    /** The validar-eliminar calls: whether documents (rows of other tables) reference the item. */
    async tieneDocumentos(ctx: Ctx, id: string): Promise<{ tieneDocumentos: boolean }> {
      await obtenerFila(ctx, id);
      return { tieneDocumentos: await tieneVinculos(ctx.tx, ctx.tenantId, tabla, id) };
    },

    /** DELETE: refused with the family's message while anything references the item. */
    async eliminar(ctx: Ctx, id: string): Promise<{ fila: Fila; message: string }> {
      const fila = await obtenerFila(ctx, id);
      if (await tieneVinculos(ctx.tx, ctx.tenantId, tabla, id)) {
        throw new AppError('conflicto', mensajes.vinculado);
      }
      await ctx.tx.delete(tabla as PgTable).where(and(deLaEmpresa(ctx), eq(tabla.id, id)));
      return { fila, message: mensajes.eliminado(fila) };
    },
  };
}

/** A create answer: the item and whether it already existed (architecture invariant 4). */
export function respuestaDeCreacion<J>(
  json: J,
  creado: Creado<unknown>,
): J & { solicitudDuplicada: boolean } {
  return { ...json, solicitudDuplicada: creado.solicitudDuplicada };
}

/** Refuses a body whose `_id` names another item than the path. */
export function exigirMismoId(id: string, idDelCuerpo: string | undefined): void {
  if (idDelCuerpo !== undefined && idDelCuerpo !== id) {
    throw new AppError('solicitud_invalida', 'El _id del cuerpo no coincide con el de la ruta.', {
      errores: [{ campo: '_id', mensaje: 'No coincide con el identificador de la ruta' }],
    });
  }
}

export type ValoresDeEstado = {
  estado?: 'Activo' | 'Desactivado';
  autorizacion?: string | null;
  notaAnular?: string;
};

// Spec 002 §4: deactivation sets estado (Desactivado) with autorizacion sent as Pendiente and a note.
// The note is required: it is what the audit shows. Reactivating clears the note unless one is sent.
/** The status columns a PUT/PATCH `{estado, autorizacion, notaAnular, _id}` writes. */
export function valoresDeEstado(id: string, entrada: CamposDeDesactivacion): ValoresDeEstado {
  exigirMismoId(id, entrada._id);
  if (entrada.estado === undefined) {
    const valores: ValoresDeEstado = {};
    if (entrada.autorizacion !== undefined) {
      valores.autorizacion = entrada.autorizacion;
    }
    if (entrada.notaAnular !== undefined) {
      valores.notaAnular = entrada.notaAnular;
    }
    return valores;
  }
  if (entrada.estado === 'Desactivado') {
    const nota = entrada.notaAnular ?? '';
    if (nota === '') {
      throw new AppError('solicitud_invalida', MENSAJE_NOTA_DE_DESACTIVACION, {
        errores: [{ campo: 'notaAnular', mensaje: MENSAJE_NOTA_DE_DESACTIVACION }],
      });
    }
    return { estado: 'Desactivado', autorizacion: entrada.autorizacion ?? 'Pendiente', notaAnular: nota };
  }
  return {
    estado: 'Activo',
    autorizacion: entrada.autorizacion ?? null,
    notaAnular: entrada.notaAnular ?? '',
  };
}

/** Clears `predeterminado` on every other row of the company (one default list or terminal). */
export async function dejarSoloEstePredeterminado(
  tx: Tx,
  tenantId: number,
  tabla: TablaMaestra,
  id: string,
): Promise<void> {
  await tx.execute(
    sql`update ${tabla} set predeterminado = false where tenant_id = ${tenantId} and predeterminado and id <> ${id}`,
  );
}

/**
 * Whether any row of the company references `id` of `tabla` through a foreign key that blocks deletion
 * (ON DELETE NO ACTION / RESTRICT). The catalog names the referencing tables, so a document table of a later
 * issue is covered as soon as it declares its key `(tenant_id, id_x) REFERENCES tabla (tenant_id, id)`.
 */
export async function tieneVinculos(tx: Tx, tenantId: number, tabla: PgTable, id: string): Promise<boolean> {
  const referencias = await referenciasA(tx, getTableName(tabla), { soloLasQueImpidenBorrar: true });
  return (await tablasQueUsan(tx, tenantId, referencias, id)).length > 0;
}
