import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  aplicarAumentoGlobal,
  aplicarDescuentoDeSocio,
  aplicarDescuentoGlobal,
  descuentoFueraDeLimite,
  descuentoPermitido,
  LIMITE_DESCUENTO_POR_DEFECTO,
  mensajeDescuentoInvalido,
  OPCIONES_DE_DESCUENTO,
  porcentajeAFraccion,
  validarDescuentoGlobal,
} from './descuentos.ts';

describe('validarDescuentoGlobal', () => {
  it('accepts whole numbers from 0 to the limit as fractions', () => {
    expect(validarDescuentoGlobal('15')).toEqual({ ok: true, valor: 0.15 });
    expect(validarDescuentoGlobal(0)).toEqual({ ok: true, valor: 0 });
    expect(validarDescuentoGlobal(100)).toEqual({ ok: true, valor: 1 });
    expect(validarDescuentoGlobal(' 7 ', 20)).toEqual({ ok: true, valor: 0.07 });
  });

  it('refuses empty, letters, decimals, negatives and values over the limit with the spec message', () => {
    const mensaje =
      'El descuento no puede ser mayor al 20% ni menor a 0%, ni estar vacio, ni contener letras';
    for (const malo of ['', '  ', 'abc', '1O', '5.5', '-1', -1, 21, '21', Number.NaN]) {
      expect(validarDescuentoGlobal(malo, 20)).toEqual({ ok: false, mensaje });
    }
    expect(mensajeDescuentoInvalido(LIMITE_DESCUENTO_POR_DEFECTO)).toBe(
      'El descuento no puede ser mayor al 100% ni menor a 0%, ni estar vacio, ni contener letras',
    );
  });

  it('offers 5, 10 and 15 percent', () => {
    expect(OPCIONES_DE_DESCUENTO).toEqual([5, 10, 15]);
    expect(porcentajeAFraccion(7)).toBe(0.07);
  });
});

describe('descuentoPermitido y descuentoFueraDeLimite', () => {
  it("allows the user's limit, or a partner's own discount when it is larger", () => {
    expect(descuentoPermitido({ limiteDescuento: 10, socio: false, descuentoParaSocios: 15 })).toBe(0.1);
    expect(descuentoPermitido({ limiteDescuento: 10, socio: true, descuentoParaSocios: 15 })).toBe(0.15);
    expect(descuentoPermitido({ limiteDescuento: 20, socio: true, descuentoParaSocios: 7.5 })).toBe(0.2);
    expect(descuentoPermitido({ limiteDescuento: 0, socio: true, descuentoParaSocios: 0 })).toBe(0);
  });

  it('refuses a negative, missing or larger fraction, not a binary artefact of the same one', () => {
    const permitido = descuentoPermitido({ limiteDescuento: 30, socio: false, descuentoParaSocios: 0 });
    expect(descuentoFueraDeLimite(0, permitido)).toBe(false);
    expect(descuentoFueraDeLimite(0.3, permitido)).toBe(false);
    expect(descuentoFueraDeLimite(0.1 * 3, permitido)).toBe(false);
    expect(descuentoFueraDeLimite(0.300001, permitido)).toBe(true);
    expect(descuentoFueraDeLimite(0.31, permitido)).toBe(true);
    expect(descuentoFueraDeLimite(-0.01, permitido)).toBe(true);
    expect(descuentoFueraDeLimite(Number.NaN, permitido)).toBe(true);
  });

  it('a partner line keeps its own discount above the limit, any other line stays within it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 10000 }),
        fc.boolean(),
        (limiteDescuento, centesimas, socio) => {
          const descuentoParaSocios = centesimas / 100;
          const permitido = descuentoPermitido({ limiteDescuento, socio, descuentoParaSocios });
          expect(descuentoFueraDeLimite(porcentajeAFraccion(limiteDescuento), permitido)).toBe(false);
          expect(descuentoFueraDeLimite(porcentajeAFraccion(descuentoParaSocios), permitido)).toBe(
            !socio && descuentoParaSocios > limiteDescuento,
          );
        },
      ),
    );
  });
});

describe('aplicar descuentos y aumentos', () => {
  it('sets the global discount on every line; 0 removes it', () => {
    const lineas = [{ descuento: 0.05, id: 'a' }, { id: 'b' }];
    expect(aplicarDescuentoGlobal(lineas, 0.1)).toEqual([
      { descuento: 0.1, id: 'a' },
      { descuento: 0.1, id: 'b' },
    ]);
    expect(aplicarDescuentoGlobal(lineas, 0).every((linea) => linea.descuento === 0)).toBe(true);
  });

  it('raises prices from the default price, without compounding', () => {
    const lineas = [{ precio: '100', precioPredeterminado: '100' }];
    const una = aplicarAumentoGlobal(lineas, 0.05);
    expect(una[0]?.precio).toBe('105');
    expect(aplicarAumentoGlobal(una, 0.05)[0]?.precio).toBe('105');
    expect(aplicarAumentoGlobal(una, 0)[0]?.precio).toBe('100');
  });

  it('applies partner discounts to partners and resets them for others', () => {
    const lineas = [
      { descuentoParaSocios: 10, descuento: 0 },
      { descuento: 0.2 },
      { descuentoParaSocios: 0, descuento: 0.3 },
    ];
    expect(aplicarDescuentoDeSocio(lineas, true)).toEqual([
      { descuentoParaSocios: 10, descuento: 0.1 },
      { descuento: 0.2 },
      { descuentoParaSocios: 0, descuento: 0.3 },
    ]);
    expect(aplicarDescuentoDeSocio([{ descuentoParaSocios: 10, descuento: 0.1 }], false)).toEqual([
      { descuentoParaSocios: 10, descuento: 0 },
    ]);
  });

  it('every accepted value is a fraction between 0 and 1', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 100 }), (texto, limite) => {
        const resultado = validarDescuentoGlobal(texto, limite);
        if (resultado.ok) {
          expect(resultado.valor).toBeGreaterThanOrEqual(0);
          expect(resultado.valor).toBeLessThanOrEqual(limite / 100);
        }
      }),
    );
  });
});
