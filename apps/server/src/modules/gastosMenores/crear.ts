import { randomUUID } from 'node:crypto';
import type {
  CrearGastoMenor,
  CuentaContableRef,
  DetalleGastoMenor,
  LineaGastoMenorEntrada,
} from '@pos/contract';
import { aCentavos, aPesos, type Centavos, fechaYHoraEnSantoDomingo, sumarCentavos } from '@pos/domain';
import { and, eq } from 'drizzle-orm';
import { crearUnaVez } from '../../db/sinDuplicados.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx, CtxConSesion } from '../../http/handle.ts';
import { registrarAsiento } from '../contabilidad/asientos.service.ts';
import { cuentaAsignada, cuentaDeDetalle } from '../contabilidad/service.ts';
import { tomarNumero } from '../numeracion/service.ts';
import { detalleDe, type FilaGastoMenor, TIPO_DOCUMENTO_GASTO_MENOR } from './lectura.ts';
import { gastosMenores, lineasGastoMenor } from './tables.ts';

// Minor expenses (spec 001 §3 "Minor expense", §7; docs/payments.md): creating one. Its lines are
// checked, the number taken and the entry posted; cambios.ts reuses these steps to write an edited
// expense again.

/** A line ready to be written: its account checked, its amounts in cents. */
export type LineaPreparada = {
  id: string;
  fecha: string;
  idCuenta: string;
  importe: Centavos;
  impuestos: Centavos;
  nota: string;
};

function lineaInvalida(indice: number, campo: string, mensaje: string): AppError {
  return new AppError('solicitud_invalida', mensaje, {
    errores: [{ campo: `listaDeGastos.${indice}.${campo}`, mensaje }],
  });
}

/**
 * Each line debits an expense account of the chart: a detail account (entries post to detail accounts
 * only, contabilidad.cuentaDeDetalle) of type gastos or costos, the accounts the form's picker lists
 * (GET /catalogo-de-cuentas/gastos). A line without a date takes the expense's.
 */
export async function prepararLineas(
  ctx: Ctx,
  entradas: readonly (LineaGastoMenorEntrada & { id: string })[],
  fechaDelGasto: string,
): Promise<LineaPreparada[]> {
  const lineas: LineaPreparada[] = [];
  for (const [indice, linea] of entradas.entries()) {
    const elegida = linea.cuentaContable ?? linea.cuentaContableDebito;
    if (!elegida) {
      throw lineaInvalida(
        indice,
        'cuentaContable',
        `La línea ${indice + 1} del gasto menor no tiene cuenta contable: elige la cuenta del gasto.`,
      );
    }
    const cuenta = await cuentaDeDetalle(ctx, elegida.idCuenta, `la línea ${indice + 1} del gasto menor`);
    if (cuenta.tipo !== 'gastos' && cuenta.tipo !== 'costos') {
      throw lineaInvalida(
        indice,
        'cuentaContable',
        `La cuenta ${cuenta.codigoDeCuenta} ${cuenta.nombre} no es una cuenta de gastos; elige una cuenta de gastos o de costos para la línea ${indice + 1} del gasto menor.`,
      );
    }
    lineas.push({
      id: linea.id,
      fecha: linea.fechaDeEmision ?? fechaDelGasto,
      idCuenta: cuenta.idCuenta,
      importe: aCentavos(linea.importe),
      impuestos: aCentavos(linea.impuestos),
      nota: linea.nota,
    });
  }
  return lineas;
}

/**
 * The account that pays the expense: the one chosen (a detail account of assets or liabilities: a
 * cash box, a bank, a payable), else the petty cash of the account assignment ('cajaChica').
 */
export async function cuentaQuePaga(
  ctx: Ctx,
  elegida: { idCuenta: string } | null | undefined,
): Promise<CuentaContableRef> {
  if (!elegida) {
    return cuentaAsignada(ctx, 'cajaChica');
  }
  const cuenta = await cuentaDeDetalle(ctx, elegida.idCuenta, 'la cuenta que paga el gasto');
  if (cuenta.tipo !== 'activo' && cuenta.tipo !== 'pasivo') {
    throw new AppError(
      'solicitud_invalida',
      `La cuenta ${cuenta.codigoDeCuenta} ${cuenta.nombre} no puede pagar el gasto: elige una caja, un banco o una cuenta por pagar.`,
      {
        errores: [
          { campo: 'cuentaContableCredito', mensaje: 'Elige una caja, un banco o una cuenta por pagar.' },
        ],
      },
    );
  }
  return cuenta;
}

/** Subtotal (before taxes), taxes and total of the lines. */
export function totalesDe(lineas: readonly LineaPreparada[]): {
  subtotal: Centavos;
  impuestos: Centavos;
  total: Centavos;
} {
  const subtotal = sumarCentavos(lineas.map((l) => l.importe));
  const impuestos = sumarCentavos(lineas.map((l) => l.impuestos));
  return { subtotal, impuestos, total: sumarCentavos([subtotal, impuestos]) };
}

/** The expense's line rows. */
export async function insertarLineas(
  ctx: Ctx,
  idGastoMenor: string,
  lineas: readonly LineaPreparada[],
): Promise<void> {
  await ctx.tx.insert(lineasGastoMenor).values(
    lineas.map((l, orden) => ({
      tenantId: ctx.tenantId,
      id: l.id,
      idGastoMenor,
      orden,
      fechaDeEmision: l.fecha,
      idCuenta: l.idCuenta,
      importe: String(aPesos(l.importe)),
      impuestos: String(aPesos(l.impuestos)),
      nota: l.nota,
    })),
  );
}

/**
 * The expense's journal entry (docs/payments.md «Gastos menores»): each line debits its expense account
 * for its amount AND its ITBIS (the tax is part of the expense's cost: a minor expense documented by
 * our own B13 has no supplier's NCF that would let the ITBIS be claimed as adelantado, fiscal-do.md
 * §1.2, §3.1 column 14 "ITBIS llevado al costo"); the account that pays is credited the total.
 */
export async function asentar(
  ctx: Ctx,
  fila: FilaGastoMenor,
  lineas: readonly LineaPreparada[],
): Promise<void> {
  await registrarAsiento(ctx, {
    tipoDocumento: TIPO_DOCUMENTO_GASTO_MENOR,
    idDocumento: fila.id,
    fecha: fila.fechaDeEmision,
    descripcion: `Gasto menor ${fila.comprobante}${fila.descripcion ? ` · ${fila.descripcion}` : ''}`,
    comprobante: fila.comprobante,
    lineas: [
      ...lineas.map((l) => ({
        idCuenta: l.idCuenta,
        debito: sumarCentavos([l.importe, l.impuestos]),
        nota: l.nota || 'Gasto menor',
      })),
      { idCuenta: fila.idCuentaCredito, credito: aCentavos(fila.total), nota: fila.formaDePago },
    ],
  });
}

/**
 * POST /gastos-menores/ (spec 001 §3, §7): one transaction. A retry with the same identificadorUnico
 * answers the expense already created (solicitudDuplicada) and writes nothing. The number comes from
 * the 'gastoMenores' numbering chosen (or the default): internal GM…, or a B13 NCF when it is fiscal.
 */
export async function crearGastoMenor(
  ctx: CtxConSesion,
  entrada: CrearGastoMenor,
): Promise<DetalleGastoMenor & { solicitudDuplicada: boolean }> {
  const { fila, solicitudDuplicada } = await crearUnaVez({
    indice: 'gastos_menores_identificador_unico',
    buscar: async () => {
      const [existente] = await ctx.tx
        .select()
        .from(gastosMenores)
        .where(
          and(
            eq(gastosMenores.tenantId, ctx.tenantId),
            eq(gastosMenores.identificadorUnico, entrada.identificadorUnico),
          ),
        )
        .limit(1);
      return existente;
    },
    crear: () => escribirGastoMenor(ctx, entrada),
  });
  return { ...(await detalleDe(ctx, fila)), solicitudDuplicada };
}

/** The expense's rows and journal entry (crearGastoMenor checked it is not a replay). */
async function escribirGastoMenor(ctx: CtxConSesion, entrada: CrearGastoMenor): Promise<FilaGastoMenor> {
  const fecha = entrada.fechaDeEmision ?? fechaYHoraEnSantoDomingo(new Date()).fecha;
  const lineas = await prepararLineas(
    ctx,
    entrada.listaDeGastos.map((l) => ({ ...l, id: randomUUID() })),
    fecha,
  );
  const paga = await cuentaQuePaga(ctx, entrada.cuentaContableCredito);
  const { subtotal, impuestos, total } = totalesDe(lineas);
  // Taken last, once everything is checked; a refusal after it rolls the number back (invariant 5).
  const numero = await tomarNumero(ctx, 'gastoMenores', entrada.idNumeracion ?? undefined);
  const id = randomUUID();
  const [cabecera] = await ctx.tx
    .insert(gastosMenores)
    .values({
      tenantId: ctx.tenantId,
      id,
      identificadorUnico: entrada.identificadorUnico,
      idNumeracion: numero.idNumeracion,
      numeracionNombre: numero.numeracionNombre,
      numero: numero.numero,
      comprobante: numero.comprobante,
      ncf: numero.fiscal ? numero.comprobante : '',
      fechaDeEmision: fecha,
      formaDePago: entrada.formaDePago,
      afectarCuenta: entrada.afectarCuenta,
      descripcion: entrada.descripcion,
      idCuentaCredito: paga.idCuenta,
      subtotal: String(aPesos(subtotal)),
      impuestos: String(aPesos(impuestos)),
      total: String(aPesos(total)),
      idUsuarioCreador: ctx.usuario._id,
      creadoPor: ctx.usuario.username,
    })
    .returning();
  if (!cabecera) {
    throw new Error('La inserción del gasto menor no devolvió fila');
  }
  await insertarLineas(ctx, id, lineas);
  await asentar(ctx, cabecera, lineas);
  return cabecera;
}
