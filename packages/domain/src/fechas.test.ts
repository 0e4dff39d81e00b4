import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agregarMediodia,
  fechaYHoraEnSantoDomingo,
  formatearFecha,
  formatearFechaHora,
  hoyEnSantoDomingo,
  type PresetDeReporte,
  rangoDeFechas,
  rangoDeReporte,
} from './fechas.ts';

// Run every test with the machine on the other side of the world (UTC+14), to show that no
// rule depends on the machine's time zone. The domain does not compile against Node's types.
const entorno = (globalThis as unknown as { process: { env: Record<string, string | undefined> } }).process
  .env;
const zonaOriginal = entorno.TZ;
beforeAll(() => {
  entorno.TZ = 'Pacific/Kiritimati';
});
afterAll(() => {
  entorno.TZ = zonaOriginal;
});

const espacios = (texto: string) => texto.replace(/\s/g, ' ');
const dia = (fecha: string) => rangoDeFechas(fecha, fecha);

describe('hoyEnSantoDomingo', () => {
  it('es la fecha de Santo Domingo: a las 02:30 UTC todavía es el día anterior', () => {
    expect(hoyEnSantoDomingo(new Date('2024-03-15T02:30:00Z'))).toBe('2024-03-14');
    expect(hoyEnSantoDomingo()).toBe(fechaYHoraEnSantoDomingo(new Date()).fecha);
  });
});

describe('fechaYHoraEnSantoDomingo', () => {
  it('reads the date and time in Santo Domingo, whatever the machine zone', () => {
    expect(new Date(2024, 0, 1).getTimezoneOffset()).toBe(-840);
    expect(fechaYHoraEnSantoDomingo(new Date('2024-03-15T02:30:00Z'))).toEqual({
      fecha: '2024-03-14',
      hora: '22:30:00',
    });
    expect(fechaYHoraEnSantoDomingo(new Date('2024-03-15T04:00:00Z'))).toEqual({
      fecha: '2024-03-15',
      hora: '00:00:00',
    });
  });
});

describe('rangoDeReporte', () => {
  // Thursday 14 March 2024, 22:30 in Santo Domingo (already Friday in UTC and in Kiritimati).
  const jueves = new Date('2024-03-15T02:30:00Z');

  it('gives each preset from 00:00:00 to 23:59:59 in Santo Domingo', () => {
    const esperados: Record<PresetDeReporte, [string, string]> = {
      0: ['2024-03-13', '2024-03-13'],
      1: ['2024-03-14', '2024-03-14'],
      2: ['2024-03-11', '2024-03-17'],
      3: ['2024-03-04', '2024-03-10'],
      4: ['2024-03-01', '2024-03-31'],
      5: ['2024-02-01', '2024-02-29'],
      6: ['2024-01-01', '2024-12-31'],
      7: ['2023-01-01', '2023-12-31'],
    };
    for (const [preset, [desde, hasta]] of Object.entries(esperados)) {
      expect(rangoDeReporte(Number(preset) as PresetDeReporte, jueves)).toEqual({
        fechaInicial: `${desde}T00:00:00.000-04:00`,
        fechaFinal: `${hasta}T23:59:59.999-04:00`,
      });
    }
  });

  it('runs weeks Monday to Sunday, also on a Sunday', () => {
    const domingo = new Date('2024-03-17T15:00:00Z');
    expect(rangoDeReporte(2, domingo)).toEqual(rangoDeFechas('2024-03-11', '2024-03-17'));
    const lunes = new Date('2024-03-18T15:00:00Z');
    expect(rangoDeReporte(3, lunes)).toEqual(rangoDeFechas('2024-03-11', '2024-03-17'));
  });

  it('crosses year boundaries', () => {
    const enero = new Date('2024-01-01T10:00:00Z');
    expect(rangoDeReporte(0, enero)).toEqual(dia('2023-12-31'));
    expect(rangoDeReporte(5, enero)).toEqual(rangoDeFechas('2023-12-01', '2023-12-31'));
  });
});

describe('fechas de documentos', () => {
  it("appends 'T12:00:00' to date-only values", () => {
    expect(agregarMediodia('2024-03-15')).toBe('2024-03-15T12:00:00');
    expect(agregarMediodia('2024-03-15T08:00:00')).toBe('2024-03-15T08:00:00');
  });

  it('formats es-DO in Santo Domingo', () => {
    expect(formatearFecha('2024-03-15')).toBe('15/03/2024');
    expect(formatearFecha(new Date('2024-03-15T02:30:00Z'))).toBe('14/03/2024');
    expect(formatearFecha('2024-03-15T02:30:00Z')).toBe('14/03/2024');
    expect(espacios(formatearFechaHora(new Date('2024-03-15T18:30:00Z')))).toBe('15/03/2024, 02:30 p. m.');
  });
});
