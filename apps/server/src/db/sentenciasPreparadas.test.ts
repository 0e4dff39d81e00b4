import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno, MOTORES } from '../testing/entorno.ts';
import { filas } from './client.ts';

type Preparada = { statement: string; generic_plans: string; custom_plans: string };

// Every parameterised statement is prepared once per connection (db/client.ts), so its plan is kept
// instead of being made again on every request; PGlite gets its queries through ConexionPglite.
describe.each(MOTORES)('sentencias preparadas (%s)', (motor) => {
  let entorno: Entorno;

  beforeAll(async () => {
    entorno = await crearEntorno(motor);
  });

  afterAll(async () => {
    await entorno.cerrar();
  });

  it('una sentencia repetida se prepara una vez y su plan se guarda', async () => {
    await entorno.db.enEmpresa(1, async (tx) => {
      for (let i = 0; i < 8; i++) {
        const [fila] = await filas<{ n: number }>(tx, sql`select ${i}::int + 1 as n`);
        expect(fila?.n).toBe(i + 1);
      }
      const preparadas = await filas<Preparada>(
        tx,
        sql`select statement, generic_plans, custom_plans from pg_prepared_statements
            where statement = 'select $1::int + 1 as n'`,
      );
      expect(preparadas).toHaveLength(1);
      // Five custom plans, then the saved generic one for the other three.
      expect(Number(preparadas[0]?.generic_plans)).toBe(3);
    });
  });

  it('una conexión prepara a lo sumo 300 textos; los demás se ejecutan sin nombre', async () => {
    await entorno.db.enEmpresa(1, async (tx) => {
      for (let k = 0; k < 320; k++) {
        const [fila] = await filas<{ n: number }>(tx, sql`select ${k}::int + ${sql.raw(String(k))} as n`);
        expect(fila?.n).toBe(2 * k);
      }
      const [cuenta] = await filas<{ n: string }>(
        tx,
        sql`select count(*) as n from pg_prepared_statements where ${1} = 1`,
      );
      expect(Number(cuenta?.n)).toBe(300);
    });
  });

  it('un error a mitad de una transacción la deshace entera y la conexión sigue sirviendo', async () => {
    await entorno.db.ejecutarScript(
      'create table prueba_lote (id int primary key); grant select, insert on prueba_lote to app_empresa;',
    );
    await expect(
      entorno.db.enEmpresa(1, async (tx) => {
        await tx.execute(sql`insert into prueba_lote values (${1})`);
        await tx.execute(sql`insert into prueba_lote values (${1})`);
      }),
    ).rejects.toMatchObject({ cause: { code: '23505', constraint: 'prueba_lote_pkey' } });
    // The same statement, prepared before the error, runs again on the same connection.
    await entorno.db.enEmpresa(1, (tx) => tx.execute(sql`insert into prueba_lote values (${2})`));
    const filasDeLaTabla = await entorno.db.consultarComoDueno<{ id: number }>(
      sql`select id from prueba_lote`,
    );
    expect(filasDeLaTabla).toEqual([{ id: 2 }]);
  });
});
