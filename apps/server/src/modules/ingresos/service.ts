import { randomUUID } from 'node:crypto';
import {
  type ActualizarIngreso,
  type AnularIngreso,
  type CrearIngreso,
  type CuentaContableRef,
  type DetalleIngreso,
  type Factura,
  type FiltroIngresos,
  type FormaDePagoIngreso,
  type Ingreso,
  type LineaIngreso,
  type LineaIngresoEntrada,
  MENSAJE_INGRESO_NO_ACTIVO,
  MENSAJE_MOTIVO_INGRESO,
  MENSAJE_SIN_LINEAS_DE_INGRESO,
  MENSAJE_TURNO_CERRADO,
  tienePermiso,
} from '@pos/contract';
import { aCentavos, aPesos, type Centavos, fechaYHoraEnSantoDomingo, sumarCentavos } from '@pos/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import { crearUnaVez } from '../../db/sinDuplicados.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx, CtxConSesion } from '../../http/handle.ts';
import { diasDelFiltro, entreDias } from '../../http/periodo.ts';
import { anularDocumento, RESULTADO_EN_MASCULINO, registrarSolicitud } from '../anulaciones/service.ts';
import { type Aplicacion, aplicadoA, aplicar, type NuevaAplicacion, revertir } from '../cartera/service.ts';
import { type CuentasDelTerminal, sqlCuentasDelTerminal } from '../configuracion/service.ts';
import { type LineaDeAsiento, registrarAsiento, revertirAsientos } from '../contabilidad/asientos.service.ts';
import { cuentaDeDetalle, referenciasDeCuentas, sqlCuentasAsignadas } from '../contabilidad/service.ts';
import { contactoDeUnaVenta, obtenerContacto } from '../contactos/service.ts';
import { anularCreditosDe, crearCredito, cuentaDeAnticipos } from '../creditos/service.ts';
import { cuentaDe, cuentaDelMetodo } from '../facturas/escritura.ts';
import { facturasConSaldo, TIPO_DOCUMENTO_FACTURA } from '../facturas/lectura.ts';
import type { CuentasAsignadas } from '../facturas/venta.ts';
import { tomarNumero } from '../numeracion/service.ts';
import { turnoAbiertoDe } from '../turnos/service.ts';
import { ingresosRecibidos, lineasIngreso } from './tables.ts';

/** The ledger's and the journal's document type of receipts in. */
export const TIPO_DOCUMENTO_INGRESO = 'ingreso';
/** The ledger's source type of a credit note applied to its invoice (area A writes them). */
const TIPO_ORIGEN_NOTA_DE_CREDITO = 'notaDeCredito';

type FilaIngreso = typeof ingresosRecibidos.$inferSelect;
type FilaLinea = typeof lineasIngreso.$inferSelect;
type Cuentas = Map<string, CuentaContableRef>;

// The accounts of a receipt, read together (referenciasDeCuentas); the foreign keys guarantee them.
async function cuentasDe(ctx: Ctx, ids: readonly (string | null)[]): Promise<Cuentas> {
  return referenciasDeCuentas(
    ctx,
    ids.filter((id): id is string => id !== null),
  );
}

function cuenta(cuentas: Cuentas, id: string): CuentaContableRef {
  const encontrada = cuentas.get(id);
  if (!encontrada) {
    throw new Error(`La cuenta ${id} del recibo no existe`);
  }
  return encontrada;
}

function aIngreso(fila: FilaIngreso, cuentas: Cuentas, creditoAFavor: Centavos): Ingreso {
  return {
    _id: fila.id,
    identificadorUnico: fila.identificadorUnico,
    idNumeracion: fila.idNumeracion,
    numeracionNombre: fila.numeracionNombre,
    numero: fila.numero,
    comprobante: fila.comprobante,
    tipoDeIngreso: fila.tipoDeIngreso,
    idCliente: fila.idCliente,
    nombreCliente: fila.nombreCliente,
    fechaDeEmision: fila.fechaDeEmision,
    formaDePago: fila.formaDePago,
    cuentaContableDebito: cuenta(cuentas, fila.idCuentaDebito),
    cuentaPorCobrar: fila.idCuentaPorCobrar ? cuenta(cuentas, fila.idCuentaPorCobrar) : null,
    idCentroDeCosto: fila.idCentroDeCosto,
    centroDeCosto: fila.centroDeCosto,
    desdeElpos: {
      desdePos: fila.desdePos,
      idTerminalRef: fila.idTerminal,
      idUsuarioDelTurno: fila.desdePos ? fila.idUsuarioCreador : null,
    },
    idTurnoRef: fila.idTurno,
    total: Number(fila.total),
    detalles: fila.detalles,
    generarCreditoAfavor: fila.generarCreditoAFavor,
    creditoAFavor: aPesos(creditoAFavor),
    estado: fila.estado,
    autorizacion: fila.autorizacion,
    notaAnular: fila.notaAnular,
    notaAutorizacion: fila.notaAutorizacion,
    idUsuarioCreador: fila.idUsuarioCreador,
    creadoPor: fila.creadoPor,
    creadoEn: fila.creadoEn.toISOString(),
  };
}

function aLinea(fila: FilaLinea, cuentas: Cuentas): LineaIngreso {
  return {
    _id: fila.id,
    idIngresosRef: fila.idIngreso,
    idFactura: fila.idFactura,
    comprobanteFactura: fila.comprobanteFactura,
    numeroFactura: fila.numeroFactura,
    total: Number(fila.totalFactura),
    balancePendiente: Number(fila.balancePendiente),
    cobrado: Number(fila.cobrado),
    montoNotaDeCreditoRef: Number(fila.montoNotaDeCreditoRef),
    rncCliente: fila.rncCliente,
    cuentaContableCredito: fila.idCuentaCredito ? cuenta(cuentas, fila.idCuentaCredito) : null,
    importe: Number(fila.importe),
    creditoAFavor: Number(fila.creditoAFavor),
    nota: fila.nota,
  };
}

async function filaDeIngreso(ctx: Ctx, id: string, bloquear = false): Promise<FilaIngreso> {
  const consulta = ctx.tx
    .select()
    .from(ingresosRecibidos)
    .where(and(eq(ingresosRecibidos.tenantId, ctx.tenantId), eq(ingresosRecibidos.id, id)))
    .limit(1);
  const [fila] = bloquear ? await consulta.for('update') : await consulta;
  if (!fila) {
    throw new AppError('no_encontrado', 'El recibo de ingreso no existe.');
  }
  return fila;
}

async function lineasDe(ctx: Ctx, idIngreso: string): Promise<FilaLinea[]> {
  return ctx.tx
    .select()
    .from(lineasIngreso)
    .where(and(eq(lineasIngreso.tenantId, ctx.tenantId), eq(lineasIngreso.idIngreso, idIngreso)))
    .orderBy(asc(lineasIngreso.orden));
}

async function detalleDe(ctx: Ctx, fila: FilaIngreso): Promise<DetalleIngreso> {
  const lineas = await lineasDe(ctx, fila.id);
  const cuentas = await cuentasDe(ctx, [
    fila.idCuentaDebito,
    fila.idCuentaPorCobrar,
    ...lineas.map((l) => l.idCuentaCredito),
  ]);
  const credito = sumarCentavos(lineas.map((l) => aCentavos(l.creditoAFavor)));
  return {
    res: lineas.map((l) => aLinea(l, cuentas)),
    ingresoReferenciadoGral: aIngreso(fila, cuentas, credito),
  };
}

/** GET /ingresos-recibidos/{id}. */
export async function obtenerIngreso(ctx: Ctx, id: string): Promise<DetalleIngreso> {
  return detalleDe(ctx, await filaDeIngreso(ctx, id));
}

/** The receipt created with this identificadorUnico (a sync's twin), as its header. */
export async function ingresoPorIdentificador(ctx: Ctx, identificadorUnico: string): Promise<Ingreso> {
  const [fila] = await ctx.tx
    .select()
    .from(ingresosRecibidos)
    .where(
      and(
        eq(ingresosRecibidos.tenantId, ctx.tenantId),
        eq(ingresosRecibidos.identificadorUnico, identificadorUnico),
      ),
    )
    .limit(1);
  if (!fila) {
    throw new AppError('no_encontrado', 'El recibo de ingreso no existe.');
  }
  return (await detalleDe(ctx, fila)).ingresoReferenciadoGral;
}

// ---------------------------------------------------------------- create

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
  /** The account its sale debited for what stayed owed (its journal's 'Por cobrar' line). */
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
          (select la.id_cuenta from asientos_contables a
             join lineas_asiento la on la.tenant_id = a.tenant_id and la.id_asiento = a.id
           where a.tenant_id = f.tenant_id and a.tipo_documento = ${TIPO_DOCUMENTO_FACTURA}
             and a.id_documento = f.id and a.id_asiento_revertido is null
             and la.debito > 0 and la.nota = 'Por cobrar'
           order by a.numero desc limit 1) as cuenta_por_cobrar
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
        .filter((a: Aplicacion) => a.tipoOrigen === TIPO_ORIGEN_NOTA_DE_CREDITO)
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
function exigirPermisoDeCuentas(
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

async function contextoDelRecibo(ctx: Ctx, idTerminal: string | null): Promise<ContextoDelRecibo> {
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
async function exigirCuentasDeDetalle(
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
async function prepararYAplicar(
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
async function asentarYAcreditar(
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
    lineas: asiento,
  });
  if (credito > 0 && fila.idCliente && !conservarCredito) {
    await crearCredito(ctx, {
      idCliente: fila.idCliente,
      monto: credito,
      descripcion: `Crédito a favor del recibo ${fila.comprobante}`,
      fecha: fila.fechaDeEmision,
      origen: { tipo: TIPO_DOCUMENTO_INGRESO, id: fila.id },
    });
  }
}

/** The receipt's line rows. */
async function insertarLineas(ctx: Ctx, idIngreso: string, lineas: readonly LineaAplicada[]): Promise<void> {
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
      idCentroDeCosto: entrada.idCentroDeCosto ?? null,
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
function cuentaPorCobrarDe(
  tipoDeIngreso: boolean,
  lineas: readonly LineaAplicada[],
  elegida: { idCuenta: string } | null | undefined,
): string | null {
  if (tipoDeIngreso) {
    return lineas.find((l) => l.idFactura)?.cuentaAcreditada ?? null;
  }
  return elegida?.idCuenta ?? null;
}

// ---------------------------------------------------------------- edit and delete

// Whether the receipt ever made a credit in favour (in force or cancelled); read-only on creditos.
async function tuvoCredito(ctx: Ctx, idIngreso: string): Promise<boolean> {
  const [fila] = await filas<{ existe: boolean }>(
    ctx.tx,
    sql`select exists (select 1 from creditos_a_favor where tenant_id = ${ctx.tenantId}
          and tipo_origen = ${TIPO_DOCUMENTO_INGRESO} and id_origen = ${idIngreso}) as existe`,
  );
  return Boolean(fila?.existe);
}

// A POS receipt belongs to its shift's cash count: once the shift closed it no longer changes
// (spec 001 §8, the same rule that refuses a receipt in on a closed shift).
async function exigirTurnoAbierto(ctx: Ctx, fila: FilaIngreso): Promise<void> {
  if (!fila.idTurno) {
    return;
  }
  const abierto = await turnoAbiertoDe(ctx, fila.idUsuarioCreador);
  if (abierto?.id !== fila.idTurno) {
    throw new AppError(
      'conflicto',
      `El turno del recibo ${fila.comprobante} ya se cerró; el recibo no se modifica.`,
      { datos: { estadoDelTurno: false } },
    );
  }
}

function exigirActivo(fila: FilaIngreso): void {
  if (fila.estado !== 'Activo') {
    throw new AppError(
      'conflicto',
      fila.estado === 'Anulado'
        ? `El recibo ${fila.comprobante} está anulado; ${MENSAJE_INGRESO_NO_ACTIVO.toLowerCase()}`
        : `El recibo ${fila.comprobante} tiene una solicitud de anulación pendiente; ${MENSAJE_INGRESO_NO_ACTIVO.toLowerCase()}`,
    );
  }
}

/**
 * PUT /ingresos-recibidos/update/ (spec 001 §7; docs/documents.md «Editar»): only an Activo receipt.
 * The final lines are the stored ones less `eliminar`, with each `update` line that has an `_id`
 * changed in its place and the others added. In one transaction the receipt's credit in favour is
 * cancelled (refused when already used), its ledger applications and journal entry are reverted, and
 * the final lines are checked, applied and posted again; the number, the customer and the kind of
 * receipt do not change.
 */
export async function actualizarIngreso(
  ctx: CtxConSesion,
  entrada: ActualizarIngreso,
): Promise<DetalleIngreso> {
  const actual = await filaDeIngreso(ctx, entrada.idIngresosRef, true);
  exigirActivo(actual);
  exigirPermisoDeCuentas(ctx, {
    tipoDeIngreso: actual.tipoDeIngreso,
    cuentaContableDebito: entrada.cuentaContableDebito,
  });
  await exigirTurnoAbierto(ctx, actual);
  await exigirCuentasDeDetalle(ctx, entrada);
  const guardadas = await lineasDe(ctx, actual.id);
  const porId = new Map(guardadas.map((l) => [l.id, l]));
  for (const id of [...entrada.eliminar, ...entrada.update.flatMap((l) => (l._id ? [l._id] : []))]) {
    if (!porId.has(id)) {
      throw new AppError('no_encontrado', `La línea ${id} no es del recibo ${actual.comprobante}.`);
    }
  }
  const quitadas = new Set(entrada.eliminar);
  const cambios = new Map(entrada.update.flatMap((l) => (l._id ? [[l._id, l] as const] : [])));
  const finales = [
    ...guardadas
      .filter((l) => !quitadas.has(l.id))
      .map((l) => {
        const cambio = cambios.get(l.id);
        return {
          id: l.id,
          // A changed line keeps its invoice unless it names another (an advance is added, not converted).
          idFactura: cambio?.idFactura ?? l.idFactura,
          cuentaContableCredito:
            cambio?.cuentaContableCredito ?? (l.idCuentaCredito ? { idCuenta: l.idCuentaCredito } : null),
          importe: cambio ? cambio.importe : Number(l.importe),
          nota: cambio ? cambio.nota : l.nota,
        };
      }),
    ...entrada.update.filter((l) => !l._id).map((l) => ({ ...l, id: randomUUID() })),
  ];
  if (finales.length === 0) {
    throw new AppError('solicitud_invalida', MENSAJE_SIN_LINEAS_DE_INGRESO);
  }
  const generarCreditoAfavor = entrada.generarCreditoAfavor ?? actual.generarCreditoAFavor;
  const fecha = entrada.fechaDeEmision ?? actual.fechaDeEmision;
  const formaDePago = entrada.formaDePago ?? actual.formaDePago;
  const { terminal, asignadas } = await contextoDelRecibo(ctx, actual.idTerminal);
  // What the receipt did is taken back first, so its invoices owe again what it had applied; its credit
  // in favour is dealt with once the final lines say what becomes credit now.
  const creditoAnterior = sumarCentavos(guardadas.map((l) => aCentavos(l.creditoAFavor)));
  await deshacerIngreso(ctx, actual, `Modificación del recibo ${actual.comprobante}`, false);
  const { lineas } = await prepararYAplicar(
    ctx,
    actual.id,
    {
      tipoDeIngreso: actual.tipoDeIngreso,
      generarCreditoAfavor,
      idCliente: actual.idCliente,
      cuentaPorCobrar: entrada.cuentaPorCobrar?.idCuenta ?? actual.idCuentaPorCobrar,
      res: finales,
    },
    { fecha, formaDePago, idTerminal: actual.idTerminal, asignadas },
  );
  // The money's account: the one chosen now, else the one chosen before if the method did not change,
  // else the account of the (new) payment method.
  const idCuentaDebito =
    entrada.cuentaContableDebito?.idCuenta ??
    (formaDePago === actual.formaDePago
      ? actual.idCuentaDebito
      : cuentaDelMetodo(formaDePago, terminal, asignadas));
  const creditoNuevo = sumarCentavos(lineas.map((l) => l.creditoAFavor));
  const conservarCredito = creditoNuevo === creditoAnterior;
  if (!conservarCredito) {
    // Refused when the customer already used part of it (creditos.anularCreditosDe).
    await anularCreditosDe(ctx, { tipo: TIPO_DOCUMENTO_INGRESO, id: actual.id });
    if (creditoNuevo > 0 && (await tuvoCredito(ctx, actual.id))) {
      // A document makes one credit in favour (creditos.crearCredito); a new amount is a new receipt.
      throw new AppError(
        'conflicto',
        `El recibo ${actual.comprobante} ya generó un crédito a favor; para cambiar lo que queda como crédito, anula el recibo y crea otro.`,
      );
    }
  }
  const total = sumarCentavos(lineas.map((l) => l.importe));
  const [cambiado] = await ctx.tx
    .update(ingresosRecibidos)
    .set({
      fechaDeEmision: fecha,
      formaDePago,
      idCuentaDebito,
      idCuentaPorCobrar: cuentaPorCobrarDe(
        actual.tipoDeIngreso,
        lineas,
        entrada.cuentaPorCobrar ?? (actual.idCuentaPorCobrar ? { idCuenta: actual.idCuentaPorCobrar } : null),
      ),
      ...(entrada.nombreCliente === undefined ? {} : { nombreCliente: entrada.nombreCliente }),
      ...(entrada.idCentroDeCosto === undefined ? {} : { idCentroDeCosto: entrada.idCentroDeCosto }),
      ...(entrada.centroDeCosto === undefined ? {} : { centroDeCosto: entrada.centroDeCosto }),
      ...(entrada.detalles === undefined ? {} : { detalles: entrada.detalles }),
      generarCreditoAFavor: generarCreditoAfavor,
      total: String(aPesos(total)),
      actualizadoEn: new Date(),
    })
    .where(and(eq(ingresosRecibidos.tenantId, ctx.tenantId), eq(ingresosRecibidos.id, actual.id)))
    .returning();
  if (!cambiado) {
    throw new Error('La actualización del recibo no devolvió fila');
  }
  await ctx.tx
    .delete(lineasIngreso)
    .where(and(eq(lineasIngreso.tenantId, ctx.tenantId), eq(lineasIngreso.idIngreso, actual.id)));
  await insertarLineas(ctx, actual.id, lineas);
  await asentarYAcreditar(ctx, cambiado, lineas, conservarCredito);
  return detalleDe(ctx, cambiado);
}

/**
 * DELETE /ingresos-recibidos/{id} (docs/documents.md «Eliminar»): only a user who cancels directly;
 * the receipt is undone like a cancellation and stays Anulado with «Eliminado por …», so its number
 * leaves no gap and the audit screen records who did it. It leaves the lists (spec 001 §4).
 */
export async function eliminarIngreso(ctx: CtxConSesion, id: string): Promise<{ ingresoDb: Ingreso }> {
  const actual = await filaDeIngreso(ctx, id, true);
  if (!ctx.usuario.anularYEliminarDocumentos) {
    throw new AppError('prohibido', 'No tienes permiso para eliminar; solicita la anulación del recibo.');
  }
  exigirActivo(actual);
  await deshacerIngreso(ctx, actual, `Eliminación del recibo ${actual.comprobante}`);
  const nota = `Eliminado por ${ctx.usuario.username}`;
  const [eliminado] = await ctx.tx
    .update(ingresosRecibidos)
    .set({ estado: 'Anulado', autorizacion: 'Aprobada', notaAnular: nota, actualizadoEn: new Date() })
    .where(and(eq(ingresosRecibidos.tenantId, ctx.tenantId), eq(ingresosRecibidos.id, id)))
    .returning();
  await registrarSolicitud(ctx, {
    tipoDocumento: TIPO_DOCUMENTO_INGRESO,
    idDocumento: id,
    numeracioDocumento: actual.comprobante,
    directa: true,
    tipoDeAnulacion: 'Eliminado',
    notaAnular: nota,
  });
  return { ingresoDb: (await detalleDe(ctx, eliminado ?? actual)).ingresoReferenciadoGral };
}

/** GET /ingresos-recibidos/ingreso-cc/{id} (spec 001 §7): the lines as listaDeIngesos (sic). */
export async function ingresoCc(
  ctx: Ctx,
  id: string,
): Promise<{ listaDeIngesos: LineaIngreso[]; ingresoReferenciadoGral: Ingreso }> {
  const { res, ingresoReferenciadoGral } = await obtenerIngreso(ctx, id);
  return { listaDeIngesos: res, ingresoReferenciadoGral };
}

// ---------------------------------------------------------------- lists

/** POST /ingresos-recibidos/todos: 35 per page, newest first; the audit view lists Por-Anular and Anulado. */
export async function listarIngresos(
  ctx: CtxConSesion,
  filtro: FiltroIngresos,
): Promise<{ res: Ingreso[]; totalRows: number }> {
  const condiciones = [sql`i.tenant_id = ${ctx.tenantId}`];
  condiciones.push(
    filtro.buscarPorEstado ? sql`i.estado in ('Por-Anular', 'Anulado')` : sql`i.estado <> 'Anulado'`,
  );
  const dias = entreDias(sql`i.fecha_de_emision`, diasDelFiltro(filtro));
  if (dias) {
    condiciones.push(dias);
  }
  if (filtro.ingresosDelTurno && filtro.idTurnoRef) {
    condiciones.push(sql`i.id_turno = ${filtro.idTurnoRef}`);
  }
  if (filtro.idCuentaDeBanco) {
    condiciones.push(sql`i.id_cuenta_debito = ${filtro.idCuentaDeBanco}`);
  }
  if (filtro.formaDePago) {
    condiciones.push(sql`i.forma_de_pago = ${filtro.formaDePago}`);
  }
  if (filtro.input) {
    const patron = `%${filtro.input.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    condiciones.push(sql`(i.comprobante ilike ${patron} or i.nombre_cliente ilike ${patron})`);
  }
  const donde = sql.join(condiciones, sql` and `);
  const [cuenta] = await filas<{ total: string }>(
    ctx.tx,
    sql`select count(*) as total from ingresos_recibidos i where ${donde}`,
  );
  const pagina = await ctx.tx
    .select()
    .from(ingresosRecibidos)
    .where(sql`${ingresosRecibidos.id} in (select i.id from ingresos_recibidos i where ${donde}
      order by i.fecha_de_emision desc, i.numero desc limit ${filtro.limit} offset ${(filtro.page - 1) * filtro.limit})`)
    .orderBy(sql`${ingresosRecibidos.fechaDeEmision} desc, ${ingresosRecibidos.numero} desc`);
  const cuentas = await cuentasDe(
    ctx,
    pagina.flatMap((f) => [f.idCuentaDebito, f.idCuentaPorCobrar]),
  );
  const creditos =
    pagina.length === 0
      ? []
      : await filas<{ id_ingreso: string; credito: string }>(
          ctx.tx,
          sql`select id_ingreso, sum(credito_a_favor) as credito from lineas_ingreso
              where tenant_id = ${ctx.tenantId} and id_ingreso in ${pagina.map((f) => f.id)}
              group by id_ingreso`,
        );
  const credito = new Map(creditos.map((c) => [c.id_ingreso, aCentavos(c.credito)]));
  return {
    res: pagina.map((f) => aIngreso(f, cuentas, credito.get(f.id) ?? (0 as Centavos))),
    totalRows: Number(cuenta?.total ?? 0),
  };
}

/**
 * POST /ingresos-recibidos/pendientes/ and /una_pendiente/ (spec 001 §7): active invoices with a
 * balance, of one customer (oldest first) or just one invoice.
 */
export async function facturasPendientes(
  ctx: Ctx,
  filtro: { id?: string; idFactura?: string | null | undefined; page?: number; limit?: number },
): Promise<{ res: Factura[] }> {
  return {
    res: await facturasConSaldo(ctx, {
      idCliente: filtro.id,
      idFactura: filtro.idFactura,
      page: filtro.page ?? 1,
      limit: filtro.limit ?? 125,
    }),
  };
}

// ---------------------------------------------------------------- cancel

// The receipt is undone: its credit in favour is cancelled (refused when the customer already used
// part of it; creditos.anularCreditosDe), the ledger takes back its applications (its invoices owe
// again) and a reversing journal entry is posted. Its number stays used (gapless; the receipt remains,
// Anulado, or is written again by an edit).
async function deshacerIngreso(
  ctx: CtxConSesion,
  fila: FilaIngreso,
  descripcion: string,
  anularCredito = true,
): Promise<void> {
  if (anularCredito) {
    await anularCreditosDe(ctx, { tipo: TIPO_DOCUMENTO_INGRESO, id: fila.id });
  }
  await revertir(ctx, TIPO_DOCUMENTO_INGRESO, fila.id);
  await revertirAsientos(
    ctx,
    TIPO_DOCUMENTO_INGRESO,
    fila.id,
    fechaYHoraEnSantoDomingo(new Date()).fecha,
    descripcion,
  );
}

/**
 * PUT /ingresos-recibidos/anular/ (spec 000 §4, 001 §4-§5): a free-text reason; a user with
 * anularYEliminarDocumentos cancels at once, anyone else files a request (Por-Anular / Pendiente) that a
 * supervisor approves (cancelled and undone) or rejects (back to Activo, 'Solicitud Denegada'), sending
 * autorizacion on the same call.
 */
export async function anularIngreso(
  ctx: CtxConSesion,
  entrada: AnularIngreso,
): Promise<{ ingresoDb: Ingreso; resultado: 'anulado' | 'solicitado' | 'aprobado' | 'rechazado' }> {
  const id = entrada.idIngresosRef;
  const fila = await filaDeIngreso(ctx, id, true);
  const { documento, resultado } = await anularDocumento(
    ctx,
    {
      tipoDocumento: TIPO_DOCUMENTO_INGRESO,
      id,
      numero: fila.comprobante,
      estado: fila.estado,
      nombre: `El recibo ${fila.comprobante}`,
      anulado: 'anulado',
    },
    entrada,
    {
      // Spec 001 §5: a receipt's reason is free text.
      motivo: async () => {
        if (!entrada.notaAnular) {
          throw new AppError('solicitud_invalida', MENSAJE_MOTIVO_INGRESO, {
            errores: [{ campo: 'notaAnular', mensaje: MENSAJE_MOTIVO_INGRESO }],
          });
        }
        return { tipoDeAnulacion: '', notaAnular: entrada.notaAnular };
      },
      deshacer: () => deshacerIngreso(ctx, fila, `Anulación del recibo ${fila.comprobante}`),
      guardar: async (cambio) => {
        const [cambiada] = await ctx.tx
          .update(ingresosRecibidos)
          .set({
            estado: cambio.estado,
            autorizacion: cambio.autorizacion,
            ...(cambio.notaAutorizacion === undefined ? {} : { notaAutorizacion: cambio.notaAutorizacion }),
            ...(cambio.notaAnular === undefined ? {} : { notaAnular: cambio.notaAnular }),
            actualizadoEn: new Date(),
          })
          .where(and(eq(ingresosRecibidos.tenantId, ctx.tenantId), eq(ingresosRecibidos.id, id)))
          .returning();
        return cambiada ?? fila;
      },
    },
  );
  return {
    ingresoDb: (await detalleDe(ctx, documento)).ingresoReferenciadoGral,
    resultado: RESULTADO_EN_MASCULINO[resultado],
  };
}
