import 'fake-indexeddb/auto';
import type { DetallePedido } from '@pos/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BaseLocal } from '../offline/baseLocal.ts';
import { sincronizarPendientes } from '../offline/cola.ts';
import { contactoPendienteDelBorrador, guardarContactoSinConexion } from '../offline/contactosLocales.ts';
import { agregarAlBorrador, type Borrador, borradorNuevo, quitarLinea } from '../pos/borrador.ts';
import { ID_ALMACEN, productoAgregado } from '../pos/datosDePrueba.ts';
import {
  borradorDesdePedido,
  cuerpoDeEdicion,
  cuerpoDePedido,
  guardarPedidoSinConexion,
} from './pedidoDelBorrador.ts';

const ID_PEDIDO = '33333333-3333-4333-8333-333333333333';

function venta(): Borrador {
  const borrador = { ...borradorNuevo(2, 'pedido-de-prueba-1'), nombre: 'Mesa 4' };
  return agregarAlBorrador(borrador, productoAgregado({ cantidad: 2 }), 'linea-1').borrador;
}

function detalle(): DetallePedido {
  const base = {
    idPedido: ID_PEDIDO,
    idCodigoDeBarra: '',
    precio: '100',
    descuentoParaSocios: 0,
    impuestos: [],
    paquete: false,
    variantes: [],
    total: 0,
    estadoImpresion: 0,
    estadoFacturado: false,
    estadoDeEntrega: 'Pendiente',
  };
  return {
    pedidoDb: {
      _id: ID_PEDIDO,
      numeroPedido: 12,
      alias: '',
      idCliente: null,
      nombre: '',
      rnc: '',
      socio: false,
      idListaDePrecio: null,
    } as never,
    lineasDelPedido: [
      {
        ...base,
        _id: 'l1',
        orden: 0,
        idProducto: productoAgregado()._id,
        descripcion: 'Con hielo',
        nota: 'Frío',
        cantidad: 3,
        descuento: 0.1,
      },
      {
        ...base,
        _id: 'l2',
        orden: 1,
        idProducto: 'ya-no-existe',
        descripcion: 'Producto borrado',
        nota: '',
        cantidad: 1,
        descuento: 0,
      },
    ],
  };
}

let base: BaseLocal;
let numero = 400;
beforeEach(() => {
  base = new BaseLocal(numero++);
});
afterEach(async () => {
  await base.delete();
});

describe('pedidos desde el punto de venta', () => {
  it('el cuerpo de /pedido/ lleva la venta, su nombre y el identificadorUnico del borrador', () => {
    const [cabecera, lineas, identificador] = cuerpoDePedido(venta(), ID_ALMACEN);
    expect(identificador).toBe('pedido-de-prueba-1');
    expect(cabecera).toMatchObject({ alias: 'Mesa 4', almacenActual: ID_ALMACEN, idCliente: null });
    expect(lineas).toEqual([expect.objectContaining({ idProducto: productoAgregado()._id, cantidad: 2 })]);
  });

  it('abre un pedido en una venta con sus cantidades, descuentos y notas, y edita borrando lo quitado', () => {
    const producto = productoAgregado();
    const { borrador, faltan } = borradorDesdePedido(
      detalle(),
      {
        nuevaLineaProducto: [
          { idProducto: producto._id, producto: producto as never, disponible: true },
          { idProducto: 'ya-no-existe', producto: null, disponible: false },
        ],
      },
      3,
      'nuevo-id',
    );
    expect(faltan).toEqual(['Producto borrado']);
    expect(borrador).toMatchObject({
      numero: 3,
      nombre: 'Pedido 12',
      pedido: { id: ID_PEDIDO, numero: 12, lineas: ['l1', 'l2'] },
    });
    expect(borrador.lineas).toEqual([
      expect.objectContaining({
        cantidad: 3,
        descuento: 0.1,
        nota: 'Frío',
        descripcion: 'Con hielo',
        idLineaPedido: 'l1',
      }),
    ]);
    const [, eliminar, lineas] = cuerpoDeEdicion(borrador, ID_ALMACEN);
    expect(eliminar).toEqual(['l2']);
    expect(lineas).toEqual([expect.objectContaining({ _id: 'l1', cantidad: 3 })]);
    const [, todas] = cuerpoDeEdicion(quitarLinea(borrador, 'l1'), ID_ALMACEN);
    expect(todas).toEqual(['l1', 'l2']);
  });

  it('sin conexión el pedido espera en pedidosPendientes y se envía antes que las facturas', async () => {
    await guardarPedidoSinConexion(base, venta(), ID_ALMACEN, null, new Date('2026-11-23T14:00:00Z'));
    await base.facturasPendientes.put({
      identificadorUnico: 'f1',
      cuerpo: [],
      creadoEn: '2026-11-23T13:00:00Z',
      estado: 'Activo',
    });
    const orden: string[] = [];
    await sincronizarPendientes(base, async (tipo, cuerpos) => {
      orden.push(tipo);
      const ids = cuerpos.map((c) => (tipo === 'pedidos' ? (c as unknown[])[2] : 'f1') as string);
      return { creados: ids, rechazados: [] };
    });
    expect(orden).toEqual(['pedidos', 'facturas']);
    expect(await base.pedidosPendientes.count()).toBe(0);
  });

  it('un cliente creado sin conexión viaja dentro del pedido; ya sincronizado, va por su identificador', async () => {
    const cliente = await guardarContactoSinConexion(base, {
      nombre: 'Colmado El Sol',
      tipoDeIdentificacion: '',
      rnc: '',
      telefono: '809-555-0000',
    });
    const borrador = { ...venta(), cliente: cliente.cliente };
    const guardado = await guardarPedidoSinConexion(
      base,
      borrador,
      ID_ALMACEN,
      await contactoPendienteDelBorrador(base, borrador.cliente),
    );
    const [cabecera] = guardado.cuerpo as [Record<string, unknown>];
    expect(cabecera).toMatchObject({
      idCliente: null,
      contactoPendiente: { nombre: 'Colmado El Sol', identificadorUnico: cliente.cliente._id },
    });
    // The contact synced (it left its queue): the order names it by its identificadorUnico.
    await base.contactosPendientes.clear();
    expect(await contactoPendienteDelBorrador(base, borrador.cliente)).toBeNull();
    const [otra] = cuerpoDePedido(borrador, ID_ALMACEN);
    expect(otra).toMatchObject({ idCliente: cliente.cliente._id });
    expect(otra).not.toHaveProperty('contactoPendiente');
  });
});
