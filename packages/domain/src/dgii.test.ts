import { describe, expect, it } from 'vitest';
import { MOTIVOS_ANULACION_FACTURA } from './anulacion.ts';
import {
  archivo606,
  archivo607,
  archivo608,
  archivoDgii,
  COLUMNAS_DGII,
  FORMAS_DE_PAGO_606,
  fechaDgii,
  linea606,
  linea607,
  montoDgii,
  nombreDeArchivoDgii,
  periodoDeRango,
  periodoDgii,
  problemaDelRncDelInformante,
  problemasDelRegistro,
  type Registro606,
  type Registro607,
  TIPOS_DE_ANULACION,
  TIPOS_DE_BIENES_Y_SERVICIOS,
  TIPOS_DE_INGRESO,
  TIPOS_DE_RETENCION_ISR,
  tipoDeAnulacionDgii,
  tipoDeIdentificacionDgii,
} from './dgii.ts';
import type { Centavos } from './dinero.ts';

const c = (n: number) => n as Centavos;
const cero = c(0);

// fiscal-do.md §3.4: filer 101850043, March 2024.
const venta: Registro607 = {
  identificacion: '131246796',
  ncf: 'B0100000123',
  ncfModificado: '',
  tipoIngreso: '01',
  fechaComprobante: '2024-03-15',
  fechaRetencion: null,
  montoFacturado: c(1_000_000),
  itbisFacturado: c(180_000),
  itbisRetenido: cero,
  itbisPercibido: null,
  retencionRenta: cero,
  isrPercibido: null,
  isc: cero,
  otrosImpuestos: cero,
  propina: c(100_000),
  pagos: {
    efectivo: cero,
    chequeTransferencia: cero,
    tarjeta: c(1_280_000),
    credito: cero,
    bonos: cero,
    permuta: cero,
    otras: cero,
  },
};

const compra: Registro606 = {
  identificacion: '001-1391820-5',
  tipoBienesServicios: '02',
  ncf: 'B0100000456',
  ncfModificado: '',
  fechaComprobante: '2024-03-10',
  fechaPago: '2024-03-20',
  montoServicios: c(2_000_000),
  montoBienes: cero,
  itbisFacturado: c(360_000),
  itbisRetenido: c(360_000),
  itbisProporcionalidad: cero,
  itbisAlCosto: cero,
  itbisPercibido: null,
  tipoRetencionIsr: '02',
  montoRetencionIsr: c(200_000),
  isrPercibido: null,
  isc: cero,
  otrosImpuestos: cero,
  propina: cero,
  formaDePago: '02',
};

describe('golden files of fiscal-do.md §3.4', () => {
  it('607: a B01 by card with ITBIS and tip', () => {
    expect(archivo607('101850043', '2024-03', [venta])).toBe(
      '607|101850043|202403|1\r\n' +
        '131246796|1|B0100000123||01|20240315||10000.00|1800.00|0.00||0.00||0.00|0.00|1000.00|0.00|0.00|12800.00|0.00|0.00|0.00|0.00',
    );
  });

  it('606: a professional with 100 % ITBIS and 10 % ISR withheld, paid by transfer', () => {
    expect(archivo606('1-01-85004-3', '2024-03', [compra])).toBe(
      '606|101850043|202403|1\r\n' +
        '00113918205|2|02|B0100000456||20240310|20240320|20000.00|0.00|20000.00|3600.00|3600.00|0.00|0.00|3600.00||02|2000.00||0.00|0.00|0.00|02',
    );
  });

  it('608: a cancelled NCF with reason 03', () => {
    expect(
      archivo608('101850043', '2024-03', [
        { ncf: 'B0100000124', fechaComprobante: '2024-03-16', tipoAnulacion: '03' },
      ]),
    ).toBe('608|101850043|202403|1\r\nB0100000124|20240316|03');
  });

  it('every detail line has its 23 (606/607) or 3 (608) fields', () => {
    expect(linea607(venta).split('|').length).toBe(23);
    expect(linea606(compra).split('|').length).toBe(23);
    expect(COLUMNAS_DGII).toEqual({ '606': 23, '607': 23, '608': 3 });
  });
});

describe('TXT layout', () => {
  it('joins lines with CRLF and does not end with one; an empty month is the header alone', () => {
    const texto = archivoDgii('607', '101850043', '2024-03', ['a', 'b']);
    expect(texto).toBe('607|101850043|202403|2\r\na\r\nb');
    expect(archivoDgii('608', '101850043', '2024-12', [])).toBe('608|101850043|202412|0');
  });

  it('leaves columns 17–23 of the 607 empty for a note on a consumo invoice, without buyer', () => {
    const nota = linea607({
      ...venta,
      identificacion: '',
      ncf: 'B0400000001',
      ncfModificado: 'B0200000009',
      pagos: null,
      fechaRetencion: '2024-03-20',
    });
    expect(nota).toBe(
      '||B0400000001|B0200000009|01|20240315|20240320|10000.00|1800.00|0.00||0.00||0.00|0.00|1000.00|||||||',
    );
    expect(nota.split('|').length).toBe(23);
  });

  it('writes perceptions when given, ITBIS por adelantar = facturado − al costo, goods and services total', () => {
    const linea = linea606({
      ...compra,
      montoBienes: c(550),
      itbisAlCosto: c(60_000),
      itbisPercibido: c(1),
      isrPercibido: c(2),
      fechaPago: null,
    });
    const campos = linea.split('|');
    expect(campos[6]).toBe('');
    expect(campos[9]).toBe('20005.50');
    expect(campos[14]).toBe('3000.00');
    expect(campos[15]).toBe('0.01');
    expect(campos[18]).toBe('0.02');
  });

  it('amounts: dot, 2 decimals, no thousands separator, absolute value', () => {
    expect(montoDgii(c(123_456_789))).toBe('1234567.89');
    expect(montoDgii(c(5))).toBe('0.05');
    expect(montoDgii(c(-1050))).toBe('10.50');
  });

  it('dates, periods and the file name', () => {
    expect(fechaDgii('2024-03-05')).toBe('20240305');
    expect(fechaDgii(null)).toBe('');
    expect(fechaDgii('')).toBe('');
    expect(() => fechaDgii('05/03/2024')).toThrow(RangeError);
    expect(periodoDgii('2024-12')).toBe('202412');
    expect(() => periodoDgii('2024-13')).toThrow(RangeError);
    expect(nombreDeArchivoDgii('606', '1-01-85004-3', '2024-03')).toBe('DGII_F_606_101850043_202403.TXT');
    expect(periodoDeRango('2024-03-01', '2024-03-31')).toBe('2024-03');
    expect(periodoDeRango('2024-03-01', '2024-04-01')).toBeUndefined();
  });

  it('ID type: 1 RNC (9 digits), 2 cédula (11), empty otherwise', () => {
    expect(tipoDeIdentificacionDgii('1-01-85004-3')).toBe('1');
    expect(tipoDeIdentificacionDgii('001-1391820-5')).toBe('2');
    expect(tipoDeIdentificacionDgii('')).toBe('');
    expect(tipoDeIdentificacionDgii('12345')).toBe('');
  });
});

describe('DGII tables as data', () => {
  it('keeps the codes of fiscal-do.md §3', () => {
    for (const tabla of [
      TIPOS_DE_BIENES_Y_SERVICIOS,
      FORMAS_DE_PAGO_606,
      TIPOS_DE_RETENCION_ISR,
      TIPOS_DE_INGRESO,
    ]) {
      expect(tabla.map((t) => t.codigo)).toEqual(tabla.map((_, i) => String(i + 1).padStart(2, '0')));
    }
    expect(TIPOS_DE_BIENES_Y_SERVICIOS).toHaveLength(11);
    expect(FORMAS_DE_PAGO_606.find((f) => f.codigo === '07')?.nombre).toBe('Mixto');
    expect(TIPOS_DE_ANULACION.find((t) => t.codigo === '04')?.nombre).toBe('Corrección de la información');
  });

  it('maps every invoice cancellation reason (spec 001 §5) to the same 608 code', () => {
    for (const { codigo, motivo } of MOTIVOS_ANULACION_FACTURA) {
      const esperado = String(codigo).padStart(2, '0');
      expect(tipoDeAnulacionDgii(String(codigo))).toBe(esperado);
      expect(tipoDeAnulacionDgii(motivo)).toBe(esperado);
      expect(TIPOS_DE_ANULACION.find((t) => t.codigo === esperado)).toBeDefined();
    }
    expect(tipoDeAnulacionDgii(' 03 ')).toBe('03');
  });

  it('free text or an unknown code is 04 Corrección de la información', () => {
    expect(tipoDeAnulacionDgii('El cliente se equivocó')).toBe('04');
    expect(tipoDeAnulacionDgii('11')).toBe('04');
    expect(tipoDeAnulacionDgii('')).toBe('04');
  });
});

describe('record validation', () => {
  const base = {
    documento: 'factura' as const,
    ncf: 'B0100000123',
    identificacion: '131246796',
    fechaComprobante: '2024-03-15',
    periodo: '2024-03',
    requiereIdentificacion: true,
  };

  it('accepts a good record (B and E series)', () => {
    expect(problemasDelRegistro(base)).toEqual([]);
    expect(problemasDelRegistro({ ...base, ncf: 'E310000000005', identificacion: '00113918205' })).toEqual(
      [],
    );
    expect(
      problemasDelRegistro({
        ...base,
        documento: 'gastoMenor',
        ncf: 'B1300000001',
        identificacion: '',
        requiereIdentificacion: false,
      }),
    ).toEqual([]);
  });

  it('refuses a bad NCF, a missing NCF, and a type that the document cannot carry', () => {
    expect(problemasDelRegistro({ ...base, ncf: 'B99' })[0]).toMatch(/^NCF B99: El NCF debe tener/);
    expect(problemasDelRegistro({ ...base, ncf: '' })).toEqual(['El documento no tiene NCF']);
    expect(problemasDelRegistro({ ...base, documento: 'notaDeCredito' })).toEqual([
      'El NCF B0100000123 (Factura de Crédito Fiscal) no corresponde a este tipo de documento',
    ]);
    expect(problemasDelRegistro({ ...base, documento: 'compra', ncf: 'E340000000001' })).toHaveLength(1);
  });

  it('refuses a missing, short or bad-check-digit RNC/cédula', () => {
    expect(problemasDelRegistro({ ...base, identificacion: '' })).toEqual([
      'Falta el RNC o la cédula de la contraparte',
    ]);
    expect(problemasDelRegistro({ ...base, identificacion: '1234' })).toEqual([
      'El RNC debe tener 9 dígitos y la cédula 11 dígitos',
    ]);
    expect(problemasDelRegistro({ ...base, identificacion: '101850042' })).toEqual([
      '101850042: El dígito verificador del RNC no coincide; verifíquelo en el registro de la DGII',
    ]);
    // fiscal-do.md §2.3: DGII issued some numbers with a bad digit; its registry has them.
    expect(problemasDelRegistro({ ...base, identificacion: '101581601', enElRegistroDgii: true })).toEqual(
      [],
    );
    expect(problemasDelRegistro({ ...base, identificacion: '101581601' })).toHaveLength(1);
  });

  it('refuses a date outside the period', () => {
    expect(problemasDelRegistro({ ...base, fechaComprobante: '2024-04-01' })).toEqual([
      'La fecha 2024-04-01 está fuera del período 2024-03',
    ]);
  });

  it("checks the filer's RNC", () => {
    expect(problemaDelRncDelInformante('101850043')).toBeUndefined();
    expect(problemaDelRncDelInformante('101850042')).toMatch(/dígito verificador/);
    expect(problemaDelRncDelInformante('00113918205')).toMatch(/9 dígitos/);
    expect(problemaDelRncDelInformante('')).toMatch(/9 dígitos/);
  });
});
