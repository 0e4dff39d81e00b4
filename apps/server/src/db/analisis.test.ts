import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analizarTablasCrecidas } from './client.ts';

// PGlite has no autovacuum: the server analyzes the tables that grew, so the planner (and the saved
// plans of foreign-key checks, which ANALYZE invalidates) see their real size.
describe('análisis de tablas crecidas en PGlite', () => {
  let cliente: PGlite;

  beforeAll(async () => {
    cliente = new PGlite();
    await cliente.exec(`create table padre (id int primary key, nombre text);
      create table hija (id int primary key, id_padre int references padre (id));
      insert into padre values (1, 'uno'), (2, 'dos');
      analyze padre, hija;`);
  });

  afterAll(async () => {
    await cliente.close();
  });

  it('no analiza lo que no creció, analiza lo que creció y lo deja al día', async () => {
    expect(await analizarTablasCrecidas(cliente)).toEqual([]);
    await cliente.exec(`insert into padre select g, 'fila ' || g from generate_series(3, 20000) g`);
    expect(await analizarTablasCrecidas(cliente)).toEqual(['padre']);
    const { rows } = await cliente.query<{ reltuples: number }>(
      `select reltuples from pg_class where relname = 'padre'`,
    );
    expect(rows[0]?.reltuples).toBe(20000);
    expect(await analizarTablasCrecidas(cliente)).toEqual([]);
  });

  it('con la tabla analizada, la verificación de la clave foránea usa el índice', async () => {
    // A plan for the same lookup the foreign-key check runs.
    const { rows } = await cliente.query<{ 'QUERY PLAN': string }>(
      'explain select 1 from only padre x where id = 1234 for key share of x',
    );
    expect(rows.map((fila) => fila['QUERY PLAN']).join('\n')).toContain('Index Scan');
  });
});
