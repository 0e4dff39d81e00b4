import { randomUUID } from 'node:crypto';
import {
  type CrearIngreso,
  type FormaDePagoIngreso,
  type LineaIngreso,
  type LineaIngresoEntrada,
  MENSAJE_TURNO_CERRADO,
  tienePermiso,
} from '@pos/contract';
import { aCentavos, aPesos, type Centavos, fechaYHoraEnSantoDomingo, sumarCentavos } from '@pos/domain';
import { and, eq, sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import { crearUnaVez } from '../../db/sinDuplicados.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx, CtxConSesion } from '../../http/handle.ts';
import { type Aplicacion, aplicadoA, aplicar, type NuevaAplicacion } from '../cartera/service.ts';
import { exigirCentroDeCosto } from '../centrosDeCosto/service.ts';
import { type CuentasDelTerminal, sqlCuentasDelTerminal } from '../configuracion/service.ts';
import { type LineaDeAsiento, registrarAsiento } from '../contabilidad/asientos.service.ts';
import {
  type CuentasAsignadas,
  cuentaDe,
  cuentaDeDetalle,
  sqlCuentasAsignadas,
} from '../contabilidad/service.ts';
import { contactoDeUnaVenta, obtenerContacto } from '../contactos/service.ts';
import { crearCredito, cuentaDeAnticipos } from '../creditos/crear.ts';
import { cuentaDelMetodo, sqlCuentaPorCobrar } from '../facturas/escritura.ts';
import { TIPO_DOCUMENTO_FACTURA } from '../facturas/lectura.ts';
import { TIPO_DOCUMENTO_NOTA_DE_CREDITO } from '../notasDeCredito/lectura.ts';
import { tomarNumero } from '../numeracion/service.ts';
import { turnoAbiertoDe } from '../turnos/service.ts';
import { detalleDe, type FilaIngreso, TIPO_DOCUMENTO_INGRESO } from './lectura.ts';
import { ingresosRecibidos, lineasIngreso } from './tables.ts';

// Receipts in (spec 001 §3, §4, §7; docs/payments.md): creating one. Its lines are checked, applied
// to their invoices in the receivables ledger, numbered and posted; cambios.ts reuses these steps to
// write an edited receipt again.

type FacturaACobrar = {
  id: string;
  identificador_unico: string;
  comprobante: string | null;
  numero_factura: string | null;
  id_cliente: string | null;
  nombre: string;
  rnc: string;
  total: string;
  /** What the invoice owes before applications: its monto_a_pagar less what was paid at the sale. */
  adeudado: string;
  estado: string;
  /** The account its sale debited for what stayed owed (facturas' sqlCuentaPorCobrar). */
  cuenta_por_cobrar: string | null;
};

// The invoices a receipt pays, locked in id order (the order the ledger locks them in, cartera.aplicar)
// so that two receipts paying the same invoices queue instead of deadlocking, and a cancellation of one
// waits. Each is found by its id or, for one sold offline and collected on the same device before
// either synced (spec 000 §7 offline mode), by its identificadorUnico.
async function facturasACobrar(ctx: Ctx, ids: readonly string[]): Promise<Map<string, FacturaACobrar>> {
  const leidas = await filas<FacturaACobrar>(
    ctx.tx,
    sql`select f.id, f.identificador_unico, f.comprobante, f.numero_factura, f.id_cliente, f.nombre, f.rnc,
          f.total, f.monto_a_pagar - f.cobrado as adeudado, f.estado,
          ${sqlCuentaPorCobrar(ctx, sql`f.id`)} as cuenta_por_cobrar
        from facturas f where f.tenant_id = ${ctx.tenantId}
          and (f.id in ${ids} or f.identificador_unico in ${ids})
        order by f.id for update of f`,
  );
  return new Map(leidas.flatMap((f) => [[f.id, f] as const, [f.identificador_unico, f] as const]));
}

type LineaACrear = {
  /** The line's id: kept when an edit changes it, new otherwise. */
  id: string;
  idFactura: string | null;
  comprobanteFactura: string;
  numeroFactura: number | null;
  totalFactura: Centavos;
  /** What the invoice owes before applications (0 on account and advance lines). */
  adeudado: Centavos;
  rncCliente: string;
  idCuentaCredito: string | null;
  /** The account the line credits: the invoice's receivable, or the line's own account. */
  cuentaAcreditada: string;
  /** A payment receipt's line without an invoice (only with generarCreditoAfavor): all of it is credit. */
  anticipo: boolean;
  importe: Centavos;
  nota: string;
};

/** The lines of a receipt as a request gives them (create, or the final lines of an edit). */
type LineasPedidas = {
  tipoDeIngreso: boolean;
  generarCreditoAfavor: boolean;
  idCliente: string | null;
  cuentaPorCobrar: string | null;
  res: readonly (LineaIngresoEntrada & { id: string })[];
};

const MENSAJE_EXCEDENTE = 'Activa «Generar crédito a favor» para recibir más de lo que debe la factura.';

// Spec 001 §3: paying invoices, to active invoices of one customer, one line each. What a line may
// apply (at most what its invoice still owes) is the ledger's rule, checked when it applies
// (cartera.aplicar). With generarCreditoAfavor a line without an invoice is an advance (anticipo) and
// what a line pays above its invoice's pending becomes credit in favour (docs/payments.md); without
// it both are refused.
async function lineasDeFacturas(
  ctx: Ctx,
  entrada: LineasPedidas,
  asignadas: CuentasAsignadas,
): Promise<{ lineas: LineaACrear[]; idCliente: string | null; nombre: string }> {
  const ids: string[] = [];
  for (const [indice, linea] of entrada.res.entries()) {
    if (linea.idFactura) {
      ids.push(linea.idFactura);
    } else if (!entrada.generarCreditoAfavor) {
      throw new AppError('solicitud_invalida', `La línea ${indice + 1} del recibo no tiene factura.`, {
        errores: [
          {
            campo: `res.${indice}.idFactura`,
            mensaje: 'Elige la factura que se paga, o activa «Generar crédito a favor» para un anticipo.',
          },
        ],
      });
    }
  }
  const leidas = ids.length > 0 ? await facturasACobrar(ctx, ids) : new Map<string, FacturaACobrar>();
  // Compared by the invoice found: one line may name it by its id and another by its identificadorUnico.
  const encontradas = ids.map((id) => leidas.get(id)?.id ?? id);
  if (encontradas.some((id, indice) => encontradas.indexOf(id) !== indice)) {
    throw new AppError(
      'solicitud_invalida',
      'Una factura aparece dos veces en el recibo; deja una sola línea por factura.',
    );
  }
  let idCliente = entrada.idCliente;
  let nombre = '';
  const lineas = entrada.res.map((linea, indice): LineaACrear => {
    if (!linea.idFactura) {
      return {
        id: linea.id,
        idFactura: null,
        comprobanteFactura: '',
        numeroFactura: null,
        totalFactura: 0 as Centavos,
        adeudado: 0 as Centavos,
        rncCliente: '',
        idCuentaCredito: null,
        // Set once the advances account is known (cuentaDeAnticipos, by the receipt's terminal).
        cuentaAcreditada: '',
        anticipo: true,
        importe: aCentavos(linea.importe),
        nota: linea.nota || 'Anticipo',
      };
    }
    const factura = leidas.get(linea.idFactura);
    if (!factura) {
      throw new AppError('no_encontrado', `La factura de la línea ${indice + 1} no existe.`);
    }
    const comprobante = factura.comprobante ?? String(factura.numero_factura ?? '');
    if (factura.estado !== 'Activo') {
      throw new AppError(
        'conflicto',
        factura.estado === 'Anulado'
          ? `La factura ${comprobante} está anulada.`
          : `La factura ${comprobante} tiene una solicitud de anulación pendiente.`,
      );
    }
    if (!factura.id_cliente) {
      throw new AppError(
        'conflicto',
        `La factura ${comprobante} es de consumidor final y no tiene cliente a quien cobrar.`,
      );
    }
    if (idCliente === null) {
      idCliente = factura.id_cliente;
    }
    if (factura.id_cliente !== idCliente) {
      throw new AppError(
        'solicitud_invalida',
        `La factura ${comprobante} es de otro cliente; un recibo cobra a un solo cliente.`,
      );
    }
    nombre = factura.nombre;
    return {
      id: linea.id,
      idFactura: factura.id,
      comprobanteFactura: comprobante,
      numeroFactura: factura.numero_factura === null ? null : Number(factura.numero_factura),
      totalFactura: aCentavos(factura.total),
      adeudado: aCentavos(factura.adeudado),
      rncCliente: factura.rnc,
      idCuentaCredito: null,
      cuentaAcreditada:
        factura.cuenta_por_cobrar ??
        entrada.cuentaPorCobrar ??
        cuentaDe(asignadas, 'cuentasPorCobrarClientes'),
      anticipo: false,
      importe: aCentavos(linea.importe),
      nota: linea.nota,
    };
  });
  return { lineas, idCliente, nombre };
}

// Spec 001 §3: to accounting accounts, each line credits its own account, a detail account (entries
// post to detail accounts only, contabilidad.cuentaDeDetalle).
async function lineasDeCuentas(ctx: Ctx, entrada: LineasPedidas): Promise<LineaACrear[]> {
  const lineas: LineaACrear[] = [];
  for (const [indice, linea] of entrada.res.entries()) {
    if (!linea.cuentaContableCredito) {
      throw new AppError(
        'solicitud_invalida',
        `La línea ${indice + 1} del recibo no tiene cuenta contable.`,
        {
          errores: [
            { campo: `res.${indice}.cuentaContableCredito`, mensaje: 'Elige la cuenta que se acredita.' },
          ],
        },
      );
    }
    const { idCuenta } = await cuentaDeDetalle(
      ctx,
      linea.cuentaContableCredito.idCuenta,
      `la línea ${indice + 1} del recibo`,
    );
    lineas.push({
      id: linea.id,
      idFactura: null,
      comprobanteFactura: '',
      numeroFactura: null,
      totalFactura: 0 as Centavos,
      adeudado: 0 as Centavos,
      rncCliente: '',
      idCuentaCredito: idCuenta,
      cuentaAcreditada: idCuenta,
      anticipo: false,
      importe: aCentavos(linea.importe),
      nota: linea.nota,
    });
  }
  return lineas;
}

/** A line once applied: what it applied to its invoice, what became credit, and what the form shows. */
type LineaAplicada = LineaACrear & {
  aplicado: Centavos;
  creditoAFavor: Centavos;
  balancePendiente: Centavos;
  cobrado: Centavos;
  montoNotaDeCreditoRef: Centavos;
};

/**
 * Applies the invoice lines of receipt `idIngreso` in the receivables ledger (its invoices are locked
 * already, facturasACobrar) and answers each line with what it applied and what became credit. Without
 * generarCreditoAfavor the whole amount is applied and the ledger refuses more than the invoice owes;
 * with it, a line applies at most its invoice's pending and the rest is credit (spec 001 §3,
 * docs/payments.md «Crédito a favor desde un recibo»).
 */
async function aplicarLineas(
  ctx: Ctx,
  idIngreso: string,
  lineas: readonly LineaACrear[],
  recibo: { fecha: string; formaDePago: FormaDePagoIngreso; generarCreditoAfavor: boolean },
): Promise<LineaAplicada[]> {
  const idsFacturas = lineas.flatMap((l) => (l.idFactura ? [l.idFactura] : []));
  // Read after the lock, in a statement of its own (as cartera.aplicar does), so it sees what a
  // receipt that held the lock before committed.
  const antes =
    idsFacturas.length > 0 ? await aplicadoA(ctx, TIPO_DOCUMENTO_FACTURA, idsFacturas) : new Map();
  const aplicados = lineas.map((l) => {
    if (!l.idFactura) {
      return 0 as Centavos;
    }
    if (!recibo.generarCreditoAfavor) {
      return l.importe;
    }
    const pendiente = l.adeudado - (antes.get(l.idFactura)?.aplicado ?? 0);
    return Math.max(0, Math.min(l.importe, pendiente)) as Centavos;
  });
  const porAplicar = lineas.flatMap((l, indice) => {
    const monto = aplicados[indice] ?? (0 as Centavos);
    return l.idFactura === null || monto <= 0
      ? []
      : [
          {
            indice,
            aplicacion: {
              tipoDestino: TIPO_DOCUMENTO_FACTURA,
              idDestino: l.idFactura,
              tipoOrigen: TIPO_DOCUMENTO_INGRESO,
              idOrigen: idIngreso,
              monto,
              fecha: recibo.fecha,
              metodo: recibo.formaDePago,
              campo: `res.${indice}.importe`,
            } satisfies NuevaAplicacion,
          },
        ];
  });
  const resultado = await aplicar(
    ctx,
    porAplicar.map((p) => p.aplicacion),
  );
  const pendienteAntes = new Map(porAplicar.map((p, i) => [p.indice, resultado[i]?.pendienteAntes]));
  return lineas.map((l, indice): LineaAplicada => {
    const previas = l.idFactura ? antes.get(l.idFactura) : undefined;
    const montoNotaDeCreditoRef = sumarCentavos(
      (previas?.aplicaciones ?? [])
        .filter((a: Aplicacion) => a.tipoOrigen === TIPO_DOCUMENTO_NOTA_DE_CREDITO)
        .map((a: Aplicacion) => a.monto),
    );
    const balancePendiente = l.idFactura
      ? (pendienteAntes.get(indice) ?? (Math.max(0, l.adeudado - (previas?.aplicado ?? 0)) as Centavos))
      : (0 as Centavos);
    const aplicado = aplicados[indice] ?? (0 as Centavos);
    return {
      ...l,
      aplicado,
      creditoAFavor: (l.idFactura ? l.importe - aplicado : l.anticipo ? l.importe : 0) as Centavos,
      balancePendiente,
      // What the invoice had collected: its amount less what it owed and what credit notes took off.
      cobrado: l.idFactura
        ? (Math.max(0, l.totalFactura - balancePendiente - montoNotaDeCreditoRef) as Centavos)
        : (0 as Centavos),
      montoNotaDeCreditoRef,
    };
  });
}

/**
 * POST /ingresos-recibidos/ (spec 001 §3, §4, §7): one transaction. A retry with the same
 * identificadorUnico answers the receipt already created (solicitudDuplicada) and writes nothing.
 * From the POS it needs the seller's open shift (spec 001 §8) and belongs to it. The number comes
 * from the 'recibos' numbering; each invoice line applies its amount to its invoice in the receivables
 * ledger (cartera.aplicar, which refuses more than the invoice owes); the journal entry
 * debits the money's account (chosen, or by payment method: the terminal's card, debit-card or
 * transfer account, else the cash box; spec 001 §4) and credits each invoice's receivable account or
 * each line's account.
 */
export async function crearIngreso(
  ctx: CtxConSesion,
  entrada: CrearIngreso,
): Promise<(LineaIngreso & { solicitudDuplicada: boolean })[]> {
  // Twins of one receipt (a retry racing the first try) queue here, so the second finds the first
  // created instead of finding its invoices already paid and refusing (invariant 4).
  await filas(
    ctx.tx,
    sql`select pg_advisory_xact_lock(${ctx.tenantId}, hashtext(${`ingreso:${entrada.identificadorUnico}`}))`,
  );
  exigirPermisoDeCuentas(ctx, entrada);
  const { fila, solicitudDuplicada } = await crearUnaVez({
    indice: 'ingresos_recibidos_identificador_unico',
    buscar: async () => {
      const [existente] = await ctx.tx
        .select()
        .from(ingresosRecibidos)
        .where(
          and(
            eq(ingresosRecibidos.tenantId, ctx.tenantId),
            eq(ingresosRecibidos.identificadorUnico, entrada.identificadorUnico),
          ),
        )
        .limit(1);
      return existente;
    },
    crear: () => escribirIngreso(ctx, entrada),
  });
  return (await detalleDe(ctx, fila)).res.map((l) => ({ ...l, solicitudDuplicada }));
}

// Spec 002 §3: the POS right collects invoices into its payment method's account; posting to other
// accounts, or choosing the account, is the receipts module's (ingresos.crear).
export function exigirPermisoDeCuentas(
  ctx: CtxConSesion,
  entrada: { tipoDeIngreso: boolean; cuentaContableDebito?: unknown },
): void {
  if (
    (!entrada.tipoDeIngreso || entrada.cuentaContableDebito) &&
    !tienePermiso(ctx.usuario.privilegios, 'ingresos', 'crear')
  ) {
    throw new AppError(
      'prohibido',
      'Con el permiso del punto de venta solo se cobran facturas, a la cuenta de la forma de pago.',
    );
  }
}

type ContextoDelRecibo = { terminal: CuentasDelTerminal | null; asignadas: CuentasAsignadas };

export async function contextoDelRecibo(ctx: Ctx, idTerminal: string | null): Promise<ContextoDelRecibo> {
  const [contexto] = await filas<{ terminal: CuentasDelTerminal | null; cuentas: CuentasAsignadas | null }>(
    ctx.tx,
    sql`select ${sqlCuentasDelTerminal(ctx, sql`${idTerminal}::uuid`)} as terminal, ${sqlCuentasAsignadas(ctx)} as cuentas`,
  );
  if (idTerminal && !contexto?.terminal) {
    throw new AppError('no_encontrado', 'El terminal del recibo no existe.');
  }
  return { terminal: contexto?.terminal ?? null, asignadas: contexto?.cuentas ?? {} };
}

// Chosen accounts must be detail accounts, like every account an entry posts to (spec 001 §3).
export async function exigirCuentasDeDetalle(
  ctx: Ctx,
  entrada: {
    cuentaContableDebito?: { idCuenta: string } | null;
    cuentaPorCobrar?: { idCuenta: string } | null;
  },
): Promise<void> {
  if (entrada.cuentaContableDebito) {
    await cuentaDeDetalle(ctx, entrada.cuentaContableDebito.idCuenta, 'la cuenta que recibe el dinero');
  }
  if (entrada.cuentaPorCobrar) {
    await cuentaDeDetalle(ctx, entrada.cuentaPorCobrar.idCuenta, 'la cuenta por cobrar');
  }
}

/** The lines read and applied: from a create or from an edit's final lines. */
export async function prepararYAplicar(
  ctx: Ctx,
  idIngreso: string,
  pedidas: LineasPedidas,
  recibo: {
    fecha: string;
    formaDePago: FormaDePagoIngreso;
    idTerminal: string | null;
    asignadas: CuentasAsignadas;
  },
): Promise<{ lineas: LineaAplicada[]; idCliente: string | null; nombre: string }> {
  const deFacturas = pedidas.tipoDeIngreso ? await lineasDeFacturas(ctx, pedidas, recibo.asignadas) : null;
  const preparadas = deFacturas ? deFacturas.lineas : await lineasDeCuentas(ctx, pedidas);
  const idCliente = deFacturas?.idCliente ?? pedidas.idCliente;
  if (preparadas.some((l) => l.anticipo)) {
    if (!idCliente) {
      throw new AppError(
        'solicitud_invalida',
        'Un anticipo queda como crédito a favor de un cliente: elige el cliente del recibo.',
        { errores: [{ campo: 'idCliente', mensaje: 'Elige el cliente.' }] },
      );
    }
    const anticipos = await cuentaDeAnticipos(ctx, recibo.idTerminal);
    for (const linea of preparadas) {
      if (linea.anticipo) {
        linea.cuentaAcreditada = anticipos;
        linea.idCuentaCredito = anticipos;
      }
    }
  }
  const lineas = await aplicarLineas(ctx, idIngreso, preparadas, {
    fecha: recibo.fecha,
    formaDePago: recibo.formaDePago,
    generarCreditoAfavor: pedidas.generarCreditoAfavor,
  });
  if (lineas.some((l) => l.creditoAFavor > 0) && !idCliente) {
    throw new AppError('solicitud_invalida', MENSAJE_EXCEDENTE);
  }
  return { lineas, idCliente, nombre: deFacturas?.nombre ?? '' };
}

/**
 * The receipt's journal entry and credit in favour (spec 001 §3; docs/payments.md): debit the money's
 * account for the total; credit each invoice's receivable for what it applied, each account line its
 * account, and the customer-advances account for what became credit; one credit in favour for that
 * sum (area B's crearCredito), named after the receipt.
 */
export async function asentarYAcreditar(
  ctx: CtxConSesion,
  fila: FilaIngreso,
  lineas: readonly LineaAplicada[],
  /** On an edit whose credit did not change: the receipt keeps the credit it made. */
  conservarCredito = false,
): Promise<void> {
  const total = sumarCentavos(lineas.map((l) => l.importe));
  const credito = sumarCentavos(lineas.map((l) => l.creditoAFavor));
  const anticipos = credito > 0 ? await cuentaDeAnticipos(ctx, fila.idTerminal) : null;
  const asiento: LineaDeAsiento[] = [
    { idCuenta: fila.idCuentaDebito, debito: total, nota: fila.formaDePago },
    ...lineas.map((l) => ({
      idCuenta: l.anticipo ? (anticipos ?? l.cuentaAcreditada) : l.cuentaAcreditada,
      credito: (l.importe - (l.anticipo ? l.importe : l.creditoAFavor)) as Centavos,
      nota: l.comprobanteFactura ? `Cobro ${l.comprobanteFactura}` : l.nota || 'Ingreso',
    })),
  ];
  if (anticipos) {
    asiento.push({ idCuenta: anticipos, credito, nota: 'Crédito a favor' });
  }
  await registrarAsiento(ctx, {
    tipoDocumento: TIPO_DOCUMENTO_INGRESO,
    idDocumento: fila.id,
    fecha: fila.fechaDeEmision,
    descripcion: `Recibo ${fila.comprobante}${fila.nombreCliente ? ` · ${fila.nombreCliente}` : ''}`,
    comprobante: fila.comprobante,
    idCentroDeCosto: fila.idCentroDeCosto,
    lineas: asiento,
  });
  if (credito > 0 && fila.idCliente && !conservarCredito) {
    await crearCredito(ctx, {
      idCliente: fila.idCliente,
      monto: credito,
      descripcion: `Crédito a favor del recibo ${fila.comprobante}`,
      fecha: fila.fechaDeEmision,
      origen: { tipo: TIPO_DOCUMENTO_INGRESO, id: fila.id },
      // The account this entry credited: applying the credit debits the same one.
      ...(anticipos ? { idCuentaAnticipos: anticipos } : {}),
    });
  }
}

/** The receipt's line rows. */
export async function insertarLineas(
  ctx: Ctx,
  idIngreso: string,
  lineas: readonly LineaAplicada[],
): Promise<void> {
  await ctx.tx.insert(lineasIngreso).values(
    lineas.map((l, orden) => ({
      tenantId: ctx.tenantId,
      id: l.id,
      idIngreso,
      orden,
      idFactura: l.idFactura,
      comprobanteFactura: l.comprobanteFactura,
      numeroFactura: l.numeroFactura,
      totalFactura: String(aPesos(l.totalFactura)),
      balancePendiente: String(aPesos(l.balancePendiente)),
      cobrado: String(aPesos(l.cobrado)),
      montoNotaDeCreditoRef: String(aPesos(l.montoNotaDeCreditoRef)),
      rncCliente: l.rncCliente,
      idCuentaCredito: l.idCuentaCredito,
      importe: String(aPesos(l.importe)),
      creditoAFavor: String(aPesos(l.creditoAFavor)),
      nota: l.nota,
    })),
  );
}

/** The receipt's rows, applications and journal entry (crearIngreso checked it is not a replay). */
async function escribirIngreso(ctx: CtxConSesion, entrada: CrearIngreso): Promise<FilaIngreso> {
  const { desdeElpos } = entrada;
  const turno = desdeElpos.desdePos
    ? await turnoAbiertoDe(ctx, desdeElpos.idUsuarioDelTurno ?? ctx.usuario._id)
    : null;
  if (desdeElpos.desdePos && !turno) {
    throw new AppError('conflicto', MENSAJE_TURNO_CERRADO, { datos: { estadoDelTurno: false } });
  }
  const idTerminal = desdeElpos.idTerminalRef ?? turno?.idTerminal ?? null;
  const { terminal, asignadas } = await contextoDelRecibo(ctx, idTerminal);
  await exigirCuentasDeDetalle(ctx, entrada);
  // The customer as the POS names it: by id, or by the identificadorUnico of a contact created offline
  // (spec 000 §4), so its invoices compare with its real id.
  const cliente = entrada.idCliente ? await contactoDeUnaVenta(ctx, entrada.idCliente) : null;
  const fecha = entrada.fechaDeEmision ?? fechaYHoraEnSantoDomingo(new Date()).fecha;
  // The receipt's id is chosen here so that its applications name it; they are checked and written
  // before the number is taken, as the invoice lines were always checked first.
  const idIngreso = randomUUID();
  const { lineas, idCliente, nombre } = await prepararYAplicar(
    ctx,
    idIngreso,
    {
      tipoDeIngreso: entrada.tipoDeIngreso,
      generarCreditoAfavor: entrada.generarCreditoAfavor,
      idCliente: cliente?._id ?? null,
      cuentaPorCobrar: entrada.cuentaPorCobrar?.idCuenta ?? null,
      res: entrada.res.map((l) => ({ ...l, id: randomUUID() })),
    },
    { fecha, formaDePago: entrada.formaDePago, idTerminal, asignadas },
  );
  const contacto = cliente ?? (idCliente ? await obtenerContacto(ctx, idCliente) : null);
  const nombreCliente =
    entrada.nombreCliente || (contacto ? `${contacto.nombre} ${contacto.apellidos}`.trim() : nombre);
  const idCuentaDebito =
    entrada.cuentaContableDebito?.idCuenta ?? cuentaDelMetodo(entrada.formaDePago, terminal, asignadas);
  const total = sumarCentavos(lineas.map((l) => l.importe));
  const numero = await tomarNumero(ctx, 'recibos', entrada.idNumeracion ?? undefined);
  const [cabecera] = await ctx.tx
    .insert(ingresosRecibidos)
    .values({
      tenantId: ctx.tenantId,
      id: idIngreso,
      identificadorUnico: entrada.identificadorUnico,
      idNumeracion: numero.idNumeracion,
      numeracionNombre: numero.numeracionNombre,
      numero: numero.numero,
      comprobante: numero.comprobante,
      tipoDeIngreso: entrada.tipoDeIngreso,
      idCliente,
      nombreCliente,
      fechaDeEmision: fecha,
      formaDePago: entrada.formaDePago,
      idCuentaDebito,
      idCuentaPorCobrar: cuentaPorCobrarDe(entrada.tipoDeIngreso, lineas, entrada.cuentaPorCobrar),
      idCentroDeCosto: await exigirCentroDeCosto(ctx, entrada.idCentroDeCosto),
      centroDeCosto: entrada.centroDeCosto,
      desdePos: desdeElpos.desdePos,
      idTerminal,
      idTurno: turno?.id ?? null,
      total: String(aPesos(total)),
      detalles: entrada.detalles,
      generarCreditoAFavor: entrada.generarCreditoAfavor,
      idUsuarioCreador: ctx.usuario._id,
      creadoPor: ctx.usuario.username,
    })
    .returning();
  if (!cabecera) {
    throw new Error('La inserción del recibo no devolvió fila');
  }
  await insertarLineas(ctx, idIngreso, lineas);
  await asentarYAcreditar(ctx, cabecera, lineas);
  return cabecera;
}

// The receivable a payment receipt names: its first invoice's (what the sale debited); on an account
// receipt, the one chosen.
export function cuentaPorCobrarDe(
  tipoDeIngreso: boolean,
  lineas: readonly LineaAplicada[],
  elegida: { idCuenta: string } | null | undefined,
): string | null {
  if (tipoDeIngreso) {
    return lineas.find((l) => l.idFactura)?.cuentaAcreditada ?? null;
  }
  return elegida?.idCuenta ?? null;
}
