import {
  type CrearTransferencia,
  MENSAJE_MISMA_CUENTA,
  MENSAJE_TRANSFERENCIA_COMPLETADA,
  type TransferenciaBancaria,
} from '@pos/contract';
import { aCentavos, hoyEnSantoDomingo } from '@pos/domain';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import { crearUnaVez } from '../../db/sinDuplicados.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx, CtxConSesion } from '../../http/handle.ts';
import { registrarAsiento } from '../contabilidad/asientos.service.ts';
import { cuentaAsignada } from '../contabilidad/service.ts';
import { cuentaDeBanco, nombresDeBancos } from './service.ts';
import { cuentasBanco, transferenciasBancarias } from './tables.ts';

// Transfers between the company's bank accounts (spec 002 §2 "bank transfer modal", §7 "POST
// /cuentas-banco/transferencias", §8 'Transferencia completada'; docs/accounting.md).

type FilaTransferencia = typeof transferenciasBancarias.$inferSelect;

/** The journal's document type of a transfer (its idDocumento is the transfer's id). */
export const TIPO_TRANSFERENCIA = 'transferenciaBancaria';

async function aTransferencias(ctx: Ctx, filasT: FilaTransferencia[]): Promise<TransferenciaBancaria[]> {
  const nombres = await nombresDeBancos(
    ctx,
    filasT.flatMap((t) => [t.idCuentaOrigen, t.idCuentaDestino]),
  );
  return filasT.map((t) => ({
    _id: t.id,
    identificadorUnico: t.identificadorUnico,
    cuentaOrigen: { _id: t.idCuentaOrigen, nombre: nombres.get(t.idCuentaOrigen) ?? '' },
    cuentaDestino: { _id: t.idCuentaDestino, nombre: nombres.get(t.idCuentaDestino) ?? '' },
    monto: Number(t.monto),
    fecha: t.fecha,
    nota: t.nota,
    creadoPor: t.creadoPor,
    creadoEn: t.creadoEn.toISOString(),
  }));
}

async function bancoActivo(ctx: CtxConSesion, id: string, lado: string) {
  const banco = await cuentaDeBanco(ctx, id);
  const [fila] = await ctx.tx
    .select({ activo: cuentasBanco.activo })
    .from(cuentasBanco)
    .where(and(eq(cuentasBanco.tenantId, ctx.tenantId), eq(cuentasBanco.id, id)));
  if (!fila?.activo) {
    throw new AppError('conflicto', `La cuenta de ${lado} «${banco.nombre}» está inactiva.`);
  }
  return banco;
}

/**
 * POST /cuentas-banco/transferencias: ONE balanced entry through the bridge account
 * ('transferenciasBancarias'): debit bridge / credit origin, debit destination / credit bridge. The
 * lines are kept as given (netear: false), so the bridge shows both legs in the ledger.
 */
export async function crearTransferencia(
  ctx: CtxConSesion,
  entrada: CrearTransferencia,
): Promise<{ mensaje: string; transferencia: TransferenciaBancaria; solicitudDuplicada: boolean }> {
  const creado = await crearUnaVez({
    indice: 'transferencias_bancarias_identificador_unico',
    buscar: async () => {
      const [previa] = await ctx.tx
        .select()
        .from(transferenciasBancarias)
        .where(
          and(
            eq(transferenciasBancarias.tenantId, ctx.tenantId),
            eq(transferenciasBancarias.identificadorUnico, entrada.identificadorUnico),
          ),
        )
        .limit(1);
      return previa;
    },
    crear: async () => {
      if (entrada.idCuentaOrigen === entrada.idCuentaDestino) {
        throw new AppError('solicitud_invalida', MENSAJE_MISMA_CUENTA, {
          errores: [{ campo: 'idCuentaDestino', mensaje: MENSAJE_MISMA_CUENTA }],
        });
      }
      const origen = await bancoActivo(ctx, entrada.idCuentaOrigen, 'origen');
      const destino = await bancoActivo(ctx, entrada.idCuentaDestino, 'destino');
      const puente = await cuentaAsignada(ctx, 'transferenciasBancarias');
      const [fila] = await ctx.tx
        .insert(transferenciasBancarias)
        .values({
          tenantId: ctx.tenantId,
          identificadorUnico: entrada.identificadorUnico,
          idCuentaOrigen: origen._id,
          idCuentaDestino: destino._id,
          monto: String(entrada.monto),
          fecha: entrada.fecha ?? hoyEnSantoDomingo(),
          nota: entrada.nota,
          idUsuarioCreador: ctx.usuario._id,
          creadoPor: ctx.usuario.username,
        })
        .returning();
      if (!fila) {
        throw new Error('La inserción en transferencias_bancarias no devolvió fila');
      }
      const monto = aCentavos(fila.monto);
      const nota = fila.nota;
      await registrarAsiento(ctx, {
        tipoDocumento: TIPO_TRANSFERENCIA,
        idDocumento: fila.id,
        fecha: fila.fecha,
        descripcion: `Transferencia de ${origen.nombre} a ${destino.nombre}`,
        netear: false,
        lineas: [
          { idCuenta: puente.idCuenta, debito: monto, nota },
          { idCuenta: origen.idCuentaContable, credito: monto, nota },
          { idCuenta: destino.idCuentaContable, debito: monto, nota },
          { idCuenta: puente.idCuenta, credito: monto, nota },
        ],
      });
      return fila;
    },
  });
  const [transferencia] = await aTransferencias(ctx, [creado.fila]);
  return {
    mensaje: MENSAJE_TRANSFERENCIA_COMPLETADA,
    transferencia: transferencia as TransferenciaBancaria,
    solicitudDuplicada: creado.solicitudDuplicada,
  };
}

/** The transfers in or out of a bank, newest first (its detail). */
export async function transferenciasDeLaCuenta(
  ctx: Ctx,
  idCuentaDeBanco: string,
  pagina: { page: number; limit: number },
): Promise<{ res: TransferenciaBancaria[]; totalRows: number }> {
  const donde = and(
    eq(transferenciasBancarias.tenantId, ctx.tenantId),
    or(
      eq(transferenciasBancarias.idCuentaOrigen, idCuentaDeBanco),
      eq(transferenciasBancarias.idCuentaDestino, idCuentaDeBanco),
    ),
  );
  const [total] = await ctx.tx
    .select({ n: sql<string>`count(*)` })
    .from(transferenciasBancarias)
    .where(donde);
  const filasT = await ctx.tx
    .select()
    .from(transferenciasBancarias)
    .where(donde)
    .orderBy(desc(transferenciasBancarias.fecha), desc(transferenciasBancarias.creadoEn))
    .limit(pagina.limit)
    .offset((pagina.page - 1) * pagina.limit);
  return { res: await aTransferencias(ctx, filasT), totalRows: Number(total?.n ?? 0) };
}
