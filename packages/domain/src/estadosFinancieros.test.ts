import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Centavos } from './dinero.ts';
import {
  type CuentaDelEstado,
  compararCodigosDeCuenta,
  estadoDeResultados,
  type Movido,
  periodoAnterior,
  situacionFinanciera,
  type TipoDeCuentaContable,
} from './estadosFinancieros.ts';

// A small chart with groups, detail accounts and a contra account (sales returns: ingresos, debit).
const c = (id: string, idPadre: string | null, codigoDeCuenta: string, tipo: TipoDeCuentaContable) => ({
  id,
  idPadre,
  codigoDeCuenta,
  nombre: `Cuenta ${codigoDeCuenta}`,
  tipo,
});
const CATALOGO: CuentaDelEstado[] = [
  c('1', null, '1', 'activo'),
  c('11', '1', '1.1', 'activo'),
  c('111', '11', '1.1.01', 'activo'),
  c('112', '11', '1.1.02', 'activo'),
  c('12', '1', '1.10', 'activo'),
  c('2', null, '2', 'pasivo'),
  c('21', '2', '2.1', 'pasivo'),
  c('3', null, '3', 'capital'),
  c('31', '3', '3.1', 'capital'),
  c('4', null, '4', 'ingresos'),
  c('41', '4', '4.1', 'ingresos'),
  c('43', '4', '4.3', 'ingresos'),
  c('5', null, '5', 'costos'),
  c('51', '5', '5.1', 'costos'),
  c('6', null, '6', 'gastos'),
  c('61', '6', '6.1', 'gastos'),
];
const DETALLE = ['111', '112', '12', '21', '31', '41', '43', '51', '61'];

type Linea = { cuenta: string; debito: number; credito: number };

/** A balanced entry: random debits on random accounts, the same total credited on others. */
const asiento: fc.Arbitrary<Linea[]> = fc
  .array(fc.tuple(fc.constantFrom(...DETALLE), fc.integer({ min: 1, max: 5_000_000 })), {
    minLength: 1,
    maxLength: 4,
  })
  .chain((debitos) => {
    const total = debitos.reduce((s, [, m]) => s + m, 0);
    return fc.array(fc.constantFrom(...DETALLE), { minLength: 1, maxLength: 3 }).map((cuentas) => {
      const partes = cuentas.map((cuenta, i) => ({
        cuenta,
        debito: 0,
        credito: i === cuentas.length - 1 ? 0 : Math.floor(total / cuentas.length),
      }));
      const ultima = partes[partes.length - 1] as Linea;
      ultima.credito = total - partes.slice(0, -1).reduce((s, p) => s + p.credito, 0);
      return [...debitos.map(([cuenta, debito]) => ({ cuenta, debito, credito: 0 })), ...partes];
    });
  });

function saldos(asientos: Linea[][]): Map<string, Movido> {
  const mapa = new Map<string, Movido>();
  for (const linea of asientos.flat()) {
    const actual = mapa.get(linea.cuenta) ?? { debito: 0 as Centavos, credito: 0 as Centavos };
    mapa.set(linea.cuenta, {
      debito: (actual.debito + linea.debito) as Centavos,
      credito: (actual.credito + linea.credito) as Centavos,
    });
  }
  return mapa;
}

const centavos = (pesos: number) => Math.round(pesos * 100);

describe('estados financieros', () => {
  it('con asientos cuadrados al azar, activo = pasivo + capital + resultado del ejercicio', () => {
    fc.assert(
      fc.property(fc.array(asiento, { maxLength: 12 }), fc.array(asiento, { maxLength: 6 }), (hoy, antes) => {
        const actual = saldos([...antes, ...hoy]);
        const anterior = saldos(antes);
        const situacion = situacionFinanciera(CATALOGO, actual, anterior);
        for (const periodo of ['actual', 'anterior'] as const) {
          const t = situacion.totales;
          expect(centavos(t.activo[periodo])).toBe(centavos(t.totalPasivoYCapital[periodo]));
          expect(centavos(t.totalPasivoYCapital[periodo])).toBe(
            centavos(t.pasivo[periodo]) +
              centavos(t.capital[periodo]) +
              centavos(t.resultadoDelEjercicio[periodo]),
          );
        }
        // Each top group's row is the total of its type, and the income statement of the same
        // balances gives the balance sheet's result.
        const raices = (tipo: string) => situacion.filas.find((f) => f.nivel === 0 && f.tipo === tipo);
        expect(centavos(raices('activo')?.actual ?? 0)).toBe(centavos(situacion.totales.activo.actual));
        const resultados = estadoDeResultados(CATALOGO, actual, anterior);
        expect(resultados.totales.resultado).toEqual(situacion.totales.resultadoDelEjercicio);
        const ingresos = resultados.filas.find((f) => f.nivel === 0 && f.tipo === 'ingresos');
        expect(centavos(ingresos?.actual ?? 0)).toBe(centavos(resultados.totales.ingresos.actual));
      }),
    );
  });

  it('agrupa por el árbol del catálogo: el grupo suma sus hijas, la cuenta de contrapartida resta', () => {
    const actual = saldos([
      [
        { cuenta: '111', debito: 11800, credito: 0 },
        { cuenta: '41', debito: 0, credito: 10000 },
        { cuenta: '21', debito: 0, credito: 1800 },
      ],
      [
        { cuenta: '43', debito: 2000, credito: 0 },
        { cuenta: '111', debito: 0, credito: 2000 },
      ],
    ]);
    const r = estadoDeResultados(CATALOGO, actual, new Map());
    expect(r.filas.map((f) => [f.codigoDeCuenta, f.nivel, f.esGrupo, f.actual, f.anterior])).toEqual([
      ['4', 0, true, 80, 0],
      ['4.1', 1, false, 100, 0],
      ['4.3', 1, false, -20, 0],
    ]);
    expect(r.totales.ingresos).toEqual({ actual: 80, anterior: 0 });
    expect(r.totales.resultado).toEqual({ actual: 80, anterior: 0 });
    const s = situacionFinanciera(CATALOGO, actual, new Map());
    expect(s.filas.map((f) => [f.codigoDeCuenta, f.actual])).toEqual([
      ['1', 98],
      ['1.1', 98],
      ['1.1.01', 98],
      ['2', 18],
      ['2.1', 18],
    ]);
    expect(s.totales.totalPasivoYCapital.actual).toBe(98);
  });

  it('el periodo anterior: meses enteros contra los meses de antes, otro rango contra los mismos días de antes', () => {
    expect(periodoAnterior('2026-03-01', '2026-03-31')).toEqual({ desde: '2026-02-01', hasta: '2026-02-28' });
    expect(periodoAnterior('2026-01-01', '2026-12-31')).toEqual({ desde: '2025-01-01', hasta: '2025-12-31' });
    expect(periodoAnterior('2026-11-23', '2026-11-29')).toEqual({ desde: '2026-11-16', hasta: '2026-11-22' });
    expect(periodoAnterior('2026-11-26', '2026-11-26')).toEqual({ desde: '2026-11-25', hasta: '2026-11-25' });
    expect(periodoAnterior('2026-01-01', '2026-01-31')).toEqual({ desde: '2025-12-01', hasta: '2025-12-31' });
  });

  it('ordena los códigos por segmento numérico: 1.2 antes de 1.10, el padre antes que sus hijas', () => {
    const codigos = ['1.10', '1.2', '1', '1.2.1', '2'];
    expect([...codigos].sort(compararCodigosDeCuenta)).toEqual(['1', '1.2', '1.2.1', '1.10', '2']);
    expect(compararCodigosDeCuenta('3.1', '3.1')).toBe(0);
  });

  it('un catálogo vacío da un estado sin filas y en cero', () => {
    const r = estadoDeResultados([], new Map(), new Map());
    expect(r.filas).toEqual([]);
    expect(r.totales.resultado).toEqual({ actual: 0, anterior: 0 });
  });
});
