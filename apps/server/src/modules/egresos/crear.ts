import { randomUUID } from 'node:crypto';
import {
  type CrearEgreso,
  type FormaDePagoEgreso,
  type LineaEgreso,
  type LineaEgresoEntrada,
  MENSAJE_CAMPOS_BASICOS_EGRESO,
  MENSAJE_TURNO_CERRADO,
} from '@pos/contract';
import { aCentavos, aPesos, type Centavos, fechaYHoraEnSantoDomingo, sumarCentavos } from '@pos/domain';
import { and, eq, sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import { crearUnaVez, esperarGemela } from '../../db/sinDuplicados.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx, CtxConSesion } from '../../http/handle.ts';
import { aplicadoA, aplicar, type NuevaAplicacion } from '../cartera/service.ts';
import { exigirCentroDeCosto } from '../centrosDeCosto/service.ts';
import { type LineaDeAsiento, registrarAsiento } from '../contabilidad/asientos.service.ts';
import { type CuentasAsignadas, cuentaDe, cuentaDeDetalle } from '../contabilidad/service.ts';
import { obtenerContacto } from '../contactos/service.ts';
import { tomarNumero } from '../numeracion/service.ts';
import { turnoAbiertoDe } from '../turnos/service.ts';
import { detalleDe, type FilaEgreso, TIPO_DESTINO_COMPRA, TIPO_DOCUMENTO_EGRESO } from './lectura.ts';
import {
  contextoDelEgreso,
  cuentaDelDinero,
  cuentaDeRetiro,
  exigirCuentasDeDetalle,
  exigirPermisoDeEgreso,
} from './reglas.ts';
import { lineasEgreso, recibosEgresos } from './tables.ts';

// Payments out (spec 001 §3 "Payment out", §4, §7; docs/payments.md «Pagos a proveedores»): creating
// one. Its lines are checked, applied to their purchases in the payables ledger, numbered and posted;
// cambios.ts reuses these steps to write an edited payment again.

type CompraAPagar = {
  id: string;
  comprobante: string;
  ncf: string;
  numero: string;
  id_cliente: string | null;
  nombre: string;
  total: string;
  /** What the purchase owes before applications: monto_a_pagar less what was paid at the purchase. */
  adeudado: string;
  pagado: string;
  estado: string;
};

// The purchases a payment pays, locked in id order (the order the ledger locks them in,
// cartera.aplicar) so that two payments of the same purchases queue instead of deadlocking, and a
// cancellation of one waits.
async function comprasAPagar(ctx: Ctx, ids: readonly string[]): Promise<Map<string, CompraAPagar>> {
  const leidas = await filas<CompraAPagar>(
    ctx.tx,
    sql`select c.id, c.comprobante, c.ncf, c.numero, c.id_cliente, c.nombre, c.monto_a_pagar as total,
          c.monto_a_pagar - c.pagado as adeudado, c.pagado, c.estado
        from compras c where c.tenant_id = ${ctx.tenantId} and c.id in ${ids}
        order by c.id for update of c`,
  );
  return new Map(leidas.map((c) => [c.id, c]));
}

type LineaACrear = {
  /** The line's id: kept when an edit changes it, new otherwise. */
  id: string;
  idCompra: string | null;
  comprobanteCompra: string;
  ncfCompra: string;
  numeroCompra: number | null;
  totalCompra: Centavos;
  /** What the purchase owes before applications, and what was paid at the purchase (0 on account lines). */
  adeudado: Centavos;
  pagadoEnCompra: Centavos;
  /** The account the line debits: the supplier payable, or the line's own account. */
  idCuentaDebito: string;
  importe: Centavos;
  nota: string;
};

/** The lines of a payment as a request gives them (create, or the final lines of an edit). */
type LineasPedidas = {
  tipoDeEgreso: boolean;
  idCliente: string | null;
  /** The payable a purchase line debits (chosen, else the company's assignment). */
  cuentaPorPagar: string | null;
  /** A POS withdrawal: an account line without an account goes to the default (cuentaDeRetiro). */
  desdePos: boolean;
  res: readonly (LineaEgresoEntrada & { id: string })[];
};

function camposBasicos(campo: string, mensaje: string): AppError {
  return new AppError('solicitud_invalida', MENSAJE_CAMPOS_BASICOS_EGRESO, {
    errores: [{ campo, mensaje }],
  });
}

// Spec 001 §3: paying purchases, Activo purchases of one supplier, one line each. What a line may
// apply (at most what its purchase still owes) is the ledger's rule, checked when it applies
// (cartera.aplicar).
async function lineasDeCompras(
  ctx: Ctx,
  entrada: LineasPedidas,
  asignadas: CuentasAsignadas,
): Promise<{ lineas: LineaACrear[]; idCliente: string | null; nombre: string }> {
  const ids = entrada.res.map((linea, indice) => {
    if (!linea.idCompra) {
      throw camposBasicos(`res.${indice}.idCompra`, 'Elige la compra que se paga.');
    }
    return linea.idCompra;
  });
  if (new Set(ids).size !== ids.length) {
    throw new AppError(
      'solicitud_invalida',
      'Una compra aparece dos veces en el recibo; deja una sola línea por compra.',
    );
  }
  const leidas = await comprasAPagar(ctx, ids);
  const idCuentaDebito = entrada.cuentaPorPagar ?? cuentaDe(asignadas, 'cuentasPorPagarProveedores');
  let idCliente = entrada.idCliente;
  let nombre = '';
  const lineas = entrada.res.map((linea, indice): LineaACrear => {
    const compra = leidas.get(linea.idCompra ?? '');
    if (!compra) {
      throw new AppError('no_encontrado', `La compra de la línea ${indice + 1} no existe.`);
    }
    if (compra.estado !== 'Activo') {
      throw new AppError(
        'conflicto',
        compra.estado === 'Anulado'
          ? `La compra ${compra.comprobante} está anulada.`
          : `La compra ${compra.comprobante} tiene una solicitud de anulación pendiente.`,
      );
    }
    if (idCliente === null) {
      idCliente = compra.id_cliente;
    }
    if (compra.id_cliente !== idCliente) {
      throw new AppError(
        'solicitud_invalida',
        `La compra ${compra.comprobante} es de otro proveedor; un recibo de egreso paga a un solo proveedor.`,
      );
    }
    nombre = compra.nombre;
    return {
      id: linea.id,
      idCompra: compra.id,
      comprobanteCompra: compra.comprobante,
      ncfCompra: compra.ncf,
      numeroCompra: Number(compra.numero),
      totalCompra: aCentavos(compra.total),
      adeudado: aCentavos(compra.adeudado),
      pagadoEnCompra: aCentavos(compra.pagado),
      idCuentaDebito,
      importe: aCentavos(linea.importe),
      nota: linea.nota,
    };
  });
  return { lineas, idCliente, nombre };
}

// Spec 001 §3: to accounting accounts, each line debits its own account, a detail account (entries
// post to detail accounts only, contabilidad.cuentaDeDetalle). A POS cash withdrawal without an account
// goes to cuentaDeRetiro.
async function lineasDeCuentas(
  ctx: Ctx,
  entrada: LineasPedidas,
  asignadas: CuentasAsignadas,
): Promise<LineaACrear[]> {
  const lineas: LineaACrear[] = [];
  for (const [indice, linea] of entrada.res.entries()) {
    let idCuentaDebito: string;
    if (linea.cuentaContableDebito) {
      idCuentaDebito = (
        await cuentaDeDetalle(ctx, linea.cuentaContableDebito.idCuenta, `la línea ${indice + 1} del egreso`)
      ).idCuenta;
    } else if (entrada.desdePos) {
      idCuentaDebito = cuentaDeRetiro(asignadas);
    } else {
      throw camposBasicos(`res.${indice}.cuentaContableDebito`, 'Elige la cuenta que se debita.');
    }
    lineas.push({
      id: linea.id,
      idCompra: null,
      comprobanteCompra: '',
      ncfCompra: '',
      numeroCompra: null,
      totalCompra: 0 as Centavos,
      adeudado: 0 as Centavos,
      pagadoEnCompra: 0 as Centavos,
      idCuentaDebito,
      importe: aCentavos(linea.importe),
      nota: linea.nota || (entrada.desdePos ? 'Retiro de efectivo' : ''),
    });
  }
  return lineas;
}

/** A line once applied, with what the form shows of its purchase. */
export type LineaAplicada = LineaACrear & {
  balancePendiente: Centavos;
  cobrado: Centavos;
  montoNotaDeDebitoRef: Centavos;
};

/**
 * Applies the purchase lines of payment `idEgreso` in the payables ledger (its purchases are locked
 * already, comprasAPagar): the whole amount, and the ledger refuses more than the purchase owes.
 */
async function aplicarLineas(
  ctx: Ctx,
  idEgreso: string,
  lineas: readonly LineaACrear[],
  egreso: { fecha: string; formaDePago: FormaDePagoEgreso; comprobante: string },
): Promise<LineaAplicada[]> {
  const idsCompras = lineas.flatMap((l) => (l.idCompra ? [l.idCompra] : []));
  // Read after the lock, in a statement of its own (as cartera.aplicar does).
  const antes = idsCompras.length > 0 ? await aplicadoA(ctx, TIPO_DESTINO_COMPRA, idsCompras) : new Map();
  const porAplicar = lineas.flatMap((l, indice) =>
    l.idCompra === null
      ? []
      : [
          {
            indice,
            aplicacion: {
              tipoDestino: TIPO_DESTINO_COMPRA,
              idDestino: l.idCompra,
              tipoOrigen: TIPO_DOCUMENTO_EGRESO,
              idOrigen: idEgreso,
              monto: l.importe,
              fecha: egreso.fecha,
              metodo: egreso.formaDePago,
              // The purchase's detail names the payment that paid it (listaPagosEgreso).
              referencia: egreso.comprobante,
              campo: `res.${indice}.importe`,
            } satisfies NuevaAplicacion,
          },
        ],
  );
  const resultado = await aplicar(
    ctx,
    porAplicar.map((p) => p.aplicacion),
  );
  const pendienteAntes = new Map(porAplicar.map((p, i) => [p.indice, resultado[i]?.pendienteAntes]));
  return lineas.map((l, indice): LineaAplicada => {
    if (!l.idCompra) {
      return {
        ...l,
        balancePendiente: 0 as Centavos,
        cobrado: 0 as Centavos,
        montoNotaDeDebitoRef: 0 as Centavos,
      };
    }
    const previas = antes.get(l.idCompra);
    const aplicaciones: { tipoOrigen: string; monto: Centavos }[] = previas?.aplicaciones ?? [];
    const montoNotaDeDebitoRef = sumarCentavos(
      aplicaciones.filter((a) => a.tipoOrigen === 'notaDeDebito').map((a) => a.monto),
    );
    const pagos = sumarCentavos(
      aplicaciones.filter((a) => a.tipoOrigen !== 'notaDeDebito').map((a) => a.monto),
    );
    return {
      ...l,
      balancePendiente: pendienteAntes.get(indice) ?? (0 as Centavos),
      // What the purchase had paid: at the purchase itself and by payments out (spec 001 §3 cobrado).
      cobrado: (l.pagadoEnCompra + pagos) as Centavos,
      montoNotaDeDebitoRef,
    };
  });
}

/** The lines read and applied: from a create or from an edit's final lines. */
export async function prepararYAplicar(
  ctx: Ctx,
  idEgreso: string,
  pedidas: LineasPedidas,
  egreso: {
    fecha: string;
    formaDePago: FormaDePagoEgreso;
    /** The payment's number: each application's referencia. */
    comprobante: string;
    asignadas: CuentasAsignadas;
  },
): Promise<{ lineas: LineaAplicada[]; idCliente: string | null; nombre: string }> {
  const deCompras = pedidas.tipoDeEgreso ? await lineasDeCompras(ctx, pedidas, egreso.asignadas) : null;
  const preparadas = deCompras ? deCompras.lineas : await lineasDeCuentas(ctx, pedidas, egreso.asignadas);
  const lineas = await aplicarLineas(ctx, idEgreso, preparadas, egreso);
  return { lineas, idCliente: deCompras?.idCliente ?? pedidas.idCliente, nombre: deCompras?.nombre ?? '' };
}

/**
 * The payment's journal entry (spec 001 §3; docs/payments.md): debit each line's account (the
 * supplier payable for what a purchase line paid, or the line's own account) and credit the money's
 * account for the total.
 */
export async function asentar(ctx: Ctx, fila: FilaEgreso, lineas: readonly LineaAplicada[]): Promise<void> {
  const total = sumarCentavos(lineas.map((l) => l.importe));
  const asiento: LineaDeAsiento[] = [
    ...lineas.map((l) => ({
      idCuenta: l.idCuentaDebito,
      debito: l.importe,
      nota: l.comprobanteCompra ? `Pago ${l.comprobanteCompra}` : l.nota || 'Egreso',
    })),
    { idCuenta: fila.idCuentaCredito, credito: total, nota: fila.formaDePago },
  ];
  await registrarAsiento(ctx, {
    tipoDocumento: TIPO_DOCUMENTO_EGRESO,
    idDocumento: fila.id,
    fecha: fila.fechaDeEmision,
    descripcion: `Recibo de egreso ${fila.comprobante}${fila.nombreProveedor ? ` · ${fila.nombreProveedor}` : ''}`,
    comprobante: fila.comprobante,
    idCentroDeCosto: fila.idCentroDeCosto,
    lineas: asiento,
  });
}

/** The payment's line rows. */
export async function insertarLineas(
  ctx: Ctx,
  idEgreso: string,
  lineas: readonly LineaAplicada[],
): Promise<void> {
  await ctx.tx.insert(lineasEgreso).values(
    lineas.map((l, orden) => ({
      tenantId: ctx.tenantId,
      id: l.id,
      idEgreso,
      orden,
      idCompra: l.idCompra,
      comprobanteCompra: l.comprobanteCompra,
      ncfCompra: l.ncfCompra,
      numeroCompra: l.numeroCompra,
      totalCompra: String(aPesos(l.totalCompra)),
      balancePendiente: String(aPesos(l.balancePendiente)),
      cobrado: String(aPesos(l.cobrado)),
      montoNotaDeDebitoRef: String(aPesos(l.montoNotaDeDebitoRef)),
      idCuentaDebito: l.idCuentaDebito,
      importe: String(aPesos(l.importe)),
      nota: l.nota,
    })),
  );
}

/**
 * POST /recibos-egresos/ (spec 001 §3, §4, §7): one transaction. A retry with the same
 * identificadorUnico answers the payment already created (solicitudDuplicada) and writes nothing.
 * From the POS it needs the user's open shift (spec 001 §8 "Payment out closed shift": as a receipt
 * in) and belongs to it. The number comes from the 'egresos' numbering; each purchase line applies its
 * amount to its purchase in the payables ledger (cartera.aplicar, which refuses more than the purchase
 * owes, also under concurrency); the journal entry debits the payable or each line's account and
 * credits the money's account.
 */
export async function crearEgreso(
  ctx: CtxConSesion,
  entrada: CrearEgreso,
): Promise<(LineaEgreso & { solicitudDuplicada: boolean })[]> {
  // A twin would otherwise find its purchases already paid and refuse (invariant 4).
  await esperarGemela(ctx, 'egreso', entrada.identificadorUnico);
  exigirPermisoDeEgreso(ctx, {
    tipoDeEgreso: entrada.tipoDeEgreso,
    desdePos: entrada.desdeElpos.desdePos,
    formaDePago: entrada.formaDePago,
    cuentaContableCredito: entrada.cuentaContableCredito,
  });
  const { fila, solicitudDuplicada } = await crearUnaVez({
    indice: 'recibos_egresos_identificador_unico',
    buscar: async () => {
      const [existente] = await ctx.tx
        .select()
        .from(recibosEgresos)
        .where(
          and(
            eq(recibosEgresos.tenantId, ctx.tenantId),
            eq(recibosEgresos.identificadorUnico, entrada.identificadorUnico),
          ),
        )
        .limit(1);
      return existente;
    },
    crear: () => escribirEgreso(ctx, entrada),
  });
  return (await detalleDe(ctx, fila)).res.map((l) => ({ ...l, solicitudDuplicada }));
}

/** The payment's rows, applications and journal entry (crearEgreso checked it is not a replay). */
async function escribirEgreso(ctx: CtxConSesion, entrada: CrearEgreso): Promise<FilaEgreso> {
  const { desdeElpos } = entrada;
  const turno = desdeElpos.desdePos
    ? await turnoAbiertoDe(ctx, desdeElpos.idUsuarioDelTurno ?? ctx.usuario._id)
    : null;
  if (desdeElpos.desdePos && !turno) {
    throw new AppError('conflicto', MENSAJE_TURNO_CERRADO, { datos: { estadoDelTurno: false } });
  }
  if (entrada.tipoDeEgreso && !entrada.idCliente && entrada.res.every((l) => !l.idCompra)) {
    throw camposBasicos('idCliente', 'Elige el proveedor.');
  }
  const idTerminal = desdeElpos.desdePos ? (desdeElpos.idTerminalRef ?? turno?.idTerminal ?? null) : null;
  const { terminal, asignadas } = await contextoDelEgreso(ctx, idTerminal);
  await exigirCuentasDeDetalle(ctx, entrada);
  const fecha = entrada.fechaDeEmision ?? fechaYHoraEnSantoDomingo(new Date()).fecha;
  // The payment's id and number are taken before its applications, which name both (the number is
  // the referencia the purchase's detail shows); a refusal rolls the number back with the rest.
  const idEgreso = randomUUID();
  const numero = await tomarNumero(ctx, 'egresos', entrada.idNumeracion ?? undefined);
  const { lineas, idCliente, nombre } = await prepararYAplicar(
    ctx,
    idEgreso,
    {
      tipoDeEgreso: entrada.tipoDeEgreso,
      idCliente: entrada.idCliente ?? null,
      cuentaPorPagar: entrada.cuentaPorPagarProveedores?.idCuenta ?? null,
      desdePos: desdeElpos.desdePos,
      res: entrada.res.map((l) => ({ ...l, id: randomUUID() })),
    },
    { fecha, formaDePago: entrada.formaDePago, comprobante: numero.comprobante, asignadas },
  );
  const contacto =
    idCliente && !nombre && !entrada.nombreProveedor ? await obtenerContacto(ctx, idCliente) : null;
  const nombreProveedor =
    entrada.nombreProveedor || (contacto ? `${contacto.nombre} ${contacto.apellidos}`.trim() : nombre);
  const idCuentaCredito =
    entrada.cuentaContableCredito?.idCuenta ?? cuentaDelDinero(entrada.formaDePago, terminal, asignadas);
  const total = sumarCentavos(lineas.map((l) => l.importe));
  const [cabecera] = await ctx.tx
    .insert(recibosEgresos)
    .values({
      tenantId: ctx.tenantId,
      id: idEgreso,
      identificadorUnico: entrada.identificadorUnico,
      idNumeracion: numero.idNumeracion,
      numeracionNombre: numero.numeracionNombre,
      numero: numero.numero,
      comprobante: numero.comprobante,
      tipoDeEgreso: entrada.tipoDeEgreso,
      idCliente,
      nombreProveedor,
      fechaDeEmision: fecha,
      formaDePago: entrada.formaDePago,
      idCuentaCredito,
      idCuentaPorPagar: entrada.tipoDeEgreso ? (lineas[0]?.idCuentaDebito ?? null) : null,
      idCentroDeCosto: await exigirCentroDeCosto(ctx, entrada.idCentroDeCosto),
      centroDeCosto: entrada.centroDeCosto,
      desdePos: desdeElpos.desdePos,
      idTerminal,
      idTurno: turno?.id ?? null,
      total: String(aPesos(total)),
      detalles: entrada.detalles,
      idUsuarioCreador: ctx.usuario._id,
      creadoPor: ctx.usuario.username,
    })
    .returning();
  if (!cabecera) {
    throw new Error('La inserción del recibo de egreso no devolvió fila');
  }
  await insertarLineas(ctx, idEgreso, lineas);
  await asentar(ctx, cabecera, lineas);
  return cabecera;
}
