import {
  type ActualizarFactura,
  type AnularFactura,
  type Contacto,
  type DetalleFactura,
  type Factura,
  MENSAJE_CODIGO_INVALIDO,
  MENSAJE_MOTIVO_FACTURA,
  MENSAJE_NO_ELIMINAR_CON_PAGOS,
  MENSAJE_TIENE_PAGOS,
} from '@pos/contract';
import {
  fechaYHoraEnSantoDomingo,
  MOTIVOS_ANULACION_FACTURA,
  TIPOS_NCF,
  tipoNcfParaCliente,
  validarMotivoDeAnulacion,
} from '@pos/domain';
import { and, eq, sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import { instantaneaDelCliente } from '../../documentos/venta.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx, CtxConSesion } from '../../http/handle.ts';
import { anularDocumento } from '../anulaciones/service.ts';
import { sqlAplicado } from '../cartera/service.ts';
import { entregasDeLaFactura } from '../conduces/service.ts';
import { revertirAsientos } from '../contabilidad/asientos.service.ts';
import { aplicarCreditos, revertirAplicacionesA } from '../creditos/aplicar.ts';
import { TIPO_ORIGEN_CREDITO } from '../creditos/lectura.ts';
import { despachosDeLaFactura } from '../despachos/service.ts';
import { reglasDeVenta } from '../empresas/service.ts';
import { notasDeCreditoDeLaFactura } from '../notasDeCredito/lectura.ts';
import { liberarPedido } from '../pedidos/service.ts';
import { revertirMovimientos } from '../productos/movimientos.service.ts';
import { creditosDeLaFactura } from './crear.ts';
import { camposDeVenta, escribirVenta } from './escritura.ts';
import {
  aFactura,
  type FilaFactura,
  filaDeFactura,
  obtenerFactura,
  TIPO_DOCUMENTO_FACTURA,
} from './lectura.ts';
import { leerOrigenes, liberarOrigenes, vincularOrigenes } from './origenes.ts';
import { facturas, lineasFactura, pagosFactura } from './tables.ts';
import {
  conExistenciaActual,
  leerCliente,
  leerContextoDeVenta,
  prepararVenta,
  verificarCredito,
  verificarExistencia,
} from './venta.ts';

/** The ledger's and the journal's document type of invoices. */

// ---------------------------------------------------------------- update

// Whether the invoice has payments: receipts applied to it in the receivables ledger (in force) and,
// unless `soloIngresos`, the payment taken at the sale. Credits in favour applied to it do not count:
// cancelling, deleting or editing the invoice takes them back (revertirAplicacionesA).
async function pagosPosteriores(ctx: Ctx, idFactura: string, soloIngresos: boolean): Promise<boolean> {
  const [fila] = await filas<{ existe: boolean }>(
    ctx.tx,
    sql`select ${sqlAplicado(ctx, TIPO_DOCUMENTO_FACTURA, sql`${idFactura}::uuid`, { salvoOrigen: TIPO_ORIGEN_CREDITO })} > 0
        ${soloIngresos ? sql`` : sql`or exists (select 1 from pagos_factura where tenant_id = ${ctx.tenantId} and id_factura = ${idFactura})`}
        as existe`,
  );
  return fila?.existe ?? false;
}

// Goods handed over against the invoice (post-invoice conduces, dispatch notes: spec 001 §2, §3) name
// its lines: the invoice is neither rewritten nor undone under them. Cancel those first.
async function verificarSinEntregas(
  ctx: Ctx,
  fila: FilaFactura,
  accion: 'modificar' | 'anular' | 'eliminar',
): Promise<void> {
  const entregas = [
    ...(await entregasDeLaFactura(ctx, fila.id)),
    ...(await despachosDeLaFactura(ctx, fila.id)),
  ];
  if (entregas.length > 0) {
    throw new AppError(
      'conflicto',
      `No se puede ${accion} la factura ${fila.comprobante ?? ''}: tiene entregas registradas (${entregas.join(', ')}). Anúlalas primero.`,
    );
  }
  // Credit notes return its lines (spec 001 §3 "Credit note") the same way.
  const notas = await notasDeCreditoDeLaFactura(ctx, fila.id);
  if (notas.length > 0) {
    throw new AppError(
      'conflicto',
      `No se puede ${accion} la factura ${fila.comprobante ?? ''}: tiene notas de crédito (${notas.join(', ')}). Anúlalas primero.`,
    );
  }
}

/**
 * PUT /factura/{id}: rewrites an active invoice's lines, payment and customer data. Its stock
 * movements and journal entry are reversed and written again (never edited); the number and NCF stay.
 * Invoices with receipts applied, or cancelled ones, cannot change.
 */
export async function actualizarFactura(
  ctx: CtxConSesion,
  id: string,
  entrada: ActualizarFactura,
): Promise<DetalleFactura> {
  const fila = await filaDeFactura(ctx, id, true);
  if (fila.estado !== 'Activo') {
    throw new AppError(
      'conflicto',
      `La factura ${fila.comprobante ?? ''} está ${fila.estado.toLowerCase()}; no se puede modificar.`,
    );
  }
  if (await pagosPosteriores(ctx, id, true)) {
    throw new AppError('conflicto', 'No se puede modificar: la factura tiene pagos asociados.');
  }
  await verificarSinEntregas(ctx, fila, 'modificar');
  const contexto = await leerContextoDeVenta(ctx, { idTerminal: fila.idTerminal });
  // Spec 001 §2, §4: the sources are freed and read again: the conduces sent are all the linked ones
  // now (one removed takes its lines with it); the quotations stay unless the header names others.
  await liberarOrigenes(ctx, fila.documentosDeOrigen, id);
  const { idCotizacion, idCotizaciones } = entrada.factura;
  const origenes = await leerOrigenes(
    ctx,
    idCotizacion === undefined && idCotizaciones === undefined
      ? { idCotizaciones: fila.documentosDeOrigen.filter((d) => d.tipo === 'cotizacion').map((d) => d.id) }
      : { idCotizacion, idCotizaciones },
    entrada.conduces,
    entrada.lineas,
  );
  const venta = await prepararVenta(
    ctx,
    entrada.factura,
    entrada.lineas,
    entrada.retenciones,
    entrada.total,
    { ...contexto, lineasDeConduce: origenes.lineasDeConduce },
    entrada.factura.idCliente === undefined ? fila.idCliente : entrada.factura.idCliente,
  );
  const reglas = contexto.reglas;
  await verificarCredito(ctx, venta, entrada.factura.codigoDeAutorizacion, reglas, id);
  // Spec 001 §3: the credits in favour that paid it are taken back and those the edit sends (the form
  // sends the ones it keeps) pay the rewritten invoice.
  await revertirAplicacionesA(ctx, TIPO_DOCUMENTO_FACTURA, id);
  await revertirMovimientos(ctx, { tipoDocumento: TIPO_DOCUMENTO_FACTURA, idDocumento: id });
  verificarExistencia(await conExistenciaActual(ctx, venta), reglas.bloqueoPorNoExistencia);
  await revertirAsientos(
    ctx,
    TIPO_DOCUMENTO_FACTURA,
    id,
    venta.fechaEmision,
    `Modificación de la factura ${fila.comprobante ?? ''}`,
  );
  await ctx.tx
    .delete(lineasFactura)
    .where(and(eq(lineasFactura.tenantId, ctx.tenantId), eq(lineasFactura.idFactura, id)));
  await ctx.tx
    .delete(pagosFactura)
    .where(and(eq(pagosFactura.tenantId, ctx.tenantId), eq(pagosFactura.idFactura, id)));
  await escribirVenta(ctx, venta, entrada.factura.numeroDeAprobacionTarjeta, {
    idFactura: id,
    cambios: {
      ...camposDeVenta(venta, entrada.factura),
      documentosDeOrigen: origenes.documentos,
      idUsuarioModificador: ctx.usuario._id,
      actualizadoEn: new Date(),
    },
  });
  await vincularOrigenes(ctx, origenes, id);
  await aplicarCreditos(ctx, {
    idFactura: id,
    creditos: creditosDeLaFactura(entrada.factura),
    fecha: venta.fechaEmision,
  });
  return obtenerFactura(ctx, id);
}

/** PUT /factura/actualizar-cliente/{idCliente}/{idFactura}: the invoice takes the contact's current data. */
export async function actualizarClienteDeFactura(
  ctx: CtxConSesion,
  idCliente: string,
  idFactura: string,
  codigoDeAutorizacion?: string,
): Promise<DetalleFactura> {
  // Spec 001 §5: syncing an invoice with the contact needs the configuration's code, except for users
  // who may cancel documents directly.
  if (!ctx.usuario.anularYEliminarDocumentos) {
    const { codigoDeAutorizacion: codigo } = await reglasDeVenta(ctx);
    if (codigo === '' || codigoDeAutorizacion !== codigo) {
      throw new AppError('prohibido', MENSAJE_CODIGO_INVALIDO);
    }
  }
  const fila = await filaDeFactura(ctx, idFactura, true);
  if (fila.estado === 'Anulado') {
    throw new AppError('conflicto', 'La factura está anulada; no se puede cambiar su cliente.');
  }
  const cliente = await leerCliente(ctx, idCliente);
  const contacto = cliente.contacto as Contacto;
  // The NCF already issued must still fit the customer (fiscal-do.md §1.3).
  const codigo = tipoNcfParaCliente(cliente.claseNcf);
  if (
    fila.tipoNcf &&
    fila.tipoNcf.slice(1) !== codigo &&
    fila.tipoNcf.slice(1) !== TIPOS_NCF.find((t) => t.codigoB === codigo)?.codigoE
  ) {
    throw new AppError(
      'conflicto',
      `El comprobante ${fila.comprobante} es de tipo ${fila.tipoNcf} y este cliente necesita otro tipo; anula la factura y emite una nueva.`,
    );
  }
  await ctx.tx
    .update(facturas)
    .set({
      ...instantaneaDelCliente(contacto, ''),
      idUsuarioModificador: ctx.usuario._id,
      actualizadoEn: new Date(),
    })
    .where(and(eq(facturas.tenantId, ctx.tenantId), eq(facturas.id, idFactura)));
  return obtenerFactura(ctx, idFactura);
}

// ---------------------------------------------------------------- cancel and delete

function motivoDe(codigo: string): string {
  return MOTIVOS_ANULACION_FACTURA.find((m) => String(m.codigo) === codigo)?.motivo ?? codigo;
}

// The sale is undone: stock comes back through the ledger, a reversing journal entry is posted and
// the order, quotations and conduces it billed are open again (a conduce's goods stay out: they left
// with the conduce, which is billable again). The NCF stays on the invoice (reported as voided in the 608;
// fiscal-do.md).
async function deshacerVenta(ctx: CtxConSesion, fila: FilaFactura): Promise<void> {
  await revertirAplicacionesA(ctx, TIPO_DOCUMENTO_FACTURA, fila.id);
  if (fila.idPedido) {
    await liberarPedido(ctx, fila.idPedido, fila.id);
  }
  await liberarOrigenes(ctx, fila.documentosDeOrigen, fila.id);
  await revertirMovimientos(ctx, { tipoDocumento: TIPO_DOCUMENTO_FACTURA, idDocumento: fila.id });
  await revertirAsientos(
    ctx,
    TIPO_DOCUMENTO_FACTURA,
    fila.id,
    fechaYHoraEnSantoDomingo(new Date()).fecha,
    `Anulación de la factura ${fila.comprobante ?? ''}`.trim(),
  );
}

/**
 * PUT factura/anular/{id} (spec 000 §4, 001 §4-§5): a user with anularYEliminarDocumentos cancels at
 * once; anyone else files a request (Por-Anular / Pendiente) for a supervisor. A supervisor resolves a
 * pending request by sending autorizacion Aprobada (cancelled, stock and journal reversed) or
 * Rechazada (back to Activo, 'Solicitud Denegada').
 */
export async function anularFactura(
  ctx: CtxConSesion,
  id: string,
  entrada: AnularFactura,
): Promise<{ facturadb: Factura; resultado: 'anulada' | 'solicitada' | 'aprobada' | 'rechazada' }> {
  const fila = await filaDeFactura(ctx, id, true);
  const { documento, resultado } = await anularDocumento(
    ctx,
    {
      tipoDocumento: 'factura',
      id,
      numero: fila.comprobante ?? String(fila.numeroFactura ?? ''),
      estado: fila.estado,
      nombre: `La factura ${fila.comprobante ?? ''}`.trim(),
      anulado: 'anulada',
    },
    entrada,
    {
      motivo: async () => {
        const motivo = validarMotivoDeAnulacion('factura', entrada.tipoDeAnulacion);
        if (!motivo.ok) {
          throw new AppError('solicitud_invalida', MENSAJE_MOTIVO_FACTURA, {
            errores: [{ campo: 'tipoDeAnulacion', mensaje: MENSAJE_MOTIVO_FACTURA }],
          });
        }
        // Spec 001 §4: an invoice with payments cannot be cancelled when not from the POS (a POS sale's
        // payment is the shift's cash, which the cancellation takes out of the shift); receipts applied
        // later block both.
        if (await pagosPosteriores(ctx, id, fila.desdePos)) {
          throw new AppError('conflicto', MENSAJE_TIENE_PAGOS);
        }
        await verificarSinEntregas(ctx, fila, 'anular');
        return { tipoDeAnulacion: motivo.valor, notaAnular: entrada.notaAnular || motivoDe(motivo.valor) };
      },
      deshacer: () => deshacerVenta(ctx, fila),
      guardar: async (cambio) => {
        const [cambiada] = await ctx.tx
          .update(facturas)
          .set({
            ...cambio,
            // Spec 001 §4: a cancelled invoice leaves the active list (activo false); a rejected request
            // and a pending one keep it.
            activo: cambio.estado !== 'Anulado',
            idUsuarioModificador: ctx.usuario._id,
            actualizadoEn: new Date(),
          })
          .where(and(eq(facturas.tenantId, ctx.tenantId), eq(facturas.id, id)))
          .returning();
        return cambiada ?? fila;
      },
    },
  );
  const resultados = {
    directa: 'anulada',
    solicitada: 'solicitada',
    aprobada: 'aprobada',
    rechazada: 'rechazada',
  } as const;
  // The row was locked when read: what the ledger applied to it has not changed since.
  return { facturadb: aFactura({ ...documento, aplicado: fila.aplicado }), resultado: resultados[resultado] };
}

/**
 * DELETE /factura/eliminar/{id} (spec 001 §4: never with payments). A fiscal invoice is never deleted:
 * its NCF must be reported, so it is cancelled instead; an internal-numbered invoice without payments
 * is removed after its stock and journal are reversed.
 */
export async function eliminarFactura(ctx: CtxConSesion, id: string): Promise<{ facturadb: Factura }> {
  const fila = await filaDeFactura(ctx, id, true);
  if (await pagosPosteriores(ctx, id, false)) {
    throw new AppError('conflicto', MENSAJE_NO_ELIMINAR_CON_PAGOS);
  }
  await verificarSinEntregas(ctx, fila, 'eliminar');
  if (fila.tipoNcf) {
    throw new AppError(
      'conflicto',
      `La factura ${fila.comprobante} tiene NCF y no se puede eliminar: anúlala para que el comprobante conste en el reporte 608.`,
    );
  }
  if (fila.estado !== 'Anulado') {
    await deshacerVenta(ctx, fila);
  }
  await ctx.tx.delete(facturas).where(and(eq(facturas.tenantId, ctx.tenantId), eq(facturas.id, id)));
  return { facturadb: aFactura(fila) };
}
