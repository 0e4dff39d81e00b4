import 'fake-indexeddb/auto';
import { CrearFactura } from '@pos/contract';
import { aPesos } from '@pos/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pendientesLocales } from '../ingresos/ingresoSinConexion.ts';
import { agregarAlBorrador, type Borrador, borradorNuevo, totalesDelBorrador } from '../pos/borrador.ts';
import { ID_ALMACEN, ID_TERMINAL, ID_TURNO, ID_USUARIO, productoAgregado } from '../pos/datosDePrueba.ts';
import { BaseLocal } from './baseLocal.ts';
import { anularPendiente, contarPendientes } from './cola.ts';
import { buscarClientesLocales, guardarContactoSinConexion } from './contactosLocales.ts';
import {
  detalleSinConexion,
  facturaEnElTurno,
  guardarFacturaSinConexion,
  NUMERO_PENDIENTE,
} from './facturaSinConexion.ts';

const CONTEXTO = {
  idTurno: ID_TURNO,
  idTerminal: ID_TERMINAL,
  idUsuarioDelTurno: ID_USUARIO,
  idAlmacen: ID_ALMACEN,
};

function venta(): Borrador {
  let borrador = borradorNuevo(1, '11111111-1111-4111-8111-111111111111');
  for (const [i, p] of [
    productoAgregado({ cantidad: 3 }),
    productoAgregado({
      _id: '22222222-2222-4222-8222-222222222222',
      precioDeVenta: 60,
      precioSinImpuestoSinRedondeo: '50.847457627119',
    }),
  ].entries()) {
    borrador = agregarAlBorrador(borrador, p, `linea-${i}`).borrador;
  }
  return { ...borrador, pago: { metodo: 'Efectivo', montos: { Efectivo: 1000 }, numeroDeAprobacion: '' } };
}

let base: BaseLocal;
let numero = 100;
beforeEach(() => {
  base = new BaseLocal(numero++);
});
afterEach(async () => {
  await base.delete();
});

describe('factura sin conexión', () => {
  it('el recibo lleva los totales del dominio, el cambio y PENDIENTE como número', () => {
    const borrador = venta();
    const totales = totalesDelBorrador(borrador);
    const detalle = detalleSinConexion(borrador, CONTEXTO, {
      creadaPor: 'cajera',
      ahora: new Date('2026-11-22T23:30:00Z'),
    });
    const factura = detalle.FacturaDb;
    expect(factura.comprobante).toBe(NUMERO_PENDIENTE);
    expect(factura.numeroFactura).toBeNull();
    expect(factura.total).toBe(aPesos(totales.total));
    expect(factura.total).toBe(3 * 245 + 60);
    expect(factura.impuestos).toBe(aPesos(totales.impuestos));
    expect(factura.cambioDeDinero).toBe(1000 - 795);
    expect(factura.estadoDelCobro).toBe('Cobrada');
    // Santo Domingo is UTC−4: 23:30 UTC is 19:30 the same day.
    expect(factura.fechaEmision).toBe('2026-11-22');
    expect(factura.hora).toBe('19:30:00');
    expect(detalle.linea_facturasRef.map((l) => l.total)).toEqual([735, 60]);
    expect(detalle.linea_facturasRef.reduce((s, l) => s + l.total, 0)).toBe(factura.total);
    expect(detalle.listaPagosIngreso.map((p) => [p.metodo, p.monto])).toEqual([['Efectivo', 795]]);
  });

  it('en Mixto la tarjeta va como se escribió y el efectivo cubre el resto; el cambio sale del efectivo', () => {
    const borrador: Borrador = {
      ...venta(),
      pago: { metodo: 'Mixto', montos: { Tarjeta: 300, Efectivo: 600 }, numeroDeAprobacion: 'AP-1' },
    };
    const detalle = detalleSinConexion(borrador, CONTEXTO, { creadaPor: 'cajera' });
    expect(detalle.FacturaDb.cambioDeDinero).toBe(105);
    expect(detalle.listaPagosIngreso.map((p) => [p.metodo, p.monto, p.numeroDeAprobacion])).toEqual([
      ['Efectivo', 495, ''],
      ['Tarjeta', 300, 'AP-1'],
    ]);
  });

  it('se guarda con el cuerpo de /factura/crear y el identificador del borrador; con el cliente nuevo dentro', async () => {
    const cliente = await guardarContactoSinConexion(base, {
      nombre: 'Colmado El Sol',
      tipoDeIdentificacion: '',
      rnc: '',
      telefono: '809-555-0000',
    });
    const borrador = { ...venta(), cliente: cliente.cliente };
    const contacto = await base.contactosPendientes.get(cliente.cliente._id);
    const guardada = await guardarFacturaSinConexion(
      base,
      borrador,
      CONTEXTO,
      contacto?.cuerpo as Parameters<typeof guardarFacturaSinConexion>[3],
    );
    expect(guardada.identificadorUnico).toBe(borrador.identificadorUnico);
    const [cabecera, lineas] = guardada.cuerpo as [Record<string, unknown>, unknown[]];
    expect(cabecera.idCliente).toBeNull();
    expect(cabecera.contactoPendiente).toMatchObject({
      nombre: 'Colmado El Sol',
      identificadorUnico: cliente.cliente._id,
    });
    expect(cabecera.idTurnoRef).toBe(ID_TURNO);
    expect(lineas).toHaveLength(2);
    expect(await contarPendientes(base)).toMatchObject({
      totalFacturasPendientesOffline: 1,
      totalContatosOffline: 1,
    });
  });

  it('una venta a crédito sin conexión entra en las cuentas por cobrar del equipo; anularla la saca', async () => {
    const cliente = {
      _id: '66666666-6666-4666-8666-666666666666',
      nombre: 'Ferretería Peña',
      rnc: '101000001',
      socio: false,
      idListaDePrecio: null,
      limiteCredito: 50_000,
    };
    const borrador: Borrador = {
      ...venta(),
      cliente,
      pago: { metodo: 'Efectivo', montos: { Efectivo: 100 }, numeroDeAprobacion: '' },
    };
    const detalle = detalleSinConexion(borrador, CONTEXTO, { creadaPor: 'maria' });
    expect(detalle.FacturaDb.pendiente).toBeGreaterThan(0);
    await guardarFacturaSinConexion(base, borrador, CONTEXTO, null, detalle.FacturaDb);
    const locales = await pendientesLocales(base, cliente._id);
    expect(locales.map((f) => [f._id, f.comprobante, f.pendiente])).toEqual([
      [borrador.identificadorUnico, NUMERO_PENDIENTE, detalle.FacturaDb.pendiente],
    ]);
    // Sold for cash, nothing is owed: it does not join them.
    const contado = { ...venta(), identificadorUnico: '77777777-7777-4777-8777-777777777777', cliente };
    await guardarFacturaSinConexion(
      base,
      contado,
      CONTEXTO,
      null,
      detalleSinConexion(contado, CONTEXTO, { creadaPor: 'maria' }).FacturaDb,
    );
    expect(await base.cuentasPorCobrar.count()).toBe(1);
    // Voided on this device before it synced: it owes nothing any more.
    await anularPendiente(base, 'facturas', borrador.identificadorUnico);
    expect(await pendientesLocales(base, cliente._id)).toEqual([]);
    expect(await base.facturasPendientes.get(borrador.identificadorUnico)).toMatchObject({
      estado: 'Por-Anular',
    });
  });

  it('«Pasar a mi turno» lleva la factura al turno abierto tal como el servidor lo lee', async () => {
    const guardada = await guardarFacturaSinConexion(base, venta(), CONTEXTO, null);
    const turno = {
      _id: '33333333-3333-4333-8333-333333333333',
      idUserRef: '44444444-4444-4444-8444-444444444444',
      idTerminalRef: '55555555-5555-4555-8555-555555555555',
    };
    const movida = CrearFactura.parse(facturaEnElTurno(guardada.cuerpo, turno));
    const original = CrearFactura.parse(guardada.cuerpo);
    expect(movida.desdeElpos).toMatchObject({
      desdePos: true,
      idUsuarioDelTurno: turno.idUserRef,
      idTerminalRef: turno.idTerminalRef,
    });
    expect(movida.idTerminal).toBe(turno.idTerminalRef);
    // Nothing else changes: the same sale, lines, payment and total.
    expect(movida.factura.identificadorUnico).toBe(original.factura.identificadorUnico);
    expect(movida.lineas).toEqual(original.lineas);
    expect(movida.total).toEqual(original.total);
    expect(original.desdeElpos.idUsuarioDelTurno).toBe(ID_USUARIO);
  });
});

describe('contactos sin conexión', () => {
  it('un contacto inválido no se guarda y da el mensaje del contrato', async () => {
    await expect(
      guardarContactoSinConexion(base, { nombre: '', tipoDeIdentificacion: '', rnc: '', telefono: '' }),
    ).rejects.toThrow('Debes poner el nombre del cliente');
    await expect(
      guardarContactoSinConexion(base, {
        nombre: 'Juan',
        tipoDeIdentificacion: 'Cédula',
        rnc: '123',
        telefono: '',
      }),
    ).rejects.toThrow();
    expect(await base.contactosPendientes.count()).toBe(0);
  });

  it('busca sin acentos entre los descargados y los creados sin conexión, estos primero', async () => {
    await base.contactos.bulkPut([
      {
        _id: 'c1',
        identificadorUnico: 'c1',
        nombre: 'José',
        apellidos: 'Peña',
        rnc: '',
        telefono: '809',
        socio: true,
        estado: 'Activo',
        tipoDeContacto: 'cliente',
        idListaDePrecio: null,
        limiteCredito: 0,
      } as never,
      {
        _id: 'c2',
        nombre: 'Proveedor Pena',
        apellidos: '',
        rnc: '',
        estado: 'Activo',
        tipoDeContacto: 'proveedor',
      } as never,
    ]);
    await guardarContactoSinConexion(base, {
      nombre: 'Jose Peña Nuevo',
      tipoDeIdentificacion: '',
      rnc: '',
      telefono: '',
    });
    const encontrados = await buscarClientesLocales(base, 'pena');
    expect(encontrados.map((e) => e.cliente.nombre)).toEqual(['Jose Peña Nuevo', 'José Peña']);
    expect(encontrados[0]?.cliente.sinSincronizar).toBe(true);
    expect(encontrados[1]?.cliente.socio).toBe(true);
  });
});
