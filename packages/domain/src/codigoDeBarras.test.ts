import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CODIGO_DE_BALANZA,
  digitoVerificadorEan13,
  leerCodigoDeBalanza,
  leerCodigoDeBarras,
} from './codigoDeBarras.ts';

const CON_BALANZA = { usoCodigoDeBalanza: true };
const SIN_BALANZA = { usoCodigoDeBalanza: false };

/** A valid scale label: prefix, 5-digit code, 5-digit thousandths, check digit. */
function etiqueta(prefijo: string, codigo: string, milesimas: string): string {
  const doce = `${prefijo}${codigo}${milesimas}`;
  return `${doce}${digitoVerificadorEan13(doce)}`;
}

describe('digitoVerificadorEan13', () => {
  it('uses weights 1 and 3 from the left', () => {
    expect(digitoVerificadorEan13('400638133393')).toBe(1);
    expect(digitoVerificadorEan13('590123412345')).toBe(7);
    expect(digitoVerificadorEan13('000000000000')).toBe(0);
  });

  it("throws 'Debes tener 12 dígitos' for anything but 12 digits", () => {
    for (const malo of ['', '12345678901', '1234567890123', '12345678901a']) {
      expect(() => digitoVerificadorEan13(malo)).toThrow('Debes tener 12 dígitos');
    }
  });
});

describe('leerCodigoDeBarras', () => {
  it('takes a product _id as is, also one whose first group is all digits (not a quantity-code)', () => {
    // F7 re-adds a line by its product's _id; a v4 id starts with 8 digits about 1 time in 43.
    for (const id of ['12345678-9abc-4def-8123-456789abcdef', '0f8fad5b-d9cb-469f-a165-70867728950e']) {
      for (const opciones of [CON_BALANZA, SIN_BALANZA]) {
        expect(leerCodigoDeBarras(id, opciones)).toEqual({
          codigo: id,
          paquete: false,
          itemPersonalizado: false,
        });
      }
    }
    fc.assert(
      fc.property(fc.uuid(), (id) => {
        expect(leerCodigoDeBarras(` ${id} `, CON_BALANZA).codigo).toBe(id);
      }),
    );
  });

  it('reads a scale label: code at positions 3-7, quantity at 8-12 / 1000, custom item', () => {
    const codigo = etiqueta('20', '01234', '01500');
    expect(leerCodigoDeBarras(codigo, CON_BALANZA)).toEqual({
      codigo: '01234',
      cantidad: 1.5,
      paquete: false,
      itemPersonalizado: true,
    });
    for (const prefijo of CODIGO_DE_BALANZA.prefijos) {
      expect(leerCodigoDeBalanza(etiqueta(prefijo, '00007', '00250'))?.cantidad).toBe(0.25);
    }
  });

  it('reads scale labels only when usoCodigoDeBalanza is on', () => {
    const codigo = etiqueta('21', '55555', '00100');
    expect(leerCodigoDeBarras(codigo, SIN_BALANZA)).toEqual({
      codigo,
      paquete: false,
      itemPersonalizado: false,
    });
  });

  it('treats a wrong prefix, length, character or check digit as a plain code', () => {
    const buena = etiqueta('22', '12345', '00999');
    const malas = [
      `23${buena.slice(2)}`,
      buena.slice(0, 12),
      `${buena}0`,
      `${buena.slice(0, 12)}${(Number(buena[12]) + 1) % 10}`,
      `2A${buena.slice(2)}`,
    ];
    for (const mala of malas) {
      expect(leerCodigoDeBalanza(mala)).toBeUndefined();
      expect(leerCodigoDeBarras(mala, CON_BALANZA)).toEqual({
        codigo: mala,
        paquete: false,
        itemPersonalizado: false,
      });
    }
  });

  it('reads PQT# as a package and quantity-code as a quantity', () => {
    expect(leerCodigoDeBarras('PQT#7501', SIN_BALANZA)).toEqual({
      codigo: '7501',
      paquete: true,
      itemPersonalizado: false,
    });
    expect(leerCodigoDeBarras('pqt#7501', SIN_BALANZA).paquete).toBe(true);
    expect(leerCodigoDeBarras(' 3-7501 ', CON_BALANZA)).toEqual({
      codigo: '7501',
      cantidad: 3,
      paquete: false,
      itemPersonalizado: false,
    });
    expect(leerCodigoDeBarras('PQT#2.5-ABC-1', SIN_BALANZA)).toEqual({
      codigo: 'ABC-1',
      cantidad: 2.5,
      paquete: true,
      itemPersonalizado: false,
    });
  });

  it('leaves a dash in the code when the part before it is not a positive quantity', () => {
    for (const codigo of ['AB-12', '0-7501', '-7501', '3-']) {
      expect(leerCodigoDeBarras(codigo, SIN_BALANZA)).toEqual({
        codigo,
        paquete: false,
        itemPersonalizado: false,
      });
    }
  });

  it('round-trips any scale label it generates', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CODIGO_DE_BALANZA.prefijos),
        fc.stringMatching(/^\d{5}$/),
        fc.stringMatching(/^\d{5}$/),
        (prefijo, codigo, milesimas) => {
          const lectura = leerCodigoDeBarras(etiqueta(prefijo, codigo, milesimas), CON_BALANZA);
          expect(lectura).toEqual({
            codigo,
            cantidad: Number(milesimas) / 1000,
            paquete: false,
            itemPersonalizado: true,
          });
        },
      ),
    );
  });
});
