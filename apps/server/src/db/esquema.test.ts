import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno, MOTORES } from '../testing/entorno.ts';
import { faltasDeAislamiento } from './aislamiento.ts';
import { filas } from './client.ts';

describe.each(MOTORES)('invariante 1: aislamiento por empresa en el catálogo (%s)', (motor) => {
  let e: Entorno;
  beforeAll(async () => {
    e = await crearEntorno(motor);
  });
  afterAll(async () => {
    await e?.cerrar();
  });

  it('cada tabla: tenant_id primero en la PK, en cada FK y en cada índice único; RLS activa y forzada con la política', async () => {
    expect(await faltasDeAislamiento(e.db)).toEqual([]);
  });

  it('docs/deploy.md distribuye en Citus cada tabla por tenant_id', async () => {
    const guia = readFileSync(resolve(import.meta.dirname, '../../../../docs/deploy.md'), 'utf8');
    const tablas = await e.db.consultarComoDueno<{ tabla: string }>(sql`
      select tablename as tabla from pg_tables where schemaname = 'public' order by 1`);
    const faltan = tablas
      .map((t) => t.tabla)
      .filter((tabla) => !guia.includes(`create_distributed_table('${tabla}', 'tenant_id'`));
    expect(faltan).toEqual([]);
  });

  it('la comprobación detecta una tabla que rompe las reglas', async () => {
    await e.db.ejecutarScript(
      'CREATE TABLE prueba_rota (id int PRIMARY KEY, tenant_id int REFERENCES empresas)',
    );
    try {
      expect(await faltasDeAislamiento(e.db)).toEqual([
        // Its tenant_id may be NULL: such a row belongs to no company.
        'prueba_rota: ninguna clave foránea obligatoria lleva a empresas',
        'prueba_rota: la clave primaria no empieza por tenant_id',
        'prueba_rota: seguridad por filas no activa o no forzada',
        'prueba_rota: sin política por app.tenant_id',
      ]);
    } finally {
      await e.db.ejecutarScript('DROP TABLE prueba_rota');
    }
  });

  it('la comprobación detecta una tabla cuyas filas no llevan a una empresa existente', async () => {
    // A key to a company's row that may be NULL checks nothing for the rows without it.
    await e.db.ejecutarScript(`CREATE TABLE prueba_suelta (tenant_id int NOT NULL, id int, id_factura uuid,
        PRIMARY KEY (tenant_id, id), FOREIGN KEY (tenant_id, id_factura) REFERENCES facturas (tenant_id, id));
      ALTER TABLE prueba_suelta ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
      CREATE POLICY aislamiento_por_empresa ON prueba_suelta
        USING (tenant_id = current_setting('app.tenant_id')::int)
        WITH CHECK (tenant_id = current_setting('app.tenant_id')::int);`);
    try {
      expect(await faltasDeAislamiento(e.db)).toEqual([
        'prueba_suelta: ninguna clave foránea obligatoria lleva a empresas',
      ]);
      await e.db.ejecutarScript('ALTER TABLE prueba_suelta ALTER COLUMN id_factura SET NOT NULL');
      expect(await faltasDeAislamiento(e.db)).toEqual([]);
    } finally {
      await e.db.ejecutarScript('DROP TABLE prueba_suelta');
    }
  });

  it('RLS oculta las filas de otra empresa aunque la consulta olvide su WHERE tenant_id', async () => {
    const deLa1 = await e.db.enEmpresa(1, (tx) =>
      filas<{ tenant_id: number; username: string }>(tx, sql`select tenant_id, username from usuarios`),
    );
    const deLa2 = await e.db.enEmpresa(2, (tx) =>
      filas<{ tenant_id: number }>(tx, sql`select tenant_id from usuarios`),
    );
    expect(deLa1.length).toBeGreaterThan(0);
    expect(deLa2.length).toBeGreaterThan(0);
    expect(new Set(deLa1.map((f) => f.tenant_id))).toEqual(new Set([1]));
    expect(new Set(deLa2.map((f) => f.tenant_id))).toEqual(new Set([2]));
    for (const tabla of ['empresas', 'configuracion_general', 'usuarios', 'sesiones', 'intentos_de_acceso']) {
      const ajenas = await e.db.enEmpresa(1, (tx) =>
        filas<{ n: number }>(
          tx,
          sql`select count(*)::int as n from ${sql.identifier(tabla)} where tenant_id <> 1`,
        ),
      );
      expect(ajenas[0]?.n, tabla).toBe(0);
    }
  });

  it('RLS impide escribir filas de otra empresa y actualizar las ajenas', async () => {
    await expect(
      e.db.enEmpresa(1, (tx) =>
        tx.execute(sql`insert into configuracion_general (tenant_id, nombre) values (2, 'intrusa')`),
      ),
    ).rejects.toThrow();
    const cambiadas = await e.db.enEmpresa(1, (tx) =>
      filas<{ tenant_id: number }>(
        tx,
        sql`update usuarios set activo = activo where tenant_id = 2 returning tenant_id`,
      ),
    );
    expect(cambiadas).toEqual([]);
  });

  it('sin empresa fijada no se ve ninguna fila', async () => {
    const vistas = await e.db.enEmpresa(1, async (tx) => {
      await tx.execute(sql`select set_config('app.tenant_id', '', true)`);
      return filas<{ n: number }>(tx, sql`select count(*)::int as n from usuarios`);
    });
    expect(vistas[0]?.n).toBe(0);
  });
});
