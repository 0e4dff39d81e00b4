import {
  type ClientePorCobrar,
  type CompraPorPagar,
  type FacturaPorCobrar,
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
} from '@pos/domain';
import { type SQL, sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import type { Ctx } from '../../http/handle.ts';
import { type Dias, diasDelFiltro, entreDias } from '../../http/periodo.ts';
import { sqlAplicado } from '../cartera/service.ts';
import { TIPO_DESTINO_COMPRA } from '../compras/service.ts';
import { obtenerContacto } from '../contactos/service.ts';
import { facturasPorCobrar } from '../facturas/lectura.ts';
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
    const { corte, lista } = await facturasAlCorte(ctx, filtro);
    const porTramo = ceros();
    let montoAPagar = 0 as Centavos;
    let cobrado = 0 as Centavos;
    for (const f of lista) {
      porTramo[f.tramo] = sumar(porTramo[f.tramo], f.c);
      montoAPagar = sumar(montoAPagar, aCentavos(f.montoAPagar));
      cobrado = sumar(cobrado, aCentavos(f.cobrado));
    }
    return {
      fechaCorte: corte,
      listaDeFacturas: lista.map(({ c: _c, ...f }) => f),
      ...cifras(porTramo),
      totalMontoAPagar: aPesos(montoAPagar),
      totalCobrado: aPesos(cobrado),
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
    const lista = await filas<FilaCompraPorPagar>(
      ctx.tx,
      sql`select c.id, c.numero, c.comprobante, c.ncf, c.id_cliente, c.nombre,
          to_char(c.fecha_emision, 'YYYY-MM-DD') as fecha,
          to_char(coalesce(c.vencimiento, c.fecha_emision), 'YYYY-MM-DD') as vence,
          c.monto_a_pagar, c.pagado + a.aplicado as pagado, c.monto_a_pagar - c.pagado - a.aplicado as pendiente
        from compras c
        cross join lateral (select ${sqlAplicado(ctx, TIPO_DESTINO_COMPRA, sql`c.id`)} as aplicado) a
        where ${sql.join(condiciones, sql` and `)}
        order by coalesce(c.vencimiento, c.fecha_emision), c.numero, c.id`,
    );
    const porTramo = ceros();
    let montoAPagar = 0 as Centavos;
    let pagado = 0 as Centavos;
    const listaDeCompras = lista.map((fila): CompraPorPagar => {
      const diasVencidos = diasDeAtraso(fila.vence, corte);
      const tramo = tramoDeAntiguedad(diasVencidos);
      porTramo[tramo] = sumar(porTramo[tramo], aCentavos(fila.pendiente));
      montoAPagar = sumar(montoAPagar, aCentavos(fila.monto_a_pagar));
      pagado = sumar(pagado, aCentavos(fila.pagado));
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
