import { describe, expect, it } from 'vitest';
import type { Centavos } from './dinero.ts';
import { comparar, exacto } from './exacto.ts';
import {
  esItbis,
  normalizarTasa,
  OPCIONES_DE_IMPUESTO,
  resumirImpuestos,
  tasaExacta,
  tasaTotal,
} from './impuestos.ts';

describe('tasas', () => {
  it('maps 1.18 and 1.16 to 0.18 and 0.16, exactly', () => {
    expect(normalizarTasa(1.18)).toBe(0.18);
    expect(normalizarTasa(1.16)).toBe(0.16);
    expect(normalizarTasa(0.18)).toBe(0.18);
    expect(normalizarTasa(0)).toBe(0);
    expect(tasaExacta(1.18)).toEqual({ n: 18n, d: 100n });
  });

  it('offers the spec tax options', () => {
    expect(OPCIONES_DE_IMPUESTO.map((opcion) => [opcion.name, opcion.tasa])).toEqual([
      ['Itbis 18%', 0.18],
      ['Itbis 16%', 0.16],
      ['Exento 0%', 0],
      ['Propina 10%', 0.1],
      ['Isc 10%', 0.1],
      ['otros 5%', 0.05],
    ]);
  });

  it('adds rates exactly', () => {
    expect(comparar(tasaTotal([OPCIONES_DE_IMPUESTO[0], OPCIONES_DE_IMPUESTO[3]]), exacto('0.28'))).toBe(0);
    expect(tasaTotal([])).toEqual({ n: 0n, d: 1n });
  });

  it('knows which kinds are ITBIS', () => {
    expect(esItbis({ tipoDeImpuesto: 'itbis' })).toBe(true);
    expect(esItbis({ tipoDeImpuesto: 'ITBIS16' })).toBe(true);
    expect(esItbis({ tipoDeImpuesto: 'propina' })).toBe(false);
  });
});

describe('resumirImpuestos', () => {
  it('groups by name and kind in order of appearance', () => {
    const itbis = { name: 'Itbis 18%', tipoDeImpuesto: 'itbis', tasa: 0.18 };
    const propina = { name: 'Propina 10%', tipoDeImpuesto: 'propina', tasa: 0.1 };
    expect(
      resumirImpuestos([
        { ...itbis, total: 1800 as Centavos },
        { ...propina, total: 1000 as Centavos },
        { ...itbis, total: 200 as Centavos },
        { ...itbis, tipoDeImpuesto: 'otro', total: 5 as Centavos },
      ]),
    ).toEqual([
      { name: 'Itbis 18%', tipoDeImpuesto: 'itbis', total: 2000 },
      { name: 'Propina 10%', tipoDeImpuesto: 'propina', total: 1000 },
      { name: 'Itbis 18%', tipoDeImpuesto: 'otro', total: 5 },
    ]);
  });
});
