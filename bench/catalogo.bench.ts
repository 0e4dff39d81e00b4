import { resolve } from 'node:path';
import { filas } from '@pos/server/db/client';
import { prepararBaseDeDatos } from '@pos/server/sistema/semilla';
import { sql } from 'drizzle-orm';
import { build, type Rollup } from 'vite';
import { CLAVE_ALMACENAMIENTO } from '../apps/web/src/app/sesion.ts';
import { abrirNavegador, motivoSinNavegador } from '../e2e/navegador.ts';
import { entrar, PASSWORD, prepararEmpresa, servidorDeBench } from './empresasDeBench.ts';
import { baseDeDatosDeBench, mediana } from './medir.ts';
import type { Medicion } from './navegador/catalogo.ts';

// Issue 8: 100,000 products download (POST /registro-productos/todos-for-offline) and store in the
// browser's database in ≤ 15 s on this machine's Chromium, and the offline name search answers a
// keystroke in ≤ 16 ms. It runs the POS's own code (bench/navegador/catalogo.ts) in Chromium against
// the real server (PostgreSQL when DATABASE_URL is set, else PGlite). BENCH_PRODUCTOS lowers the count for a quick run.

const PRODUCTOS = Number(process.env.BENCH_PRODUCTOS ?? 100_000);
const TENANT = 101;

// What a cashier types, letter by letter, looking for a few products.
const ENTRADAS = ['arroz selecto', 'habichuelas goya', 'cafe induban', 'salami', 'queso 1234', 'zzz'].flatMap(
  (palabra) => Array.from({ length: palabra.length }, (_, i) => palabra.slice(0, i + 1)),
);

const NOMBRES = [
  'Arroz',
  'Habichuelas',
  'Aceite',
  'Azúcar',
  'Café',
  'Leche',
  'Salami',
  'Queso',
  'Pan',
  'Jugo',
];
const MARCAS = ['Selecto', 'Goya', 'La Famosa', 'Crisol', 'Induban', 'Rica', 'Mazola', 'Caribe'];

// Copies of a demo product with their own id, number, barcode and name, and stock in the main
// warehouse: the catalogue of a large distributor, written set-wise.
async function sembrarProductos(db: Awaited<ReturnType<typeof baseDeDatosDeBench>>['db']): Promise<void> {
  const columnas = await db.consultarComoDueno<{ column_name: string }>(
    sql`select column_name from information_schema.columns where table_name = 'productos' order by ordinal_position`,
  );
  const nombre = `(array[${NOMBRES.map((n) => `'${n}'`).join(',')}])[1 + g % ${NOMBRES.length}] || ' ' || (array[${MARCAS.map((m) => `'${m}'`).join(',')}])[1 + g % ${MARCAS.length}] || ' ' || g`;
  const propias: Record<string, string> = {
    id: 'gen_random_uuid()',
    identificador_unico: 'gen_random_uuid()::text',
    numero_producto: '100000 + g',
    id_codigo_de_barra: `'B' || lpad(g::text, 12, '0')`,
    nombre,
    nombre_busqueda: `lower(${nombre})`,
  };
  const nombres = columnas.map((c) => c.column_name);
  const valores = nombres.map((n) => propias[n] ?? `p.${n}`);
  // The triggers that keep productos_busqueda (migration 0007) would update each new row once per
  // warehouse line, re-indexing its trigrams every time: the copy is filled once, set-wise, instead.
  const disparadores = async (accion: 'disable' | 'enable') => {
    await db.consultarComoDueno(
      sql.raw(`alter table productos ${accion} trigger productos_busqueda_insertar`),
    );
    await db.consultarComoDueno(
      sql.raw(`alter table productos_almacenes ${accion} trigger productos_busqueda_almacenes`),
    );
  };
  await disparadores('disable');
  try {
    await db.enEmpresa(TENANT, async (tx) => {
      await tx.execute(
        sql.raw(`insert into productos (${nombres.join(', ')})
          select ${valores.join(', ')} from generate_series(1, ${PRODUCTOS}) g,
            (select * from productos where producto_inventariable order by numero_producto limit 1) p`),
      );
      await tx.execute(
        sql`insert into productos_almacenes (tenant_id, id_producto, id_almacen, disponibilidad)
            select p.tenant_id, p.id, (select id from almacenes where tenant_id = p.tenant_id
              and estado <> 'Desactivado' order by numero_almacen limit 1), 10
            from productos p where p.numero_producto > 100000`,
      );
      await tx.execute(
        sql`insert into productos_busqueda (tenant_id, id, nombre_busqueda, estado, id_categoria, tipo,
              excluir_del_catalogo, favorito, reservable, almacenes)
            select p.tenant_id, p.id, p.nombre_busqueda, p.estado, p.id_categoria, p.tipo, p.excluir_del_catalogo,
              p.favorito, p.reservable,
              array(select pa.id_almacen from productos_almacenes pa
                    where pa.tenant_id = p.tenant_id and pa.id_producto = p.id order by pa.id_almacen)
            from productos p where p.numero_producto > 100000`,
      );
    });
  } finally {
    await disparadores('enable');
  }
}

async function codigoDelNavegador(): Promise<string> {
  const salida = (await build({
    configFile: false,
    logLevel: 'silent',
    // Library mode leaves process.env to the host; the browser has none.
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      write: false,
      minify: false,
      lib: {
        entry: resolve(import.meta.dirname, 'navegador/catalogo.ts'),
        formats: ['iife'],
        name: 'medicion',
        fileName: 'catalogo',
      },
    },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[];
  const [primera] = Array.isArray(salida) ? salida : [salida];
  const trozo = primera?.output[0];
  if (trozo?.type !== 'chunk') {
    throw new Error('No se pudo empaquetar el código del navegador');
  }
  return trozo.code;
}

export default async function (): Promise<void> {
  if (motivoSinNavegador) {
    console.log(`  catálogo sin conexión: omitido, ${motivoSinNavegador}`);
    return;
  }
  // Seeding 100,000 products fills two trigram indexes: native PostgreSQL when there is one.
  const motor = process.env.DATABASE_URL ? 'postgres' : 'pglite';
  const { db, borrar } = await baseDeDatosDeBench(motor, 'bench_catalogo');
  let servidor: Awaited<ReturnType<typeof servidorDeBench>> | undefined;
  const navegador = await abrirNavegador();
  try {
    await prepararBaseDeDatos(db, { adminPassword: PASSWORD });
    await prepararEmpresa(db, TENANT);
    const inicioSiembra = performance.now();
    await sembrarProductos(db);
    const [cuenta] = await db.enEmpresa(TENANT, (tx) =>
      filas<{ n: string }>(tx, sql`select count(*) as n from productos where estado <> 'Anulado'`),
    );
    console.log(
      `  ${motor}: ${cuenta?.n} productos sembrados en ${((performance.now() - inicioSiembra) / 1000).toFixed(1)} s`,
    );
    servidor = await servidorDeBench(db);
    const { token } = await entrar(servidor.cliente, TENANT);
    const codigo = await codigoDelNavegador();
    const rondas: Medicion[] = [];
    for (let r = 0; r < 3; r++) {
      // A fresh page each round: the download starts from an empty browser database.
      const pagina = await navegador.newPage();
      pagina.on('pageerror', (error) => console.error('  error en la página:', error.message));
      await pagina.goto(`http://127.0.0.1:${servidor.cliente.puerto}/api/tenant/api-test`);
      await pagina.evaluate(
        ({ clave, valor }) =>
          (
            globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }
          ).localStorage.setItem(clave, valor),
        {
          clave: CLAVE_ALMACENAMIENTO,
          valor: JSON.stringify({ sesion: { tenantId: TENANT, token }, ultimaEmpresa: TENANT }),
        },
      );
      await pagina.addScriptTag({ content: codigo });
      rondas.push(
        await pagina.evaluate(
          (opciones) =>
            (
              globalThis as unknown as { medirCatalogo: (o: typeof opciones) => Promise<Medicion> }
            ).medirCatalogo(opciones),
          { tenantId: TENANT, entradas: ENTRADAS },
        ),
      );
      await pagina.close();
    }
    const segundos = (ms: number[]) => (mediana(ms) / 1000).toFixed(1);
    const teclas = rondas.flatMap((r) => r.teclasMs).sort((a, b) => a - b);
    const p95 = teclas[Math.floor(teclas.length * 0.95)] ?? 0;
    console.log(
      `  preparación sin conexión con ${rondas[0]?.productos} productos (descargar y guardar): mediana ${segundos(rondas.map((r) => r.preparacionMs))} s de ${rondas.map((r) => (r.preparacionMs / 1000).toFixed(1)).join(' / ')} (meta ≤ 15 s); cargarlo al abrir el POS ${segundos(rondas.map((r) => r.cargaMs))} s`,
    );
    console.log(
      `  búsqueda por nombre, ${teclas.length} pulsaciones: mediana ${mediana(teclas).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms, máximo ${(teclas.at(-1) ?? 0).toFixed(2)} ms (meta ≤ 16 ms)`,
    );
  } finally {
    await navegador.close();
    await servidor?.cerrar();
    await db.cerrar();
    await borrar();
  }
}
