import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.ts';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';
import { importarRegistroRnc, type ProgresoImportacionRnc } from './rnc.ts';

// fiscal-do.md §5: no header, 11 pipe-separated padded columns, ISO-8859-1, CRLF.
function linea(rnc: string, nombre: string, fecha = '15/03/2010'): string {
  return [
    rnc,
    `${nombre}   `,
    ' ',
    'VENTA AL POR MENOR',
    'C/ DUARTE',
    '12',
    'CENTRO',
    '8095550000',
    fecha,
    'ACTIVO',
    'NORMAL',
  ].join('|');
}

describe.each(MOTORES)('registro de RNC de la DGII (%s)', (motor) => {
  let e: Entorno;
  let admin: string;
  let carpeta: string;
  beforeAll(async () => {
    e = await crearEntorno(motor);
    admin = await e.login();
    carpeta = mkdtempSync(join(tmpdir(), 'rnc-'));
  });
  afterAll(async () => {
    await e?.cerrar();
    rmSync(carpeta, { recursive: true, force: true });
  });

  it('antes de importar, la consulta explica que falta el registro', async () => {
    const r = await e.api({ method: 'GET', url: '/api/rnc-info/101850043', token: admin });
    expect(r.statusCode).toBe(404);
    expect(r.json().message).toBe(
      'El registro de RNC de la DGII no se ha cargado todavía; impórtalo en Configuración › General › Utilidades.',
    );
  });

  it('importa un archivo ISO-8859-1 con su progreso y responde /rnc-info/{rnc}', async () => {
    const contenido = [
      linea('101850043', 'FERRETERÍA ÑOÑO  SRL'),
      linea('131246796', 'COMPAÑÍA DEMO SRL', '00/00/0000'),
      linea('00113918205', 'JUAN PÉREZ'),
      '101850043|REPETIDA|||||||||',
      'linea|rota|con|pocas|columnas',
      linea('12345', 'RNC MALO'),
      '',
    ].join('\r\n');
    const archivo = join(carpeta, 'DGII_RNC.TXT');
    writeFileSync(archivo, Buffer.from(contenido, 'latin1'));
    const avances: ProgresoImportacionRnc[] = [];
    const resultado = await importarRegistroRnc(e.db, archivo, {
      tamanoDeLote: 2,
      alProgresar: (p) => avances.push(p),
    });
    expect(resultado).toMatchObject({ lineas: 6, importadas: 3, descartadas: 3 });
    expect(avances.at(-1)).toMatchObject({ bytesLeidos: avances.at(-1)?.bytesTotales, importadas: 3 });
    expect(avances.length).toBeGreaterThan(1);

    const r = await e.api({ method: 'GET', url: '/api/rnc-info/1-01-85004-3', token: admin });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({
      rnc: '101850043',
      nombre: 'FERRETERÍA ÑOÑO SRL',
      nombreComercial: '',
      actividadEconomica: 'VENTA AL POR MENOR',
      direccion: 'C/ DUARTE, 12, CENTRO',
      telefono: '8095550000',
      fechaInicio: '2010-03-15',
      estado: 'ACTIVO',
      regimenDePagos: 'NORMAL',
    });
    expect(
      (await e.api({ method: 'GET', url: '/api/rnc-info/131246796', token: admin })).json().fechaInicio,
    ).toBeNull();
    const cedula = await e.api({
      method: 'GET',
      url: '/api/rnc-info/00113918205',
      tenant: 2,
      token: await e.login(2),
    });
    expect(cedula.json().nombre).toBe('JUAN PÉREZ');
    const noEsta = await e.api({ method: 'GET', url: '/api/rnc-info/130862346', token: admin });
    expect(noEsta.statusCode).toBe(404);
    expect(noEsta.json().message).toBe('El RNC o cédula 130862346 no está en el registro de la DGII.');
    expect((await e.api({ method: 'GET', url: '/api/rnc-info/12-3', token: admin })).statusCode).toBe(400);
    expect((await e.api({ method: 'GET', url: '/api/rnc-info/101850043' })).statusCode).toBe(401);
  });

  it('un RNC con dígito verificador raro se busca en el registro al crear el contacto', async () => {
    const archivo = join(carpeta, 'con-raro.txt');
    writeFileSync(
      archivo,
      Buffer.from(
        [linea('101850043', 'FERRETERÍA ÑOÑO SRL'), linea('101581601', 'EMITIDO SIN DÍGITO VÁLIDO')].join(
          '\n',
        ),
        'latin1',
      ),
    );
    await importarRegistroRnc(e.db, archivo);
    const r = await e.api({
      method: 'POST',
      url: '/api/cliente/crear',
      token: admin,
      body: { identificadorUnico: randomUUID(), nombre: 'Cliente de lista blanca', rnc: '101581601' },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().advertencias).toEqual([
      'El dígito verificador del RNC no coincide; verifíquelo en el registro de la DGII. Aparece en el registro de la DGII como «EMITIDO SIN DÍGITO VÁLIDO».',
    ]);
    // The new file replaced the old registry.
    expect((await e.api({ method: 'GET', url: '/api/rnc-info/131246796', token: admin })).statusCode).toBe(
      404,
    );
  });

  it('un archivo con otro número de columnas se rechaza antes de cargar y el registro queda como estaba', async () => {
    const archivo = join(carpeta, 'otro-formato.csv');
    writeFileSync(archivo, 'rnc;nombre;estado\n101850043;X;ACTIVO\n');
    const error = await importarRegistroRnc(e.db, archivo).catch((x: unknown) => x);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toBe(
      'El archivo no tiene el formato del registro de RNC de la DGII (DGII_RNC.TXT): se esperaban 11 columnas separadas por «|» y la primera línea tiene 1.',
    );
    const sigue = await e.api({ method: 'GET', url: '/api/rnc-info/101850043', token: admin });
    expect(sigue.json().nombre).toBe('FERRETERÍA ÑOÑO SRL');
  });
});
