import { describe, expect, it } from 'vitest';
import { estadoDeCobroVenta, estadoDePagoCompra } from './estados.ts';

describe('estadoDePagoCompra', () => {
  it('derives Pagado, Por Pagar or empty, keeping cancellation statuses', () => {
    expect(estadoDePagoCompra({ estado: 'Activo', pagado: 100, pendiente: 0 })).toBe('Pagado');
    expect(estadoDePagoCompra({ estado: 'Activo', pagado: 100, pendiente: -5 })).toBe('Pagado');
    expect(estadoDePagoCompra({ estado: 'Activo', pagado: 50, pendiente: 50 })).toBe('Por Pagar');
    expect(estadoDePagoCompra({ estado: 'Activo', pagado: 0, pendiente: 100 })).toBe('');
    expect(estadoDePagoCompra({ estado: 'Por-Anular', pagado: 100, pendiente: 0 })).toBe('Por-Anular');
    expect(estadoDePagoCompra({ estado: 'Anulado', pagado: 0, pendiente: 0 })).toBe('Anulado');
  });

  it('does not round purchase amounts (the spec rounds only sales)', () => {
    expect(estadoDePagoCompra({ estado: 'Activo', pagado: 100, pendiente: 0.001 })).toBe('Por Pagar');
  });
});

describe('estadoDeCobroVenta', () => {
  it('rounds to 2 decimals first', () => {
    expect(estadoDeCobroVenta({ estado: 'Activo', pagado: 100, pendiente: 0.004 })).toBe('Cobrada');
    expect(estadoDeCobroVenta({ estado: 'Activo', pagado: 0.004, pendiente: 10 })).toBe('');
    expect(estadoDeCobroVenta({ estado: 'Activo', pagado: 10, pendiente: 0.005 })).toBe('Por Cobrar');
    expect(estadoDeCobroVenta({ estado: 'Anulado', pagado: 10, pendiente: 0 })).toBe('Anulado');
  });
});
