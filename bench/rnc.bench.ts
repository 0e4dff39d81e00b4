import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { digitoVerificadorRnc } from '@pos/domain';
import { abrirBaseDeDatos } from '@pos/server/db/client';
import { migrar } from '@pos/server/db/migrate';
import { importarRegistroRnc } from '@pos/server/modules/contactos/rnc';

const LINEAS = 700_000;

// A DGII_RNC.TXT of the real size and shape (fiscal-do.md §5): 11 padded columns, ISO-8859-1, CRLF.
async function generarArchivo(ruta: string): Promise<void> {
  const salida = createWriteStream(ruta);
  let trozo = '';
  for (let i = 0; i < LINEAS; i++) {
    const ocho = String(10_000_000 + i * 7);
    const rnc = `${ocho}${digitoVerificadorRnc(ocho)}`;
    trozo += `${rnc}|COMPAÑÍA NÚMERO ${i} SRL              |TIENDA ${i}   |VENTA AL POR MENOR DE ARTÍCULOS|C/ DUARTE|${i % 300}|CENTRO|809555${String(i % 10_000).padStart(4, '0')}|15/03/2010|ACTIVO|NORMAL\r\n`;
    if (trozo.length > 1_000_000) {
      if (!salida.write(Buffer.from(trozo, 'latin1'))) {
        await new Promise<void>((listo) => salida.once('drain', () => listo()));
      }
      trozo = '';
    }
  }
  salida.end(Buffer.from(trozo, 'latin1'));
  await new Promise<void>((listo) => salida.once('finish', () => listo()));
}

// Issue 5: a 700,000-line registry must load in well under a minute.
export default async function (): Promise<void> {
  const carpeta = mkdtempSync(join(tmpdir(), 'bench-rnc-'));
  try {
    const archivo = join(carpeta, 'DGII_RNC.TXT');
    await generarArchivo(archivo);
    const db = await abrirBaseDeDatos({});
    await migrar(db);
    const resultado = await importarRegistroRnc(db, archivo);
    console.log(
      `Importación del registro de RNC (PGlite en memoria): ${resultado.importadas.toLocaleString('es-DO')} líneas en ` +
        `${resultado.segundos.toFixed(1)} s, ${Math.round(resultado.importadas / resultado.segundos).toLocaleString('es-DO')} líneas/s`,
    );
    await db.cerrar();
  } finally {
    rmSync(carpeta, { recursive: true, force: true });
  }
}
