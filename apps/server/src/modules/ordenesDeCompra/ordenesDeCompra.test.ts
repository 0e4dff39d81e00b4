import { randomUUID } from 'node:crypto';
import { MENSAJE_ORDEN_DE_COMPRA_YA_EXISTE, mensajeOrdenDeCompraVinculada } from '@pos/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textoDelPdf } from '../../testing/correoYPdf.ts';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';
import { existencia } from '../ajustes/pruebas.ts';
import { ordenesDeLaCompra, ordenesParaComprar, vincularOrdenes } from './service.ts';

type Json = Record<string, unknown>;

const ITBIS = { name: 'Itbis 18%', tipoDeImpuesto: 'itbis', tasa: 0.18 };

// Purchase orders (spec 001 §3 "Purchase order", §4, §5, §7 "Purchase orders"): a kit family priced at
// cost, with no stock and no journal, cancelled with a free-text reason.
describe.each(MOTORES)('órdenes de compra (%s)', (motor) => {
  let e: Entorno;
  let admin: string;
  let comprador: string;
  let principal: string;
  let cemento: string;
  let varilla: string;
  let proveedor: Json;

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

  async function producto(codigo: string, nombre: string, costo: number): Promise<string> {
    const r = await e.api({
      method: 'POST',
      url: '/api/registro-productos/',
      token: admin,
      body: [
        { idCodigoDeBarra: codigo, nombre, precioDeVenta: costo * 2, costo, impuestos: [ITBIS] },
        [{ idAlmacen: principal, cantidadInicial: 10, cantidadMinima: 0 }],
        randomUUID(),
      ],
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().producto._id;
  }

  function ordenar(lineas: Json[], cabecera: Json = {}, token = admin, identificadorUnico = randomUUID()) {
    return e.api({
      method: 'POST',
      url: '/api/orden-de-compra/',
      token,
      body: { ...cabecera, lineasDeCompraDto: lineas, identificadorUnico },
    });
  }

  beforeAll(async () => {
    e = await crearEntorno(motor);
    admin = await e.login();
    principal = (await e.api({ method: 'GET', url: '/api/almacen/principal', token: admin })).json()._id;
    cemento = await producto('OC-CEMENTO', 'Cemento gris 42.5 kg', 400);
    varilla = await producto('OC-VARILLA', 'Varilla 3/8 x 20 pies', 250);
    const r = await e.api({
      method: 'POST',
      url: '/api/cliente/crear',
      token: admin,
      body: {
        identificadorUnico: randomUUID(),
        nombre: 'Distribuidora',
        apellidos: 'Del Cibao',
        tipoDeIdentificacion: 'RNC',
        rnc: '130000001',
        correo: 'ventas@cibao.do',
        proveedor: true,
      },
    });
    expect(r.statusCode, r.body).toBe(200);
    proveedor = r.json().clientedb;
    comprador = await usuario('comprador-ordenes', {
      privilegios: { ordenesDeCompra: { acceso: true, crear: true, modificar: true, ver: true } },
    });
  }, 120_000);

  afterAll(async () => {
    await e?.cerrar();
  });

  it('la empresa demo trae dos órdenes de compra de proveedores, al costo de cada producto', async () => {
    const r = await e.api({
      method: 'POST',
      url: '/api/orden-de-compra/todas',
      token: admin,
      body: { input: 'OC', page: 1, limit: 14 },
    });
    const demo = (r.json().res as Json[]).filter((o) =>
      String(o.identificadorUnico).startsWith('demo-orden-de-compra-'),
    );
    expect(demo.map((o) => o.nombre).sort()).toEqual([
      'Distribuidora Caribe de Alimentos SRL',
      'Importadora Quisqueya SRL',
    ]);
    // Each line at the product's cost: Arroz Campo 5 lb 180 and Habichuelas rojas 48 (both exempt).
    const caribe = demo.find((o) => o.nombre === 'Distribuidora Caribe de Alimentos SRL');
    expect(caribe?.totalGral).toBe(40 * 180 + 96 * 48);
  });

  it('numera con OC, pone cada línea al costo tecleado, guarda al proveedor y no mueve existencia', async () => {
    const antes = (await existencia(e, cemento, principal)).disponibilidad;
    const r = await ordenar(
      [
        { idProducto: cemento, cantidad: 10, precio: 410 },
        // A client total is never trusted; a purchase's discount is not the user's sale limit.
        { idProducto: varilla, cantidad: 4, precio: 250, descuento: 0.5, total: 1 },
      ],
      { idCliente: proveedor._id, notaPieDePagina: 'Entregar en el almacén principal' },
      comprador,
    );
    expect(r.statusCode, r.body).toBe(200);
    const { ordenCompraDb, lineaOrdenDeCompra, nombre, numeroOrdenDeCompra, solicitudDuplicada } = r.json();
    expect(solicitudDuplicada).toBe(false);
    expect(nombre).toBe('Distribuidora Del Cibao');
    expect(numeroOrdenDeCompra).toBe(ordenCompraDb.numeroOrdenDeCompra);
    expect(ordenCompraDb.comprobante).toMatch(/^OC\d+$/);
    expect(ordenCompraDb).toMatchObject({
      rnc: '130000001',
      estado: 'Activo',
      idCompra: null,
      almacenActual: principal,
      notaPieDePagina: 'Entregar en el almacén principal',
    });
    // 10 × 410 + 4 × 250 − 50 %: subtotal 4100 + 500, ITBIS 738 + 90.
    expect(ordenCompraDb.subtotal).toBe(4600);
    expect(ordenCompraDb.impuestos).toBe(828);
    expect(ordenCompraDb.totalGral).toBe(5428);
    expect(lineaOrdenDeCompra.map((l: Json) => [l.descripcion, l.cantidad, l.total])).toEqual([
      ['Cemento gris 42.5 kg', 10, 4838],
      ['Varilla 3/8 x 20 pies', 4, 590],
    ]);
    expect(lineaOrdenDeCompra[0].idOrdenDeCompra).toBe(ordenCompraDb._id);
    expect((await existencia(e, cemento, principal)).disponibilidad).toBe(antes);
    const otra = (await ordenar([{ idProducto: cemento, cantidad: 1 }])).json();
    expect(otra.numeroOrdenDeCompra).toBe(numeroOrdenDeCompra + 1);
  });

  it('un reintento con el mismo identificadorUnico responde la primera, también a la vez', async () => {
    const identificador = randomUUID();
    const respuestas = await Promise.all(
      Array.from({ length: 4 }, () =>
        ordenar([{ idProducto: varilla, cantidad: 2 }], {}, admin, identificador),
      ),
    );
    for (const r of respuestas) {
      expect(r.statusCode, r.body).toBe(200);
    }
    expect(new Set(respuestas.map((r) => r.json().ordenCompraDb._id)).size).toBe(1);
    expect(respuestas.filter((r) => r.json().solicitudDuplicada === false)).toHaveLength(1);
  });

  it('sin líneas no; PATCH cambia, quita y agrega líneas y conserva el número', async () => {
    const sinLineas = await ordenar([]);
    expect(sinLineas.statusCode).toBe(400);
    expect(sinLineas.json().message).toContain('Agrega por lo menos un artículo!!');
    const creada = (
      await ordenar([
        { idProducto: cemento, cantidad: 2, precio: 400 },
        { idProducto: varilla, cantidad: 1, precio: 250 },
      ])
    ).json();
    const [lineaCemento, lineaVarilla] = creada.lineaOrdenDeCompra;
    const r = await e.api({
      method: 'PATCH',
      url: `/api/orden-de-compra/${creada.ordenCompraDb._id}`,
      token: comprador,
      body: [
        { idCliente: proveedor._id },
        [lineaVarilla._id],
        [
          { _id: lineaCemento._id, idProducto: cemento, cantidad: 20, precio: 395 },
          { idProducto: varilla, cantidad: 3, precio: 260 },
        ],
      ],
    });
    expect(r.statusCode, r.body).toBe(200);
    const { ordenCompraDb, lineaOrdenDeCompra } = r.json();
    expect(ordenCompraDb.comprobante).toBe(creada.ordenCompraDb.comprobante);
    expect(ordenCompraDb.nombre).toBe('Distribuidora Del Cibao');
    expect(lineaOrdenDeCompra.map((l: Json) => [l.descripcion, l.cantidad, l.precio])).toEqual([
      ['Cemento gris 42.5 kg', 20, '395.000000000000'],
      ['Varilla 3/8 x 20 pies', 3, '260.000000000000'],
    ]);
    expect(ordenCompraDb.subtotal).toBe(20 * 395 + 3 * 260);
  });

  it('lista de 14 con periodo y búsqueda, la vista de auditoría, y lee una', async () => {
    const creada = (
      await ordenar([{ idProducto: cemento, cantidad: 1 }], { idCliente: proveedor._id })
    ).json();
    const lista = await e.api({
      method: 'POST',
      url: '/api/orden-de-compra/todas',
      token: comprador,
      body: { input: creada.ordenCompraDb.comprobante, page: 1, limit: 14, periodo: 1 },
    });
    expect(lista.statusCode, lista.body).toBe(200);
    expect(lista.json()).toMatchObject({ totalRows: 1, res: [{ _id: creada.ordenCompraDb._id }] });
    const una = await e.api({
      method: 'GET',
      url: `/api/orden-de-compra/${creada.ordenCompraDb._id}`,
      token: comprador,
    });
    expect(una.statusCode, una.body).toBe(200);
    expect(una.json().lineaOrdenDeCompra).toHaveLength(1);
  });

  it('anula con un motivo libre: el comprador solicita y el supervisor aprueba; eliminar es del supervisor', async () => {
    const creada = (await ordenar([{ idProducto: cemento, cantidad: 1 }], {}, comprador)).json()
      .ordenCompraDb;
    const anular = (token: string, body: Json) =>
      e.api({ method: 'PUT', url: `/api/orden-de-compra/anular/${creada._id}`, token, body });
    const sinMotivo = await anular(comprador, {});
    expect(sinMotivo.statusCode).toBe(400);
    expect(sinMotivo.json().message).toBe('Debes ingresar un motivo para anular la orden de compra');
    const solicitud = await anular(comprador, {
      notaAnular: 'El proveedor no tiene existencia',
      _id: creada._id,
    });
    expect(solicitud.json()).toMatchObject({
      resultado: 'solicitada',
      ordenCompraDb: { estado: 'Por-Anular', autorizacion: 'Pendiente' },
    });
    const pendientes = await e.api({
      method: 'POST',
      url: '/api/users/solicitud-Anulacion/',
      token: admin,
      body: { estado: 'Pendiente', page: 1, limit: 50 },
    });
    expect(pendientes.json().data).toContainEqual(
      expect.objectContaining({ tipoDocumento: 'ordenDeCompra', idDocumento: creada._id, total: 472 }),
    );
    const aprobada = await anular(admin, { estado: 'Anulado', autorizacion: 'Aprobada', _id: creada._id });
    expect(aprobada.json()).toMatchObject({
      resultado: 'aprobada',
      ordenCompraDb: { estado: 'Anulado', numeroOrdenDeCompra: creada.numeroOrdenDeCompra },
    });
    const auditoria = await e.api({
      method: 'POST',
      url: '/api/orden-de-compra/todas',
      token: admin,
      body: { buscarPorEstado: true, page: 1, limit: 200 },
    });
    expect(auditoria.json().res.map((o: Json) => o._id)).toContain(creada._id);

    const otra = (await ordenar([{ idProducto: varilla, cantidad: 1 }])).json().ordenCompraDb;
    const delComprador = await e.api({
      method: 'DELETE',
      url: `/api/orden-de-compra/eliminar/${otra._id}`,
      token: comprador,
    });
    expect(delComprador.statusCode).toBe(403);
    const eliminada = await e.api({
      method: 'DELETE',
      url: `/api/orden-de-compra/eliminar/${otra._id}`,
      token: admin,
    });
    expect(eliminada.statusCode, eliminada.body).toBe(200);
    expect(eliminada.json()).toMatchObject({
      numeroOrdenDeCompra: otra.numeroOrdenDeCompra,
      ordenCompraDb: { estado: 'Anulado' },
    });
  });

  it('las del proveedor son las activas sin compra; una anulada no se vincula; sin el módulo no se ve', async () => {
    const activa = (
      await ordenar([{ idProducto: cemento, cantidad: 1 }], { idCliente: proveedor._id })
    ).json();
    const anulada = (
      await ordenar([{ idProducto: cemento, cantidad: 1 }], { idCliente: proveedor._id })
    ).json();
    await e.api({
      method: 'PUT',
      url: `/api/orden-de-compra/anular/${anulada.ordenCompraDb._id}`,
      token: admin,
      body: { notaAnular: 'Duplicada' },
    });
    const delProveedor = await e.api({
      method: 'GET',
      url: `/api/orden-de-compra/cliente/${proveedor._id}`,
      token: admin,
    });
    expect(delProveedor.statusCode, delProveedor.body).toBe(200);
    const ids = delProveedor.json().res.map((o: Json) => o._id);
    expect(ids).toContain(activa.ordenCompraDb._id);
    expect(ids).not.toContain(anulada.ordenCompraDb._id);
    const vincular = await e.api({
      method: 'GET',
      url: `/api/orden-de-compra/vincular_orden_compra/${activa.ordenCompraDb._id}`,
      token: admin,
    });
    expect(vincular.statusCode, vincular.body).toBe(200);
    expect(vincular.json().lineaOrdenDeCompra).toHaveLength(1);
    const vincularAnulada = await e.api({
      method: 'GET',
      url: `/api/orden-de-compra/vincular_orden_compra/${anulada.ordenCompraDb._id}`,
      token: admin,
    });
    expect(vincularAnulada.statusCode).toBe(409);
    const cajero = await usuario('cajero-sin-ordenes', {
      privilegios: { puntoDeVentas: { acceso: true, crear: true, modificar: false, ver: true } },
    });
    const prohibida = await e.api({
      method: 'GET',
      url: `/api/orden-de-compra/${activa.ordenCompraDb._id}`,
      token: cajero,
    });
    expect(prohibida.statusCode).toBe(403);
    const otraEmpresa = await e.api({
      method: 'GET',
      url: `/api/orden-de-compra/${activa.ordenCompraDb._id}`,
      tenant: 2,
      token: await e.login(2),
    });
    expect(otraEmpresa.statusCode).toBe(404);
  });

  let siguienteNcf = 1;
  function comprar(ordenes: string[], precio = 400) {
    return e.api({
      method: 'POST',
      url: '/api/compras-proveedores/',
      token: admin,
      body: [
        // The supplier's NCF (each purchase its own: one NCF per supplier in force).
        { idProveedor: proveedor._id, ncf: `B01${String(siguienteNcf++).padStart(8, '0')}` },
        [{ idProducto: cemento, cantidad: 1, precio }],
        [],
        ordenes,
        null,
        randomUUID(),
      ],
    });
  }

  it('una compra toma la orden: queda vinculada, no se cambia, anula ni elimina; al anular la compra queda libre', async () => {
    const orden = (await ordenar([{ idProducto: cemento, cantidad: 2 }], { idCliente: proveedor._id })).json()
      .ordenCompraDb;
    const compra = await comprar([orden._id]);
    expect(compra.statusCode, compra.body).toBe(200);
    const { compraDb } = compra.json();
    const leida = (
      await e.api({ method: 'GET', url: `/api/orden-de-compra/${orden._id}`, token: admin })
    ).json();
    expect(leida.ordenCompraDb).toMatchObject({
      idCompra: compraDb._id,
      comprobanteCompra: compraDb.comprobante,
    });
    const vinculada = mensajeOrdenDeCompraVinculada(compraDb.comprobante);
    const anular = await e.api({
      method: 'PUT',
      url: `/api/orden-de-compra/anular/${orden._id}`,
      token: admin,
      body: { notaAnular: 'Ya no hace falta' },
    });
    expect(anular.statusCode).toBe(409);
    expect(anular.json().message).toBe(vinculada);
    const eliminar = await e.api({
      method: 'DELETE',
      url: `/api/orden-de-compra/eliminar/${orden._id}`,
      token: admin,
    });
    expect(eliminar.json().message).toBe(vinculada);
    const editar = await e.api({
      method: 'PATCH',
      url: `/api/orden-de-compra/${orden._id}`,
      token: admin,
      body: [{}, [], [{ idProducto: cemento, cantidad: 9 }]],
    });
    expect(editar.json().message).toBe(vinculada);
    const paraVincular = await e.api({
      method: 'GET',
      url: `/api/orden-de-compra/vincular_orden_compra/${orden._id}`,
      token: admin,
    });
    expect(paraVincular.statusCode).toBe(409);
    expect(paraVincular.json().message).toBe(MENSAJE_ORDEN_DE_COMPRA_YA_EXISTE);
    const delProveedor = async () =>
      (await e.api({ method: 'GET', url: `/api/orden-de-compra/cliente/${proveedor._id}`, token: admin }))
        .json()
        .res.map((o: Json) => o._id);
    expect(await delProveedor()).not.toContain(orden._id);

    const anulada = await e.api({
      method: 'PUT',
      url: `/api/compras-proveedores/anular/${compraDb._id}`,
      token: admin,
      body: { notaAnular: 'Factura equivocada del proveedor' },
    });
    expect(anulada.statusCode, anulada.body).toBe(200);
    const libre = (
      await e.api({ method: 'GET', url: `/api/orden-de-compra/${orden._id}`, token: admin })
    ).json();
    expect(libre.ordenCompraDb.idCompra).toBeNull();
    expect(await delProveedor()).toContain(orden._id);
    expect((await comprar([orden._id])).statusCode).toBe(200);
  });

  it('dos compras a la vez de la misma orden: solo una la toma', async () => {
    const orden = (await ordenar([{ idProducto: varilla, cantidad: 1 }], { idCliente: proveedor._id })).json()
      .ordenCompraDb;
    // On PostgreSQL the purchases really overlap: the order's lock makes the second wait and find it taken.
    const respuestas = await Promise.all(Array.from({ length: 4 }, () => comprar([orden._id])));
    expect(respuestas.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of respuestas.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json().message).toBe(MENSAJE_ORDEN_DE_COMPRA_YA_EXISTE);
    }
    const tomada = (
      await e.api({ method: 'GET', url: `/api/orden-de-compra/${orden._id}`, token: admin })
    ).json();
    const ganadora = respuestas.find((r) => r.statusCode === 200)?.json().compraDb._id;
    expect(tomada.ordenCompraDb.idCompra).toBe(ganadora);
  });

  it('varias compras ya guardadas vinculan a la vez la misma orden en transacciones paralelas y solo una la toma', async () => {
    const orden = (await ordenar([{ idProducto: varilla, cantidad: 1 }], { idCliente: proveedor._id })).json()
      .ordenCompraDb;
    const compras: string[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await comprar([]);
      expect(r.statusCode, r.body).toBe(200);
      compras.push(r.json().compraDb._id);
    }
    // What a purchase's save does (docs/documents.md «Órdenes de compra»), without the purchase's own
    // numbering lock that would make them take turns anyway. On PostgreSQL every transaction is open before
    // any of them links (a barrier, no lock held at it), so they really overlap; PGlite's single connection
    // serialises them.
    let abiertas = 0;
    let soltar: () => void = () => undefined;
    const todasAbiertas = new Promise<void>((resolver) => {
      soltar = resolver;
    });
    const resultados = await Promise.allSettled(
      compras.map((idCompra) =>
        e.db.enEmpresa(1, async (tx) => {
          const ctx = { tx, tenantId: 1, ip: '', usuario: null };
          if (e.db.motor === 'postgres') {
            await tx.execute(sql`select 1`);
            abiertas += 1;
            if (abiertas === compras.length) {
              soltar();
            }
            await todasAbiertas;
          }
          await ordenesParaComprar(ctx, [orden._id]);
          await vincularOrdenes(ctx, [orden._id], idCompra);
          return idCompra;
        }),
      ),
    );
    const tomaron = resultados.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(tomaron).toHaveLength(1);
    for (const r of resultados) {
      if (r.status === 'rejected') {
        expect(String(r.reason)).toContain(MENSAJE_ORDEN_DE_COMPRA_YA_EXISTE);
      }
    }
    const tomada = (
      await e.api({ method: 'GET', url: `/api/orden-de-compra/${orden._id}`, token: admin })
    ).json();
    expect(tomada.ordenCompraDb.idCompra).toBe(tomaron[0]);
    const delaCompra = await e.db.enEmpresa(1, (tx) =>
      ordenesDeLaCompra({ tx, tenantId: 1, ip: '', usuario: null }, tomaron[0] ?? ''),
    );
    expect(delaCompra.map((o) => o._id)).toEqual([orden._id]);
  });

  it('el PDF se descarga como OrdenDeCompra-{comprobante}.pdf', async () => {
    const creada = (
      await ordenar([{ idProducto: cemento, cantidad: 1 }], { idCliente: proveedor._id })
    ).json();
    const r = await e.api({
      method: 'GET',
      url: `/api/orden-de-compra/pdf/${creada.ordenCompraDb._id}`,
      token: admin,
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('application/pdf');
    expect(String(r.headers['content-disposition'])).toContain(
      `OrdenDeCompra-${creada.ordenCompraDb.comprobante}.pdf`,
    );
    // A purchasing document speaks of its supplier and its costs, never of a customer or prices (the
    // kit's `lado: 'compra'`).
    const texto = textoDelPdf(r.rawPayload);
    expect(texto).toContain('PROVEEDOR');
    expect(texto).toContain('Costo');
    expect(texto).toContain('Costos sin ITBIS');
    expect(texto).toContain('Registrada por');
    expect(texto).not.toContain('CLIENTE');
    expect(texto).not.toContain('Atendido');
    expect(texto).not.toMatch(/Precio/);
  });
});
