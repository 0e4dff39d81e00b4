import { describe, expect, it } from 'vitest';
import { aCentavos } from './dinero.ts';
import { esFechaFutura, revisarMontosDeEntrada, totalesDeEntrada } from './entradasDeDiario.ts';

const l = (debito: number, credito: number) => ({ debito: aCentavos(debito), credito: aCentavos(credito) });

describe('revisarMontosDeEntrada', () => {
  it('accepts a balanced entry of two or more lines, each a debit or a credit', () => {
    expect(revisarMontosDeEntrada([l(100, 0), l(0, 60), l(0, 40)])).toBeNull();
  });

  it('refuses a line with both, a line with neither, one line, and an unbalanced entry', () => {
    expect(revisarMontosDeEntrada([l(10, 10), l(0, 0)])).toEqual({
      indice: 0,
      campo: 'credito',
      mensaje: 'Una línea no puede tener débito y crédito a la vez',
    });
    expect(revisarMontosDeEntrada([l(10, 0), l(0, 0)])?.mensaje).toBe(
      'Cada línea necesita un débito o un crédito',
    );
    expect(revisarMontosDeEntrada([l(10, 0)])?.mensaje).toBe(
      'La entrada de diario necesita por lo menos dos líneas',
    );
    expect(revisarMontosDeEntrada([l(1234.5, 0), l(0, 1000)])?.mensaje).toBe(
      'La entrada de diario no está cuadrada: débitos RD$1,234.50, créditos RD$1,000.00',
    );
  });

  it('refuses a negative amount on the side that carries it', () => {
    expect(revisarMontosDeEntrada([l(-5, 0), l(0, 5)])).toMatchObject({ indice: 0, campo: 'debito' });
    expect(revisarMontosDeEntrada([l(5, 0), l(0, -5)])).toMatchObject({ indice: 1, campo: 'credito' });
  });

  it('sums exactly in cents (0.1 + 0.2 against 0.3 balances)', () => {
    expect(totalesDeEntrada([l(0.1, 0), l(0.2, 0), l(0, 0.3)])).toMatchObject({
      diferencia: 0,
      cuadrada: true,
    });
  });
});

describe('esFechaFutura', () => {
  it('compares calendar days', () => {
    expect(esFechaFutura('2026-03-11', '2026-03-10')).toBe(true);
    expect(esFechaFutura('2026-03-10', '2026-03-10')).toBe(false);
  });
});
