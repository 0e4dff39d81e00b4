import type {
  AnticiposEfectuados,
  ClienteDelEstado,
  ClientesConBalance,
  EstadoDeCuentaCliente,
  FacturaDelEstado,
  FiltroAnticipos,
  FiltroClientesConBalance,
  FiltroEstadoDeCuenta,
  FiltroTransaccionesDelContacto,
  MovimientoDelContacto,
  TipoDeMovimiento,
  TotalesPorTramo,
  TramoDeAntiguedad,
  TransaccionesDelContacto,
} from '@pos/contract';
import {
  aCentavos,
  aPesos,
  type Centavos,
  diasDeAtraso,
  hoyEnSantoDomingo,
  tramoDeAntiguedad,
  ZONA_HORARIA,
} from '@pos/domain';
import { type SQL, sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import type { Ctx } from '../../http/handle.ts';
import { sqlAplicado } from '../cartera/service.ts';
import { obtenerContacto } from '../contactos/service.ts';

// ---------------------------------------------------------------------------------------------
// Customer statements, movements and advances (spec 001 §7 "Receipts in", 002 §7 "Statements";
// docs/payments.md «Estados de cuenta»). This module only reads: what an invoice owes is the
// receivables ledger's rule (docs/payments.md «Qué debe un documento»): its monto_a_pagar, less what
// was paid at the sale (facturas.cobrado), less the applications in force of the ledger
// (aplicaciones_de_cartera: receipts, credit notes, credits in favour). Here that rule is read at a
// cut-off date: an application counts from its own date.
// ---------------------------------------------------------------------------------------------

function centavos(valor: string | number | null | undefined): Centavos {
  return aCentavos(valor ?? 0);
}

function suma(montos: Iterable<Centavos>): Centavos {
  let total = 0;
  for (const monto of montos) {
    total += monto;
  }
  return total as Centavos;
}

export async function clienteDelEstado(ctx: Ctx, idCliente: string): Promise<ClienteDelEstado> {
  const contacto = await obtenerContacto(ctx, idCliente);
  return {
    _id: contacto._id,
    nombre: [contacto.nombre, contacto.apellidos].filter(Boolean).join(' '),
    rnc: contacto.rnc,
    telefono: contacto.telefono || contacto.movil,
    correo: contacto.correo,
    direccion: contacto.direccion,
  };
}

// A cancelled invoice owes nothing and is not on a statement (spec 001 §4); one whose cancellation
// is only requested (Por-Anular) still stands until it is approved.
const FACTURA_VIGENTE = sql`f.estado <> 'Anulado'`;

type FilaFacturaDelEstado = {
  id: string;
  numero_factura: string | number | null;
  comprobante: string;
  fecha: string;
  vence: string;
  total: string;
  monto_a_pagar: string;
  pagado_en_venta: string;
  notas: string;
  otras: string;
};

/** The customer's standing invoices issued up to `corte` (and from `desde`), with what was applied to each up to `corte`. */
async function facturasAlCorte(
  ctx: Ctx,
  idCliente: string,
  corte: string,
  desde?: string | null,
): Promise<FilaFacturaDelEstado[]> {
  const condiciones: SQL[] = [
    sql`f.tenant_id = ${ctx.tenantId}`,
    sql`f.id_cliente = ${idCliente}`,
    FACTURA_VIGENTE,
    sql`f.fecha_emision <= ${corte}::date`,
  ];
  if (desde) {
    condiciones.push(sql`f.fecha_emision >= ${desde}::date`);
  }
  return filas<FilaFacturaDelEstado>(
    ctx.tx,
    sql`select f.id, f.numero_factura, coalesce(f.comprobante, '') as comprobante,
          to_char(f.fecha_emision, 'YYYY-MM-DD') as fecha,
          to_char((f.vencimiento at time zone ${ZONA_HORARIA})::date, 'YYYY-MM-DD') as vence,
          f.total, f.monto_a_pagar, f.cobrado as pagado_en_venta,
          coalesce(a.notas, 0) as notas, coalesce(a.otras, 0) as otras
        from facturas f
        left join lateral (
          select sum(a.monto) filter (where a.tipo_origen = 'notaDeCredito') as notas,
                 sum(a.monto) filter (where a.tipo_origen <> 'notaDeCredito') as otras
          from aplicaciones_de_cartera a
          where a.tenant_id = f.tenant_id and a.tipo_destino = 'factura' and a.id_destino = f.id
            and a.revertida_en is null and a.fecha <= ${corte}::date
        ) a on true
        where ${sql.join(condiciones, sql` and `)}
        order by f.fecha_emision, f.numero_factura nulls last, f.creado_en`,
  );
}

function aFacturaDelEstado(fila: FilaFacturaDelEstado, corte: string): FacturaDelEstado & { c: Centavos } {
  const montoAPagar = centavos(fila.monto_a_pagar);
  const cobrado = (centavos(fila.pagado_en_venta) + centavos(fila.otras)) as Centavos;
  const notas = centavos(fila.notas);
  const pendiente = (montoAPagar - cobrado - notas) as Centavos;
  const diasVencidos = diasDeAtraso(fila.vence, corte);
  return {
    _id: fila.id,
    numeroFactura: fila.numero_factura === null ? null : Number(fila.numero_factura),
    comprobante: fila.comprobante,
    fecha: fila.fecha,
    vencimiento: fila.vence,
    total: aPesos(centavos(fila.total)),
    montoAPagar: aPesos(montoAPagar),
    cobrado: aPesos(cobrado),
    montoNotaDeCreditoRef: aPesos(notas),
    pendiente: aPesos(pendiente),
    diasVencidos,
    tramo: tramoDeAntiguedad(diasVencidos),
    c: pendiente,
  };
}

/** POST /ingresos-recibidos/estado-cuentas-clientes/ (spec 001 §7). */
export async function estadoDeCuentaCliente(
  ctx: Ctx,
  filtro: FiltroEstadoDeCuenta,
): Promise<EstadoDeCuentaCliente> {
  const cliente = await clienteDelEstado(ctx, filtro.idCliente);
  const corte = filtro.fechaFinal ?? hoyEnSantoDomingo();
  const desde = filtro.porRangoDeFecha ? filtro.fechaInicial : null;
  const todas = (await facturasAlCorte(ctx, filtro.idCliente, corte, desde)).map((fila) =>
    aFacturaDelEstado(fila, corte),
  );
  const elegidas = todas.filter((f) =>
    filtro.estadoSeleccionado === 'Todas'
      ? true
      : filtro.estadoSeleccionado === 'Pagadas'
        ? f.c <= 0
        : f.c > 0,
  );
  const porTramo: Record<TramoDeAntiguedad, Centavos> = {
    '0-30': 0 as Centavos,
    '31-60': 0 as Centavos,
    '61-90': 0 as Centavos,
    '90+': 0 as Centavos,
  };
  for (const f of elegidas) {
    porTramo[f.tramo] = (porTramo[f.tramo] + f.c) as Centavos;
  }
  const totalesPorTramo: TotalesPorTramo = {
    '0-30': aPesos(porTramo['0-30']),
    '31-60': aPesos(porTramo['31-60']),
    '61-90': aPesos(porTramo['61-90']),
    '90+': aPesos(porTramo['90+']),
  };
  return {
    cliente,
    fechaCorte: corte,
    totalPendiente: aPesos(suma(elegidas.map((f) => f.c))),
    facturas: elegidas.map(({ c: _c, ...f }) => f),
    totalesPorTramo,
    totalFacturado: aPesos(suma(elegidas.map((f) => aCentavos(f.montoAPagar)))),
    totalCobrado: aPesos(suma(elegidas.map((f) => aCentavos(f.cobrado)))),
    totalNotasDeCredito: aPesos(suma(elegidas.map((f) => aCentavos(f.montoNotaDeCreditoRef)))),
  };
}

type FilaMovimiento = {
  fecha: string;
  orden: number;
  tipo: string;
  id_documento: string;
  documento: string;
  vence: string | null;
  debito: string;
  credito: string;
};

const ETIQUETA_DE_MOVIMIENTO: Record<TipoDeMovimiento, string> = {
  factura: 'Factura',
  pagoEnVenta: 'Pagado en la venta',
  ingreso: 'Recibo de ingreso',
  notaDeCredito: 'Nota de crédito',
  creditoAFavor: 'Crédito a favor aplicado',
  otro: 'Aplicación',
};

function tipoDeMovimiento(tipo: string): TipoDeMovimiento {
  return tipo in ETIQUETA_DE_MOVIMIENTO ? (tipo as TipoDeMovimiento) : 'otro';
}

/**
 * Every movement of the customer's standing invoices up to `hasta`, oldest first: each invoice debits
 * its monto_a_pagar on its date; what was paid at the sale credits on the same date; each source
 * document of the ledger (a receipt, a credit note, a credit in favour's transaction) credits what it
 * applied to this customer's invoices, on its own date, in one row.
 */
async function movimientosHasta(ctx: Ctx, idCliente: string, hasta: string): Promise<FilaMovimiento[]> {
  const deLasFacturas = sql`f.tenant_id = ${ctx.tenantId} and f.id_cliente = ${idCliente}
    and ${FACTURA_VIGENTE} and f.fecha_emision <= ${hasta}::date`;
  return filas<FilaMovimiento>(
    ctx.tx,
    sql`select * from (
          select to_char(f.fecha_emision, 'YYYY-MM-DD') as fecha, 0 as orden, f.creado_en as creado,
            'factura' as tipo, f.id::text as id_documento,
            coalesce(f.comprobante, f.numero_factura::text, '') as documento,
            to_char((f.vencimiento at time zone ${ZONA_HORARIA})::date, 'YYYY-MM-DD') as vence,
            f.monto_a_pagar as debito, 0::numeric as credito
          from facturas f where ${deLasFacturas}
          union all
          select to_char(f.fecha_emision, 'YYYY-MM-DD'), 1, f.creado_en, 'pagoEnVenta', f.id::text,
            coalesce(f.comprobante, f.numero_factura::text, ''), null, 0::numeric, f.cobrado
          from facturas f where ${deLasFacturas} and f.cobrado > 0
          union all
          select to_char(a.fecha, 'YYYY-MM-DD'), 2, min(a.creado_en), a.tipo_origen, a.id_origen::text,
            coalesce(max(i.comprobante), max(n.comprobante), 'N.º ' || max(c.numero)::text, ''), null,
            0::numeric, sum(a.monto)
          from aplicaciones_de_cartera a
          join facturas f on f.tenant_id = a.tenant_id and f.id = a.id_destino
          left join ingresos_recibidos i
            on a.tipo_origen = 'ingreso' and i.tenant_id = a.tenant_id and i.id = a.id_origen
          left join notas_de_credito n
            on a.tipo_origen = 'notaDeCredito' and n.tenant_id = a.tenant_id and n.id = a.id_origen
          left join transacciones_credito_a_favor t
            on a.tipo_origen = 'creditoAFavor' and t.tenant_id = a.tenant_id and t.id = a.id_origen
          left join creditos_a_favor c on c.tenant_id = t.tenant_id and c.id = t.id_credito
          where a.tenant_id = ${ctx.tenantId} and a.tipo_destino = 'factura' and a.revertida_en is null
            and a.fecha <= ${hasta}::date and ${deLasFacturas}
          group by a.fecha, a.tipo_origen, a.id_origen
        ) m
        order by m.fecha, m.orden, m.creado, m.id_documento`,
  );
}

/** POST /ingresos-recibidos/transacciones-del-contacto-general/ (spec 001 §7; body in docs/api.md). */
export async function transaccionesDelContacto(
  ctx: Ctx,
  filtro: FiltroTransaccionesDelContacto,
): Promise<TransaccionesDelContacto> {
  const cliente = await clienteDelEstado(ctx, filtro.idCliente);
  const hasta = filtro.fechaFinal ?? hoyEnSantoDomingo();
  const todos = await movimientosHasta(ctx, filtro.idCliente, hasta);
  const desde = filtro.fechaInicial ?? null;
  let balance = 0 as Centavos;
  let inicial = 0 as Centavos;
  let debitos = 0 as Centavos;
  let creditos = 0 as Centavos;
  const movimientos: MovimientoDelContacto[] = [];
  for (const fila of todos) {
    const debito = centavos(fila.debito);
    const credito = centavos(fila.credito);
    balance = (balance + debito - credito) as Centavos;
    if (desde && fila.fecha < desde) {
      inicial = balance;
      continue;
    }
    debitos = (debitos + debito) as Centavos;
    creditos = (creditos + credito) as Centavos;
    const tipo = tipoDeMovimiento(fila.tipo);
    movimientos.push({
      fecha: fila.fecha,
      tipo,
      idDocumento: fila.id_documento,
      documento: fila.documento,
      descripcion:
        tipo === 'factura' && fila.vence
          ? `${ETIQUETA_DE_MOVIMIENTO.factura} (vence ${fila.vence.split('-').reverse().join('/')})`
          : ETIQUETA_DE_MOVIMIENTO[tipo],
      debito: aPesos(debito),
      credito: aPesos(credito),
      balance: aPesos(balance),
    });
  }
  return {
    cliente,
    balanceInicial: aPesos(inicial),
    movimientos,
    totalDebitos: aPesos(debitos),
    totalCreditos: aPesos(creditos),
    balanceFinal: aPesos(balance),
  };
}

/**
 * POST /ingresos-recibidos/anticipos-efectuados (spec 001 §7, 002 §7). Advances are the credits in
 * favour that came with money (docs/payments.md «Créditos a favor»): a receipt in's excess or advance
 * line (origin 'ingreso') and an advance taken directly (origin 'anticipo'), not cancelled, dated in
 * the range. Giving an advance back would be a payment out, which does not exist yet: 0. The balance is
 * every credit in favour of the customer not cancelled that still has something to apply (a credit
 * note's rest included): what the company still owes back in goods or payments.
 */
export async function anticiposEfectuados(ctx: Ctx, filtro: FiltroAnticipos): Promise<AnticiposEfectuados> {
  const delCliente = filtro.idCliente ? sql`and c.id_cliente = ${filtro.idCliente}` : sql``;
  const desde = filtro.fechaInicial ? sql`and c.fecha >= ${filtro.fechaInicial}::date` : sql``;
  const hasta = filtro.fechaFinal ? sql`and c.fecha <= ${filtro.fechaFinal}::date` : sql``;
  const [fila] = await filas<{ ingresos: string; disponible: string }>(
    ctx.tx,
    sql`select
          coalesce(sum(c.monto) filter (
            where c.tipo_origen in ('ingreso', 'anticipo') ${desde} ${hasta}), 0) as ingresos,
          coalesce(sum(c.disponible), 0) as disponible
        from creditos_a_favor c
        where c.tenant_id = ${ctx.tenantId} and c.estado <> 'Anulado' ${delCliente}`,
  );
  return {
    importeEnIngresos: aPesos(centavos(fila?.ingresos)),
    importeEnEgresos: 0,
    balancePendienteEntregado: aPesos(centavos(fila?.disponible)),
  };
}

/**
 * POST /ingresos-recibidos/clientes-con-balance/ (the POS receivables screen, spec 000 §2
 * /vistas_pos/cuentas-por-cobrar): each customer whose standing invoices owe something today, with
 * what they owe, how many invoices, the oldest due date and what is already past due; most owed first.
 */
export async function clientesConBalance(
  ctx: Ctx,
  filtro: FiltroClientesConBalance,
): Promise<ClientesConBalance> {
  const dia = hoyEnSantoDomingo();
  const busqueda = filtro.input.trim();
  // What is typed is looked for as is: % and _ are letters here, not wildcards.
  const patron = `%${busqueda.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const filtroNombre = busqueda ? sql`and (c.nombre ilike ${patron} or c.rnc ilike ${patron})` : sql``;
  const res = await filas<{
    id_cliente: string;
    nombre: string;
    rnc: string;
    telefono: string;
    facturas: string;
    pendiente: string;
    vence: string;
    vencido: string;
  }>(
    ctx.tx,
    sql`select d.id_cliente, max(c.nombre) as nombre, max(c.rnc) as rnc,
          max(coalesce(nullif(c.telefono, ''), c.movil, '')) as telefono,
          count(*) as facturas, sum(d.pendiente) as pendiente,
          to_char(min(d.vence), 'YYYY-MM-DD') as vence,
          coalesce(sum(d.pendiente) filter (where d.vence < ${dia}::date), 0) as vencido
        from (
          select f.id_cliente, (f.vencimiento at time zone ${ZONA_HORARIA})::date as vence,
            f.monto_a_pagar - f.cobrado - ${sqlAplicado(ctx, 'factura', sql`f.id`)} as pendiente
          from facturas f
          where f.tenant_id = ${ctx.tenantId} and f.id_cliente is not null and ${FACTURA_VIGENTE}
        ) d
        join contactos c on c.tenant_id = ${ctx.tenantId} and c.id = d.id_cliente
        where d.pendiente > 0 ${filtroNombre}
        group by d.id_cliente
        order by sum(d.pendiente) desc, max(c.nombre)
        limit 500`,
  );
  const lista = res.map((fila) => ({
    idCliente: fila.id_cliente,
    nombre: fila.nombre,
    rnc: fila.rnc,
    telefono: fila.telefono,
    facturas: Number(fila.facturas),
    totalPendiente: aPesos(centavos(fila.pendiente)),
    vencimientoMasAntiguo: fila.vence,
    vencido: aPesos(centavos(fila.vencido)),
  }));
  return {
    res: lista,
    totalPendiente: aPesos(suma(lista.map((c) => aCentavos(c.totalPendiente)))),
  };
}
