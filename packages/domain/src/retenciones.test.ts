import { describe, expect, it } from 'vitest';
import { aCentavos } from './dinero.ts';
import { calcularRetencion } from './retenciones.ts';

const base = { subtotal: aCentavos(20_000), itbis: aCentavos(3_600) };

describe('calcularRetencion', () => {
  it('takes ISR from the subtotal', () => {
    expect(calcularRetencion({ tipoRetencion: 'isr', porcentaje: 10 }, base)).toEqual({
      ok: true,
      valor: aCentavos(2000),
    });
    expect(
      calcularRetencion({ tipoRetencion: ' ISR ', porcentaje: 2 }, { ...base, itbis: aCentavos(0) }),
    ).toEqual({
      ok: true,
      valor: aCentavos(400),
    });
  });

  it('takes other types from the ITBIS total (fiscal-do.md §3.4 example: 100% and 30%)', () => {
    expect(calcularRetencion({ tipoRetencion: 'itbis', porcentaje: 100 }, base)).toEqual({
      ok: true,
      valor: aCentavos(3600),
    });
    expect(calcularRetencion({ tipoRetencion: 'itbis', porcentaje: 30 }, base)).toEqual({
      ok: true,
      valor: aCentavos(1080),
    });
    expect(
      calcularRetencion({ tipoRetencion: 'itbis', porcentaje: 30 }, { ...base, itbis: aCentavos(0.05) }),
    ).toEqual({
      ok: true,
      valor: aCentavos(0.02),
    });
  });

  it("refuses an ITBIS withholding without ITBIS: 'No hay itbis para aplicar retencion'", () => {
    expect(
      calcularRetencion({ tipoRetencion: 'itbis', porcentaje: 30 }, { ...base, itbis: aCentavos(0) }),
    ).toEqual({
      ok: false,
      mensaje: 'No hay itbis para aplicar retencion',
    });
  });
});
