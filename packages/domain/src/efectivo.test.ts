import { describe, expect, it } from 'vitest';
import { aCentavos, type Centavos } from './dinero.ts';
import {
  calcularTotalesDelTurno,
  contarEfectivo,
  cuentaDelTerminalParaMetodo,
  DENOMINACIONES,
  desgloseVacio,
  diferenciaDeCaja,
  METODOS_DE_PAGO,
} from './efectivo.ts';

describe('contarEfectivo', () => {
  it('lists the denominations from 2000 down to 0.25', () => {
    expect(DENOMINACIONES).toEqual([2000, 1000, 500, 200, 100, 50, 25, 20, 10, 5, 1, 0.5, 0.25]);
    expect(desgloseVacio()).toHaveLength(13);
    expect(contarEfectivo(desgloseVacio())).toEqual({ ok: true, valor: 0 });
  });

  it('adds denomination × quantity exactly', () => {
    expect(
      contarEfectivo([
        { monto: 2000, cantidad: 2 },
        { monto: 0.25, cantidad: 3 },
        { monto: 0.5, cantidad: 1 },
      ]),
    ).toEqual({ ok: true, valor: aCentavos(4001.25) });
  });

  it('refuses unknown denominations and bad quantities', () => {
    expect(contarEfectivo([{ monto: 3, cantidad: 1 }])).toEqual({
      ok: false,
      mensaje: 'La denominación 3 no existe',
    });
    expect(contarEfectivo([{ monto: 100, cantidad: -1 }])).toEqual({
      ok: false,
      mensaje: 'La cantidad de 100 debe ser un número entero no negativo',
    });
    expect(contarEfectivo([{ monto: 100, cantidad: 1.5 }]).ok).toBe(false);
  });
});

describe('turno', () => {
  it('computes total sales and the cash expected in the drawer', () => {
    const c = (pesos: number) => aCentavos(pesos);
    const totales = calcularTotalesDelTurno({
      montoDeInicio: c(1000),
      efectivo: c(5000),
      tarjetaCredito: c(2000),
      tarjetaDebito: c(1000),
      transferencia: c(500),
      cheque: c(250),
      ingresoDeEfectivo: c(300),
      retiroDeEfectivo: c(1500),
      devolucionesDeEfectivo: c(100),
    });
    expect(totales).toEqual({ totalGral: c(8750), totalEnCaja: c(4700) });
    expect(diferenciaDeCaja(c(4650), totales.totalEnCaja)).toBe(c(-50));
    expect(diferenciaDeCaja(c(4700), 470000 as Centavos)).toBe(0);
  });

  it('maps payment methods to terminal accounts', () => {
    expect(METODOS_DE_PAGO).toContain('Efectivo');
    expect(cuentaDelTerminalParaMetodo('Tarjeta')).toBe('cuentaDeTarjetaDeCredito');
    expect(cuentaDelTerminalParaMetodo('Tarjeta-Debito')).toBe('cuentaDeTarjetaDeDebitos');
    expect(cuentaDelTerminalParaMetodo('Transferencia')).toBe('cuentaDeTransferencias');
    expect(cuentaDelTerminalParaMetodo('Efectivo')).toBe('cajaDefectvoIdRef');
    expect(cuentaDelTerminalParaMetodo('Cheque')).toBe('cajaDefectvoIdRef');
    expect(cuentaDelTerminalParaMetodo('toString')).toBe('cajaDefectvoIdRef');
  });
});
