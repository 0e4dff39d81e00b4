import { describe, expect, it } from 'vitest';
import { excedeLimiteDeCredito } from './credito.ts';
import { aCentavos } from './dinero.ts';

describe('excedeLimiteDeCredito', () => {
  const cliente = { limiteCredito: aCentavos(1000), pendientePorCobrar: aCentavos(600) };

  it('compares total plus pending receivable with the limit', () => {
    expect(excedeLimiteDeCredito({ ...cliente, totalFactura: aCentavos(400) })).toBe(false);
    expect(excedeLimiteDeCredito({ ...cliente, totalFactura: aCentavos(400.01) })).toBe(true);
  });

  it('does not check customers without a limit', () => {
    expect(
      excedeLimiteDeCredito({ ...cliente, limiteCredito: aCentavos(0), totalFactura: aCentavos(1e6) }),
    ).toBe(false);
  });
});
