import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { BaseDeDatos } from '@pos/server/db/client';
import { ROL_EMPRESA } from '@pos/server/db/client';
import { sql } from 'drizzle-orm';

// Scenario E of the sales bench (issue 7): the database's own ceiling. The writes of a sale exactly as
// the server sends them: BEGIN, the company, `facturas_registrar_venta` with the payload of a real
// invoice (new ids each time), COMMIT. It leaves out the sale's reads (session, context, products) and
// everything Node does, so no HTTP server on the same machine can sell faster than this. On PostgreSQL
// pgbench (a C client, no application at all) drives it; PGlite runs in Node's thread, so there it is a
// loop of the same transaction in-process.

// A bench-only copy of each company's last invoice as the payload the server builds (escribirVenta).
const PREPARAR = `
create table bench_ventas as
select f.tenant_id as tenant, jsonb_build_object(
    'tenantId', f.tenant_id, 'idUsuario', f.id_usuario_creador,
    'numeracion', jsonb_build_object('id', null, 'hoy', (now() at time zone 'America/Santo_Domingo')::date),
    'factura', to_jsonb(f),
    'lineas', (select jsonb_agg(to_jsonb(l) order by l.orden) from lineas_factura l where l.id_factura = f.id),
    'pagos', (select jsonb_agg(to_jsonb(p)) from pagos_factura p where p.id_factura = f.id),
    'movimientos', (select jsonb_agg(jsonb_build_object('orden', m.n, 'id_producto', m.id_producto,
        'id_almacen', m.id_almacen, 'cantidad', m.cantidad, 'costo_unitario', m.costo_unitario,
        'tipo_documento', m.tipo_documento, 'fecha', m.fecha))
      from (select row_number() over () as n, * from movimientos_de_inventario
            where tenant_id = f.tenant_id and id_documento = f.id) m),
    'asiento', (select jsonb_build_object('fecha', a.fecha, 'tipoDocumento', a.tipo_documento, 'total', a.total_debito,
        'lineas', (select jsonb_agg(jsonb_build_object('orden', la.orden, 'id_cuenta', la.id_cuenta,
            'debito', la.debito, 'credito', la.credito, 'nota', la.nota)) from lineas_asiento la where la.id_asiento = a.id))
      from asientos_contables a where a.tenant_id = f.tenant_id and a.id_documento = f.id and a.id_asiento_revertido is null)
  ) as datos
from (select distinct on (tenant_id) * from facturas where tenant_id between $desde and $hasta
      order by tenant_id, creado_en desc) f;
alter table bench_ventas add primary key (tenant);
grant select on bench_ventas to ${ROL_EMPRESA};
-- Fresh ids for the header, its lines and payments, and a fresh identificadorUnico, as each sale has.
create function bench_renovar(d jsonb) returns jsonb language sql as $f$
  with n as (select gen_random_uuid() as id)
  select jsonb_set(jsonb_set(jsonb_set(jsonb_set(d, '{factura,id}', to_jsonb(n.id)),
      '{factura,identificador_unico}', to_jsonb(gen_random_uuid()::text)),
    '{lineas}', (select jsonb_agg(x || jsonb_build_object('id', gen_random_uuid(), 'id_factura', n.id))
                 from jsonb_array_elements(d->'lineas') x)),
    '{pagos}', (select jsonb_agg(x || jsonb_build_object('id', gen_random_uuid(), 'id_factura', n.id))
                from jsonb_array_elements(d->'pagos') x))
  from n $f$;`;

function script(desde: number, hasta: number): string {
  return `\\set t random(${desde}, ${hasta})
BEGIN;
SELECT set_config('app.tenant_id', :t::text, true), set_config('role', '${ROL_EMPRESA}', true);
SELECT facturas_registrar_venta(bench_renovar(datos)) FROM bench_ventas WHERE tenant = :t;
COMMIT;
`;
}

function rutaDePgbench(): string | null {
  if (process.env.PGBENCH) {
    return process.env.PGBENCH;
  }
  const base = '/usr/lib/postgresql';
  const versiones = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  const encontrada = versiones.map((v) => join(base, v, 'bin', 'pgbench')).find((ruta) => existsSync(ruta));
  return encontrada ?? null;
}

const ejecutar = promisify(execFile);

async function pgbench(pgbenchEn: string, url: string, archivo: string, clientes: number, segundos: number) {
  const { stdout } = await ejecutar(pgbenchEn, [
    '-n',
    '-M',
    'prepared',
    '-c',
    String(clientes),
    '-j',
    '2',
    '-T',
    String(segundos),
    '-f',
    archivo,
    url,
  ]);
  const tps = /tps = ([\d.]+)/.exec(stdout);
  const fallidas = /number of failed transactions: (\d+)/.exec(stdout);
  if (!tps || (fallidas && fallidas[1] !== '0')) {
    throw new Error(`pgbench no terminó bien:\n${stdout}`);
  }
  return Number(tps[1]);
}

/**
 * Sales per second with the sale's writes alone: `repartidas` with 8 clients over the companies
 * [desde, hasta], `caliente` with 16 clients on the company `desde` (one hot sequence). On PGlite (no
 * `url`) one loop, which is both. Null when PostgreSQL's pgbench is not installed. Each company must
 * already have an invoice.
 */
export async function techoDeLaBase(
  db: BaseDeDatos,
  url: string | undefined,
  desde: number,
  hasta: number,
): Promise<{ repartidas: number; caliente: number } | null> {
  const pgbenchEn = url ? rutaDePgbench() : null;
  if (url && !pgbenchEn) {
    return null;
  }
  await db.ejecutarScript(PREPARAR.replace('$desde', String(desde)).replace('$hasta', String(hasta)));
  if (!url || !pgbenchEn) {
    const vueltas = 1_000;
    const venta = (t: number) =>
      db.enEmpresa(t, (tx) =>
        tx.execute(
          sql`select facturas_registrar_venta(bench_renovar(datos)) from bench_ventas where tenant = ${t}`,
        ),
      );
    for (let i = 0; i < 100; i++) {
      await venta(desde + (i % (hasta - desde + 1)));
    }
    const inicio = performance.now();
    for (let i = 0; i < vueltas; i++) {
      await venta(desde + (i % (hasta - desde + 1)));
    }
    const porSegundo = (vueltas * 1000) / (performance.now() - inicio);
    return { repartidas: porSegundo, caliente: porSegundo };
  }
  const carpeta = mkdtempSync(join(tmpdir(), 'bench-techo-'));
  try {
    const repartidas = join(carpeta, 'repartidas.sql');
    const caliente = join(carpeta, 'caliente.sql');
    writeFileSync(repartidas, script(desde, hasta));
    writeFileSync(caliente, script(desde, desde));
    await pgbench(pgbenchEn, url, repartidas, 8, 3);
    return {
      repartidas: await pgbench(pgbenchEn, url, repartidas, 8, 10),
      caliente: await pgbench(pgbenchEn, url, caliente, 16, 10),
    };
  } finally {
    rmSync(carpeta, { recursive: true, force: true });
  }
}
