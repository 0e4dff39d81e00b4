import { randomUUID } from 'node:crypto';
import { MENSAJE_NOMBRE_DE_CENTRO_DE_COSTO, MENSAJE_NOMBRE_DE_OPCION_DE_ENTRADA } from '@pos/contract';
import { aCentavos, type Centavos } from '@pos/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../db/client.ts';
import type { Ctx } from '../../http/handle.ts';
import { crearEntorno, MOTORES } from '../../testing/entorno.ts';
import { type ContextoDeMaestros, prepararContexto, probarFamiliaMaestra } from '../../testing/maestros.ts';
import { prepararLineas, registrarAsiento, revertirAsientos } from '../contabilidad/asientos.service.ts';
import { exigirCentroDeCosto } from './service.ts';

const c = (pesos: number) => aCentavos(pesos) as Centavos;

describe('prepararLineas: dimensiones del asiento', () => {
  it('netea por (cuenta, centro, contacto); el centro del documento va en cada línea sin centro', () => {
    const lineas = prepararLineas(
      [
        { idCuenta: 'caja', debito: c(100) },
        { idCuenta: 'caja', debito: c(50), idCentroDeCosto: 'otro' },
        { idCuenta: 'ventas', credito: c(60), idContacto: 'cliente' },
        { idCuenta: 'ventas', credito: c(40), idContacto: 'cliente' },
        { idCuenta: 'ventas', credito: c(50) },
      ],
      { idCentroDeCosto: 'tienda' },
    );
    expect(lineas).toEqual([
      { idCuenta: 'caja', debito: c(100), credito: 0, nota: '', idCentroDeCosto: 'tienda', idContacto: null },
      { idCuenta: 'caja', debito: c(50), credito: 0, nota: '', idCentroDeCosto: 'otro', idContacto: null },
      {
        idCuenta: 'ventas',
        debito: 0,
        credito: c(100),
        nota: '',
        idCentroDeCosto: 'tienda',
        idContacto: 'cliente',
      },
      {
        idCuenta: 'ventas',
        debito: 0,
        credito: c(50),
        nota: '',
        idCentroDeCosto: 'tienda',
        idContacto: null,
      },
    ]);
  });

  it('con netear: false conserva cada línea como viene y solo quita las de cero', () => {
    const lineas = prepararLineas(
      [
        { idCuenta: 'banco', debito: c(10), nota: 'a' },
        { idCuenta: 'banco', credito: c(4), nota: 'b' },
        { idCuenta: 'banco' },
        { idCuenta: 'capital', credito: c(6), nota: 'c' },
      ],
      { netear: false },
    );
    expect(lineas.map((l) => [l.idCuenta, l.debito, l.credito, l.nota])).toEqual([
      ['banco', c(10), 0, 'a'],
      ['banco', 0, c(4), 'b'],
      ['capital', 0, c(6), 'c'],
    ]);
    expect(() => prepararLineas([{ idCuenta: 'x', debito: c(1) }], { netear: false })).toThrow(/descuadrado/);
  });
});

describe.each(MOTORES)('centros de costo y opciones de entrada de diario (%s)', (motor) => {
  let ctx: ContextoDeMaestros;
  beforeAll(async () => {
    ctx = await prepararContexto(await crearEntorno(motor));
  }, 120_000);
  afterAll(async () => {
    await ctx?.e.cerrar();
  });
  const contexto = () => ctx;

  probarFamiliaMaestra('centro de costo', contexto, {
    base: '/api/centro-de-costo/',
    metodoDeCambio: 'PATCH',
    campoNombre: 'nombre',
    mensajeNombre: MENSAJE_NOMBRE_DE_CENTRO_DE_COSTO,
    cuerpo: (nombre) => ({ nombre, descripcion: 'Ventas del local' }),
    cambio: { descripcion: 'Otra descripción' },
    desactivable: false,
  });

  probarFamiliaMaestra('opción de entrada', contexto, {
    base: '/api/opciones-entrada-de-diario/',
    metodoDeCambio: 'PATCH',
    campoNombre: 'nombre',
    mensajeNombre: MENSAJE_NOMBRE_DE_OPCION_DE_ENTRADA,
    cuerpo: (nombre) => ({ nombre, codigo: 'AJ', nota: 'Ajustes de cierre' }),
    cambio: { codigo: 'DEP', nota: 'Depreciación mensual' },
    desactivable: false,
  });

  const ctxDe = (tx: Tx, tenantId = 1): Ctx => ({ tx, tenantId, ip: '', usuario: null });

  it('la empresa demo trae tres centros de costo y dos opciones de entrada de diario', async () => {
    const centros = await ctx.e.api({
      method: 'GET',
      url: '/api/centro-de-costo/?input=',
      token: ctx.admin[1],
    });
    expect(centros.json().res.map((c: { nombre: string }) => c.nombre)).toEqual(
      expect.arrayContaining(['Administración', 'Sucursal Santiago', 'Tienda principal']),
    );
    const opciones = await ctx.e.api({
      method: 'GET',
      url: '/api/opciones-entrada-de-diario/',
      token: ctx.admin[1],
    });
    expect(opciones.json().res).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ nombre: 'Depreciación mensual', codigo: 'DEP' }),
        expect.objectContaining({ nombre: 'Ajuste de cierre', codigo: 'AJ' }),
      ]),
    );
    const ajenos = await ctx.e.api({
      method: 'GET',
      url: '/api/centro-de-costo/',
      tenant: 2,
      token: ctx.admin[2],
    });
    expect(ajenos.json().res.map((c: { nombre: string }) => c.nombre)).not.toContain('Tienda principal');
  });

  async function nuevoCentro(nombre: string, tenant: 1 | 2 = 1): Promise<string> {
    const r = await ctx.e.api({
      method: 'POST',
      url: '/api/centro-de-costo/',
      tenant,
      token: ctx.admin[tenant],
      body: { identificadorUnico: randomUUID(), nombre },
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json()._id;
  }

  async function cuenta(codigo: string): Promise<string> {
    const [fila] = await ctx.e.db.consultarComoDueno<{ id: string }>(
      sql`select id from cuentas_contables where tenant_id = 1 and codigo_de_cuenta = ${codigo}`,
    );
    if (!fila) {
      throw new Error(`sin cuenta ${codigo}`);
    }
    return fila.id;
  }

  async function lineasDe(idDocumento: string) {
    return ctx.e.db.consultarComoDueno<{
      revierte: boolean;
      id_cuenta: string;
      debito: string;
      credito: string;
      id_centro_de_costo: string | null;
      id_contacto: string | null;
    }>(
      sql`select a.id_asiento_revertido is not null as revierte, l.id_cuenta, l.debito::text, l.credito::text,
            l.id_centro_de_costo, l.id_contacto
          from asientos_contables a join lineas_asiento l on l.tenant_id = a.tenant_id and l.id_asiento = a.id
          where a.tenant_id = 1 and a.id_documento = ${idDocumento} order by a.numero, l.orden`,
    );
  }

  it('el asiento guarda centro y contacto por línea; el reverso los copia; el centro usado no se elimina', async () => {
    const centro = await nuevoCentro('Tienda del asiento');
    const otroCentro = await nuevoCentro('Sucursal del asiento');
    const caja = await cuenta('1.1.01.01');
    const cxc = await cuenta('1.1.02.01');
    const [contacto] = await ctx.e.db.consultarComoDueno<{ id: string }>(
      sql`select id from contactos where tenant_id = 1 order by creado_en limit 1`,
    );
    expect(contacto).toBeDefined();
    const idDocumento = randomUUID();
    await ctx.e.db.enEmpresa(1, async (tx) => {
      await registrarAsiento(ctxDe(tx), {
        tipoDocumento: 'pruebaDeDimensiones',
        idDocumento,
        fecha: '2026-01-10',
        descripcion: 'Prueba de dimensiones',
        idCentroDeCosto: centro,
        lineas: [
          { idCuenta: caja, debito: c(70) },
          { idCuenta: caja, debito: c(30), idCentroDeCosto: otroCentro },
          { idCuenta: cxc, credito: c(100), idContacto: contacto?.id },
        ],
      });
      await revertirAsientos(
        ctxDe(tx),
        'pruebaDeDimensiones',
        idDocumento,
        '2026-01-11',
        'Reverso de prueba',
      );
    });
    const lineas = await lineasDe(idDocumento);
    const fila = (revierte: boolean, cuentaId: string, centroId: string) =>
      lineas.find(
        (l) => l.revierte === revierte && l.id_cuenta === cuentaId && l.id_centro_de_costo === centroId,
      );
    expect(lineas).toHaveLength(6);
    expect(fila(false, caja, centro)).toMatchObject({ debito: '70.00', id_contacto: null });
    expect(fila(false, caja, otroCentro)).toMatchObject({ debito: '30.00' });
    expect(fila(false, cxc, centro)).toMatchObject({ credito: '100.00', id_contacto: contacto?.id });
    expect(fila(true, caja, centro)).toMatchObject({ credito: '70.00', id_contacto: null });
    expect(fila(true, caja, otroCentro)).toMatchObject({ credito: '30.00' });
    expect(fila(true, cxc, centro)).toMatchObject({ debito: '100.00', id_contacto: contacto?.id });

    const borrar = await ctx.e.api({
      method: 'DELETE',
      url: `/api/centro-de-costo/${centro}`,
      token: ctx.admin[1],
    });
    expect(borrar.statusCode).toBe(409);
    expect(borrar.json().message).toBe(
      'El centro de costo no se puede eliminar porque tiene asientos contables o documentos vinculados.',
    );
    const sigue = await ctx.e.api({
      method: 'GET',
      url: `/api/centro-de-costo/${centro}`,
      token: ctx.admin[1],
    });
    expect(sigue.statusCode).toBe(200);
  });

  it('exigirCentroDeCosto: vacío es null; uno de otra empresa o inexistente da 400 en español', async () => {
    const propio = await nuevoCentro('Centro propio');
    const ajeno = await nuevoCentro('Centro ajeno', 2);
    await ctx.e.db.enEmpresa(1, async (tx) => {
      expect(await exigirCentroDeCosto(ctxDe(tx), null)).toBeNull();
      expect(await exigirCentroDeCosto(ctxDe(tx), '')).toBeNull();
      expect(await exigirCentroDeCosto(ctxDe(tx), undefined)).toBeNull();
      expect(await exigirCentroDeCosto(ctxDe(tx), propio)).toBe(propio);
      for (const id of [ajeno, randomUUID(), 'no-es-uuid']) {
        await expect(exigirCentroDeCosto(ctxDe(tx), id)).rejects.toMatchObject({
          codigo: 'solicitud_invalida',
          message: 'El centro de costo no existe',
        });
      }
    });
  });
});
