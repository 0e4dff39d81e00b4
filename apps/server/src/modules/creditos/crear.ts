import type { CrearCreditoAFavor, CreditoAFavor } from '@pos/contract';
import { aCentavos, aPesos, type Centavos, fechaYHoraEnSantoDomingo } from '@pos/domain';
import { and, eq, sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import { crearUnaVez } from '../../db/sinDuplicados.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx, CtxConSesion } from '../../http/handle.ts';
import { resolverSolicitud } from '../anulaciones/service.ts';
import { type CuentasDelTerminal, sqlCuentasDelTerminal } from '../configuracion/service.ts';
import { registrarAsiento } from '../contabilidad/asientos.service.ts';
import {
  type CuentasAsignadas,
  cuentaDe,
  cuentaDeDetalle,
  sqlCuentasAsignadas,
} from '../contabilidad/service.ts';
import { contactoDeUnaVenta } from '../contactos/service.ts';
import { cuentaDelMetodo } from '../facturas/escritura.ts';
import { tomarDelContador } from '../numeracion/service.ts';
import { exigirSinTransacciones } from './anular.ts';
import { bloquearCreditos, conTransacciones, type FilaCredito, TIPO_DOCUMENTO_CREDITO } from './lectura.ts';
import { creditosAFavor } from './tables.ts';

// Making credits in favour (spec 001 §3 "Credit in favour", §7; docs/payments.md): the credit a
// document makes (a receipt's over-payment, a credit note's rest) and its cancellation with that
// document, the customer-advances account, and an advance taken directly (POST /credito-a-favor).

// ---------------------------------------------------------------- accounts

/**
 * The customer-advances liability account (spec 002 §3 terminal field cuentaPagoAnticiposClientes):
 * the terminal's, else the company's account assignment 'anticiposDeClientes'.
 */
export async function cuentaDeAnticipos(ctx: Ctx, idTerminal?: string | null): Promise<string> {
  const [fila] = await filas<{ terminal: string | null; cuentas: CuentasAsignadas | null }>(
    ctx.tx,
    sql`select (select t.cuenta_pago_anticipos_clientes->>'idCuenta' from terminales t
                 where t.tenant_id = ${ctx.tenantId} and t.id = ${idTerminal ?? null}::uuid) as terminal,
               ${sqlCuentasAsignadas(ctx)} as cuentas`,
  );
  return fila?.terminal || cuentaDe(fila?.cuentas ?? {}, 'anticiposDeClientes');
}

// ---------------------------------------------------------------- create

type NuevoCredito = {
  idCliente: string;
  monto: Centavos;
  descripcion: string;
  fecha: string;
  origen: { tipo: 'ingreso' | 'notaDeCredito'; id: string };
  /** The advances account the caller's entry credited; cuentaDeAnticipos(ctx) when absent. */
  idCuentaAnticipos?: string;
};

async function escribirCredito(
  ctx: CtxConSesion,
  nuevo: {
    id?: string;
    identificadorUnico: string;
    idCliente: string;
    monto: Centavos;
    descripcion: string;
    fecha: string;
    tipoOrigen: FilaCredito['tipoOrigen'];
    idOrigen: string | null;
    idCuentaAnticipos: string;
  },
): Promise<FilaCredito> {
  if (nuevo.monto <= 0) {
    throw new Error('Un crédito a favor no es un monto positivo');
  }
  const cliente = await contactoDeUnaVenta(ctx, nuevo.idCliente);
  const numero = await tomarDelContador(ctx, 'creditosAFavor');
  const [fila] = await ctx.tx
    .insert(creditosAFavor)
    .values({
      tenantId: ctx.tenantId,
      ...(nuevo.id ? { id: nuevo.id } : {}),
      identificadorUnico: nuevo.identificadorUnico,
      numero,
      idCliente: cliente._id,
      nombreCliente: `${cliente.nombre} ${cliente.apellidos}`.trim(),
      monto: String(aPesos(nuevo.monto)),
      disponible: String(aPesos(nuevo.monto)),
      descripcion: nuevo.descripcion,
      fecha: nuevo.fecha,
      tipoOrigen: nuevo.tipoOrigen,
      idOrigen: nuevo.idOrigen,
      idCuentaAnticipos: nuevo.idCuentaAnticipos,
      idUsuarioCreador: ctx.usuario._id,
      creadaPor: ctx.usuario.username,
    })
    .returning();
  if (!fila) {
    throw new Error('La inserción del crédito a favor no devolvió fila');
  }
  return fila;
}

/**
 * A new credit in favour of a customer made by a document (area contract, docs/payments.md): the caller
 * posts its own journal entry crediting `await cuentaDeAnticipos(ctx, idTerminal)` (pass that account
 * as `idCuentaAnticipos` so applying the credit debits the same one). Numbered from the counter
 * 'creditosAFavor'. One credit in force per document: refused (conflicto) while the document has one;
 * once that one is cancelled (anularCreditosDe: the document edited) it makes the next, keyed
 * '<tipo>:<id>' the first time and '<tipo>:<id>:<n>' after. The caller holds the document's lock; the
 * unique index creditos_a_favor_origen_vigente (migration 0024) keeps the rule under any race.
 */
export async function crearCredito(
  ctx: CtxConSesion,
  nuevo: NuevoCredito,
): Promise<{ id: string; numeroCredito: number }> {
  const previos = await ctx.tx
    .select({ numero: creditosAFavor.numero, estado: creditosAFavor.estado })
    .from(creditosAFavor)
    .where(
      and(
        eq(creditosAFavor.tenantId, ctx.tenantId),
        eq(creditosAFavor.tipoOrigen, nuevo.origen.tipo),
        eq(creditosAFavor.idOrigen, nuevo.origen.id),
      ),
    );
  const vigente = previos.find((c) => c.estado !== 'Anulado');
  if (vigente) {
    throw new AppError(
      'conflicto',
      `El documento ya tiene el crédito a favor ${vigente.numero} vigente; no genera otro.`,
    );
  }
  const clave = `${nuevo.origen.tipo}:${nuevo.origen.id}`;
  const fila = await escribirCredito(ctx, {
    identificadorUnico: previos.length === 0 ? clave : `${clave}:${previos.length + 1}`,
    idCliente: nuevo.idCliente,
    monto: nuevo.monto,
    descripcion: nuevo.descripcion,
    fecha: nuevo.fecha,
    tipoOrigen: nuevo.origen.tipo,
    idOrigen: nuevo.origen.id,
    idCuentaAnticipos: nuevo.idCuentaAnticipos ?? (await cuentaDeAnticipos(ctx)),
  });
  return { id: fila.id, numeroCredito: fila.numero };
}

/**
 * POST /credito-a-favor: an advance taken directly, with its money side (decision, docs/payments.md):
 * the entry debits the account that received the money (chosen, or by formaDePago and the terminal,
 * like a receipt) and credits the advances account. A replay answers the credit already created.
 */
export async function crearAnticipo(
  ctx: CtxConSesion,
  entrada: CrearCreditoAFavor,
): Promise<{ creditoAFavor: CreditoAFavor; solicitudDuplicada: boolean }> {
  const { fila, solicitudDuplicada } = await crearUnaVez({
    indice: 'creditos_a_favor_identificador_unico',
    buscar: async () => {
      const [existente] = await ctx.tx
        .select()
        .from(creditosAFavor)
        .where(
          and(
            eq(creditosAFavor.tenantId, ctx.tenantId),
            eq(creditosAFavor.identificadorUnico, entrada.identificadorUnico),
          ),
        )
        .limit(1);
      return existente;
    },
    crear: async () => {
      const idTerminal = entrada.idTerminalRef ?? null;
      const [contexto] = await filas<{
        terminal: CuentasDelTerminal | null;
        cuentas: CuentasAsignadas | null;
      }>(
        ctx.tx,
        sql`select ${sqlCuentasDelTerminal(ctx, sql`${idTerminal}::uuid`)} as terminal, ${sqlCuentasAsignadas(ctx)} as cuentas`,
      );
      if (idTerminal && !contexto?.terminal) {
        throw new AppError('no_encontrado', 'El terminal del anticipo no existe.');
      }
      const idCuentaDebito = entrada.cuentaContableDebito
        ? (
            await cuentaDeDetalle(
              ctx,
              entrada.cuentaContableDebito.idCuenta,
              'la cuenta que recibe el dinero',
            )
          ).idCuenta
        : cuentaDelMetodo(entrada.formaDePago, contexto?.terminal ?? null, contexto?.cuentas ?? {});
      const idCuentaAnticipos = await cuentaDeAnticipos(ctx, idTerminal);
      const monto = aCentavos(entrada.Monto);
      const fecha = entrada.fecha ?? fechaYHoraEnSantoDomingo(new Date()).fecha;
      const fila = await escribirCredito(ctx, {
        identificadorUnico: entrada.identificadorUnico,
        idCliente: entrada.idCliente,
        monto,
        descripcion: entrada.descripcion || 'Anticipo',
        fecha,
        tipoOrigen: 'anticipo',
        idOrigen: null,
        idCuentaAnticipos,
      });
      await registrarAsiento(ctx, {
        tipoDocumento: TIPO_DOCUMENTO_CREDITO,
        idDocumento: fila.id,
        fecha,
        descripcion: `Anticipo · crédito a favor ${fila.numero} · ${fila.nombreCliente}`,
        comprobante: String(fila.numero),
        lineas: [
          { idCuenta: idCuentaDebito, debito: monto, nota: entrada.formaDePago },
          { idCuenta: idCuentaAnticipos, credito: monto, nota: 'Anticipo de cliente' },
        ],
      });
      return fila;
    },
  });
  const [credito] = await conTransacciones(ctx, [fila]);
  return { creditoAFavor: credito as CreditoAFavor, solicitudDuplicada };
}

/**
 * Cancels the credits a document made (its cancellation, or an edit that changes its credit, which
 * then makes the new one with crearCredito): Anulado with no balance. Refused (conflicto) when a
 * credit was already applied in part: those transactions are cancelled first. The document reverses
 * its own entry.
 */
export async function anularCreditosDe(
  ctx: CtxConSesion,
  origen: { tipo: string; id: string },
): Promise<void> {
  const suyos = await ctx.tx
    .select({ id: creditosAFavor.id })
    .from(creditosAFavor)
    .where(
      and(
        eq(creditosAFavor.tenantId, ctx.tenantId),
        eq(creditosAFavor.tipoOrigen, origen.tipo as FilaCredito['tipoOrigen']),
        eq(creditosAFavor.idOrigen, origen.id),
      ),
    );
  const bloqueados = await bloquearCreditos(
    ctx,
    suyos.map((c) => c.id),
  );
  for (const credito of bloqueados.values()) {
    if (credito.estado === 'Anulado') {
      continue;
    }
    await exigirSinTransacciones(ctx, credito);
    if (credito.estado === 'Por-Anular') {
      await resolverSolicitud(
        ctx,
        TIPO_DOCUMENTO_CREDITO,
        credito.id,
        'Aprobada',
        'Anulación del documento que lo generó',
      );
    }
    await ctx.tx
      .update(creditosAFavor)
      .set({
        estado: 'Anulado',
        autorizacion: 'Aprobada',
        disponible: '0',
        notaAnular: credito.notaAnular || 'Anulación del documento que lo generó',
        actualizadoEn: new Date(),
      })
      .where(and(eq(creditosAFavor.tenantId, ctx.tenantId), eq(creditosAFavor.id, credito.id)));
  }
}
