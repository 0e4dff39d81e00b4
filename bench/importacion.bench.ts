import { randomBytes } from 'node:crypto';
import { buildApp } from '@pos/server/app';
import { abrirBaseDeDatos } from '@pos/server/db/client';
import { prepararBaseDeDatos } from '@pos/server/sistema/semilla';
import ExcelJS from 'exceljs';
import pg from 'pg';

const FILAS = Number(process.env.FILAS_IMPORTACION ?? 10_000);

// Issue 6: importing a 10,000-row spreadsheet takes at most 30 s (goal). Embedded PGlite; a PostgreSQL
// server too when DATABASE_URL is set (in a fresh database). FILAS_IMPORTACION changes the row count.
async function hoja(): Promise<Buffer> {
  const libro = new ExcelJS.Workbook();
  const productos = libro.addWorksheet('Productos');
  productos.addRow([
    'Nombre',
    'Código de barras',
    'Precio de venta',
    'Costo',
    'Impuesto',
    'Existencia inicial',
    'Cantidad mínima',
  ]);
  for (let i = 1; i <= FILAS; i++) {
    productos.addRow([
      `Producto de prueba número ${i}`,
      `BENCH-${String(i).padStart(6, '0')}`,
      100 + (i % 50),
      60 + (i % 30),
      i % 5 === 0 ? 'Exento 0%' : 'Itbis 18%',
      i % 7,
      1,
    ]);
  }
  return Buffer.from(await libro.xlsx.writeBuffer());
}

function formulario(archivo: Buffer) {
  const frontera = '----bench-importacion';
  return {
    tipo: `multipart/form-data; boundary=${frontera}`,
    cuerpo: Buffer.concat([
      Buffer.from(
        `--${frontera}\r\nContent-Disposition: form-data; name="avatar"; filename="productos.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
      ),
      archivo,
      Buffer.from(`\r\n--${frontera}--\r\n`),
    ]),
  };
}

async function medir(motor: string, databaseUrl: string | undefined, archivo: Buffer): Promise<void> {
  const db = await abrirBaseDeDatos({ databaseUrl });
  await prepararBaseDeDatos(db, { adminPassword: 'clave-bench-123' });
  const app = await buildApp({ db, bodyLimit: 20 * 1024 * 1024 });
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { tenantId: '1' },
    payload: { username: 'admin', password: 'clave-bench-123' },
  });
  const { token } = login.json<{ token: string }>();
  const { cuerpo, tipo } = formulario(archivo);
  const inicio = performance.now();
  const r = await app.inject({
    method: 'POST',
    url: '/api/registro-productos/import-xlsx',
    headers: { tenantId: '1', authorization: `Bearer ${token}`, 'content-type': tipo },
    payload: cuerpo,
  });
  const segundos = (performance.now() - inicio) / 1000;
  if (r.statusCode !== 200) {
    throw new Error(`La importación falló: ${r.statusCode} ${r.body.slice(0, 500)}`);
  }
  const { importados, yaImportados } = r.json<{ importados: number; yaImportados: number }>();
  console.log(
    `POST /api/registro-productos/import-xlsx (${motor}, ${FILAS.toLocaleString('es-DO')} filas): ${segundos.toFixed(1)} s ` +
      `(${importados} importados, ${yaImportados} ya importados; meta ≤ 30 s)`,
  );
  await app.close();
  await db.cerrar();
}

export default async function (): Promise<void> {
  const archivo = await hoja();
  console.log(`Hoja generada: ${(archivo.length / 1024).toFixed(0)} KB`);
  await medir('PGlite', undefined, archivo);
  if (process.env.DATABASE_URL) {
    // A fresh database on the server, dropped afterwards.
    const nombre = `bench_importacion_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${nombre}`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${nombre}`;
    try {
      await medir('PostgreSQL', url.toString(), archivo);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${nombre} WITH (FORCE)`);
      await admin.end();
    }
  }
}
