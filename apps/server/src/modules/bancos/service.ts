import {
  type ActualizarCuentaDeBanco,
  type CrearCuentaDeBanco,
  type CuentaContableRef,
  type CuentaDeBanco,
  MENSAJE_BANCO_NO_EXISTE,
  MENSAJE_CUENTA_DE_OTRO_BANCO,
  type NodoCuenta,
} from '@pos/contract';
import { aCentavos, aPesos, type Centavos, hoyEnSantoDomingo } from '@pos/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import { crearUnaVez, esperarGemela } from '../../db/sinDuplicados.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx, CtxConSesion } from '../../http/handle.ts';
import { registrarAsiento, revertirAsientos } from '../contabilidad/asientos.service.ts';
import {
  crearCuentaContable,
  cuentaAsignada,
  obtenerCatalogo,
  referenciasDeCuentas,
} from '../contabilidad/service.ts';
import { cuentasBanco } from './tables.ts';

// Bank accounts (spec 002 §3 "Bank account", §7 "Banks and reconciliation"; docs/accounting.md
// «Cuentas de banco y transferencias»). A bank is a detail account of the chart's banks group; what
// it holds (saldoTotal) is read from the journal, so receipts, payments, sales paid by bank, manual
// entries and transfers all count without a second total to keep in step.

type FilaBanco = typeof cuentasBanco.$inferSelect;

/** The journal's document type of the opening balance (its idDocumento is the bank's id). */
export const TIPO_SALDO_INICIAL = 'cuentaDeBanco';

function noExiste(): AppError {
  return new AppError('no_encontrado', MENSAJE_BANCO_NO_EXISTE);
}

async function filaDelBanco(ctx: Pick<Ctx, 'tx' | 'tenantId'>, id: string): Promise<FilaBanco> {
  const [fila] = await ctx.tx
    .select()
    .from(cuentasBanco)
    .where(and(eq(cuentasBanco.tenantId, ctx.tenantId), eq(cuentasBanco.id, id)))
    .limit(1);
  if (!fila) {
    throw noExiste();
  }
  return fila;
}

/** A bank account of the company, as other modules use it (404 'La cuenta de banco no existe'). */
export async function cuentaDeBanco(
  ctx: Pick<Ctx, 'tx' | 'tenantId'>,
  id: string,
): Promise<{
  _id: string;
  nombre: string;
  idCuentaContable: string;
  montoInicial: number;
  fechaInicial: string;
}> {
  const fila = await filaDelBanco(ctx, id);
  return {
    _id: fila.id,
    nombre: fila.nombre,
    idCuentaContable: fila.idCuentaContable,
    montoInicial: Number(fila.montoInicial),
    fechaInicial: fila.fechaInicial,
  };
}

/** The bank whose ledger account this is, or null. */
export async function bancoDeCuentaContable(
  ctx: Pick<Ctx, 'tx' | 'tenantId'>,
  idCuentaContable: string,
): Promise<{ _id: string; nombre: string } | null> {
  const [fila] = await ctx.tx
    .select({ _id: cuentasBanco.id, nombre: cuentasBanco.nombre })
    .from(cuentasBanco)
    .where(and(eq(cuentasBanco.tenantId, ctx.tenantId), eq(cuentasBanco.idCuentaContable, idCuentaContable)))
    .limit(1);
  return fila ?? null;
}

/** Each ledger account's balance in the journal (debits − credits, cents), opening entries included. */
async function saldosEnElDiario(
  ctx: Pick<Ctx, 'tx' | 'tenantId'>,
  ids: string[],
): Promise<Map<string, Centavos>> {
  if (ids.length === 0) {
    return new Map();
  }
  const resultado = await filas<{ id_cuenta: string; saldo: string }>(
    ctx.tx,
    sql`select id_cuenta, sum(debito) - sum(credito) as saldo from lineas_asiento
        where tenant_id = ${ctx.tenantId} and id_cuenta in ${ids} group by id_cuenta`,
  );
  return new Map(resultado.map((f) => [f.id_cuenta, aCentavos(f.saldo)]));
}

async function aCuentasDeBanco(
  ctx: Pick<Ctx, 'tx' | 'tenantId'>,
  bancos: FilaBanco[],
): Promise<CuentaDeBanco[]> {
  const ids = bancos.map((b) => b.idCuentaContable);
  const [referencias, saldos] = await Promise.all([
    referenciasDeCuentas(ctx, ids),
    saldosEnElDiario(ctx, ids),
  ]);
  return bancos.map((fila) => ({
    _id: fila.id,
    identificadorUnico: fila.identificadorUnico,
    nombre: fila.nombre,
    numeroDeCuenta: fila.numeroDeCuenta,
    montoInicial: Number(fila.montoInicial),
    fechaInicial: fila.fechaInicial,
    cuentaContable: referencias.get(fila.idCuentaContable) as CuentaContableRef,
    saldoTotal: aPesos(saldos.get(fila.idCuentaContable) ?? (0 as Centavos)),
    activo: fila.activo,
    creadoEn: fila.creadoEn.toISOString(),
  }));
}

/** GET /cuentas-banco/lista-banco/: every bank of the company (active first), each with its balance. */
export async function listarCuentasDeBanco(ctx: Ctx): Promise<{ cuentas: CuentaDeBanco[] }> {
  const bancos = await ctx.tx
    .select()
    .from(cuentasBanco)
    .where(eq(cuentasBanco.tenantId, ctx.tenantId))
    .orderBy(sql`${cuentasBanco.activo} desc`, asc(cuentasBanco.nombre), asc(cuentasBanco.creadoEn));
  return { cuentas: await aCuentasDeBanco(ctx, bancos) };
}

/** GET /cuentas-banco/{id}. */
export async function obtenerCuentaDeBanco(ctx: Ctx, id: string): Promise<CuentaDeBanco> {
  const [cuenta] = await aCuentasDeBanco(ctx, [await filaDelBanco(ctx, id)]);
  return cuenta as CuentaDeBanco;
}

/** Several banks by id (transfers name both sides), active or not. */
export async function nombresDeBancos(ctx: Ctx, ids: string[]): Promise<Map<string, string>> {
  const unicos = [...new Set(ids)];
  if (unicos.length === 0) {
    return new Map();
  }
  const resultado = await ctx.tx
    .select({ id: cuentasBanco.id, nombre: cuentasBanco.nombre })
    .from(cuentasBanco)
    .where(and(eq(cuentasBanco.tenantId, ctx.tenantId), inArray(cuentasBanco.id, unicos)));
  return new Map(resultado.map((f) => [f.id, f.nombre]));
}

// The chart's banks group: the first account of category 'bancos' whose parent is of another category.
function grupoDeBancos(arbol: NodoCuenta[]): NodoCuenta | undefined {
  for (const nodo of arbol) {
    if (nodo.categoria === 'bancos') {
      return nodo;
    }
    const hallado = grupoDeBancos(nodo.children);
    if (hallado) {
      return hallado;
    }
  }
  return undefined;
}

// The ledger account of a new bank: an existing unused bank detail account, or a new one under the
// banks group (created by the contabilidad module: this module never writes the chart).
async function cuentaContableDelBanco(ctx: CtxConSesion, entrada: CrearCuentaDeBanco): Promise<string> {
  const catalogo = await obtenerCatalogo(ctx);
  if (entrada.idCuentaContable) {
    if (!catalogo.listas.bancos.some((c) => c.idCuenta === entrada.idCuentaContable)) {
      throw new AppError(
        'solicitud_invalida',
        'La cuenta contable elegida no es una cuenta de detalle del grupo de bancos del catálogo.',
        { errores: [{ campo: 'idCuentaContable', mensaje: 'Elige una cuenta del grupo de bancos' }] },
      );
    }
    const duena = await bancoDeCuentaContable(ctx, entrada.idCuentaContable);
    if (duena) {
      throw new AppError('conflicto', `${MENSAJE_CUENTA_DE_OTRO_BANCO}: «${duena.nombre}».`, {
        errores: [{ campo: 'idCuentaContable', mensaje: 'Esa cuenta ya tiene un banco' }],
      });
    }
    return entrada.idCuentaContable;
  }
  const grupo = grupoDeBancos(catalogo.treeData);
  if (!grupo) {
    throw new AppError(
      'conflicto',
      'El catálogo de cuentas no tiene un grupo de bancos. Agrega una cuenta de la categoría «bancos» en Contabilidad › Catálogo de cuentas.',
    );
  }
  // The banks group itself may be a detail account (a chart edited by hand): the new account goes
  // under it all the same, and the chart refuses that when the group already has entries.
  const { cuenta } = await crearCuentaContable(ctx, {
    idPadre: grupo.id,
    nombre: entrada.nombre,
    identificadorUnico: `banco:${entrada.identificadorUnico}`,
  });
  return cuenta.id;
}

async function registrarSaldoInicial(ctx: CtxConSesion, fila: FilaBanco): Promise<void> {
  const monto = aCentavos(fila.montoInicial);
  if (monto === 0) {
    return;
  }
  const ajustes = await cuentaAsignada(ctx, 'ajustesPorSaldosIniciales');
  await registrarAsiento(ctx, {
    tipoDocumento: TIPO_SALDO_INICIAL,
    idDocumento: fila.id,
    fecha: fila.fechaInicial,
    descripcion: `Saldo inicial de ${fila.nombre}`,
    lineas: [
      { idCuenta: fila.idCuentaContable, debito: monto },
      { idCuenta: ajustes.idCuenta, credito: monto },
    ],
  });
}

/** POST /cuentas-banco/: the bank, its ledger account and its opening entry, once per identificadorUnico. */
export async function crearCuentaDeBanco(
  ctx: CtxConSesion,
  entrada: CrearCuentaDeBanco,
): Promise<CuentaDeBanco & { solicitudDuplicada: boolean }> {
  // A twin would otherwise clash first on the ledger account it creates (its code), not on the bank.
  await esperarGemela(ctx, 'cuenta-banco', entrada.identificadorUnico);
  const creado = await crearUnaVez({
    indice: 'cuentas_banco_identificador_unico',
    buscar: async () => {
      const [previa] = await ctx.tx
        .select()
        .from(cuentasBanco)
        .where(
          and(
            eq(cuentasBanco.tenantId, ctx.tenantId),
            eq(cuentasBanco.identificadorUnico, entrada.identificadorUnico),
          ),
        )
        .limit(1);
      return previa;
    },
    crear: async () => {
      const idCuentaContable = await cuentaContableDelBanco(ctx, entrada);
      const [fila] = await ctx.tx
        .insert(cuentasBanco)
        .values({
          tenantId: ctx.tenantId,
          identificadorUnico: entrada.identificadorUnico,
          nombre: entrada.nombre,
          numeroDeCuenta: entrada.numeroDeCuenta,
          montoInicial: String(entrada.montoInicial),
          fechaInicial: entrada.fechaInicial ?? hoyEnSantoDomingo(),
          idCuentaContable,
          idUsuarioCreador: ctx.usuario._id,
        })
        .returning();
      if (!fila) {
        throw new Error('La inserción en cuentas_banco no devolvió fila');
      }
      await registrarSaldoInicial(ctx, fila);
      return fila;
    },
  });
  const [cuenta] = await aCuentasDeBanco(ctx, [creado.fila]);
  return { ...(cuenta as CuentaDeBanco), solicitudDuplicada: creado.solicitudDuplicada };
}

/**
 * PUT /cuentas-banco/{id}: name, number, active flag; a new opening amount or date reverses the opening
 * entry (dated as it was, so the history reads as if the new one had always been there) and posts it again.
 */
export async function actualizarCuentaDeBanco(
  ctx: CtxConSesion,
  id: string,
  entrada: ActualizarCuentaDeBanco,
): Promise<CuentaDeBanco> {
  const actual = await filaDelBanco(ctx, id);
  const [fila] = await ctx.tx
    .update(cuentasBanco)
    .set({
      ...(entrada.nombre === undefined ? {} : { nombre: entrada.nombre }),
      ...(entrada.numeroDeCuenta === undefined ? {} : { numeroDeCuenta: entrada.numeroDeCuenta }),
      ...(entrada.montoInicial === undefined ? {} : { montoInicial: String(entrada.montoInicial) }),
      ...(entrada.fechaInicial === undefined ? {} : { fechaInicial: entrada.fechaInicial }),
      ...(entrada.activo === undefined ? {} : { activo: entrada.activo }),
      actualizadoEn: new Date(),
    })
    .where(and(eq(cuentasBanco.tenantId, ctx.tenantId), eq(cuentasBanco.id, id)))
    .returning();
  const nueva = fila as FilaBanco;
  if (
    aCentavos(nueva.montoInicial) !== aCentavos(actual.montoInicial) ||
    nueva.fechaInicial !== actual.fechaInicial
  ) {
    await revertirAsientos(
      ctx,
      TIPO_SALDO_INICIAL,
      id,
      actual.fechaInicial,
      `Corrección del saldo inicial de ${nueva.nombre}`,
    );
    await registrarSaldoInicial(ctx, nueva);
  }
  return obtenerCuentaDeBanco(ctx, id);
}

/**
 * DELETE /cuentas-banco/{id}: only a bank without movements (its ledger account has no journal line
 * but its own opening entries, and no transfer names it); one with movements may only be deactivated,
 * so its history stays readable. The ledger account stays in the chart.
 */
export async function eliminarCuentaDeBanco(ctx: CtxConSesion, id: string): Promise<{ message: string }> {
  const fila = await filaDelBanco(ctx, id);
  const [uso] = await filas<{ movimientos: string }>(
    ctx.tx,
    sql`select (select count(*) from lineas_asiento l
                join asientos_contables a on a.tenant_id = l.tenant_id and a.id = l.id_asiento
                where l.tenant_id = ${ctx.tenantId} and l.id_cuenta = ${fila.idCuentaContable}
                  and not (a.tipo_documento = ${TIPO_SALDO_INICIAL} and a.id_documento = ${id}))
          + (select count(*) from transferencias_bancarias t
             where t.tenant_id = ${ctx.tenantId} and (t.id_cuenta_origen = ${id} or t.id_cuenta_destino = ${id}))
          as movimientos`,
  );
  if (Number(uso?.movimientos ?? 0) > 0) {
    throw new AppError(
      'conflicto',
      `La cuenta de banco «${fila.nombre}» tiene movimientos y no se puede eliminar; puedes desactivarla.`,
    );
  }
  await revertirAsientos(
    ctx,
    TIPO_SALDO_INICIAL,
    id,
    hoyEnSantoDomingo(),
    `Eliminación de la cuenta de banco ${fila.nombre}`,
  );
  await ctx.tx
    .delete(cuentasBanco)
    .where(and(eq(cuentasBanco.tenantId, ctx.tenantId), eq(cuentasBanco.id, id)));
  return { message: 'La cuenta de banco se eliminó correctamente' };
}
