import type { DetalleIngreso } from '@pos/contract';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EMPRESA_DE_PRUEBA } from '../facturas/datosDePrueba.ts';
import { ReciboDeIngresoEnRollo } from './ReciboDeIngresoEnRollo.tsx';

const CUENTA = {
  idCuenta: 'c1',
  nombre: 'Caja general',
  codigoDeCuenta: '1.1.01',
  tipo: 'activo',
  naturaleza: 'deudora',
} as const;

function detalle(cambios: Partial<DetalleIngreso['ingresoReferenciadoGral']> = {}): DetalleIngreso {
  const linea = (n: number, debia: number, importe: number) => ({
    _id: `l${n}`,
    idIngresosRef: 'r1',
    idFactura: `f${n}`,
    comprobanteFactura: `B01000000${n}`,
    numeroFactura: n,
    total: 1000,
    balancePendiente: debia,
    cobrado: 1000 - debia,
    montoNotaDeCreditoRef: 0,
    rncCliente: '131000001',
    cuentaContableCredito: null,
    importe,
    creditoAFavor: 0,
    nota: n === 2 ? 'Abono acordado' : '',
  });
  return {
    res: [linea(1, 490, 490), linea(2, 1000.5, 200.25)],
    ingresoReferenciadoGral: {
      _id: 'r1',
      identificadorUnico: 'u1',
      idNumeracion: 'n1',
      numeracionNombre: 'Recibos de ingreso',
      numero: 12,
      comprobante: 'REC00000012',
      tipoDeIngreso: true,
      idCliente: 'c9',
      nombreCliente: 'Comercial Rodríguez SRL',
      fechaDeEmision: '2026-11-20',
      formaDePago: 'Efectivo',
      cuentaContableDebito: CUENTA,
      cuentaPorCobrar: null,
      idCentroDeCosto: null,
      centroDeCosto: '',
      desdeElpos: { desdePos: true, idTerminalRef: null, idUsuarioDelTurno: null },
      idTurnoRef: null,
      total: 690.25,
      detalles: '',
      generarCreditoAfavor: false,
      creditoAFavor: 0,
      estado: 'Activo',
      autorizacion: null,
      notaAnular: '',
      notaAutorizacion: '',
      idUsuarioCreador: 'u',
      creadoPor: 'maria',
      creadoEn: '2026-11-20T14:00:00.000Z',
      ...cambios,
    },
  };
}

function fila(recibo: HTMLElement, etiqueta: string): string {
  return (
    within(recibo).getByText(etiqueta, { selector: '.recibo-fila > span' }).parentElement?.textContent ?? ''
  );
}

describe('ReciboDeIngresoEnRollo', () => {
  afterEach(cleanup);

  it('prints the company, the number, each invoice with what it owed and what is left, and the total', () => {
    render(<ReciboDeIngresoEnRollo detalle={detalle()} empresa={EMPRESA_DE_PRUEBA} formato="58mm" />);
    const recibo = screen.getByRole('article', { name: 'Recibo de ingreso' });
    expect(recibo).toHaveClass('recibo-58mm');
    expect(recibo).toHaveTextContent('Colmado La Esquina');
    expect(recibo).toHaveTextContent('RNC: 101234567');
    expect(recibo).toHaveTextContent('REC00000012');
    expect(fila(recibo, 'Fecha')).toBe('Fecha20/11/2026');
    expect(fila(recibo, 'Forma de pago')).toBe('Forma de pagoEfectivo');
    expect(recibo).toHaveTextContent('Recibido de: Comercial Rodríguez SRL');
    const [primera, segunda] = recibo.querySelectorAll('.recibo-linea');
    expect(primera).toHaveTextContent('Factura B010000001AbonoRD$490.00Debía RD$490.00 · queda RD$0.00');
    expect(segunda).toHaveTextContent(
      'Factura B010000002AbonoRD$200.25Debía RD$1,000.50 · queda RD$800.25Abono acordado',
    );
    expect(fila(recibo, 'TOTAL RECIBIDO')).toMatch(/RD\$690\.25$/);
    expect(recibo).toHaveTextContent('Le atendió: maria');
    expect(recibo).not.toHaveTextContent('ANULADO');
  });

  it('marks a cancelled receipt and prints the account of a receipt to accounts', () => {
    const aCuentas = detalle({ estado: 'Anulado', notaAnular: 'Cobro duplicado', tipoDeIngreso: false });
    aCuentas.res = [
      { ...aCuentas.res[0], cuentaContableCredito: { ...CUENTA, nombre: 'Intereses ganados' }, importe: 75 },
    ] as DetalleIngreso['res'];
    render(<ReciboDeIngresoEnRollo detalle={aCuentas} empresa={undefined} formato="80mm" />);
    const recibo = screen.getByRole('article', { name: 'Recibo de ingreso' });
    expect(within(recibo).getAllByText('ANULADO')).toHaveLength(2);
    expect(recibo).toHaveTextContent('Anulado: Cobro duplicado');
    expect(recibo.querySelector('.recibo-linea')).toHaveTextContent('Intereses ganadosImporteRD$75.00');
    expect(recibo).not.toHaveTextContent('Debía');
    expect(recibo).not.toHaveTextContent('Colmado La Esquina');
  });
});
