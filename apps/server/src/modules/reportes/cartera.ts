import {
  type ClientePorCobrar,
  type CompraPorPagar,
  type FacturaPorCobrar,
  FILAS_POR_PAGINA_DE_REPORTE,
  type FiltroDeReporte,
  REPORTE_CUENTAS_POR_COBRAR,
  REPORTE_CUENTAS_POR_COBRAR_POR_CLIENTE,
  REPORTE_CUENTAS_POR_PAGAR,
  type TramoDeAntiguedad,
} from '@pos/contract';
import {
  aCentavos,
  aPesos,
  type Centavos,
  corteDeAntiguedad,
  diasDeAtraso,
  fechaYHoraEnSantoDomingo,
  TRAMOS_DE_ANTIGUEDAD,
  tramoDeAntiguedad,
  ZONA_HORARIA,
} from '@pos/domain';
import { type SQL, sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import type { Ctx } from '../../http/handle.ts';
import { type Dias, diasDelFiltro, entreDias } from '../../http/periodo.ts';
import { sqlAplicado } from '../cartera/service.ts';
import { TIPO_DESTINO_COMPRA } from '../compras/service.ts';
import { obtenerContacto } from '../contactos/service.ts';
import { facturasPorCobrar, TIPO_DOCUMENTO_FACTURA } from '../facturas/lectura.ts';
import { consultaDe, type ReporteDelServidor } from './kit.ts';

// Receivables and payables (docs/reports.md «Cuentas por cobrar y por pagar»). Only reads. What a
// document owes is the ledger's rule (docs/payments.md «Qué debe un documento»): monto_a_pagar, less what
// was paid with the document (facturas.cobrado, compras.pagado), less the applications in force
// (cartera.sqlAplicado). Active documents only (a cancelled one owes nothing; one whose cancellation was
// requested cannot be collected or paid, as the receipts' pending lists). The period picks documents by
// issue date; aging is the domain's rule at the cut-off (end of the period, never after today). Sums
// are added in whole cents.

type Pendientes = Record<TramoDeAntiguedad, Centavos>;

function ceros(): Pendientes {
  return { '0-30': 0 as Centavos, '31-60': 0 as Centavos, '61-90': 0 as Centavos, '90+': 0 as Centavos };
}

function sumar(a: Centavos, b: Centavos): Centavos {
  return (a + b) as Centavos;
}

/** The top-level figures: each bucket and the total still owed. */
function cifras(porTramo: Pendientes) {
  return {
    pendiente0a30: aPesos(porTramo['0-30']),
    pendiente31a60: aPesos(porTramo['31-60']),
    pendiente61a90: aPesos(porTramo['61-90']),
    pendienteMasDe90: aPesos(porTramo['90+']),
    totalPendiente: aPesos(TRAMOS_DE_ANTIGUEDAD.reduce((s, t) => sumar(s, porTramo[t]), 0 as Centavos)),
  };
}

/** The day the report ages to: the end of its period, never after today (Santo Domingo). */
function corteDe(dias: Dias): string {
  return corteDeAntiguedad(dias.hasta, fechaYHoraEnSantoDomingo(new Date()).fecha);
}

/** The chosen customer or supplier under the export's title. */
async function lineaDelContacto(ctx: Ctx, id: string | null | undefined, rotulo: string): Promise<string[]> {
  if (!id) {
    return [];
  }
  const contacto = await obtenerContacto(ctx, id);
  return [`${rotulo}: ${[contacto.nombre, contacto.apellidos].filter(Boolean).join(' ')}`];
}

/**
 * LIMIT/OFFSET of the asked page (`page` of `limit`, 25 by default); none without page or limit (the
 * export and the offline download take every row).
 */
function pagina(filtro: FiltroDeReporte): { limit: number; offset: number } | undefined {
  if (!filtro.page && !filtro.limit) {
    return undefined;
  }
  const limit = filtro.limit ?? FILAS_POR_PAGINA_DE_REPORTE;
  return { limit, offset: ((filtro.page ?? 1) - 1) * limit };
}

type FilaDeAntiguedad = {
  dias: number;
  cantidad: number;
  monto_a_pagar: string;
  pagado: string;
  pendiente: string;
};

/**
 * The figures of every open document of the filter (all pages): SQL sums them by days past due at the
 * cut-off, a few hundred groups, and the domain's rule puts each group in its bucket.
 */
function sumasPorAntiguedad(grupos: FilaDeAntiguedad[]) {
  const porTramo = ceros();
  let montoAPagar = 0 as Centavos;
  let pagado = 0 as Centavos;
  let cantidad = 0;
  for (const g of grupos) {
    const tramo = tramoDeAntiguedad(Number(g.dias));
    porTramo[tramo] = sumar(porTramo[tramo], aCentavos(g.pendiente));
    montoAPagar = sumar(montoAPagar, aCentavos(g.monto_a_pagar));
    pagado = sumar(pagado, aCentavos(g.pagado));
    cantidad += Number(g.cantidad);
  }
  return { porTramo, montoAPagar, pagado, cantidad };
}

const encabezadoDelCliente: ReporteDelServidor['encabezado'] = (ctx, filtro) =>
  lineaDelContacto(ctx, filtro.idCliente, 'Cliente');

// ------------------------------------------------------------------ receivables

/** The receivables of the period, aged at the cut-off (the invoice module reads them). */
async function facturasAlCorte(
  ctx: Ctx,
  filtro: FiltroDeReporte,
): Promise<{ corte: string; lista: (FacturaPorCobrar & { c: Centavos })[] }> {
  const dias = diasDelFiltro(filtro);
  const corte = corteDe(dias);
  const lista = await facturasPorCobrar(ctx, { idCliente: filtro.idCliente, dias });
  return {
    corte,
    lista: lista.map(({ vence, ...factura }) => {
      const diasVencidos = diasDeAtraso(vence, corte);
      return {
        ...factura,
        diasVencidos,
        tramo: tramoDeAntiguedad(diasVencidos),
        c: aCentavos(factura.pendiente),
      };
    }),
  };
}

const cuentasPorCobrar = consultaDe(
  REPORTE_CUENTAS_POR_COBRAR,
  async (ctx, filtro) => {
    const dias = diasDelFiltro(filtro);
    const corte = corteDe(dias);
    // The same invoices as facturasPorCobrar (active, cobrado + applications < monto_a_pagar, issued in
    // the period), due on their Santo Domingo day.
    const condiciones: SQL[] = [
      sql`facturas.tenant_id = ${ctx.tenantId}`,
      sql`facturas.estado = 'Activo'`,
      // Implied by the next (applications are never negative); lets the partial index facturas_por_cobrar
      // (migration 0038) skip the invoices paid at the sale before any lookup.
      sql`facturas.cobrado < facturas.monto_a_pagar`,
      sql`facturas.cobrado + a.aplicado < facturas.monto_a_pagar`,
    ];
    if (filtro.idCliente) {
      condiciones.push(sql`facturas.id_cliente = ${filtro.idCliente}`);
    }
    const enElPeriodo = entreDias(sql`facturas.fecha_emision`, dias);
    if (enElPeriodo) {
      condiciones.push(enElPeriodo);
    }
    // One after the other: both run in the request's transaction (one connection).
    const grupos = await filas<FilaDeAntiguedad>(
      ctx.tx,
      sql`select greatest(0, ${corte}::date - (facturas.vencimiento at time zone ${ZONA_HORARIA})::date) as dias,
            count(*)::int as cantidad, sum(facturas.monto_a_pagar)::text as monto_a_pagar,
            sum(facturas.cobrado + a.aplicado)::text as pagado,
            sum(facturas.monto_a_pagar - facturas.cobrado - a.aplicado)::text as pendiente
          from facturas
          cross join lateral (select ${sqlAplicado(ctx, TIPO_DOCUMENTO_FACTURA, sql`facturas.id`)} as aplicado offset 0) a
          where ${sql.join(condiciones, sql` and `)}
          group by 1`,
    );
    const lista = await facturasPorCobrar(ctx, { idCliente: filtro.idCliente, dias }, pagina(filtro));
    const { porTramo, montoAPagar, pagado, cantidad } = sumasPorAntiguedad(grupos);
    return {
      fechaCorte: corte,
      listaDeFacturas: lista.map(({ vence, ...factura }) => {
        const diasVencidos = diasDeAtraso(vence, corte);
        return { ...factura, diasVencidos, tramo: tramoDeAntiguedad(diasVencidos) };
      }),
      totalRows: cantidad,
      ...cifras(porTramo),
      totalMontoAPagar: aPesos(montoAPagar),
      totalCobrado: aPesos(pagado),
    };
  },
  encabezadoDelCliente,
);

const cuentasPorCobrarPorCliente = consultaDe(
  REPORTE_CUENTAS_POR_COBRAR_POR_CLIENTE,
  async (ctx, filtro) => {
    const { corte, lista } = await facturasAlCorte(ctx, filtro);
    const porCliente = new Map<
      string,
      { fila: Omit<ClientePorCobrar, `pendiente${string}` | 'totalPendiente'>; tramos: Pendientes }
    >();
    const todos = ceros();
    for (const f of lista) {
      // Invoices without a contact (a walk-in sale on credit) are one row, under the name on the invoice.
      const clave = f.idCliente ?? `sin-contacto:${f.nombre}`;
      let cliente = porCliente.get(clave);
      if (!cliente) {
        cliente = {
          fila: { idCliente: f.idCliente, nombre: f.nombre, rnc: f.rnc || f.cedula, cantidadDeFacturas: 0 },
          tramos: ceros(),
        };
        porCliente.set(clave, cliente);
      }
      cliente.fila.cantidadDeFacturas += 1;
      cliente.tramos[f.tramo] = sumar(cliente.tramos[f.tramo], f.c);
      todos[f.tramo] = sumar(todos[f.tramo], f.c);
    }
    const clientes = [...porCliente.values()]
      .map(({ fila, tramos }) => ({ ...fila, ...cifras(tramos) }))
      // Who owes most first (spec 000 §2 /vistas_pos/cuentas-por-cobrar orders customers the same way).
      .sort((a, b) => b.totalPendiente - a.totalPendiente || a.nombre.localeCompare(b.nombre, 'es'));
    return { fechaCorte: corte, clientes, ...cifras(todos) };
  },
  encabezadoDelCliente,
);

// ------------------------------------------------------------------ payables

type FilaCompraPorPagar = {
  id: string;
  numero: string | number | null;
  comprobante: string;
  ncf: string;
  id_cliente: string | null;
  nombre: string;
  fecha: string;
  vence: string;
  monto_a_pagar: string;
  pagado: string;
  pendiente: string;
};

const cuentasPorPagar = consultaDe(
  REPORTE_CUENTAS_POR_PAGAR,
  async (ctx, filtro) => {
    const dias = diasDelFiltro(filtro);
    const corte = corteDe(dias);
    const condiciones: SQL[] = [
      sql`c.tenant_id = ${ctx.tenantId}`,
      sql`c.estado = 'Activo'`,
      // Implied by the next (applications are never negative): the partial index compras_por_pagar.
      sql`c.pagado < c.monto_a_pagar`,
      sql`c.monto_a_pagar - c.pagado - a.aplicado > 0`,
    ];
    if (filtro.idProveedor) {
      condiciones.push(sql`c.id_cliente = ${filtro.idProveedor}`);
    }
    const enElPeriodo = entreDias(sql`c.fecha_emision`, dias);
    if (enElPeriodo) {
      condiciones.push(enElPeriodo);
    }
    // A purchase's due date is a day (no due date: due when issued). id_cliente is the supplier.
    // One pass: what each open purchase owes is looked up once (offset 0 keeps the planner from copying
    // the lookup into every expression that uses it), then summed by days past due and paged.
    const paginaPedida = pagina(filtro);
    const [respuesta] = await filas<{ grupos: FilaDeAntiguedad[]; lista: FilaCompraPorPagar[] }>(
      ctx.tx,
      sql`with abiertas as materialized (
            select c.id, c.numero, c.comprobante, c.ncf, c.id_cliente, c.nombre, c.fecha_emision,
              coalesce(c.vencimiento, c.fecha_emision) as vence, c.monto_a_pagar,
              c.pagado + a.aplicado as pagado, c.monto_a_pagar - c.pagado - a.aplicado as pendiente
            from compras c
            cross join lateral (select ${sqlAplicado(ctx, TIPO_DESTINO_COMPRA, sql`c.id`)} as aplicado offset 0) a
            where ${sql.join(condiciones, sql` and `)}
          )
          select
            (select coalesce(json_agg(g), '[]') from (
              select greatest(0, ${corte}::date - vence) as dias, count(*)::int as cantidad,
                sum(monto_a_pagar)::text as monto_a_pagar, sum(pagado)::text as pagado,
                sum(pendiente)::text as pendiente
              from abiertas group by 1) g) as grupos,
            (select coalesce(json_agg(p order by p.orden), '[]') from (
              select id, numero, comprobante, ncf, id_cliente, nombre,
                to_char(fecha_emision, 'YYYY-MM-DD') as fecha, to_char(vence, 'YYYY-MM-DD') as vence,
                monto_a_pagar::text as monto_a_pagar, pagado::text as pagado, pendiente::text as pendiente,
                row_number() over (order by vence, numero, id) as orden
              from abiertas
              order by vence, numero, id
              ${paginaPedida ? sql`limit ${paginaPedida.limit} offset ${paginaPedida.offset}` : sql``}) p) as lista`,
    );
    const grupos = respuesta?.grupos ?? [];
    const lista = respuesta?.lista ?? [];
    const { porTramo, montoAPagar, pagado, cantidad } = sumasPorAntiguedad(grupos);
    const listaDeCompras = lista.map((fila): CompraPorPagar => {
      const diasVencidos = diasDeAtraso(fila.vence, corte);
      const tramo = tramoDeAntiguedad(diasVencidos);
      return {
        _id: fila.id,
        numeroCompra: fila.numero === null ? null : Number(fila.numero),
        comprobante: fila.comprobante,
        ncf: fila.ncf,
        idProveedor: fila.id_cliente,
        proveedor: fila.nombre,
        fecha: fila.fecha,
        vencimiento: fila.vence,
        diasVencidos,
        tramo,
        montoAPagar: aPesos(aCentavos(fila.monto_a_pagar)),
        pagado: aPesos(aCentavos(fila.pagado)),
        pendiente: aPesos(aCentavos(fila.pendiente)),
      };
    });
    return {
      fechaCorte: corte,
      listaDeCompras,
      totalRows: cantidad,
      ...cifras(porTramo),
      totalMontoAPagar: aPesos(montoAPagar),
      totalPagado: aPesos(pagado),
    };
  },
  (ctx, filtro) => lineaDelContacto(ctx, filtro.idProveedor, 'Proveedor'),
);

export const CONSULTAS_DE_CARTERA: ReporteDelServidor[] = [
  cuentasPorCobrar,
  cuentasPorCobrarPorCliente,
  cuentasPorPagar,
];
