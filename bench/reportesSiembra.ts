import { CrearFactura } from '@pos/contract';
import { type BaseDeDatos, filas, ROL_EMPRESA } from '@pos/server/db/client';
import { sembrarDatosMaestrosDemo } from '@pos/server/modules/configuracion/service';
import { crearEmpresa } from '@pos/server/modules/empresas/service';
import { crearFactura } from '@pos/server/modules/facturas/crear';
import { contextoDelAdministrador } from '@pos/server/modules/facturas/demo';
import { sembrarNumeracionesDemo } from '@pos/server/modules/numeracion/demo';
import { sembrarProductosDemo } from '@pos/server/modules/productos/demo';
import { vincularCajaDemo } from '@pos/server/sistema/cajaDemo';
import { crearAdministrador, prepararBaseDeDatos } from '@pos/server/sistema/semilla';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { analizarLoSembrado } from './medir.ts';

// Not empresasDeBench.ts: that module loads the whole HTTP app, and seeding needs only the services.
export const PASSWORD = 'clave-bench-123';

// The reports bench's data: one big company (the demo company, tenant 1) with LINEAS invoice lines over
// twelve months, and 99 small companies beside it with a few hundred lines each. Creating a million lines
// through the API would take hours, so the documents the services wrote are cloned with set-based SQL: the
// demo company's invoices (written by crearFactura: header, lines, payments, stock movements, journal entry
// and, when cancelled, its reversal) and purchases are the templates, and each copy gets new ids, a new
// date (every date and instant of the document moved by the same number of days), the next number of its
// numbering and the next journal-entry number. The numberings' and the entry counter's next values are
// moved past the copies, and each product's stock is the sum of its movements again, so the books'
// invariants hold (a balanced entry per document, stock = Σ movements, numbers unique per numbering).

/** The seeded database on DATABASE_URL's server; kept between runs because seeding takes minutes. */
export const BASE_DE_BENCH = process.env.BENCH_REPORTES_BASE ?? 'bench_reportes';
export const TENANT_GRANDE = 1;
export const PRIMER_PEQUENO = 101;
export const PEQUENOS = Number(process.env.BENCH_PEQUENOS ?? 99);
const LINEAS = Number(process.env.BENCH_LINEAS ?? 1_000_000);
/** Invoices (607) and purchases (606) with NCF in the measured month (the issue's 50,000 records). */
export const REGISTROS_DEL_MES = Number(process.env.BENCH_REGISTROS_MES ?? 50_000);
const LINEAS_POR_PEQUENO = 300;

export type Sembrado = { mesDesde: string; mesHasta: string; lineas: number; facturasDelMes: number };

export function urlDeLaBase(): string {
  const url = new URL(process.env.DATABASE_URL ?? '');
  url.pathname = `/${BASE_DE_BENCH}`;
  return url.toString();
}

async function conCliente<T>(url: string, hacer: (c: pg.Client) => Promise<T>): Promise<T> {
  const cliente = new pg.Client({ connectionString: url });
  await cliente.connect();
  try {
    return await hacer(cliente);
  } finally {
    await cliente.end();
  }
}

/** Creates the bench database if missing (BENCH_RESEMBRAR=1 drops it first). */
export async function crearBaseSiFalta(): Promise<void> {
  await conCliente(process.env.DATABASE_URL ?? '', async (admin) => {
    if (process.env.BENCH_RESEMBRAR === '1') {
      await admin.query(`DROP DATABASE IF EXISTS ${BASE_DE_BENCH} WITH (FORCE)`);
    }
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [BASE_DE_BENCH]);
    if (!rowCount) {
      await admin.query(`CREATE DATABASE ${BASE_DE_BENCH}`);
    }
  });
}

/** What an earlier run seeded, or null. */
async function yaSembrado(c: pg.Client): Promise<Sembrado | null> {
  const { rows } = await c
    .query(
      `select to_char(mes_desde, 'YYYY-MM-DD') as "mesDesde", to_char(mes_hasta, 'YYYY-MM-DD') as "mesHasta",
            lineas, facturas_del_mes as "facturasDelMes"
       from meta.bench_reportes`,
    )
    .catch(() => ({ rows: [] as Sembrado[] }));
  return (rows[0] as Sembrado | undefined) ?? null;
}

// Documents another document points to (a receipt applied, a credit note, a conversion, a cancellation
// request) are not templates: a copy would need a copy of that other document too.
const FACTURAS_PLANTILLA = `
  select f.tenant_id, f.id from facturas f
  where f.tenant_id = any($1::int[]) and f.id_pedido is null
    and not exists (select 1 from aplicaciones_de_cartera a where a.tenant_id = f.tenant_id and f.id in (a.id_destino, a.id_origen))
    and not exists (select 1 from facturas_nota_de_credito x where x.tenant_id = f.tenant_id and x.id_factura = f.id)
    and not exists (select 1 from notas_de_credito x where x.tenant_id = f.tenant_id and x.id_factura = f.id)
    and not exists (select 1 from lineas_ingreso x where x.tenant_id = f.tenant_id and x.id_factura = f.id)
    and not exists (select 1 from creditos_a_favor x where x.tenant_id = f.tenant_id and x.id_origen = f.id)
    and not exists (select 1 from transacciones_credito_a_favor x where x.tenant_id = f.tenant_id and x.id_factura = f.id)
    and not exists (select 1 from conduces x where x.tenant_id = f.tenant_id and x.id_factura = f.id)
    and not exists (select 1 from conduces_de_despacho x where x.tenant_id = f.tenant_id and x.id_factura = f.id)
    and not exists (select 1 from cotizaciones x where x.tenant_id = f.tenant_id and x.id_factura = f.id)
    and not exists (select 1 from pedidos x where x.tenant_id = f.tenant_id and x.id_factura = f.id)
    and not exists (select 1 from solicitudes_anulacion x where x.tenant_id = f.tenant_id and x.id_documento = f.id)
    and not exists (select 1 from lineas_factura x where x.tenant_id = f.tenant_id and x.id_factura = f.id and x.id_linea_conduce is not null)`;

const COMPRAS_PLANTILLA = `
  select c.tenant_id, c.id from compras c
  where c.tenant_id = any($1::int[]) and c.ncf <> ''
    and not exists (select 1 from aplicaciones_de_cartera a where a.tenant_id = c.tenant_id and c.id in (a.id_destino, a.id_origen))
    and not exists (select 1 from compras_nota_de_debito x where x.tenant_id = c.tenant_id and x.id_compra = c.id)
    and not exists (select 1 from notas_de_debito x where x.tenant_id = c.tenant_id and x.id_compra = c.id)
    and not exists (select 1 from lineas_egreso x where x.tenant_id = c.tenant_id and x.id_compra = c.id)
    and not exists (select 1 from ordenes_de_compra x where x.tenant_id = c.tenant_id and x.id_compra = c.id)`;

/**
 * `copias` (tenant_id, id, plantilla, n, fecha, desfase) → statements writing copies of the documents
 * `tabla` with their rows. Numbers go on from each numbering's next value. The templates' rows are first
 * copied to small temporary tables, so every join of the load is against them (a hash join), whatever the
 * statistics of the growing real tables say.
 */
function clonar(tabla: 'facturas' | 'compras'): string[] {
  const numero = tabla === 'facturas' ? 'numero_factura' : 'numero';
  const tipo = tabla === 'facturas' ? 'factura' : 'compra';
  const lineas =
    tabla === 'facturas'
      ? { tabla: 'lineas_factura', fk: 'id_factura' }
      : { tabla: 'lineas_compra', fk: 'id_documento' };
  // Every date and instant of a copy moves by the copy's offset in days.
  const mover = (alias: string, columnas: string[]) =>
    columnas.map((col) => `'${col}', ${alias}.${col} + make_interval(days => c.desfase)`).join(', ');
  // `(f(x)).*` would call f once per column: the record is built once in a lateral call.
  const insertar = (destino: string, desde: string, cambios: string) =>
    `insert into ${destino} select r.* from ${desde}
       cross join lateral jsonb_populate_record(null::${destino}, to_jsonb(x) || jsonb_build_object(${cambios})) r`;
  return [
    `create temp table pl_doc on commit drop as
       select d.* from ${tabla} d join plantillas p on p.tenant_id = d.tenant_id and p.id = d.id`,
    `create temp table pl_lin on commit drop as
       select l.* from ${lineas.tabla} l join plantillas p on p.tenant_id = l.tenant_id and p.id = l.${lineas.fk}`,
    `create temp table pl_pag on commit drop as
       select x.* from pagos_factura x join plantillas p on p.tenant_id = x.tenant_id and p.id = x.id_factura
       where '${tipo}' = 'factura'`,
    `create temp table pl_mov on commit drop as
       select m.* from movimientos_de_inventario m join plantillas p
         on p.tenant_id = m.tenant_id and m.tipo_documento = '${tipo}' and m.id_documento = p.id`,
    `create temp table pl_asi on commit drop as
       select a.* from asientos_contables a join plantillas p
         on p.tenant_id = a.tenant_id and a.tipo_documento = '${tipo}' and a.id_documento = p.id`,
    `create temp table pl_lasi on commit drop as
       select l.* from lineas_asiento l join pl_asi a on a.tenant_id = l.tenant_id and a.id = l.id_asiento`,
    'analyze pl_doc; analyze pl_lin; analyze pl_pag; analyze pl_mov; analyze pl_asi; analyze pl_lasi',
    `create temp table numerados on commit drop as
       select c.*, d.id_numeracion, n.digitos,
         coalesce(n.seq, 1) - 1 + row_number() over (partition by c.tenant_id, d.id_numeracion order by c.n) as numero
       from copias c join pl_doc d on d.tenant_id = c.tenant_id and d.id = c.plantilla
       left join numeraciones n on n.tenant_id = d.tenant_id and n.id = d.id_numeracion`,
    'analyze numerados',
    insertar(
      tabla,
      'numerados c join pl_doc x on x.tenant_id = c.tenant_id and x.id = c.plantilla',
      `'id', c.id, 'identificador_unico', 'bench-' || c.id, 'fecha_emision', c.fecha, '${numero}', c.numero,
       'comprobante', case when c.digitos is not null and x.comprobante <> ''
         then left(x.comprobante, length(x.comprobante) - c.digitos) || lpad(c.numero::text, c.digitos, '0')
         else x.comprobante end,
       ${tabla === 'compras' ? `'ncf', left(x.ncf, 3) || lpad((c.n + 50000000)::text, length(x.ncf) - 3, '0'), 'vencimiento', x.vencimiento + c.desfase, 'fecha_pago', x.fecha_pago + c.desfase,` : ''}
       ${mover('x', tabla === 'facturas' ? ['vencimiento', 'creado_en', 'actualizado_en'] : ['creado_en', 'actualizado_en'])}`,
    ),
    `update numeraciones n set seq = greatest(n.seq, m.ultimo + 1),
       hasta = case when n.hasta is null then null else greatest(n.hasta, m.ultimo) end
     from (select tenant_id, id_numeracion, max(numero) as ultimo from numerados where id_numeracion is not null group by 1, 2) m
     where n.tenant_id = m.tenant_id and n.id = m.id_numeracion`,
    insertar(
      lineas.tabla,
      `copias c join pl_lin x on x.tenant_id = c.tenant_id and x.${lineas.fk} = c.plantilla`,
      `'id', gen_random_uuid(), '${lineas.fk}', c.id`,
    ),
    insertar(
      'pagos_factura',
      'copias c join pl_pag x on x.tenant_id = c.tenant_id and x.id_factura = c.plantilla',
      `'id', gen_random_uuid(), 'id_factura', c.id, ${mover('x', ['fecha'])}`,
    ),
    insertar(
      'movimientos_de_inventario',
      'copias c join pl_mov x on x.tenant_id = c.tenant_id and x.id_documento = c.plantilla',
      `'id', gen_random_uuid(), 'id_documento', c.id, ${mover('x', ['fecha'])}`,
    ),
    `create temp table asientos_nuevos on commit drop as
       select c.id as documento, c.desfase, a.id as viejo, gen_random_uuid() as nuevo, a.tenant_id,
         coalesce(k.valor, 0) + row_number() over (partition by a.tenant_id order by c.n, a.numero) as numero
       from copias c join pl_asi a on a.tenant_id = c.tenant_id and a.id_documento = c.plantilla
       left join contadores k on k.tenant_id = a.tenant_id and k.clave = 'asientos'`,
    'analyze asientos_nuevos',
    `${insertar(
      'asientos_contables',
      `asientos_nuevos c join pl_asi x on x.tenant_id = c.tenant_id and x.id = c.viejo
       left join asientos_nuevos rv on rv.documento = c.documento and rv.viejo = x.id_asiento_revertido`,
      `'id', c.nuevo, 'id_documento', c.documento, 'numero', c.numero, 'fecha', x.fecha + c.desfase,
       ${mover('x', ['creado_en'])}, 'id_asiento_revertido', rv.nuevo`,
    )} order by c.numero`,
    insertar(
      'lineas_asiento',
      'asientos_nuevos c join pl_lasi x on x.tenant_id = c.tenant_id and x.id_asiento = c.viejo',
      `'id', gen_random_uuid(), 'id_asiento', c.nuevo`,
    ),
    `update contadores k set valor = m.ultimo
     from (select tenant_id, max(numero) as ultimo from asientos_nuevos group by 1) m
     where k.tenant_id = m.tenant_id and k.clave = 'asientos'`,
    `analyze ${tabla}; analyze ${lineas.tabla}; analyze pagos_factura; analyze movimientos_de_inventario;
     analyze asientos_contables; analyze lineas_asiento; analyze numeraciones`,
  ];
}

/** Runs the statements one by one, naming those that took over 2 s (to see where a seeding spends). */
async function ejecutar(c: pg.Client, sentencias: string[]): Promise<void> {
  for (const sentencia of sentencias) {
    const inicio = performance.now();
    await c.query(sentencia);
    const segundos = (performance.now() - inicio) / 1000;
    if (segundos > 2) {
      console.log(`    ${segundos.toFixed(1)} s: ${sentencia.replace(/\s+/g, ' ').slice(0, 70)}`);
    }
  }
}

/**
 * Copies of the templates: `total` per company, the first `enElMes` in [mesDesde, mesHasta] and the rest
 * spread evenly over the eleven months before it.
 */
function copias(
  tabla: 'facturas' | 'compras',
  plantillas: string,
  total: number,
  enElMes: number,
  desde: string,
  hasta: string,
): string {
  return `
create temp table plantillas on commit drop as
  select p.tenant_id, p.id, row_number() over (partition by p.tenant_id order by p.id) - 1 as k,
    count(*) over (partition by p.tenant_id) as cuantas
  from (${plantillas}) p;
analyze plantillas;
create temp table copias on commit drop as
  with g as (
    select e.tenant_id, g.n, ${total} as total, ${enElMes} as en_el_mes
    from (select distinct tenant_id from plantillas) e, generate_series(1, ${total}) g(n))
  select g.tenant_id, gen_random_uuid() as id, p.id as plantilla, g.n, f.fecha, f.fecha - d.fecha_emision as desfase
  from g
  join plantillas p on p.tenant_id = g.tenant_id and p.k = g.n % p.cuantas
  join ${tabla} d on d.tenant_id = p.tenant_id and d.id = p.id
  cross join lateral (select case when g.n <= g.en_el_mes
      then date '${desde}' + ((g.n - 1) * (date '${hasta}' - date '${desde}' + 1) / g.en_el_mes)::int
      else (date '${desde}' - interval '11 months')::date
        + ((g.n - g.en_el_mes - 1) * (date '${desde}' - (date '${desde}' - interval '11 months')::date) / greatest(g.total - g.en_el_mes, 1))::int
    end as fecha) f;
analyze copias;`;
}

// The copies point only at rows their templates already point at (products, accounts, warehouses,
// numberings) or at rows of the same load, so the foreign-key checks are skipped for the load (as a
// restore does): checked row by row against tables that grow within the transaction, they would be
// planned on stale statistics and read whole tables. No table the load writes has a trigger of its own.
const SIN_CLAVES_AJENAS = 'set local session_replication_role = replica';

/** The previous calendar month (Santo Domingo): the month every report is asked for. */
function mesAnterior(): { desde: string; hasta: string } {
  const hoy = new Date(Date.now() - 4 * 3600_000);
  const inicio = new Date(Date.UTC(hoy.getUTCFullYear(), hoy.getUTCMonth() - 1, 1));
  const fin = new Date(Date.UTC(hoy.getUTCFullYear(), hoy.getUTCMonth(), 0));
  return { desde: inicio.toISOString().slice(0, 10), hasta: fin.toISOString().slice(0, 10) };
}

async function paso<T>(nombre: string, hacer: () => Promise<T>): Promise<T> {
  const inicio = performance.now();
  const resultado = await hacer();
  console.log(`  siembra: ${nombre} (${((performance.now() - inicio) / 1000).toFixed(1)} s)`);
  return resultado;
}

/** Seeds the bench database unless an earlier run did; returns the measured month. */
export async function sembrar(db: BaseDeDatos): Promise<Sembrado> {
  const url = urlDeLaBase();
  const previo = await conCliente(url, yaSembrado);
  // Migrations are applied on every run: a new index migration reaches the seeded database too.
  await prepararBaseDeDatos(db, { adminPassword: PASSWORD });
  if (previo) {
    console.log(`  siembra: ya hecha (${previo.lineas} líneas; mes ${previo.mesDesde} – ${previo.mesHasta})`);
    return previo;
  }
  const mes = mesAnterior();
  // Each small company as a new customer gets it (chart, numberings, demo products, Caja 1), and three
  // invoices sold through the invoices service: its templates.
  await paso(`${PEQUENOS} empresas pequeñas con 3 facturas modelo`, async () => {
    for (let t = PRIMER_PEQUENO; t < PRIMER_PEQUENO + PEQUENOS; t++) {
      await db.enEmpresa(t, async (tx) => {
        await crearEmpresa(tx, t, { nombre: `Colmado ${t}` });
        await crearAdministrador(tx, t, PASSWORD);
        await sembrarDatosMaestrosDemo(tx, t);
        await sembrarNumeracionesDemo(tx, t);
        await sembrarProductosDemo(tx, t);
        await vincularCajaDemo(tx, t);
        const ctx = await contextoDelAdministrador(tx, t);
        const productos = await filas<{ id: string }>(
          tx,
          sql`select id from productos where producto_inventariable order by numero_producto limit 5`,
        );
        for (let i = 0; i < 3; i++) {
          await crearFactura(
            ctx,
            CrearFactura.parse([
              {
                identificadorUnico: `bench-modelo-${t}-${i}`,
                metodoDePago: 'Efectivo',
                efectivoRecibido: 100_000,
              },
              Array.from({ length: 1 + i }, (_, k) => ({
                idProducto: productos[(i + k) % productos.length]?.id,
                cantidad: 1 + k,
              })),
              [],
              null,
              { desdePos: false },
              [],
              null,
              'Efectivo',
              {},
            ]),
          );
        }
      });
    }
  });
  await conCliente(url, async (c) => {
    const grande = [TENANT_GRANDE];
    const pequenas = Array.from({ length: PEQUENOS }, (_, i) => PRIMER_PEQUENO + i);
    const { rows } = await c.query(
      `select count(distinct f.id)::int as facturas, count(*)::int as lineas
       from (${FACTURAS_PLANTILLA}) f join lineas_factura l on l.tenant_id = f.tenant_id and l.id_factura = f.id`,
      [grande],
    );
    const { facturas, lineas } = rows[0] as { facturas: number; lineas: number };
    const total = Math.round((LINEAS * facturas) / lineas);
    const enElMes = Math.min(REGISTROS_DEL_MES, total);
    const lotes: { nombre: string; plantillas: string; total: number; enElMes: number; tenants: number[] }[] =
      [
        {
          nombre: `${total} facturas de la empresa grande`,
          plantillas: FACTURAS_PLANTILLA,
          total,
          enElMes,
          tenants: grande,
        },
        {
          nombre: `facturas de ${PEQUENOS} empresas pequeñas`,
          plantillas: FACTURAS_PLANTILLA,
          total: Math.round(LINEAS_POR_PEQUENO / 2),
          enElMes: 12,
          tenants: pequenas,
        },
      ];
    for (const lote of lotes) {
      await paso(lote.nombre, async () => {
        await c.query('begin');
        await c.query(SIN_CLAVES_AJENAS);
        await c.query(
          copias(
            'facturas',
            lote.plantillas.replace('$1::int[]', `array[${lote.tenants.join(',')}]::int[]`),
            lote.total,
            lote.enElMes,
            mes.desde,
            mes.hasta,
          ),
        );
        await ejecutar(c, clonar('facturas'));
        await c.query('commit');
      });
    }
    await paso(`${REGISTROS_DEL_MES} compras con NCF en el mes (606)`, async () => {
      await c.query('begin');
      await c.query(SIN_CLAVES_AJENAS);
      await c.query(
        copias(
          'compras',
          COMPRAS_PLANTILLA.replace('$1::int[]', `array[${TENANT_GRANDE}]::int[]`),
          REGISTROS_DEL_MES + 11 * 2_000,
          REGISTROS_DEL_MES,
          mes.desde,
          mes.hasta,
        ),
      );
      await ejecutar(c, clonar('compras'));
      await c.query('commit');
    });
    // Stock = Σ movements per product and warehouse (what the services keep on every write).
    await paso('existencias = Σ movimientos', () =>
      c.query(`update productos_almacenes pa set disponibilidad = m.suma
        from (select tenant_id, id_producto, id_almacen, sum(cantidad) as suma from movimientos_de_inventario group by 1, 2, 3) m
        where pa.tenant_id = m.tenant_id and pa.id_producto = m.id_producto and pa.id_almacen = m.id_almacen
          and pa.disponibilidad <> m.suma`),
    );
    const { rows: cuenta } = await c.query(
      `select count(*)::int as lineas,
         (select count(*)::int from facturas where tenant_id = $1 and fecha_emision between $2 and $3) as del_mes
       from lineas_factura where tenant_id = $1`,
      [TENANT_GRANDE, mes.desde, mes.hasta],
    );
    const sembrado: Sembrado = {
      mesDesde: mes.desde,
      mesHasta: mes.hasta,
      lineas: cuenta[0].lineas,
      facturasDelMes: cuenta[0].del_mes,
    };
    await paso('VACUUM ANALYZE', () => c.query('vacuum analyze'));
    await c.query(
      `create table meta.bench_reportes as
      select $1::date as mes_desde, $2::date as mes_hasta, $3::int as lineas, $4::int as facturas_del_mes`,
      [sembrado.mesDesde, sembrado.mesHasta, sembrado.lineas, sembrado.facturasDelMes],
    );
    await c.query(`grant usage on schema meta to ${ROL_EMPRESA}`).catch(() => {});
    return sembrado;
  }).then(async (s) => {
    await analizarLoSembrado(db);
    return s;
  });
  const hecho = await conCliente(url, yaSembrado);
  if (!hecho) {
    throw new Error('La siembra no quedó registrada');
  }
  return hecho;
}
