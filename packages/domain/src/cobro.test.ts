import { describe, expect, it } from 'vitest';
import { calcularCobro } from './cobro.ts';
import type { Centavos } from './dinero.ts';

const c = (n: number) => n as Centavos;

describe('calcularCobro', () => {
  it('efectivo con cambio', () => {
    const cobro = calcularCobro({ metodoDePago: 'Efectivo', montoAPagar: c(84_750), efectivoRecibido: 1000 });
    expect(cobro).toEqual({
      ok: true,
      valor: {
        pagos: [{ metodo: 'Efectivo', monto: 84_750 }],
        recibido: 100_000,
        cobrado: 84_750,
        cambio: 15_250,
        pendiente: 0,
      },
    });
  });

  it('tarjeta exacta y a crédito lo que falta', () => {
    const exacta = calcularCobro({ metodoDePago: 'Tarjeta', montoAPagar: c(5000), efectivoRecibido: 50 });
    expect(exacta.ok && exacta.valor.pagos).toEqual([{ metodo: 'Tarjeta', monto: 5000 }]);
    const credito = calcularCobro({ metodoDePago: 'Efectivo', montoAPagar: c(5000), efectivoRecibido: 0 });
    expect(credito.ok && credito.valor).toMatchObject({ pagos: [], cobrado: 0, pendiente: 5000, cambio: 0 });
  });

  it('tarjeta por encima del total se rechaza', () => {
    const cobro = calcularCobro({
      metodoDePago: 'Tarjeta-Debito',
      montoAPagar: c(5000),
      efectivoRecibido: 60,
    });
    expect(cobro.ok).toBe(false);
    expect(!cobro.ok && cobro.mensaje).toContain('no puede ser mayor que el total a pagar');
  });

  it('mixto: tarjeta más efectivo con cambio', () => {
    const cobro = calcularCobro({
      metodoDePago: 'Mixto',
      montoAPagar: c(150_000),
      efectivoRecibido: 0,
      mixto: { Tarjeta: 1000, Efectivo: 600 },
    });
    expect(cobro.ok && cobro.valor).toEqual({
      pagos: [
        { metodo: 'Tarjeta', monto: 100_000 },
        { metodo: 'Efectivo', monto: 50_000 },
      ],
      recibido: 160_000,
      cobrado: 150_000,
      cambio: 10_000,
      pendiente: 0,
    });
  });

  it('mixto sin montos deja todo pendiente; montos negativos se rechazan', () => {
    const vacio = calcularCobro({ metodoDePago: 'Mixto', montoAPagar: c(100), efectivoRecibido: 0 });
    expect(vacio.ok && vacio.valor.pendiente).toBe(100);
    const negativo = calcularCobro({ metodoDePago: 'Cheque', montoAPagar: c(100), efectivoRecibido: -1 });
    expect(!negativo.ok && negativo.mensaje).toBe('El monto en Cheque no puede ser negativo');
  });
});
