import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aCentavos } from './dinero.ts';
import {
  analizarNcf,
  claseDeClientePorIdentificacion,
  digitoVerificadorCedula,
  digitoVerificadorRnc,
  formatearIdentificacionFiscal,
  formatearNcf,
  requiereIdentificacionDelComprador,
  TIPOS_NCF,
  tipoNcfParaCliente,
  validarIdentificacionFiscal,
} from './fiscal.ts';

describe('NCF', () => {
  it('parses valid B and E numbers (stdnum test cases)', () => {
    expect(analizarNcf('B0100000001')).toEqual({
      ok: true,
      valor: { serie: 'B', tipo: '01', secuencia: 1, nombre: 'Factura de Crédito Fiscal' },
    });
    expect(analizarNcf('e31-0000000005')).toEqual({
      ok: true,
      valor: { serie: 'E', tipo: '31', secuencia: 5, nombre: 'Factura de Crédito Fiscal' },
    });
    expect(analizarNcf(' B02 00000123 ')).toMatchObject({ ok: true, valor: { tipo: '02', secuencia: 123 } });
  });

  it('refuses wrong types, series and lengths', () => {
    expect(analizarNcf('B9900000005')).toEqual({ ok: false, mensaje: 'El tipo de NCF B99 no existe' });
    expect(analizarNcf('E990000000005')).toEqual({ ok: false, mensaje: 'El tipo de NCF E99 no existe' });
    expect(analizarNcf('E120000000005')).toMatchObject({ ok: false });
    for (const malo of ['Z0100000005', 'Q010000000005', 'B010000005', 'E3100000005', '']) {
      expect(analizarNcf(malo)).toMatchObject({
        ok: false,
        mensaje: expect.stringContaining('11 caracteres'),
      });
    }
  });

  it('writes NCFs and round-trips them', () => {
    expect(formatearNcf('B', '01', 5)).toBe('B0100000005');
    expect(formatearNcf('E', '31', 5)).toBe('E310000000005');
    expect(() => formatearNcf('B', '01', 100_000_000)).toThrow('de 1 a 99999999');
    expect(() => formatearNcf('B', '01', 0)).toThrow();
    expect(() => formatearNcf('E', '31', 1.5)).toThrow('de 1 a 9999999999');
    fc.assert(
      fc.property(
        fc.constantFrom(...TIPOS_NCF),
        fc.integer({ min: 1, max: 99_999_999 }),
        (tipo, secuencia) => {
          expect(analizarNcf(formatearNcf('B', tipo.codigoB, secuencia))).toMatchObject({
            ok: true,
            valor: { secuencia },
          });
        },
      ),
    );
  });

  it('chooses the NCF type for the customer and document', () => {
    expect(tipoNcfParaCliente({ clase: 'contribuyente' })).toBe('01');
    expect(tipoNcfParaCliente({ clase: 'sinFinesDeLucro' })).toBe('01');
    expect(tipoNcfParaCliente({ clase: 'consumidorFinal' })).toBe('02');
    expect(tipoNcfParaCliente({ clase: 'regimenEspecial' })).toBe('14');
    expect(tipoNcfParaCliente({ clase: 'gubernamental' })).toBe('15');
    expect(tipoNcfParaCliente({ clase: 'extranjero' })).toBe('16');
    expect(tipoNcfParaCliente({ clase: 'contribuyente' }, 'notaDeCredito')).toBe('04');
    expect(tipoNcfParaCliente({ clase: 'contribuyente' }, 'notaDeDebito', 'E')).toBe('33');
    expect(tipoNcfParaCliente({ clase: 'consumidorFinal' }, 'factura', 'E')).toBe('32');
    expect(tipoNcfParaCliente({ clase: 'contribuyente', ncfPredeterminado: '02' })).toBe('02');
    expect(tipoNcfParaCliente({ clase: 'consumidorFinal', ncfPredeterminado: '12' }, 'factura', 'E')).toBe(
      '12',
    );
  });

  it('guesses the customer class from the id', () => {
    expect(claseDeClientePorIdentificacion('1-01-85004-3')).toBe('contribuyente');
    expect(claseDeClientePorIdentificacion('401000001')).toBe('sinFinesDeLucro');
    expect(claseDeClientePorIdentificacion('00113918205')).toBe('consumidorFinal');
    expect(claseDeClientePorIdentificacion(undefined)).toBe('consumidorFinal');
  });

  it('requires the buyer id from RD$250,000 or on types that need it', () => {
    const b02 = { serie: 'B', tipo: '02' } as const;
    const b01 = { serie: 'B', tipo: '01' } as const;
    expect(requiereIdentificacionDelComprador(b02, aCentavos(249_999.99), 'consumidorFinal')).toBe(false);
    expect(requiereIdentificacionDelComprador(b02, aCentavos(250_000), 'consumidorFinal')).toBe(true);
    expect(requiereIdentificacionDelComprador(b01, aCentavos(10), 'contribuyente')).toBe(true);
    expect(requiereIdentificacionDelComprador(b01, aCentavos(10), 'consumidorFinal')).toBe(false);
    expect(
      requiereIdentificacionDelComprador({ serie: 'B', tipo: '04' }, aCentavos(10), 'contribuyente'),
    ).toBe(false);
    expect(
      requiereIdentificacionDelComprador({ serie: 'E', tipo: '34' }, aCentavos(10), 'contribuyente'),
    ).toBe(true);
    expect(
      requiereIdentificacionDelComprador({ serie: 'B', tipo: '99' }, aCentavos(10), 'contribuyente'),
    ).toBe(false);
  });
});

describe('RNC y cédula', () => {
  it('computes the RNC check digit (fiscal-do.md worked example and stdnum cases)', () => {
    expect(digitoVerificadorRnc('10185004')).toBe(3);
    for (const rnc of [
      '101850043',
      '131246796',
      '122011226',
      '101637587',
      '501050302',
      '130862346',
      '101672919',
    ]) {
      expect(validarIdentificacionFiscal(rnc)).toEqual({ ok: true, valor: { tipo: 'rnc', numero: rnc } });
    }
    expect(() => digitoVerificadorRnc('1234567')).toThrow('Debe tener 8 dígitos');
  });

  it('computes the cédula check digit (Luhn)', () => {
    expect(digitoVerificadorCedula('0011391820')).toBe(5);
    for (const cedula of ['00113918205', '00113918213', '22400022111']) {
      expect(validarIdentificacionFiscal(cedula)).toEqual({
        ok: true,
        valor: { tipo: 'cedula', numero: cedula },
      });
    }
    expect(() => digitoVerificadorCedula('abc')).toThrow('Debe tener 10 dígitos');
  });

  it('warns, without blocking, on a checksum failure', () => {
    expect(validarIdentificacionFiscal('101850042')).toEqual({
      ok: true,
      valor: {
        tipo: 'rnc',
        numero: '101850042',
        advertencia: 'El dígito verificador del RNC no coincide; verifíquelo en el registro de la DGII',
      },
    });
    expect(validarIdentificacionFiscal('001-1391820-4')).toMatchObject({
      ok: true,
      valor: { advertencia: expect.stringContaining('de la cédula') },
    });
  });

  it('blocks a wrong length or letters', () => {
    for (const malo of ['12345678', '1234567890', 'A01850043', '']) {
      expect(validarIdentificacionFiscal(malo)).toEqual({
        ok: false,
        mensaje: 'El RNC debe tener 9 dígitos y la cédula 11 dígitos',
      });
    }
  });

  it('round-trips generated RNCs and cédulas, and catches any single wrong digit', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{8}$/), fc.integer({ min: 1, max: 9 }), (cuerpo, salto) => {
        const rnc = `${cuerpo}${digitoVerificadorRnc(cuerpo)}`;
        expect(validarIdentificacionFiscal(rnc)).toEqual({ ok: true, valor: { tipo: 'rnc', numero: rnc } });
        expect(validarIdentificacionFiscal(formatearIdentificacionFiscal(rnc))).toMatchObject({
          valor: { numero: rnc },
        });
        const cambiado = `${cuerpo}${(Number(rnc[8]) + salto) % 10}`;
        expect(validarIdentificacionFiscal(cambiado)).toMatchObject({
          valor: { advertencia: expect.any(String) },
        });
      }),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^\d{10}$/), fc.integer({ min: 1, max: 9 }), (cuerpo, salto) => {
        const cedula = `${cuerpo}${digitoVerificadorCedula(cuerpo)}`;
        expect(validarIdentificacionFiscal(cedula)).toEqual({
          ok: true,
          valor: { tipo: 'cedula', numero: cedula },
        });
        const cambiada = `${cedula.slice(0, 10)}${(Number(cedula[10]) + salto) % 10}`;
        expect(validarIdentificacionFiscal(cambiada)).toMatchObject({
          valor: { advertencia: expect.any(String) },
        });
      }),
    );
  });

  it('formats with dashes', () => {
    expect(formatearIdentificacionFiscal('101850043')).toBe('1-01-85004-3');
    expect(formatearIdentificacionFiscal('00113918205')).toBe('001-1391820-5');
    expect(formatearIdentificacionFiscal('123')).toBe('123');
  });
});
