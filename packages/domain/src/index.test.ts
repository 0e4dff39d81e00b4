import { describe, expect, it } from 'vitest';
import * as dominio from './index.ts';

describe('@pos/domain', () => {
  it('exports the public API from one entry point', () => {
    for (const nombre of [
      'aCentavos',
      'redondear',
      'formatearDinero',
      'calcularTotales',
      'precioSinImpuesto',
      'agregarProducto',
      'leerCodigoDeBarras',
      'transicionDeAnulacion',
      'rangoDeReporte',
      'analizarNcf',
      'validarIdentificacionFiscal',
      'calcularRetencion',
      'calcularConciliacion',
      'contarEfectivo',
      'abrirPestana',
    ]) {
      expect(typeof (dominio as Record<string, unknown>)[nombre]).toBe('function');
    }
    const total = dominio.calcularTotales([
      {
        cantidad: 3,
        precio: dominio.precioSinImpuesto(100, [dominio.OPCIONES_DE_IMPUESTO[0]]),
        impuestos: [dominio.OPCIONES_DE_IMPUESTO[0]],
      },
    ]).total;
    expect(dominio.formatearDinero(total).replace(/\s/g, ' ')).toBe('RD$300.00');
  });
});
