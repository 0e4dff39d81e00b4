import type { MetodoSimple } from '@pos/contract';
import { aCentavos, aPesos, type Centavos, formatearDinero } from '@pos/domain';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx } from '../../http/handle.ts';
import { aplicacionesDeCartera } from './tables.ts';

// ---------------------------------------------------------------------------------------------
// The receivables and payables ledger (cuentas por cobrar y por pagar; docs/payments.md).
//
// An application moves an amount of a source document (a receipt in today; later credit notes,
// credits in favour, payments out) onto a target document that owes (an invoice today; later
// purchases). This module is the only writer of its table:
//
//   aplicar(ctx, aplicaciones)          writes them, each at most what its target still owes, under a
//                                       lock on the target's row (two receipts on one invoice queue).
//   revertir(ctx, tipoOrigen, idOrigen) takes back what a source applied (its cancellation).
//
// and the owed document's module reads its balance through it: `sqlAplicado` (a column of one query,
// for lists and sums) or `aplicadoA` (the applications themselves, for a detail's payment list).
// What a target owes before applications is its own (an invoice's monto_a_pagar less what was paid at
// the sale), declared below per target type.
// ---------------------------------------------------------------------------------------------

export type Lado = 'cobrar' | 'pagar';
export type TipoDestino = 'factura' | 'compra';

type Destino = {
  lado: Lado;
  /** The target in a message, with its article: «la factura». */
  nombre: string;
  /** What a target with nothing left to apply is: «cobrada». */
  saldada: string;
  /**
   * Locks the targets `ids` in id order (so documents applying to the same ones queue instead of
   * deadlocking) and reads what each owes before applications. Reading and locking another module's
   * rows is allowed; only its own table is written here.
   */
  bloquear(ctx: Ctx, ids: readonly string[]): SQL;
};

const DESTINOS: Record<TipoDestino, Destino> = {
  factura: {
    lado: 'cobrar',
    nombre: 'la factura',
    saldada: 'cobrada',
    // facturas.cobrado is what was paid at the sale (pagos_factura); the rest is owed.
    bloquear: (ctx, ids) =>
      sql`select id, coalesce(comprobante, numero_factura::text, '') as etiqueta,
            monto_a_pagar - cobrado as adeudado
          from facturas where tenant_id = ${ctx.tenantId} and id in ${ids}
          order by id for update`,
  },
  // A purchase (docs/payments.md «Pagos a proveedores»): compras.pagado is what was paid at the purchase
  // itself; the rest of monto_a_pagar (total less withholdings) is owed to the supplier. Sources: payments
  // out ('egreso') and debit notes ('notaDeDebito').
  compra: {
    lado: 'pagar',
    nombre: 'la compra',
    saldada: 'pagada',
    bloquear: (ctx, ids) =>
      sql`select id, comprobante as etiqueta, monto_a_pagar - pagado as adeudado
          from compras where tenant_id = ${ctx.tenantId} and id in ${ids}
          order by id for update`,
  },
};

/** One application to write. */
export type NuevaAplicacion = {
  tipoDestino: TipoDestino;
  idDestino: string;
  /** The source document: its type ('ingreso', …) and id. */
  tipoOrigen: string;
  idOrigen: string;
  monto: Centavos;
  /** The source document's date. */
  fecha: string;
  /** How the money came, when the source moved money (a receipt's formaDePago). */
  metodo?: MetodoSimple | null;
  referencia?: string;
  /** The request field an over-application is reported on (e.g. `res.0.importe`). */
  campo?: string;
};

/** An application in force, as a target's reader sees it. */
export type Aplicacion = {
  id: string;
  lado: Lado;
  tipoDestino: string;
  idDestino: string;
  tipoOrigen: string;
  idOrigen: string;
  monto: Centavos;
  fecha: string;
  metodo: MetodoSimple | null;
  referencia: string;
  creadoEn: Date;
};

function capitalizar(texto: string): string {
  return texto.charAt(0).toUpperCase() + texto.slice(1);
}

/**
 * Writes `aplicaciones` (spec 001 §3 "Receipt in": each applies at most what its target still owes).
 * The targets are locked first, in id order, and what they have applied is read after the lock, in a
 * statement of its own: under READ COMMITTED that statement sees what a document that held the lock
 * before committed, so two documents paying one invoice never apply more than it owes. Several
 * applications to one target in one call add up. Answers, per application in order, what its target
 * still owed before it (a receipt's line records it as balancePendiente). Refusals are AppErrors and
 * write nothing.
 */
export async function aplicar(
  ctx: Ctx,
  aplicaciones: readonly NuevaAplicacion[],
): Promise<{ pendienteAntes: Centavos }[]> {
  if (aplicaciones.length === 0) {
    return [];
  }
  const pendientes = new Map<string, { etiqueta: string; pendiente: Centavos }>();
  const tipos = new Set(aplicaciones.map((a) => a.tipoDestino));
  for (const tipo of tipos) {
    const ids = [
      ...new Set(aplicaciones.filter((a) => a.tipoDestino === tipo).map((a) => a.idDestino)),
    ].sort();
    const bloqueados = await filas<{ id: string; etiqueta: string; adeudado: string }>(
      ctx.tx,
      DESTINOS[tipo].bloquear(ctx, ids),
    );
    const aplicado = await sumasAplicadas(ctx, tipo, ids);
    for (const fila of bloqueados) {
      pendientes.set(`${tipo}:${fila.id}`, {
        etiqueta: fila.etiqueta,
        pendiente: (aCentavos(fila.adeudado) - (aplicado.get(fila.id) ?? 0)) as Centavos,
      });
    }
  }
  const resultado = aplicaciones.map((a) => {
    const destino = DESTINOS[a.tipoDestino];
    const saldo = pendientes.get(`${a.tipoDestino}:${a.idDestino}`);
    if (!saldo) {
      throw new AppError('no_encontrado', `${capitalizar(destino.nombre)} no existe.`);
    }
    const nombre = `${destino.nombre} ${saldo.etiqueta}`.trim();
    if (a.monto <= 0) {
      throw new Error(`La aplicación a ${nombre} no es un monto positivo`);
    }
    if (saldo.pendiente <= 0) {
      throw new AppError('conflicto', `${capitalizar(nombre)} ya está ${destino.saldada}.`);
    }
    if (a.monto > saldo.pendiente) {
      const debe = formatearDinero(saldo.pendiente);
      throw new AppError(
        'solicitud_invalida',
        `A ${nombre} se le aplican ${formatearDinero(a.monto)} y solo debe ${debe}.`,
        a.campo ? { errores: [{ campo: a.campo, mensaje: `Debe ${debe}.` }] } : undefined,
      );
    }
    const pendienteAntes = saldo.pendiente;
    saldo.pendiente = (saldo.pendiente - a.monto) as Centavos;
    return { pendienteAntes };
  });
  await ctx.tx.insert(aplicacionesDeCartera).values(
    aplicaciones.map((a) => ({
      tenantId: ctx.tenantId,
      lado: DESTINOS[a.tipoDestino].lado,
      tipoDestino: a.tipoDestino,
      idDestino: a.idDestino,
      tipoOrigen: a.tipoOrigen,
      idOrigen: a.idOrigen,
      monto: String(aPesos(a.monto)),
      fecha: a.fecha,
      metodo: a.metodo ?? null,
      referencia: a.referencia ?? '',
    })),
  );
  return resultado;
}

/**
 * Takes back what the source document applied (its cancellation): its applications in force are
 * marked reverted, never deleted, so the ledger keeps when they counted. Their targets owe again.
 * Answers the applications reverted (none when there were none, or they were already reverted).
 */
export async function revertir(ctx: Ctx, tipoOrigen: string, idOrigen: string): Promise<Aplicacion[]> {
  const revertidas = await ctx.tx
    .update(aplicacionesDeCartera)
    .set({ revertidaEn: new Date() })
    .where(
      and(
        eq(aplicacionesDeCartera.tenantId, ctx.tenantId),
        eq(aplicacionesDeCartera.tipoOrigen, tipoOrigen),
        eq(aplicacionesDeCartera.idOrigen, idOrigen),
        isNull(aplicacionesDeCartera.revertidaEn),
      ),
    )
    .returning();
  return revertidas.map(aAplicacion);
}

function aAplicacion(fila: typeof aplicacionesDeCartera.$inferSelect): Aplicacion {
  return {
    id: fila.id,
    lado: fila.lado,
    tipoDestino: fila.tipoDestino,
    idDestino: fila.idDestino,
    tipoOrigen: fila.tipoOrigen,
    idOrigen: fila.idOrigen,
    monto: aCentavos(fila.monto),
    fecha: fila.fecha,
    metodo: fila.metodo,
    referencia: fila.referencia,
    creadoEn: fila.creadoEn,
  };
}

async function sumasAplicadas(
  ctx: Ctx,
  tipo: TipoDestino,
  ids: readonly string[],
): Promise<Map<string, Centavos>> {
  const sumas = await filas<{ id_destino: string; monto: string }>(
    ctx.tx,
    sql`select id_destino, sum(monto) as monto from aplicaciones_de_cartera
        where tenant_id = ${ctx.tenantId} and tipo_destino = ${tipo} and id_destino in ${ids}
          and revertida_en is null
        group by id_destino`,
  );
  return new Map(sumas.map((s) => [s.id_destino, aCentavos(s.monto)]));
}

/**
 * What the ledger has applied, in force, to each target `ids` of type `tipo`: the total and the
 * applications (oldest first). Every id asked has an entry (total 0 when nothing).
 */
export async function aplicadoA(
  ctx: Ctx,
  tipo: TipoDestino,
  ids: readonly string[],
): Promise<Map<string, { aplicado: Centavos; aplicaciones: Aplicacion[] }>> {
  const resultado = new Map(
    ids.map((id) => [id, { aplicado: 0 as Centavos, aplicaciones: [] as Aplicacion[] }]),
  );
  if (ids.length === 0) {
    return resultado;
  }
  const vigentes = await ctx.tx
    .select()
    .from(aplicacionesDeCartera)
    .where(
      and(
        eq(aplicacionesDeCartera.tenantId, ctx.tenantId),
        eq(aplicacionesDeCartera.tipoDestino, tipo),
        inArray(aplicacionesDeCartera.idDestino, [...ids]),
        isNull(aplicacionesDeCartera.revertidaEn),
      ),
    )
    .orderBy(asc(aplicacionesDeCartera.creadoEn), asc(aplicacionesDeCartera.id));
  for (const fila of vigentes) {
    const destino = resultado.get(fila.idDestino);
    if (destino) {
      const aplicacion = aAplicacion(fila);
      destino.aplicaciones.push(aplicacion);
      destino.aplicado = (destino.aplicado + aplicacion.monto) as Centavos;
    }
  }
  return resultado;
}

/**
 * SQL for one query's column or condition: what is applied, in force, to the target whose id is
 * `idDestino`, as numeric (0 when nothing). Lists and sums stay one query: one index lookup per row
 * (aplicaciones_de_cartera_destino). `idDestino` is SQL naming its table (sql`f.id`, sql`facturas.id`),
 * not a drizzle column: a single-table select prints columns unqualified, and an unqualified `id`
 * here would be the application's own.
 */
export function sqlAplicado(
  ctx: Ctx,
  tipo: TipoDestino,
  idDestino: SQL,
  opciones: { salvoOrigen?: string } = {},
): SQL<string> {
  // `salvoOrigen` leaves out one source type (an invoice's credits in favour, which its own
  // cancellation takes back, do not block it as receipts do).
  const salvo = opciones.salvoOrigen ? sql` and a.tipo_origen <> ${opciones.salvoOrigen}` : sql``;
  return sql<string>`(select coalesce(sum(a.monto), 0) from aplicaciones_de_cartera a
    where a.tenant_id = ${ctx.tenantId} and a.tipo_destino = ${tipo} and a.id_destino = ${idDestino}
      and a.revertida_en is null${salvo})`;
}
