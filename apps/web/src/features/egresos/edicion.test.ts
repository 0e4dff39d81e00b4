import { describe, expect, it } from 'vitest';
import { compraPendienteDePrueba, egresoDePrueba, lineaDeEgresoDePrueba } from './datosDePrueba.ts';
import { filasDeEdicion, lineasDeEdicion, montosDe } from './edicion.ts';

// Spec 001 §7 "PUT /recibos-egresos/update/": a payment of purchases being edited.
const A = compraPendienteDePrueba({ _id: 'a', comprobante: 'CMP1', ncf: 'B0100000001', pendiente: 600 });
const B = compraPendienteDePrueba({ _id: 'b', comprobante: 'CMP2', ncf: 'CMP2', pendiente: 1_000 });
const DETALLE = {
  res: [
    lineaDeEgresoDePrueba({
      _id: 'l1',
      idCompra: 'a',
      comprobanteCompra: 'CMP1',
      ncfCompra: 'B0100000001',
      importe: 400,
      nota: 'Abono',
    }),
  ],
  egresoReferenciadoGral: egresoDePrueba({ tipoDeEgreso: true }),
};

describe('edición de un pago de compras', () => {
  it('su compra puede volver a tomar lo que el pago le aplica; después las demás pendientes', () => {
    const filas = filasDeEdicion(DETALLE, [A, B]);
    expect(filas.map((f) => [f.idCompra, f.pendiente, f.idLinea, f.ncf])).toEqual([
      ['a', 1_000, 'l1', 'B0100000001'],
      // Our own number as NCF is not repeated.
      ['b', 1_000, null, ''],
    ]);
    expect(montosDe(DETALLE)).toEqual({ a: 400 });
  });

  it('cambia la línea en su lugar, agrega la nueva y quita la que quedó en cero', () => {
    const filas = filasDeEdicion(DETALLE, [A, B]);
    expect(lineasDeEdicion(DETALLE, filas, { a: 900, b: 100 })).toEqual({
      update: [
        { _id: 'l1', nota: 'Abono', idCompra: 'a', importe: 900 },
        { idCompra: 'b', importe: 100 },
      ],
      eliminar: [],
    });
    expect(lineasDeEdicion(DETALLE, filas, { a: null, b: 100 })).toEqual({
      update: [{ idCompra: 'b', importe: 100 }],
      eliminar: ['l1'],
    });
  });
});
