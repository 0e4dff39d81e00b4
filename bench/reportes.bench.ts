import { REPORTES } from '@pos/contract';
import { abrirBaseDeDatos, type BaseDeDatos } from '@pos/server/db/client';
import { sql } from 'drizzle-orm';
import { mediana } from './medir.ts';
import {
  crearBaseSiFalta,
  PASSWORD,
  type Sembrado,
  sembrar,
  TENANT_GRANDE,
  urlDeLaBase,
} from './reportesSiembra.ts';

// The reports' goals (docs/reports.md «Rendimiento de los reportes»), on PostgreSQL only: one company with
// 1,000,000 invoice lines over twelve months and 99 small companies beside it (reportesSiembra.ts):
//   - every declared report (REPORTES) for one month: ≤ 100 ms p95, through the real app (Fastify's inject:
//     routing, session, zod, the query and the JSON answer; no socket), with the ratio to a hand-written
//     SQL of the same question run in the same kind of transaction (company set, RLS role);
//   - the 606 and 607 TXT of a month with 50,000 records: ≤ 2 s;
//   - the dashboard's two calls, made together as /inicio makes them: ≤ 150 ms.
// The machine is shared and has 2 cores: medians and p95 of N calls (BENCH_VECES, 20 by default), never one.

const VECES = Number(process.env.BENCH_VECES ?? 20);
const VECES_TXT = Number(process.env.BENCH_VECES_TXT ?? 5);
/** Calls of a report whose first call took over 1 s (it misses its goal by far; 20 would take minutes). */
const LENTAS = 5;

type App = Awaited<ReturnType<typeof import('@pos/server/app').buildApp>>;
type Fila = { nombre: string; p50: number; p95: number; mano?: number; meta: number; nota?: string };

function p95(tiempos: number[]): number {
  const ordenados = [...tiempos].sort((a, b) => a - b);
  return ordenados[Math.min(ordenados.length - 1, Math.ceil(ordenados.length * 0.95) - 1)] ?? 0;
}

async function tiempos(veces: number, hacer: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < (veces > LENTAS ? 2 : 1); i++) {
    await hacer(); // plans, caches, JIT
  }
  const medidas: number[] = [];
  for (let i = 0; i < veces; i++) {
    const inicio = performance.now();
    await hacer();
    medidas.push(performance.now() - inicio);
  }
  return medidas;
}

// Hand-written SQL of each report's question for the month ($D, $H), in the big company. What a competent
// developer would write without the app: the same rows and totals, one page where the report pages.
const T = TENANT_GRANDE;
const FACTURAS_DEL_MES = `from facturas f where f.tenant_id = ${T} and f.fecha_emision between '$D' and '$H'`;
const LINEAS_DEL_MES = `from facturas f join lineas_factura l on l.tenant_id = f.tenant_id and l.id_factura = f.id
  where f.tenant_id = ${T} and f.fecha_emision between '$D' and '$H' and f.estado <> 'Anulado'`;
const SALDOS = (
  hasta: string,
  desde?: string,
) => `select l.id_cuenta, sum(l.debito) as debito, sum(l.credito) as credito
  from asientos_contables a join lineas_asiento l on l.tenant_id = a.tenant_id and l.id_asiento = a.id
  where a.tenant_id = ${T} and a.fecha <= '${hasta}' ${desde ? `and a.fecha >= '${desde}'` : ''} group by 1`;
const A_MANO: Record<string, string[]> = {
  'r-facturas': [
    `select count(*), sum(total), sum(subtotal), sum(impuestos), sum(descuento) ${FACTURAS_DEL_MES}`,
    `select d->>'name', sum((d->>'total')::numeric) ${FACTURAS_DEL_MES.replace('from facturas f', 'from facturas f cross join lateral jsonb_array_elements(f.desglose_de_impuestos) d')} group by 1`,
    `select f.id, f.comprobante, f.fecha_emision, f.hora, f.nombre, f.total ${FACTURAS_DEL_MES}
       order by f.fecha_emision desc, f.hora desc, f.numero_factura desc limit 25`,
  ],
  'r-facturas-desglose-impuestos': [
    `select i->>'name', sum(l.subtotal), sum((i->>'total')::numeric)
     ${LINEAS_DEL_MES.replace('where', 'cross join lateral jsonb_array_elements(l.impuestos) i where')} group by 1`,
  ],
  'r-facturas-usuario': [
    `select f.id_usuario_creador, count(*), sum(f.total) ${FACTURAS_DEL_MES} and f.estado <> 'Anulado' group by 1`,
    `select f.id, f.comprobante, f.total ${FACTURAS_DEL_MES} order by f.fecha_emision desc, f.hora desc limit 25`,
  ],
  'r-ventas-productos': [
    `select l.id_producto, sum(l.unidades), sum(l.subtotal), sum(l.total) ${LINEAS_DEL_MES} group by 1 order by 4 desc`,
  ],
  'r-rentabilidad-productos': [
    `select l.id_producto, sum(l.unidades), sum(l.subtotal), sum(l.unidades * l.costo_unitario) ${LINEAS_DEL_MES} group by 1`,
  ],
  'r-usuarios-estadistica': [
    `select f.id_usuario_creador, count(*), sum(f.total), avg(f.total) ${FACTURAS_DEL_MES} and f.estado <> 'Anulado' group by 1`,
  ],
  'r-cuadre-general': [
    `select p.metodo, sum(p.monto) from facturas f join pagos_factura p on p.tenant_id = f.tenant_id and p.id_factura = f.id
     where f.tenant_id = ${T} and f.fecha_emision between '$D' and '$H' and f.estado <> 'Anulado' group by 1`,
    `select forma_de_pago, sum(total) from ingresos_recibidos where tenant_id = ${T} and fecha_de_emision between '$D' and '$H' group by 1`,
    `select forma_de_pago, sum(total) from recibos_egresos where tenant_id = ${T} and fecha_de_emision between '$D' and '$H' group by 1`,
  ],
  'r-ingresos-general': [
    `select * from ingresos_recibidos where tenant_id = ${T} and fecha_de_emision between '$D' and '$H' order by fecha_de_emision desc limit 25`,
  ],
  'r-egresos-general': [
    `select * from recibos_egresos where tenant_id = ${T} and fecha_de_emision between '$D' and '$H' order by fecha_de_emision desc limit 25`,
  ],
  'r-cuentas-por-cobrar': [
    `select f.id, f.comprobante, f.total, f.monto_a_pagar - f.cobrado as pendiente ${FACTURAS_DEL_MES}
       and f.estado <> 'Anulado' and f.monto_a_pagar > f.cobrado order by f.fecha_emision`,
  ],
  'r-cuentas-por-pagar': [
    `select c.id, c.comprobante, c.monto_a_pagar - c.pagado from compras c where c.tenant_id = ${T}
       and c.fecha_emision between '$D' and '$H' and c.estado <> 'Anulado' and c.monto_a_pagar > c.pagado`,
  ],
  'r-valor-inventario': [
    `select p.id, p.nombre, sum(pa.disponibilidad), sum(pa.disponibilidad * p.costo_promedio)
     from productos p join productos_almacenes pa on pa.tenant_id = p.tenant_id and pa.id_producto = p.id
     where p.tenant_id = ${T} group by 1, 2 order by 2`,
  ],
  'r-existencia-inventario': [
    `select p.id, p.nombre, pa.disponibilidad, pa.cantidad_minima, pa.cantidad_maxima
     from productos p join productos_almacenes pa on pa.tenant_id = p.tenant_id and pa.id_producto = p.id
     where p.tenant_id = ${T} order by p.nombre`,
  ],
  'r-formato-607': [
    `select f.rnc, f.cedula, f.tipo_de_identificacion, f.comprobante, f.fecha_emision, f.subtotal, f.itbis, f.total, f.metodo_de_pago
     ${FACTURAS_DEL_MES} and f.tipo_ncf is not null and f.estado <> 'Anulado' order by f.fecha_emision, f.comprobante`,
    `select n.rnc, n.comprobante, n.ncf_modificado, n.subtotal, n.impuestos from notas_de_credito n
     where n.tenant_id = ${T} and n.fecha_emision between '$D' and '$H' and n.estado <> 'Anulado'`,
  ],
  'r-formato-606': [
    `select c.rnc, c.tipo_de_identificacion, c.ncf, c.fecha_emision, c.fecha_pago, c.subtotal, c.impuestos, c.total_gral,
       c.tipos_bienes_servicios, c.retenciones
     from compras c where c.tenant_id = ${T} and c.fecha_emision between '$D' and '$H' and c.estado <> 'Anulado' and c.ncf <> ''
     order by c.fecha_emision, c.ncf`,
    `select g.ncf, g.subtotal, g.impuestos from gastos_menores g where g.tenant_id = ${T}
     and g.fecha_de_emision between '$D' and '$H' and g.estado <> 'Anulado' and g.ncf <> ''`,
  ],
  'r-formato-608': [
    `select f.comprobante, f.fecha_emision, f.tipo_de_anulacion ${FACTURAS_DEL_MES} and f.estado = 'Anulado' and f.tipo_ncf is not null`,
  ],
  'libro diario (asientos-contables/listar)': [
    `select a.id, a.numero, a.fecha, l.id_cuenta, l.debito, l.credito
     from (select * from asientos_contables where tenant_id = ${T} and fecha between '$D' and '$H'
           order by fecha desc, numero desc limit 50) a
     join lineas_asiento l on l.tenant_id = a.tenant_id and l.id_asiento = a.id`,
    `select count(*) from asientos_contables where tenant_id = ${T} and fecha between '$D' and '$H'`,
  ],
  'estado de resultados': [SALDOS('$H', '$D')],
  'situación financiera': [SALDOS('$H')],
  'balanza de comprobación': [SALDOS('$H')],
};

/** Calls that answer a report but are not (yet) declarations of the kit: path and body. */
const OTRAS: { nombre: string; path: string; cuerpo: (m: Sembrado) => Record<string, unknown> }[] = [
  {
    nombre: 'libro diario (asientos-contables/listar)',
    path: '/asientos-contables/listar',
    cuerpo: (m) => ({ fechaInicial: m.mesDesde, fechaFinal: m.mesHasta }),
  },
  {
    nombre: 'estado de resultados',
    path: '/asientos-contables/estado-de-resultados',
    cuerpo: (m) => ({ fechaInicial: m.mesDesde, fechaFinal: m.mesHasta }),
  },
  {
    nombre: 'situación financiera',
    path: '/asientos-contables/situacion-finaciera',
    cuerpo: (m) => ({ fechaInicial: m.mesDesde, fechaFinal: m.mesHasta }),
  },
  {
    nombre: 'balanza de comprobación',
    path: '/asientos-contables/balanza-de-comprobacion',
    cuerpo: (m) => ({ fechaInicial: m.mesDesde, fechaFinal: m.mesHasta }),
  },
];

async function sqlAMano(
  db: BaseDeDatos,
  sentencias: string[],
  mes: Sembrado,
  veces: number,
): Promise<number[]> {
  const textos = sentencias.map((s) => s.replaceAll('$D', mes.mesDesde).replaceAll('$H', mes.mesHasta));
  return tiempos(veces, () =>
    db.enEmpresa(T, async (tx) => {
      for (const texto of textos) {
        await tx.execute(sql.raw(texto));
      }
    }),
  );
}

async function llamar(app: App, token: string, path: string, cuerpo: unknown) {
  const r = await app.inject({
    method: 'POST',
    url: `/api${path}`,
    headers: { tenantid: String(T), authorization: `Bearer ${token}` },
    payload: cuerpo as Record<string, unknown>,
  });
  return { status: r.statusCode, tamano: r.rawPayload.length, cuerpo: r.body };
}

const ms = (v: number | undefined) => (v === undefined ? '—' : v.toFixed(1));

function imprimirCabecera(): void {
  console.log(
    `  ${'reporte'.padEnd(44)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'SQL p95'.padStart(8)} ${'razón'.padStart(6)} ${'meta'.padStart(6)}  ¿cumple?`,
  );
}

/** One row as soon as it is measured (a full run takes minutes). */
function imprimir(f: Fila): void {
  const razon = f.mano ? (f.p95 / f.mano).toFixed(1) : '—';
  console.log(
    `  ${f.nombre.slice(0, 44).padEnd(44)} ${ms(f.p50).padStart(8)} ${ms(f.p95).padStart(8)} ${ms(f.mano).padStart(8)} ${razon.padStart(6)} ${String(f.meta).padStart(6)}  ${f.p95 <= f.meta ? 'sí' : 'NO'}${f.nota ? `  (${f.nota})` : ''}`,
  );
}

async function medir(db: BaseDeDatos, mes: Sembrado): Promise<void> {
  // Loaded here, not at the top: seeding needs only the services.
  const { buildApp } = await import('@pos/server/app');
  const app = await buildApp({ db, logger: false });
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { tenantid: String(T) },
      payload: { username: 'admin', password: PASSWORD },
    });
    const token = (login.json() as { token: string }).token;
    const solo = process.env.BENCH_REPORTE;
    console.log(
      `  PostgreSQL, empresa ${T}: ${mes.lineas} líneas de factura, ${mes.facturasDelMes} facturas en el mes ${mes.mesDesde} – ${mes.mesHasta}; ${VECES} llamadas por reporte (${LENTAS} si la primera pasa de 1 s) por HTTP (inject de Fastify: sesión, zod, consulta y JSON)`,
    );
    imprimirCabecera();
    const filas = { push: imprimir };
    const periodo = { fechaInicial: mes.mesDesde, fechaFinal: mes.mesHasta };
    const casos = [
      ...REPORTES.map((r) => ({
        nombre: r.id,
        path: r.consulta.path,
        cuerpo: { ...periodo, ...(r.paginado ? { page: 1, limit: 25 } : {}) } as Record<string, unknown>,
      })),
      ...OTRAS.map((o) => ({ nombre: o.nombre, path: o.path, cuerpo: o.cuerpo(mes) })),
    ].filter((c) => !solo || c.nombre.includes(solo));
    // A report that needs a customer (r-conduce) is asked for the one with the most delivery notes.
    const [cliente] = await db
      .enEmpresa(T, (tx) =>
        tx.execute(
          sql`select id_cliente from conduces where id_cliente is not null group by 1 order by count(*) desc limit 1`,
        ),
      )
      .then((r) => (r as unknown as { rows: { id_cliente: string }[] }).rows);
    for (const caso of casos) {
      const inicio = performance.now();
      let prueba = await llamar(app, token, caso.path, caso.cuerpo);
      if (prueba.status === 400 && prueba.cuerpo.includes('idCliente') && cliente) {
        caso.cuerpo = { ...caso.cuerpo, idCliente: cliente.id_cliente };
        prueba = await llamar(app, token, caso.path, caso.cuerpo);
      }
      if (prueba.status !== 200) {
        filas.push({
          nombre: caso.nombre,
          p50: Number.NaN,
          p95: Number.NaN,
          meta: 100,
          nota: `HTTP ${prueba.status}: ${prueba.cuerpo.slice(0, 80)}`,
        });
        continue;
      }
      const veces = performance.now() - inicio > 1000 ? LENTAS : VECES;
      const http = await tiempos(veces, () => llamar(app, token, caso.path, caso.cuerpo));
      const mano = A_MANO[caso.nombre];
      const manual = mano ? await sqlAMano(db, mano, mes, veces) : undefined;
      filas.push({
        nombre: caso.nombre,
        p50: mediana(http),
        p95: p95(http),
        ...(manual ? { mano: p95(manual) } : {}),
        meta: 100,
        nota: `${(prueba.tamano / 1024).toFixed(0)} KB${veces === LENTAS ? `, ${LENTAS} veces` : ''}`,
      });
    }
    // The DGII TXT of the month (the records of fiscal-do §3: one line per document).
    for (const formato of ['606', '607'] as const) {
      if (solo && !`txt ${formato}`.includes(solo)) {
        continue;
      }
      const path = `/reportes/dgii/${formato}/txt`;
      const prueba = await llamar(app, token, path, periodo);
      if (prueba.status !== 200) {
        filas.push({
          nombre: `TXT ${formato}`,
          p50: Number.NaN,
          p95: Number.NaN,
          meta: 2000,
          nota: `HTTP ${prueba.status}: ${prueba.cuerpo.slice(0, 80)}`,
        });
        continue;
      }
      const medidas = await tiempos(VECES_TXT, () => llamar(app, token, path, periodo));
      filas.push({
        nombre: `TXT ${formato}`,
        p50: mediana(medidas),
        p95: p95(medidas),
        meta: 2000,
        nota: `${(prueba.tamano / 1024).toFixed(0)} KB, ${VECES_TXT} veces`,
      });
    }
    // The dashboard: /inicio asks both calls at once with the same preset (features/inicio/queries.ts).
    if (!solo || 'tablero'.includes(solo)) {
      for (const preset of [4, 5]) {
        const una = () =>
          Promise.all([
            llamar(app, token, '/reportes/tablero', { periodo: preset }),
            llamar(app, token, '/factura/productos-destacados/', { periodo: preset, limit: 5 }),
          ]);
        const [a, b] = await una();
        if (a.status !== 200 || b.status !== 200) {
          filas.push({
            nombre: `tablero (periodo ${preset})`,
            p50: Number.NaN,
            p95: Number.NaN,
            meta: 150,
            nota: `HTTP ${a.status}/${b.status}: ${(a.status !== 200 ? a : b).cuerpo.slice(0, 80)}`,
          });
          continue;
        }
        const juntas = await tiempos(VECES, una);
        const cifras = await tiempos(VECES, () =>
          llamar(app, token, '/reportes/tablero', { periodo: preset }),
        );
        const destacados = await tiempos(VECES, () =>
          llamar(app, token, '/factura/productos-destacados/', { periodo: preset, limit: 5 }),
        );
        filas.push({
          nombre: `tablero: las 2 llamadas juntas (periodo ${preset})`,
          p50: mediana(juntas),
          p95: p95(juntas),
          meta: 150,
        });
        filas.push({
          nombre: `  /reportes/tablero (periodo ${preset})`,
          p50: mediana(cifras),
          p95: p95(cifras),
          meta: 150,
        });
        filas.push({
          nombre: `  productos-destacados (periodo ${preset})`,
          p50: mediana(destacados),
          p95: p95(destacados),
          meta: 150,
        });
      }
    }
  } finally {
    await app.close();
  }
}

export default async (): Promise<void> => {
  if (!process.env.DATABASE_URL || process.env.BENCH_MOTOR === 'pglite') {
    console.log('  el bench de reportes mide en PostgreSQL: falta DATABASE_URL');
    return;
  }
  await crearBaseSiFalta();
  const db = await abrirBaseDeDatos({ databaseUrl: urlDeLaBase() });
  try {
    const mes = await sembrar(db);
    if (process.env.BENCH_SOLO_SEMBRAR !== '1') {
      await medir(db, mes);
    }
  } finally {
    await db.cerrar();
  }
};
