import { resolve } from 'node:path';
import { abrirBaseDeDatos } from '../db/client.ts';
import { migrar } from '../db/migrate.ts';
import { importarRegistroRnc } from '../modules/contactos/rnc.ts';

// `npm run importar-rnc -- <DGII_RNC.TXT>`: loads the DGII registry (fiscal-do.md §5) into the same
// database the server uses (DATABASE_URL, or PGlite in DATA_DIR; stop the server first with PGlite,
// which one process at a time may open). Unzip DGII_RNC.zip first: the file inside is TMP/DGII_RNC.TXT.
const argumento = process.argv[2];
if (!argumento) {
  console.error('Uso: npm run importar-rnc -- <ruta del archivo DGII_RNC.TXT>');
  process.exit(1);
}
const raiz = resolve(import.meta.dirname, '../../../..');
// npm runs scripts from the repository root; INIT_CWD is where the command was typed.
const archivo = resolve(process.env.INIT_CWD ?? process.cwd(), argumento);
const db = await abrirBaseDeDatos({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: resolve(raiz, process.env.DATA_DIR ?? 'data'),
});
try {
  await migrar(db);
  let ultimoPorcentaje = -1;
  const resultado = await importarRegistroRnc(db, archivo, {
    alProgresar(p) {
      const porcentaje = p.bytesTotales ? Math.floor((p.bytesLeidos * 100) / p.bytesTotales) : 0;
      if (porcentaje !== ultimoPorcentaje) {
        ultimoPorcentaje = porcentaje;
        process.stdout.write(`\r${porcentaje}% · ${p.lineasLeidas.toLocaleString('es-DO')} líneas leídas`);
      }
    },
  });
  process.stdout.write('\n');
  console.log(
    `Registro de RNC cargado: ${resultado.importadas.toLocaleString('es-DO')} contribuyentes, ` +
      `${resultado.descartadas.toLocaleString('es-DO')} líneas descartadas, ${resultado.segundos.toFixed(1)} s.`,
  );
} catch (error) {
  process.stdout.write('\n');
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.cerrar();
}
