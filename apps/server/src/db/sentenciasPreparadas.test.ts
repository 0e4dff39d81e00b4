import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../testing/entorno.ts';
import { filas } from './client.ts';

type Preparada = { statement: string; generic_plans: string; custom_plans: string };

// On PostgreSQL every parameterised statement is prepared once per connection (db/client.ts), so its
// plan is kept instead of being made again on every request.
describe.runIf(process.env.DATABASE_URL)('sentencias preparadas en PostgreSQL', () => {
  let entorno: Entorno;

  beforeAll(async () => {
    entorno = await crearEntorno('postgres');
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
});
