import { describe, expect, it } from 'vitest';
import {
  MENSAJE_DEVOLUCIONES_ACTIVAS,
  MENSAJE_FACTURA_REPETIDA,
  MENSAJE_UNA_SOLA_FACTURA,
  reglaDeVinculos,
} from './notasDeCredito.ts';
import {
  CrearNotaDeDebito,
  MENSAJE_COMPRA_REPETIDA,
  MENSAJE_CREDITO_A_FACTURA,
  MENSAJE_DEBITO_A_COMPRA,
  MENSAJE_UNA_SOLA_COMPRA,
  reglaDeVinculosDebito,
} from './notasDeDebito.ts';

// Spec 001 §4, §5: one link rule for both notes, each with its messages.
describe('reglaDeVinculosCon', () => {
  const a = '7b0e3c2e-0000-4000-8000-000000000001';
  const b = '7b0e3c2e-0000-4000-8000-000000000002';

  it('notas de crédito: sus mensajes de siempre', () => {
    expect(reglaDeVinculos([{ idFactura: a }], [{}])).toBe(MENSAJE_DEVOLUCIONES_ACTIVAS);
    expect(reglaDeVinculos([{ idFactura: a }, { idFactura: a }], [])).toBe(MENSAJE_FACTURA_REPETIDA);
    expect(reglaDeVinculos([{ idFactura: a }, { idFactura: b }], [])).toBe(MENSAJE_UNA_SOLA_FACTURA);
    expect(reglaDeVinculos([{ idFactura: a }], [])).toBeNull();
    expect(reglaDeVinculos([], [{}, {}])).toBeNull();
  });

  it('notas de débito: la compra vinculada y una devolución agregada, y al revés', () => {
    expect(reglaDeVinculosDebito([{ idCompra: a }], [{}], 'devolucion')).toBe(MENSAJE_DEBITO_A_COMPRA);
    expect(reglaDeVinculosDebito([{ idCompra: a }], [{}], 'vinculo')).toBe(MENSAJE_CREDITO_A_FACTURA);
    expect(reglaDeVinculosDebito([{ idCompra: a }, { idCompra: a }], [], 'vinculo')).toBe(
      MENSAJE_COMPRA_REPETIDA,
    );
    expect(reglaDeVinculosDebito([{ idCompra: a }, { idCompra: b }], [], 'vinculo')).toBe(
      MENSAJE_UNA_SOLA_COMPRA,
    );
    expect(reglaDeVinculosDebito([{ idCompra: a }], [], 'devolucion')).toBeNull();
  });

  it('el cuerpo de creación con ambas: las devoluciones se agregaron a la compra', () => {
    const cuerpo = {
      identificadorUnico: 'prueba-nota-de-debito',
      notaDeDebito: { idCompra: a },
      lineasNotasDeDebito: [{ idLineaCompra: b, cantidad: 1 }],
      lineasDebitoCompras: [{ idCompra: a }],
      lineasDevoluciones: [{ importe: 10 }],
    };
    const r = CrearNotaDeDebito.safeParse(cuerpo);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toContain(MENSAJE_DEBITO_A_COMPRA);
    expect(
      CrearNotaDeDebito.parse({ ...cuerpo, lineasDevoluciones: [] }).notaDeDebito.tipoDeNotasDeDebito,
    ).toBe(2);
  });
});
