import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filaCompleta, filaDeTabla } from './client.ts';

const pagos = pgTable('pagos_prueba', {
  tenantId: integer('tenant_id').notNull(),
  id: uuid('id').notNull().defaultRandom(),
  metodo: text('metodo').notNull().default('Efectivo'),
  monto: numeric('monto', { precision: 14, scale: 2 }).notNull(),
  anulado: boolean('anulado').notNull().default(false),
  detalle: jsonb('detalle').$type<{ nota: string }[]>().notNull().default([]),
  fecha: timestamp('fecha', { withTimezone: true }).notNull().defaultNow(),
});

// A sale's SQL function inserts whole rows with jsonb_populate_record, which leaves an absent key
// NULL: `filaCompleta` must give every column, with the defaults the table would have given.
describe('filaCompleta: una fila entera para jsonb_populate_record', () => {
  let cliente: PGlite;

  beforeAll(async () => {
    cliente = new PGlite();
    await cliente.exec(`create table pagos_prueba (tenant_id integer not null, id uuid not null,
      metodo text not null, monto numeric(14, 2) not null, anulado boolean not null,
      detalle jsonb not null, fecha timestamptz not null, primary key (tenant_id, id))`);
  });

  afterAll(async () => {
    await cliente.close();
  });

  it('llena los valores por defecto, deja el JSON como JSON y la base la guarda igual', async () => {
    const antes = Date.now();
    const fila = filaCompleta(pagos, { tenantId: 7, monto: '150.25', detalle: [{ nota: 'caja 1' }] });
    expect(fila).toMatchObject({
      tenant_id: 7,
      metodo: 'Efectivo',
      monto: '150.25',
      anulado: false,
      detalle: [{ nota: 'caja 1' }],
    });
    expect(fila.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(String(fila.fecha))).toBeGreaterThanOrEqual(antes - 1);

    const { rows } = await cliente.query<Record<string, unknown>>(
      `insert into pagos_prueba select * from jsonb_populate_record(null::pagos_prueba, $1::jsonb) returning *`,
      [JSON.stringify(fila)],
    );
    const guardada = filaDeTabla(pagos, rows[0] ?? {});
    expect(guardada).toMatchObject({ tenantId: 7, id: fila.id, metodo: 'Efectivo', anulado: false });
    expect(Number(guardada.monto)).toBe(150.25);
    expect(guardada.detalle).toEqual([{ nota: 'caja 1' }]);
  });

  it('rechaza una columna cuyo valor por defecto solo conoce la base de datos', () => {
    const conSecuencia = pgTable('con_secuencia', {
      numero: integer('numero').notNull().default(sql`nextval('s')`),
    });
    expect(() => filaCompleta(conSecuencia, {})).toThrow('numero');
    expect(filaCompleta(conSecuencia, { numero: 3 })).toEqual({ numero: 3 });
  });
});
