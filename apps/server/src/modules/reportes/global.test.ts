import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';

// /reportes/global (docs/reports.md «Resumen general») over the demo company: each figure against the
// documents it reads, cancelled ones left out.
describe.each(MOTORES)('resumen general (%s)', (motor) => {
  let e: Entorno;
  let token: string;
  const RANGO = { fechaInicial: '2000-01-01', fechaFinal: '2099-12-31' };

  beforeAll(async () => {
    e = await crearEntorno(motor);
    token = await e.login(1);
  }, 120_000);
  afterAll(async () => {
    await e?.cerrar();
  });

  async function suma(tabla: string, columna: string): Promise<number> {
    const [fila] = await e.db.consultarComoDueno<{ total: string }>(
      sql`select coalesce(sum(${sql.identifier(columna)}), 0)::text as total from ${sql.identifier(tabla)}
          where tenant_id = 1 and estado <> 'Anulado'`,
    );
    return Math.round(Number(fila?.total ?? 0) * 100);
  }

  it('las cifras son las de los documentos no anulados y cuadran entre sí', async () => {
    const r = await e.api({ method: 'POST', url: '/api/reportes/global', token, body: RANGO });
    expect(r.statusCode, r.body).toBe(200);
    const g = r.json();
    const c = (v: number) => Math.round(v * 100);
    expect(c(g.ventasBrutas)).toBe(await suma('facturas', 'subtotal'));
    expect(c(g.ventasBrutas)).toBeGreaterThan(0);
    expect(c(g.notasDeCredito)).toBe(await suma('notas_de_credito', 'subtotal'));
    expect(c(g.ventasNetas)).toBe(c(g.ventasBrutas) - c(g.notasDeCredito));
    expect(c(g.descuentos)).toBe(await suma('facturas', 'descuento'));
    expect(c(g.compras)).toBe(await suma('compras', 'total_gral'));
    expect(c(g.gastosMenores)).toBe(await suma('gastos_menores', 'total'));
    expect(c(g.ingresosRecibidos)).toBe(await suma('ingresos_recibidos', 'total'));
    expect(c(g.egresos)).toBe(await suma('recibos_egresos', 'total'));
    expect(c(g.entradasDeDinero)).toBe(c(g.cobradoEnFacturas) + c(g.ingresosRecibidos));
    expect(c(g.salidasDeDinero)).toBe(
      c(g.pagadoEnCompras) + c(g.egresos) + c(g.gastosMenores) + c(g.devolucionesDeDinero),
    );
    expect(c(g.resultadoDeCaja)).toBe(c(g.entradasDeDinero) - c(g.salidasDeDinero));
    // A cancelled invoice counts nowhere.
    const [anulada] = await e.db.consultarComoDueno<{ subtotal: string }>(
      sql`update facturas set estado = 'Anulado'
          where tenant_id = 1 and id = (select id from facturas where tenant_id = 1 and estado <> 'Anulado'
                                        and subtotal > 0 order by id limit 1)
          returning subtotal::text as subtotal`,
    );
    const despues = (await e.api({ method: 'POST', url: '/api/reportes/global', token, body: RANGO })).json();
    expect(c(despues.ventasBrutas)).toBe(c(g.ventasBrutas) - c(Number(anulada?.subtotal)));
  });

  it('un periodo sin documentos da ceros', async () => {
    const r = await e.api({
      method: 'POST',
      url: '/api/reportes/global',
      token,
      body: { fechaInicial: '2001-01-01', fechaFinal: '2001-01-31' },
    });
    expect(r.json()).toMatchObject({ ventasNetas: 0, compras: 0, resultadoDeCaja: 0, cantidadDeFacturas: 0 });
  });
});
