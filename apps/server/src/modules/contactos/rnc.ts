import { createReadStream, statSync } from 'node:fs';
import type { Readable } from 'node:stream';
import type { ContribuyenteDgii } from '@pos/contract';
import { sql } from 'drizzle-orm';
import { type BaseDeDatos, filas, ROL_EMPRESA, type Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx } from '../../http/handle.ts';

// fiscal-do.md §5: DGII_RNC.TXT has no header, 11 pipe-separated columns, ISO-8859-1, padded fields:
// 0 RNC/cédula · 1 razón social · 2 nombre comercial · 3 actividad · 4 calle · 5 número · 6 sector ·
// 7 teléfono · 8 fecha (DD/MM/YYYY, 00/00/0000 = none) · 9 estado · 10 régimen de pagos.
export const COLUMNAS_DEL_REGISTRO_RNC = 11;
const LOTE = 5_000;
const COLUMNAS = [
  'rnc',
  'razon_social',
  'nombre_comercial',
  'actividad_economica',
  'calle',
  'numero',
  'sector',
  'telefono',
  'fecha_inicio',
  'estado',
  'regimen_de_pagos',
] as const;

export type ProgresoImportacionRnc = {
  lineasLeidas: number;
  importadas: number;
  descartadas: number;
  bytesLeidos: number;
  /** Size of the file when known, for a progress bar. */
  bytesTotales: number | null;
};

export type ResultadoImportacionRnc = {
  lineas: number;
  importadas: number;
  descartadas: number;
  segundos: number;
};

export type OpcionesImportacionRnc = {
  bytesTotales?: number;
  alProgresar?: (progreso: ProgresoImportacionRnc) => void;
  tamanoDeLote?: number;
};

type FilaCruda = {
  rnc: string;
  razon_social: string;
  nombre_comercial: string;
  calle: string;
  numero: string;
};

function limpiar(campo: string): string {
  return campo.replace(/\s+/g, ' ').trim();
}

function fechaIso(texto: string): string | null {
  const partes = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(texto);
  if (!partes) {
    return null;
  }
  const [, dia, mes, anio] = partes;
  const fecha = `${anio}-${mes}-${dia}`;
  const valor = new Date(`${fecha}T00:00:00Z`);
  return Number.isNaN(valor.getTime()) || valor.toISOString().slice(0, 10) !== fecha ? null : fecha;
}

function columnasDe(linea: string): string[] {
  const campos = linea.split('|');
  // Some copies end every line with a separator; that empty 12th field is not a column.
  if (campos.length === COLUMNAS_DEL_REGISTRO_RNC + 1 && campos.at(-1)?.trim() === '') {
    campos.pop();
  }
  return campos;
}

/**
 * Loads the DGII registry (the CLI `npm run importar-rnc` and the upload screen call this). The file
 * is streamed into a staging table in multi-row `INSERT … SELECT unnest(…)` batches (COPY is not
 * reachable: PGlite takes COPY only from a /dev/blob, node-postgres needs pg-copy-streams), then
 * swapped in at once, so lookups see the old registry until the new one is complete. The first
 * line's column count is checked before anything is written.
 */
export async function importarRegistroRnc(
  db: BaseDeDatos,
  origen: string | Readable,
  opciones: OpcionesImportacionRnc = {},
): Promise<ResultadoImportacionRnc> {
  const inicio = performance.now();
  const entrada = typeof origen === 'string' ? createReadStream(origen) : origen;
  const bytesTotales = opciones.bytesTotales ?? (typeof origen === 'string' ? statSync(origen).size : null);
  const tamanoDeLote = opciones.tamanoDeLote ?? LOTE;
  const progreso: ProgresoImportacionRnc = {
    lineasLeidas: 0,
    importadas: 0,
    descartadas: 0,
    bytesLeidos: 0,
    bytesTotales,
  };
  let lote: Array<Array<string | null>> = COLUMNAS.map(() => []);
  let enLote = 0;
  let cargaCreada = false;

  async function vaciar(): Promise<void> {
    if (enLote === 0) {
      return;
    }
    if (!cargaCreada) {
      await db.ejecutarScript(`DROP TABLE IF EXISTS referencia.rnc_carga;
        CREATE TABLE referencia.rnc_carga (LIKE referencia.rnc_contribuyentes INCLUDING ALL);`);
      cargaCreada = true;
    }
    const [rnc, razon, comercial, actividad, calle, numero, sector, telefono, fecha, estado, regimen] = lote;
    // A repeated RNC keeps its first line.
    const insertadas = await db.consultarComoDueno<{ n: number }>(sql`
      with nuevas as (
        insert into referencia.rnc_carga (rnc, razon_social, nombre_comercial, actividad_economica, calle,
          numero, sector, telefono, fecha_inicio, estado, regimen_de_pagos)
        select * from unnest(${sql.param(rnc)}::text[], ${sql.param(razon)}::text[], ${sql.param(comercial)}::text[],
          ${sql.param(actividad)}::text[], ${sql.param(calle)}::text[], ${sql.param(numero)}::text[],
          ${sql.param(sector)}::text[], ${sql.param(telefono)}::text[], ${sql.param(fecha)}::date[],
          ${sql.param(estado)}::text[], ${sql.param(regimen)}::text[])
        on conflict (rnc) do nothing
        returning 1)
      select count(*)::int as n from nuevas`);
    const n = insertadas[0]?.n ?? 0;
    progreso.importadas += n;
    progreso.descartadas += enLote - n;
    lote = COLUMNAS.map(() => []);
    enLote = 0;
    opciones.alProgresar?.({ ...progreso });
  }

  function agregar(linea: string): void {
    const campos = columnasDe(linea).map(limpiar);
    const rnc = (campos[0] ?? '').replace(/-/g, '');
    if (campos.length !== COLUMNAS_DEL_REGISTRO_RNC || !/^(\d{9}|\d{11})$/.test(rnc) || campos[1] === '') {
      progreso.descartadas++;
      return;
    }
    const valores = [
      rnc,
      ...campos.slice(1, 8),
      fechaIso(campos[8] ?? ''),
      campos[9] ?? '',
      campos[10] ?? '',
    ];
    valores.forEach((valor, indice) => {
      lote[indice]?.push(valor ?? null);
    });
    enLote++;
  }

  try {
    let resto = '';
    for await (const trozo of entrada) {
      const bytes = trozo as Buffer;
      progreso.bytesLeidos += bytes.length;
      // ISO-8859-1 is one byte per character, so a chunk never splits a character.
      const lineas = (resto + bytes.toString('latin1')).split('\n');
      resto = lineas.pop() ?? '';
      for (const cruda of lineas) {
        const linea = cruda.replace(/\r$/, '');
        if (linea.trim() === '') {
          continue;
        }
        if (progreso.lineasLeidas === 0) {
          exigirFormato(linea);
        }
        progreso.lineasLeidas++;
        agregar(linea);
        if (enLote >= tamanoDeLote) {
          await vaciar();
        }
      }
    }
    if (resto.trim() !== '') {
      if (progreso.lineasLeidas === 0) {
        exigirFormato(resto.replace(/\r$/, ''));
      }
      progreso.lineasLeidas++;
      agregar(resto.replace(/\r$/, ''));
    }
    await vaciar();
    if (progreso.importadas === 0) {
      throw new AppError(
        'solicitud_invalida',
        'El archivo no tiene ninguna línea válida del registro de RNC de la DGII.',
      );
    }
    await db.ejecutarScript(`DROP TABLE referencia.rnc_contribuyentes;
      ALTER TABLE referencia.rnc_carga RENAME TO rnc_contribuyentes;
      ALTER INDEX referencia.rnc_carga_pkey RENAME TO rnc_contribuyentes_pkey;
      GRANT SELECT ON referencia.rnc_contribuyentes TO ${ROL_EMPRESA};`);
  } catch (error) {
    if (cargaCreada) {
      await db.ejecutarScript('DROP TABLE IF EXISTS referencia.rnc_carga;');
    }
    if (typeof origen === 'string') {
      entrada.destroy();
    }
    throw error;
  }
  opciones.alProgresar?.({ ...progreso });
  return {
    lineas: progreso.lineasLeidas,
    importadas: progreso.importadas,
    descartadas: progreso.descartadas,
    segundos: (performance.now() - inicio) / 1000,
  };
}

function exigirFormato(primeraLinea: string): void {
  const columnas = columnasDe(primeraLinea).length;
  if (columnas !== COLUMNAS_DEL_REGISTRO_RNC) {
    throw new AppError(
      'solicitud_invalida',
      `El archivo no tiene el formato del registro de RNC de la DGII (DGII_RNC.TXT): se esperaban ${COLUMNAS_DEL_REGISTRO_RNC} columnas separadas por «|» y la primera línea tiene ${columnas}.`,
    );
  }
}

type FilaContribuyente = FilaCruda & {
  actividad_economica: string;
  sector: string;
  telefono: string;
  fecha_inicio: string | Date | null;
  estado: string;
  regimen_de_pagos: string;
};

function fechaDeTexto(valor: string | Date | null): string | null {
  if (valor === null) {
    return null;
  }
  return typeof valor === 'string' ? valor.slice(0, 10) : valor.toISOString().slice(0, 10);
}

/** The taxpayer with this RNC or cédula in the DGII registry, if loaded. */
export async function buscarContribuyente(tx: Tx, rnc: string): Promise<ContribuyenteDgii | undefined> {
  const [fila] = await filas<FilaContribuyente>(
    tx,
    sql`select rnc, razon_social, nombre_comercial, actividad_economica, calle, numero, sector, telefono,
          fecha_inicio::text as fecha_inicio, estado, regimen_de_pagos
        from referencia.rnc_contribuyentes where rnc = ${rnc.replace(/[\s-]/g, '')}`,
  );
  if (!fila) {
    return undefined;
  }
  return {
    rnc: fila.rnc,
    nombre: fila.razon_social,
    nombreComercial: fila.nombre_comercial,
    actividadEconomica: fila.actividad_economica,
    direccion: [fila.calle, fila.numero, fila.sector].filter((parte) => parte !== '').join(', '),
    telefono: fila.telefono,
    fechaInicio: fechaDeTexto(fila.fecha_inicio),
    estado: fila.estado,
    regimenDePagos: fila.regimen_de_pagos,
  };
}

/** Which of these RNCs/cédulas (digits only) the DGII registry has. */
export async function numerosEnElRegistroDgii(tx: Tx, numeros: string[]): Promise<Set<string>> {
  if (numeros.length === 0) {
    return new Set();
  }
  const encontrados = await filas<{ rnc: string }>(
    tx,
    sql`select rnc from referencia.rnc_contribuyentes where rnc = any(${sql.param(numeros)}::text[])`,
  );
  return new Set(encontrados.map((f) => f.rnc));
}

/** Whether the registry has been loaded at all. */
export async function hayRegistroRnc(tx: Tx): Promise<boolean> {
  const [fila] = await filas<{ hay: boolean }>(
    tx,
    sql`select exists (select 1 from referencia.rnc_contribuyentes) as hay`,
  );
  return fila?.hay ?? false;
}

/** GET /rnc-info/{rnc}: the name (and the rest of the registry line) of an RNC or cédula. */
export async function consultarRnc(ctx: Ctx, rnc: string): Promise<ContribuyenteDgii> {
  const contribuyente = await buscarContribuyente(ctx.tx, rnc);
  if (!contribuyente) {
    throw new AppError(
      'no_encontrado',
      (await hayRegistroRnc(ctx.tx))
        ? `El RNC o cédula ${rnc} no está en el registro de la DGII.`
        : 'El registro de RNC de la DGII no se ha cargado todavía; impórtalo en Configuración › General › Utilidades.',
    );
  }
  return contribuyente;
}
