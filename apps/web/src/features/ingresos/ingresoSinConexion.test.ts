import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { facturaDePrueba, idDe } from '../facturas/datosDePrueba.ts';
import { BaseLocal } from '../offline/baseLocal.ts';
import { contarPendientes, sincronizarPendientes } from '../offline/cola.ts';
import { guardarCuentasPorCobrar } from '../offline/preparacion.ts';
import {
  descartarIngresoSinConexion,
  guardarIngresoSinConexion,
  pendientesLocales,
} from './ingresoSinConexion.ts';

const CLIENTE = idDe(500);

let base: BaseLocal;
let numero = 300;
beforeEach(async () => {
  base = new BaseLocal(numero++);
  // The receivables downloaded when offline mode was prepared.
  await base.cuentasPorCobrar.bulkPut([
    facturaDePrueba({
      _id: idDe(1),
      idCliente: CLIENTE,
      fechaEmision: '2026-11-10',
      numeroFactura: 7,
      pendiente: 300,
      cobrado: 190,
    }),
    facturaDePrueba({
      _id: idDe(2),
      idCliente: CLIENTE,
      fechaEmision: '2026-11-02',
      numeroFactura: 3,
      pendiente: 120.5,
      cobrado: 0,
    }),
    facturaDePrueba({ _id: idDe(3), idCliente: CLIENTE, fechaEmision: '2026-11-01', pendiente: 0 }),
    facturaDePrueba({ _id: idDe(4), idCliente: idDe(501), fechaEmision: '2026-11-01', pendiente: 80 }),
  ]);
});
afterEach(async () => {
  await base.delete();
});

describe('recibos de ingreso sin conexión', () => {
  it('ofrece las facturas del cliente que deben, de la más antigua a la más nueva', async () => {
    expect((await pendientesLocales(base, CLIENTE)).map((f) => f._id)).toEqual([idDe(2), idDe(1)]);
  });

  it('guarda el cuerpo del recibo en la cola y baja lo que deben las facturas, para no cobrarlas dos veces', async () => {
    const cuerpo = {
      identificadorUnico: 'ingreso-sin-conexion-1',
      idCliente: CLIENTE,
      formaDePago: 'Efectivo' as const,
      res: [
        { idFactura: idDe(1), importe: 100.1 },
        { idFactura: idDe(2), importe: 120.5 },
      ],
      desdeElpos: { desdePos: true },
    };
    await guardarIngresoSinConexion(base, cuerpo, new Date('2026-11-23T14:00:00Z'));
    expect(await base.pagosDeFacturas.get('ingreso-sin-conexion-1')).toMatchObject({
      cuerpo,
      estado: 'Activo',
      creadoEn: '2026-11-23T14:00:00.000Z',
    });
    expect(await base.cuentasPorCobrar.get(idDe(1))).toMatchObject({ pendiente: 199.9, cobrado: 290.1 });
    expect((await pendientesLocales(base, CLIENTE)).map((f) => f._id)).toEqual([idDe(1)]);
    expect((await contarPendientes(base)).totalPagosFacturaOffline).toBe(1);

    // The sync sends it with the incomes and removes it once the server has it.
    const enviados: unknown[][] = [];
    await sincronizarPendientes(base, async (tipo, cuerpos) => {
      enviados.push([tipo, cuerpos]);
      return { creados: tipo === 'ingresos' ? ['ingreso-sin-conexion-1'] : [], rechazados: [] };
    });
    expect(enviados).toEqual([['ingresos', [cuerpo]]]);
    expect(await base.pagosDeFacturas.count()).toBe(0);
  });

  it('al descargar de nuevo las cuentas el recibo en cola vuelve a descontar; descartarlo devuelve el saldo', async () => {
    const original = await base.cuentasPorCobrar.get(idDe(1));
    await guardarIngresoSinConexion(base, {
      identificadorUnico: 'ingreso-sin-conexion-2',
      idCliente: CLIENTE,
      formaDePago: 'Efectivo',
      res: [{ idFactura: idDe(1), importe: 50.25 }],
      desdeElpos: { desdePos: true },
    });
    // A credit sale made here and still queued, already collected in part by a queued receipt.
    const vendidaAqui = facturaDePrueba({
      _id: 'venta-sin-conexion-1',
      identificadorUnico: 'venta-sin-conexion-1',
      idCliente: CLIENTE,
      pendiente: 500,
      cobrado: 0,
    });
    await base.cuentasPorCobrar.put(vendidaAqui);
    await base.facturasPendientes.put({
      identificadorUnico: 'venta-sin-conexion-1',
      cuerpo: [],
      creadoEn: '2026-11-23T13:00:00Z',
      estado: 'Activo',
    });
    await guardarIngresoSinConexion(base, {
      identificadorUnico: 'ingreso-sin-conexion-3',
      idCliente: CLIENTE,
      formaDePago: 'Efectivo',
      res: [{ idFactura: 'venta-sin-conexion-1', importe: 200 }],
      desdeElpos: { desdePos: true },
    });
    // «Actualizar datos»: the server's balances (which know neither the queued receipts nor the queued
    // sale) replace the copy.
    await guardarCuentasPorCobrar(base, [original as NonNullable<typeof original>]);
    expect(await base.cuentasPorCobrar.get(idDe(1))).toMatchObject({ pendiente: 249.75, cobrado: 240.25 });
    // The queued sale stays, lowered once by its receipt, not twice.
    expect(await base.cuentasPorCobrar.get('venta-sin-conexion-1')).toMatchObject({
      pendiente: 300,
      cobrado: 200,
    });
    // The cashier discards it from the pending panel: the invoice owes again, and it leaves the queue.
    await descartarIngresoSinConexion(base, 'ingreso-sin-conexion-2');
    expect(await base.cuentasPorCobrar.get(idDe(1))).toMatchObject({ pendiente: 300, cobrado: 190 });
    expect(await base.pagosDeFacturas.get('ingreso-sin-conexion-2')).toBeUndefined();
  });
});
