import {
  type AbrirConciliacion,
  type ActualizarConciliacion,
  type BuscarConciliacion,
  type CerrarConciliacion,
  type ConciliacionResumen,
  type DetalleConciliacion,
  type InicioDeConciliacion,
  MENSAJE_BANCO_CONCILIADO,
  MENSAJE_CONCILIACION_ABIERTA_EXISTE,
  MENSAJE_CONCILIACION_ACTUALIZADA,
  MENSAJE_CONCILIACION_CERRADA,
  MENSAJE_CONCILIACION_NO_EXISTE,
  MENSAJE_MOVIMIENTO_CONCILIADO,
  MENSAJE_MOVIMIENTO_NO_EXISTE,
  type MovimientosDeConciliacion,
  type VerificarMovimiento,
} from '@pos/contract';
import { aCentavos, formatearDinero } from '@pos/domain';
import { sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx, CtxConSesion } from '../../http/handle.ts';
import { cuentaDeBanco } from '../bancos/service.ts';
import { registrarAsiento } from '../contabilidad/asientos.service.ts';
import { cuentaAsignada } from '../contabilidad/service.ts';
import { TIPO_DOCUMENTO_EGRESO } from '../egresos/lectura.ts';
import { TIPO_DOCUMENTO_INGRESO } from '../ingresos/lectura.ts';
import {
  aResumen,
  conciliacionAbiertaDeLaCuenta,
  type FilaConciliacion,
  filaDeConciliacion,
  lineasDisponibles,
  movimientosDeConciliacion,
  TIPO_DOCUMENTO_CONCILIACION,
  ultimaConciliacionCerrada,
} from './service.ts';

// ---------------------------------------------------------------------------------------------
// The steps of a reconciliation (spec 002 §4): begin (what the account starts from), open, update,
// verify each movement, close. Verifying, updating and closing lock the reconciliation's row first, so
// they run one after another; a closed reconciliation is read-only.
// ---------------------------------------------------------------------------------------------

function noExiste(): AppError {
  return new AppError('no_encontrado', MENSAJE_CONCILIACION_NO_EXISTE);
}

function diaSiguiente(fecha: string): string {
  const dia = new Date(`${fecha}T12:00:00Z`);
  dia.setUTCDate(dia.getUTCDate() + 1);
  return dia.toISOString().slice(0, 10);
}

function aPesosTexto(valor: number | string): string {
  return Number(valor).toFixed(2);
}

/** The reconciliation, locked, and open: anything else is refused (a closed one is read-only). */
async function abiertaBloqueada(ctx: Ctx, id: string): Promise<FilaConciliacion> {
  const fila = await filaDeConciliacion(ctx, id, true);
  if (!fila) {
    throw noExiste();
  }
  if (fila.estado !== 'Abierta') {
    throw new AppError('conflicto', MENSAJE_CONCILIACION_CERRADA);
  }
  return fila;
}

/** Where the account's next reconciliation starts: after the last closed one, or at the account's opening. */
async function puntoDePartida(
  ctx: Ctx,
  idCuentaDeBanco: string,
): Promise<{ nombre: string; saldoInicial: string; fechaInicio: string; despuesDe: string | null }> {
  const banco = await cuentaDeBanco(ctx, idCuentaDeBanco);
  const ultima = await ultimaConciliacionCerrada(ctx, idCuentaDeBanco);
  return ultima
    ? {
        nombre: banco.nombre,
        saldoInicial: ultima.saldoFinalDelEstado,
        fechaInicio: diaSiguiente(ultima.fechaFin),
        despuesDe: ultima.fechaFin,
      }
    : {
        nombre: banco.nombre,
        saldoInicial: aPesosTexto(banco.montoInicial),
        fechaInicio: banco.fechaInicial,
        despuesDe: null,
      };
}

/** GET /conciliacio/empezar-conciliacion/{id}: the account's open reconciliation or where a new one starts. */
export async function empezarConciliacion(ctx: Ctx, idCuentaDeBanco: string): Promise<InicioDeConciliacion> {
  const partida = await puntoDePartida(ctx, idCuentaDeBanco);
  const abierta = await conciliacionAbiertaDeLaCuenta(ctx, idCuentaDeBanco);
  return {
    idCuenta: idCuentaDeBanco,
    nombreCuenta: partida.nombre,
    conciliacion: abierta ? aResumen(abierta) : null,
    saldoInicial: Number(partida.saldoInicial),
    fechaInicioConciliacion: partida.fechaInicio,
  };
}

function exigirPeriodo(fechaInicio: string, fechaFin: string, despuesDe: string | null): void {
  if (fechaFin < fechaInicio) {
    throw new AppError('solicitud_invalida', 'La fecha final no puede ser anterior a la inicial', {
      errores: [
        { campo: 'fechaFinConciliacion', mensaje: 'La fecha final no puede ser anterior a la inicial' },
      ],
    });
  }
  // Periods follow one another: a movement is reconciled against one statement only.
  if (despuesDe && fechaInicio <= despuesDe) {
    const mensaje = `La conciliación debe empezar después del ${despuesDe}, fin de la última conciliación cerrada.`;
    throw new AppError('solicitud_invalida', mensaje, {
      errores: [{ campo: 'fechaInicioConciliacion', mensaje }],
    });
  }
}

/** POST /conciliacio/: opens the account's reconciliation (one open at a time). */
export async function abrirConciliacion(
  ctx: CtxConSesion,
  datos: AbrirConciliacion,
): Promise<{ message: string; conciliacion: ConciliacionResumen }> {
  const idCuenta = (datos.idCuenta ?? datos.idBanco) as string;
  const partida = await puntoDePartida(ctx, idCuenta);
  if (await conciliacionAbiertaDeLaCuenta(ctx, idCuenta)) {
    throw new AppError('conflicto', MENSAJE_CONCILIACION_ABIERTA_EXISTE);
  }
  exigirPeriodo(datos.fechaInicioConciliacion, datos.fechaFinConciliacion, partida.despuesDe);
  // saldoInicial is never the client's: it is the previous statement's balance (spec 002 §5).
  const [fila] = await filas<{ id: string }>(
    ctx.tx,
    sql`insert into conciliaciones (tenant_id, id_cuenta_banco, fecha_inicio, fecha_fin, saldo_inicial,
          saldo_final_del_estado, ingresos_bancarios, gastos_bancarios, id_usuario_creador)
        values (${ctx.tenantId}, ${idCuenta}, ${datos.fechaInicioConciliacion}, ${datos.fechaFinConciliacion},
          ${partida.saldoInicial}, ${aPesosTexto(datos.saldoFinalDelEstado)}, ${aPesosTexto(datos.ingresosBancarios)},
          ${aPesosTexto(datos.gastosBancarios)}, ${ctx.usuario._id})
        returning id`,
  );
  return { message: MENSAJE_CONCILIACION_ACTUALIZADA, conciliacion: await resumen(ctx, fila?.id as string) };
}

async function resumen(ctx: Ctx, id: string): Promise<ConciliacionResumen> {
  const fila = await filaDeConciliacion(ctx, id);
  if (!fila) {
    throw noExiste();
  }
  return aResumen(fila);
}

async function aplicarCambios(
  ctx: Ctx,
  fila: FilaConciliacion,
  datos: ActualizarConciliacion,
): Promise<void> {
  const fechaInicio = datos.fechaInicioConciliacion ?? fila.fecha_inicio;
  const fechaFin = datos.fechaFinConciliacion ?? fila.fecha_fin;
  const ultima = await ultimaConciliacionCerrada(ctx, fila.id_cuenta_banco);
  exigirPeriodo(fechaInicio, fechaFin, ultima?.fechaFin ?? null);
  await ctx.tx.execute(
    sql`update conciliaciones set
          fecha_inicio = ${fechaInicio}, fecha_fin = ${fechaFin},
          saldo_final_del_estado = coalesce(${datos.saldoFinalDelEstado === undefined ? null : aPesosTexto(datos.saldoFinalDelEstado)}::numeric, saldo_final_del_estado),
          ingresos_bancarios = coalesce(${datos.ingresosBancarios === undefined ? null : aPesosTexto(datos.ingresosBancarios)}::numeric, ingresos_bancarios),
          gastos_bancarios = coalesce(${datos.gastosBancarios === undefined ? null : aPesosTexto(datos.gastosBancarios)}::numeric, gastos_bancarios),
          actualizado_en = now()
        where tenant_id = ${ctx.tenantId} and id = ${fila.id}`,
  );
  // A shorter period lets go of the ticks after its new end: they are the next statement's.
  await ctx.tx.execute(
    sql`delete from movimientos_conciliados m using lineas_asiento l, asientos_contables a
        where m.tenant_id = ${ctx.tenantId} and m.id_conciliacion = ${fila.id}
          and l.tenant_id = m.tenant_id and l.id = m.id_linea
          and a.tenant_id = l.tenant_id and a.id = l.id_asiento and a.fecha > ${fechaFin}::date`,
  );
}

/** PUT /conciliacio/{id}: changes the period, the statement balance, interest or fees of an open one. */
export async function actualizarConciliacion(
  ctx: Ctx,
  id: string,
  datos: ActualizarConciliacion,
): Promise<{ message: string; conciliacion: ConciliacionResumen }> {
  const fila = await abiertaBloqueada(ctx, id);
  await aplicarCambios(ctx, fila, datos);
  return { message: MENSAJE_CONCILIACION_ACTUALIZADA, conciliacion: await resumen(ctx, id) };
}

/** Ticks (or unticks) journal lines in an open reconciliation; each must be one of its movements. */
async function marcar(
  ctx: Ctx,
  fila: FilaConciliacion,
  ids: readonly string[],
  verificado: boolean,
): Promise<void> {
  if (ids.length === 0) {
    return;
  }
  const unicos = [...new Set(ids)];
  const disponibles = await lineasDisponibles(ctx, fila, unicos);
  const faltante = unicos.find((id) => !disponibles.has(id));
  if (faltante) {
    // A line of this account that a closed reconciliation holds gets its own message.
    const [cerrada] = await filas<{ id: string }>(
      ctx.tx,
      sql`select m.id_linea as id from movimientos_conciliados m
          where m.tenant_id = ${ctx.tenantId} and m.id_linea = ${faltante} and m.id_conciliacion <> ${fila.id}`,
    );
    throw new AppError(
      cerrada ? 'conflicto' : 'solicitud_invalida',
      cerrada ? MENSAJE_MOVIMIENTO_CONCILIADO : MENSAJE_MOVIMIENTO_NO_EXISTE,
    );
  }
  const lista = sql.join(
    unicos.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  if (verificado) {
    await ctx.tx.execute(
      sql`insert into movimientos_conciliados (tenant_id, id_conciliacion, id_linea)
          select ${ctx.tenantId}, ${fila.id}, l.id from lineas_asiento l
          where l.tenant_id = ${ctx.tenantId} and l.id in (${lista})
          on conflict (tenant_id, id_conciliacion, id_linea) do nothing`,
    );
  } else {
    await ctx.tx.execute(
      sql`delete from movimientos_conciliados
          where tenant_id = ${ctx.tenantId} and id_conciliacion = ${fila.id} and id_linea in (${lista})`,
    );
  }
}

/** PUT /conciliacio/movimiento-verificado/{idLinea}: ticks any movement by its journal line. */
export async function verificarMovimiento(
  ctx: Ctx,
  idLinea: string,
  datos: VerificarMovimiento,
): Promise<{ conciliacion: ConciliacionResumen }> {
  const idConciliacion =
    datos.idConciliacion ?? (await conciliacionesAbiertasDeLineas(ctx, sql`l.id = ${idLinea}`))[0] ?? null;
  if (!idConciliacion) {
    throw new AppError(
      'no_encontrado',
      'El movimiento no es de una cuenta de banco con una conciliación abierta.',
    );
  }
  const fila = await abiertaBloqueada(ctx, idConciliacion);
  await marcar(ctx, fila, [idLinea], datos.conciliacionVerificada);
  return { conciliacion: await resumen(ctx, fila.id) };
}

/** The open reconciliations of the bank accounts the selected journal lines are on. */
async function conciliacionesAbiertasDeLineas(
  ctx: Ctx,
  condicion: ReturnType<typeof sql>,
): Promise<string[]> {
  const resultado = await filas<{ id: string }>(
    ctx.tx,
    sql`select distinct c.id from lineas_asiento l
        join asientos_contables a on a.tenant_id = l.tenant_id and a.id = l.id_asiento
        join cuentas_banco b on b.tenant_id = l.tenant_id and b.id_cuenta_contable = l.id_cuenta
        join conciliaciones c on c.tenant_id = b.tenant_id and c.id_cuenta_banco = b.id and c.estado = 'Abierta'
        where l.tenant_id = ${ctx.tenantId} and ${condicion}`,
  );
  return resultado.map((fila) => fila.id);
}

/**
 * PUT /ingresos-recibidos/conciliacion-verificada/{id} and /recibos-egresos/…: ticks a receipt's lines on
 * the bank account of the open reconciliation (the one named, or the account's). Its reversal, when it
 * was cancelled, is a movement of its own.
 */
async function verificarDocumento(
  ctx: Ctx,
  tipoDocumento: string,
  idDocumento: string,
  datos: VerificarMovimiento,
): Promise<ConciliacionResumen> {
  const delDocumento = sql`a.tipo_documento = ${tipoDocumento} and a.id_documento = ${idDocumento}
    and a.id_asiento_revertido is null`;
  const idConciliacion = datos.idConciliacion ?? (await conciliacionesAbiertasDeLineas(ctx, delDocumento))[0];
  if (!idConciliacion) {
    throw new AppError(
      'no_encontrado',
      'El recibo no tiene movimientos en una cuenta de banco con una conciliación abierta.',
    );
  }
  const fila = await abiertaBloqueada(ctx, idConciliacion);
  const lineas = await filas<{ id: string }>(
    ctx.tx,
    sql`select l.id from lineas_asiento l
        join asientos_contables a on a.tenant_id = l.tenant_id and a.id = l.id_asiento
        where l.tenant_id = ${ctx.tenantId} and l.id_cuenta = ${fila.id_cuenta_contable} and ${delDocumento}`,
  );
  if (lineas.length === 0) {
    throw new AppError('solicitud_invalida', MENSAJE_MOVIMIENTO_NO_EXISTE);
  }
  await marcar(
    ctx,
    fila,
    lineas.map((linea) => linea.id),
    datos.conciliacionVerificada,
  );
  return resumen(ctx, fila.id);
}

export async function verificarIngreso(
  ctx: Ctx,
  idIngreso: string,
  datos: VerificarMovimiento,
): Promise<{ totalDeIngresos: number; conciliacion: ConciliacionResumen }> {
  const conciliacion = await verificarDocumento(ctx, TIPO_DOCUMENTO_INGRESO, idIngreso, datos);
  return { totalDeIngresos: conciliacion.totalIngresosVerificados, conciliacion };
}

export async function verificarEgreso(
  ctx: Ctx,
  idEgreso: string,
  datos: VerificarMovimiento,
): Promise<{ totalDeEgresos: number; conciliacion: ConciliacionResumen }> {
  const conciliacion = await verificarDocumento(ctx, TIPO_DOCUMENTO_EGRESO, idEgreso, datos);
  return { totalDeEgresos: conciliacion.totalEgresosVerificados, conciliacion };
}

/** The reconciliation a search names, or the bank's open one. */
async function conciliacionBuscada(ctx: Ctx, filtro: BuscarConciliacion): Promise<FilaConciliacion> {
  if (filtro.idConciliacion) {
    const fila = await filaDeConciliacion(ctx, filtro.idConciliacion);
    if (!fila) {
      throw noExiste();
    }
    return fila;
  }
  if (filtro.idBanco) {
    const abierta = await conciliacionAbiertaDeLaCuenta(ctx, filtro.idBanco);
    if (abierta) {
      return abierta;
    }
  }
  throw new AppError('no_encontrado', 'La cuenta no tiene una conciliación abierta; ábrela primero.');
}

/** POST /conciliacio/buscar-conciliacion: a page of the movements (28) with the reconciliation's figures. */
export async function buscarConciliacion(
  ctx: Ctx,
  filtro: BuscarConciliacion,
): Promise<MovimientosDeConciliacion> {
  const fila = await conciliacionBuscada(ctx, filtro);
  const pagina = await movimientosDeConciliacion(ctx, fila, {
    filtrarPor: filtro.filtrarPor,
    conciliado: filtro.conciliado ?? null,
    formaDePago: filtro.formaDePago ?? null,
    desde: filtro.fechaInicioConciliacion ?? null,
    hasta: filtro.fechaFinConciliacion ?? null,
    page: filtro.page,
    limit: filtro.limit,
  });
  return { conciliacion: aResumen(fila), ...pagina };
}

/** GET /conciliacio/{id}: the reconciliation with every movement it holds (the verified ones). */
export async function obtenerConciliacion(ctx: Ctx, id: string): Promise<DetalleConciliacion> {
  const fila = await filaDeConciliacion(ctx, id);
  if (!fila) {
    throw noExiste();
  }
  const { data } = await movimientosDeConciliacion(ctx, fila, { conciliado: true, page: 1, limit: 100_000 });
  return { ...aResumen(fila), movimientos: data };
}

/**
 * POST /conciliacio/cerrar-conciliacion (spec 002 §4): applies the payload and the movements' ticks,
 * then closes only when the difference is 0 (docs/accounting.md: a reconciliation that does not
 * balance stays open), posting the interest (debit bank, credit ingresosFinancieros) and the fees
 * (debit gastosBancarios, credit bank) in the same transaction, dated the period's end.
 */
export async function cerrarConciliacion(
  ctx: CtxConSesion,
  datos: CerrarConciliacion,
): Promise<{ message: string; conciliacion: ConciliacionResumen }> {
  const fila = await abiertaBloqueada(ctx, datos.idConciliacion);
  await aplicarCambios(ctx, fila, datos);
  if (datos.movimientos) {
    const actual = (await filaDeConciliacion(ctx, fila.id)) as FilaConciliacion;
    await marcar(
      ctx,
      actual,
      datos.movimientos.filter((m) => m.conciliacionVerificada).map((m) => m._id),
      true,
    );
    await marcar(
      ctx,
      actual,
      datos.movimientos.filter((m) => !m.conciliacionVerificada).map((m) => m._id),
      false,
    );
  }
  const cerrando = (await filaDeConciliacion(ctx, fila.id)) as FilaConciliacion;
  const figuras = aResumen(cerrando);
  if (figuras.diferencia !== 0) {
    throw new AppError(
      'conflicto',
      `La conciliación no cuadra: diferencia ${formatearDinero(aCentavos(figuras.diferencia))}. Revisa los movimientos verificados, los intereses y los cargos.`,
      { datos: { diferencia: figuras.diferencia } },
    );
  }
  const idCuentaBanco = cerrando.id_cuenta_contable;
  const periodo = `${cerrando.fecha_inicio} a ${cerrando.fecha_fin}`;
  const intereses = aCentavos(cerrando.ingresos_bancarios);
  if (intereses > 0) {
    const cuenta = await cuentaAsignada(ctx, 'ingresosFinancieros');
    await registrarAsiento(ctx, {
      tipoDocumento: TIPO_DOCUMENTO_CONCILIACION,
      idDocumento: cerrando.id,
      fecha: cerrando.fecha_fin,
      descripcion: `Intereses bancarios de ${cerrando.nombre_cuenta} (${periodo})`,
      lineas: [
        { idCuenta: idCuentaBanco, debito: intereses },
        { idCuenta: cuenta.idCuenta, credito: intereses },
      ],
    });
  }
  const cargos = aCentavos(cerrando.gastos_bancarios);
  if (cargos > 0) {
    const cuenta = await cuentaAsignada(ctx, 'gastosBancarios');
    await registrarAsiento(ctx, {
      tipoDocumento: TIPO_DOCUMENTO_CONCILIACION,
      idDocumento: cerrando.id,
      fecha: cerrando.fecha_fin,
      descripcion: `Cargos bancarios de ${cerrando.nombre_cuenta} (${periodo})`,
      lineas: [
        { idCuenta: cuenta.idCuenta, debito: cargos },
        { idCuenta: idCuentaBanco, credito: cargos },
      ],
    });
  }
  await ctx.tx.execute(
    sql`update conciliaciones set estado = 'Cerrada', cerrada_en = now(), actualizado_en = now(),
          total_ingresos_verificados = ${aPesosTexto(figuras.totalIngresosVerificados)},
          total_egresos_verificados = ${aPesosTexto(figuras.totalEgresosVerificados)}
        where tenant_id = ${ctx.tenantId} and id = ${cerrando.id}`,
  );
  return { message: MENSAJE_BANCO_CONCILIADO, conciliacion: await resumen(ctx, cerrando.id) };
}
