import { aCentavos, type Centavos } from '@pos/domain';
import { describe, expect, it } from 'vitest';
import { camposDePago, montosRapidos, pagoInicial, resumirPago, usaTarjeta } from './pago.ts';

const c = (pesos: number) => aCentavos(pesos) as Centavos;

describe('resumirPago', () => {
  it('efectivo vacío es el monto exacto, sin cambio', () => {
    expect(resumirPago(pagoInicial(), c(245))).toMatchObject({
      recibido: c(245),
      restante: 0,
      cambio: 0,
      error: null,
    });
  });

  it('efectivo de más da cambio; de menos deja restante', () => {
    const pago = { ...pagoInicial(), montos: { Efectivo: 500 } };
    expect(resumirPago(pago, c(245.5))).toMatchObject({ cambio: c(254.5), restante: 0 });
    expect(resumirPago({ ...pago, montos: { Efectivo: 200 } }, c(245.5))).toMatchObject({
      cambio: 0,
      restante: c(45.5),
    });
  });

  it('tarjeta, transferencia y cheque cubren el total exacto', () => {
    for (const metodo of ['Tarjeta', 'Tarjeta-Debito', 'Transferencia', 'Cheque'] as const) {
      expect(resumirPago({ ...pagoInicial(), metodo }, c(990))).toMatchObject({
        recibido: c(990),
        cambio: 0,
        restante: 0,
      });
    }
  });

  it('mixto suma las partes, muestra lo que falta y da cambio solo del efectivo', () => {
    const pago = { ...pagoInicial(), metodo: 'Mixto' as const, montos: { Efectivo: 300, Tarjeta: 500 } };
    expect(resumirPago(pago, c(1000))).toMatchObject({
      recibido: c(800),
      restante: c(200),
      cambio: 0,
      error: null,
    });
    expect(resumirPago({ ...pago, montos: { Efectivo: 600, Tarjeta: 500 } }, c(1000))).toMatchObject({
      cambio: c(100),
      restante: 0,
      error: null,
    });
    expect(resumirPago({ ...pago, montos: { Efectivo: 50, Tarjeta: 1100 } }, c(1000)).error).toMatch(
      /no puede ser mayor que el total/,
    );
  });

  it('rechaza montos negativos', () => {
    expect(resumirPago({ ...pagoInicial(), montos: { Efectivo: -1 } }, c(10)).error).toBeTruthy();
  });
});

describe('montosRapidos', () => {
  it('el exacto y los billetes redondos siguientes', () => {
    expect(montosRapidos(c(245))).toEqual([245, 300, 400, 500, 1000]);
    expect(montosRapidos(c(1000))).toEqual([1000, 2000]);
    expect(montosRapidos(c(1234.5))).toEqual([1234.5, 1300, 1400, 1500, 2000]);
  });
});

describe('camposDePago', () => {
  it('efectivo envía lo recibido en efectivoRecibido', () => {
    expect(camposDePago({ ...pagoInicial(), montos: { Efectivo: 500 } }, c(245))).toMatchObject({
      metodoDePago: 'Efectivo',
      efectivoRecibido: 500,
      formaDePagoTotalEnEfectivo: 0,
      numeroDeAprobacionTarjeta: '',
    });
  });

  it('mixto envía cada parte y la aprobación de la tarjeta', () => {
    const pago = {
      metodo: 'Mixto' as const,
      montos: { Efectivo: 300, Tarjeta: 700.5 },
      numeroDeAprobacion: ' 123456 ',
    };
    expect(usaTarjeta(pago)).toBe(true);
    expect(camposDePago(pago, c(1000.5))).toMatchObject({
      metodoDePago: 'Mixto',
      efectivoRecibido: 0,
      formaDePagoTotalEnEfectivo: 300,
      formaDePagoTotalEnTarjeta: 700.5,
      formaDePagoTotalEnTransferencia: 0,
      numeroDeAprobacionTarjeta: '123456',
    });
  });

  it('la aprobación no se envía sin tarjeta', () => {
    expect(
      camposDePago({ metodo: 'Transferencia', montos: {}, numeroDeAprobacion: '99' }, c(10)),
    ).toMatchObject({
      efectivoRecibido: 10,
      numeroDeAprobacionTarjeta: '',
    });
  });
});
