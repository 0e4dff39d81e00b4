import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';

type Json = Record<string, unknown>;
const ITBIS = { name: 'Itbis 18%', tipoDeImpuesto: 'itbis', tasa: 0.18 };

// Sales orders (spec 001 §3 "Sales order", §4, §5, §7; spec 000 §7 syncs them offline).
describe.each(MOTORES)('pedidos (%s)', (motor) => {
  let e: Entorno;
  let admin: string;
  let mesero: string;
  let supervisor: string;
  let terminal: string;
  let mofongo: string;
  let mesa: string;

  async function usuario(username: string, datos: Json): Promise<string> {
    const r = await e.api({
      method: 'POST',
      url: '/api/users/',
      token: admin,
      body: { username, password: 'clave-de-prueba-1', ...datos },
    });
    expect(r.statusCode, r.body).toBe(200);
    return e.login(1, username, 'clave-de-prueba-1');
  }

  function pedir(
    lineas: Json[],
    cabecera: Json = {},
    token = admin,
    identificadorUnico: string = randomUUID(),
  ) {
    return e.api({
      method: 'POST',
      url: '/api/pedido/',
      token,
      body: [cabecera, lineas, identificadorUnico],
    });
  }

  beforeAll(async () => {
    e = await crearEntorno(motor);
    admin = await e.login();
    const principal = (await e.api({ method: 'GET', url: '/api/almacen/principal', token: admin })).json()
      ._id;
    const terminales = (
      await e.api({ method: 'GET', url: '/api/terminales/?limit=50', token: admin })
    ).json();
    terminal = (terminales.res ?? terminales).find((t: Json) => t.nombre === 'Caja 1')._id;
    const producto = await e.api({
      method: 'POST',
      url: '/api/registro-productos/',
      token: admin,
      body: [
        {
          idCodigoDeBarra: 'PED-MOFONGO',
          nombre: 'Mofongo con chicharrón',
          precioDeVenta: 354,
          impuestos: [ITBIS],
        },
        [{ idAlmacen: principal, cantidadInicial: 100, cantidadMinima: 0 }],
        randomUUID(),
      ],
    });
    expect(producto.statusCode, producto.body).toBe(200);
    mofongo = producto.json().producto._id;
    const lugar = await e.api({
      method: 'POST',
      url: '/api/asignar-pedido/',
      token: admin,
      body: { identificadorUnico: randomUUID(), nombreDeAsignacion: 'Mesa 4' },
    });
    expect(lugar.statusCode, lugar.body).toBe(200);
    mesa = lugar.json()._id ?? lugar.json().lugarDeAsignacion?._id;
    const pos = { puntoDeVentas: { acceso: true, crear: true, modificar: false, ver: true } };
    mesero = await usuario('mesero', { privilegios: pos, limitePedidosAsignados: 2 });
    supervisor = await usuario('supervisor-pedidos', {
      privilegios: { ...pos, auditorias: { acceso: true, crear: true, modificar: true, ver: true } },
    });
  });
  afterAll(async () => {
    await e?.cerrar();
  });

  it('crea el pedido numerado con sus líneas y totales del dominio, y lo responde una sola vez', async () => {
    const id = randomUUID();
    const r = await pedir(
      [{ idProducto: mofongo, cantidad: 2, nota: 'Sin cebolla' }],
      { alias: 'Juan' },
      admin,
      id,
    );
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      solicitudDuplicada: false,
      pedidoDb: {
        alias: 'Juan',
        estado: 'Activo',
        estadoFacturado: false,
        subtotal: 600,
        impuestos: 108,
        totalGral: 708,
      },
      lineasDelPedido: [
        { descripcion: 'Mofongo con chicharrón', cantidad: 2, nota: 'Sin cebolla', total: 708 },
      ],
    });
    const otra = await pedir([{ idProducto: mofongo, cantidad: 1 }]);
    expect(otra.json().pedidoDb.numeroPedido).toBe(r.json().pedidoDb.numeroPedido + 1);
    const repetido = await pedir([{ idProducto: mofongo, cantidad: 9 }], {}, admin, id);
    expect(repetido.json()).toMatchObject({
      solicitudDuplicada: true,
      pedidoDb: { _id: r.json().pedidoDb._id },
    });
    const leido = await e.api({ method: 'GET', url: `/api/pedido/${r.json().pedidoDb._id}`, token: admin });
    expect(leido.json().lineasDelPedido).toHaveLength(1);
  });

  it('rechaza un pedido sin artículos, con un producto que no existe o por encima del límite del lugar', async () => {
    const vacio = await pedir([]);
    expect(vacio.statusCode).toBe(400);
    expect(vacio.json().message).toContain('Agrega por lo menos un artículo!!');
    const sinProducto = await pedir([{ idProducto: randomUUID(), cantidad: 1 }]);
    expect(sinProducto.statusCode).toBe(404);
    // The waiter's limit is 2 open orders per place.
    for (let i = 0; i < 2; i++) {
      expect(
        (await pedir([{ idProducto: mofongo, cantidad: 1 }], { idLugarDeAsignacion: mesa }, mesero))
          .statusCode,
      ).toBe(200);
    }
    const tercero = await pedir(
      [{ idProducto: mofongo, cantidad: 1 }],
      { idLugarDeAsignacion: mesa },
      mesero,
    );
    expect(tercero.statusCode).toBe(409);
    expect(tercero.json().message).toContain('Limite alcanzado en el lugar selecionado');
  });

  it('edita las líneas de un pedido abierto; la impresa no cambia sin el permiso', async () => {
    const creado = (await pedir([{ idProducto: mofongo, cantidad: 1 }])).json();
    const [linea] = creado.lineasDelPedido;
    const editar = (cuerpo: unknown[], token = admin) =>
      e.api({ method: 'PATCH', url: `/api/pedido/${creado.pedidoDb._id}`, token, body: cuerpo });
    const r = await editar([
      {},
      [],
      [
        { _id: linea._id, idProducto: mofongo, cantidad: 3 },
        { idProducto: mofongo, cantidad: 1 },
      ],
    ]);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().lineasDelPedido.map((l: Json) => l.cantidad)).toEqual([3, 1]);
    expect(r.json().pedidoDb.totalGral).toBe(1416);
    // Printed in the kitchen: the cashier cannot change it any more.
    await e.db.consultarComoDueno(sql`update lineas_pedido set estado_impresion = 1 where id = ${linea._id}`);
    const bloqueada = await editar([{}, [linea._id], []], mesero);
    expect(bloqueada.statusCode).toBe(400);
    const otraVez = await editar([{}, [linea._id], [{ idProducto: mofongo, cantidad: 1 }]], mesero);
    expect(otraVez.statusCode).toBe(409);
    expect(otraVez.json().message).toBe('Este producto ya fue impreso o facturado en el pedido!!');
    // Any change counts, not only quantity and price: a full discount on the printed line is refused.
    const [, segunda] = r.json().lineasDelPedido;
    const regalada = await editar(
      [
        {},
        [],
        [
          { _id: linea._id, idProducto: mofongo, cantidad: 3, descuento: 1 },
          { _id: segunda._id, idProducto: mofongo, cantidad: 1 },
        ],
      ],
      mesero,
    );
    expect(regalada.statusCode).toBe(409);
    // The line not printed changes in place and keeps its place in the order.
    const cambiada = await editar([{}, [], [{ _id: segunda._id, idProducto: mofongo, cantidad: 2 }]], mesero);
    expect(cambiada.statusCode, cambiada.body).toBe(200);
    expect(cambiada.json().lineasDelPedido.map((l: Json) => [l._id, l.cantidad])).toEqual([
      [linea._id, 3],
      [segunda._id, 2],
    ]);
  });

  it('facturar un pedido lo marca facturado una sola vez; una segunda factura del mismo pedido se rechaza', async () => {
    const creado = (await pedir([{ idProducto: mofongo, cantidad: 2 }])).json();
    const turno = await e.api({
      method: 'POST',
      url: '/api/turno/',
      token: admin,
      body: { idTerminalRef: terminal, desgloseDeEfectivoApertura: [{ monto: 1000, cantidad: 1 }] },
    });
    expect([200, 409]).toContain(turno.statusCode);
    const facturar = () =>
      e.api({
        method: 'POST',
        url: '/api/factura/crear',
        token: admin,
        body: [
          { identificadorUnico: randomUUID(), efectivoRecibido: 1000, idPedido: creado.pedidoDb._id },
          [{ idProducto: mofongo, cantidad: 2 }],
          [],
          null,
          { desdePos: true, idTerminalRef: terminal },
          [],
          { _id: terminal },
          'Efectivo',
          {},
        ],
      });
    const factura = await facturar();
    expect(factura.statusCode, factura.body).toBe(200);
    expect(factura.json().facturadb.idPedido).toBe(creado.pedidoDb._id);
    const leido = (
      await e.api({ method: 'GET', url: `/api/pedido/${creado.pedidoDb._id}`, token: admin })
    ).json();
    expect(leido.pedidoDb).toMatchObject({
      estadoFacturado: true,
      facturas_vinculadas: [factura.json().facturadb._id],
    });
    expect(leido.lineasDelPedido.every((l: Json) => l.estadoFacturado)).toBe(true);
    const segunda = await facturar();
    expect(segunda.statusCode).toBe(409);
    expect(segunda.json().message).toContain('El pedido ya fue facturado o anulado');
    // An invoiced order is neither cancelled nor deleted.
    const anular = await e.api({
      method: 'PUT',
      url: `/api/pedido/anular/${creado.pedidoDb._id}`,
      token: admin,
      body: { tipoDeAnulacion: 'Pedido duplicado' },
    });
    expect(anular.statusCode).toBe(409);
    expect(
      (await e.api({ method: 'DELETE', url: `/api/pedido/${creado.pedidoDb._id}`, token: admin })).statusCode,
    ).toBe(409);
    // Cancelling the invoice opens the order again, to be billed anew.
    const anularFactura = await e.api({
      method: 'PUT',
      url: `/api/factura/anular/${factura.json().facturadb._id}`,
      token: admin,
      body: { tipoDeAnulacion: '4' },
    });
    expect(anularFactura.statusCode, anularFactura.body).toBe(200);
    const reabierto = (
      await e.api({ method: 'GET', url: `/api/pedido/${creado.pedidoDb._id}`, token: admin })
    ).json();
    expect(reabierto.pedidoDb).toMatchObject({ estadoFacturado: false, facturas_vinculadas: [] });
    expect(reabierto.lineasDelPedido.some((l: Json) => l.estadoFacturado)).toBe(false);
    expect((await facturar()).statusCode).toBe(200);
  });

  it('anular pide uno de los nueve motivos; el mesero solicita y el supervisor aprueba o rechaza', async () => {
    const creado = (await pedir([{ idProducto: mofongo, cantidad: 1 }], {}, mesero)).json();
    const url = `/api/pedido/anular/${creado.pedidoDb._id}`;
    const sinMotivo = await e.api({
      method: 'PUT',
      url,
      token: mesero,
      body: { tipoDeAnulacion: 'porque sí' },
    });
    expect(sinMotivo.statusCode).toBe(400);
    expect(sinMotivo.json().message).toBe('Debes ingresar un motivo para anular el pedido');
    const pedida = await e.api({
      method: 'PUT',
      url,
      token: mesero,
      body: { tipoDeAnulacion: 'Pedido cancelado por el cliente' },
    });
    expect(pedida.json()).toMatchObject({ resultado: 'solicitado', pedidoDb: { estado: 'Por-Anular' } });
    const rechazo = await e.api({
      method: 'PUT',
      url,
      token: supervisor,
      body: { autorizacion: 'Rechazada' },
    });
    expect(rechazo.json()).toMatchObject({
      resultado: 'rechazado',
      pedidoDb: { estado: 'Activo', notaAutorizacion: 'Solicitud Denegada' },
    });
    await e.api({ method: 'PUT', url, token: mesero, body: { tipoDeAnulacion: 'Producto agotado' } });
    const aprobado = await e.api({
      method: 'PUT',
      url,
      token: supervisor,
      body: { autorizacion: 'Aprobada' },
    });
    expect(aprobado.json()).toMatchObject({ resultado: 'aprobado', pedidoDb: { estado: 'Anulado' } });
    const lista = await e.api({
      method: 'POST',
      url: '/api/pedido/todas',
      token: admin,
      body: { buscarPorEstado: true },
    });
    expect(lista.json().res.map((p: Json) => p._id)).toContain(creado.pedidoDb._id);
  });

  it('eliminar es de quien anula directo: el pedido sale de la lista como Anulado y su número queda', async () => {
    const creado = (await pedir([{ idProducto: mofongo, cantidad: 1 }])).json();
    const url = `/api/pedido/${creado.pedidoDb._id}`;
    expect((await e.api({ method: 'DELETE', url, token: mesero })).statusCode).toBe(403);
    const eliminado = await e.api({ method: 'DELETE', url, token: admin });
    expect(eliminado.statusCode, eliminado.body).toBe(200);
    expect(eliminado.json().pedidoDb).toMatchObject({ estado: 'Anulado', notaAnular: 'Eliminado por admin' });
    const siguiente = (await pedir([{ idProducto: mofongo, cantidad: 1 }])).json().pedidoDb.numeroPedido;
    expect(siguiente).toBe(creado.pedidoDb.numeroPedido + 1);
  });

  it('lista los pedidos abiertos sin facturar de un lugar, 14 por página', async () => {
    const r = await e.api({
      method: 'POST',
      url: '/api/pedido/todas',
      token: admin,
      body: { estadoFacturado: false, idAsinacion: mesa },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().totalRows).toBe(2);
    expect(r.json().res.every((p: Json) => p.idLugarDeAsignacion === mesa && !p.estadoFacturado)).toBe(true);
  });

  it('sincroniza pedidos creados sin conexión una sola vez y aparta el que no se puede crear', async () => {
    const bueno = [{ alias: 'Mesa afuera' }, [{ idProducto: mofongo, cantidad: 1 }], randomUUID()];
    const malo = [{}, [{ idProducto: randomUUID(), cantidad: 1 }], randomUUID()];
    const ruta = '/api/pedido/sincronizar-pedidos-offline';
    const r = await e.api({ method: 'POST', url: ruta, token: admin, body: [bueno, malo] });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().pedidosCreados.map((p: Json) => p.identificadorUnico)).toEqual([bueno[2]]);
    expect(r.json().rechazados).toEqual([expect.objectContaining({ identificadorUnico: malo[2] })]);
    const otraVez = await e.api({ method: 'POST', url: ruta, token: admin, body: [bueno] });
    expect(otraVez.json().pedidosCreados[0]._id).toBe(r.json().pedidosCreados[0]._id);
    // The same batch from two devices at once: one order, answered to both, and no number skipped.
    const mismo = [[{}, [{ idProducto: mofongo, cantidad: 2 }], randomUUID()]];
    const [a, b] = await Promise.all([
      e.api({ method: 'POST', url: ruta, token: admin, body: mismo }),
      e.api({ method: 'POST', url: ruta, token: admin, body: mismo }),
    ]);
    expect(a.json().pedidosCreados[0]._id).toBe(b.json().pedidosCreados[0]._id);
    const siguiente = (await pedir([{ idProducto: mofongo, cantidad: 1 }])).json().pedidoDb.numeroPedido;
    expect(siguiente).toBe(a.json().pedidosCreados[0].numeroPedido + 1);
  });

  it('un pedido sin conexión lleva dentro su cliente nuevo, o lo nombra por su identificador si ya subió', async () => {
    const ruta = '/api/pedido/sincronizar-pedidos-offline';
    const nuevo = { identificadorUnico: randomUUID(), nombre: 'Doña Chela', telefono: '809-555-0177' };
    const conContacto = [
      { alias: 'Para llevar', idCliente: null, contactoPendiente: nuevo },
      [{ idProducto: mofongo, cantidad: 1 }],
      randomUUID(),
    ];
    const r = await e.api({ method: 'POST', url: ruta, token: admin, body: [conContacto] });
    expect(r.statusCode, r.body).toBe(200);
    const [chela] = await e.db.consultarComoDueno<{ id: string }>(
      sql`select id from contactos where tenant_id = 1 and identificador_unico = ${nuevo.identificadorUnico}`,
    );
    expect(r.json().pedidosCreados[0]).toMatchObject({ idCliente: chela?.id, nombre: 'Doña Chela' });
    // A later order names the same contact by the identificadorUnico the POS still holds.
    const porIdentificador = [
      { idCliente: nuevo.identificadorUnico },
      [{ idProducto: mofongo, cantidad: 1 }],
      randomUUID(),
    ];
    const otra = await e.api({ method: 'POST', url: ruta, token: admin, body: [porIdentificador] });
    expect(otra.json().pedidosCreados[0]).toMatchObject({ idCliente: chela?.id });
    // Its own sync afterwards creates no second contact.
    const contactos = await e.api({
      method: 'POST',
      url: '/api/cliente/sincronizar-contactos-offline',
      token: admin,
      body: [nuevo],
    });
    expect(contactos.json().contactoCreados[0]._id).toBe(chela?.id);
  });

  it('otra empresa no ve los pedidos de esta', async () => {
    const creado = (await pedir([{ idProducto: mofongo, cantidad: 1 }])).json();
    const otra = await e.login(2);
    const r = await e.api({
      method: 'GET',
      url: `/api/pedido/${creado.pedidoDb._id}`,
      token: otra,
      tenant: 2,
    });
    expect(r.statusCode).toBe(404);
  });
});
