import { randomUUID } from 'node:crypto';
import { MENSAJE_DESPACHO_SIN_LINEAS, MENSAJE_MOTIVO_DESPACHO } from '@pos/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';
import { existencia } from '../ajustes/pruebas.ts';

type Json = Record<string, unknown>;
type Pendiente = { idLineaFactura: string; vendida: number; despachada: number; pendiente: number };
const ITBIS = { name: 'Itbis 18%', tipoDeImpuesto: 'itbis', tasa: 0.18 };

// Dispatch notes (spec 001 §2, §3 "Dispatch note", §4, §5, §7 "Dispatch notes", §8): goods handed over
// against an active invoice, never more per invoice line than it sold minus what was already dispatched.
describe.each(MOTORES)('conduces de despacho (%s)', (motor) => {
  let e: Entorno;
  let admin: string;
  let vendedor: string;
  let principal: string;
  let silla: string;
  let mesa: string;
  let cliente: string;
  let chofer: string;
  let otroChofer: string;
  let noChofer: string;

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

  async function producto(codigo: string, nombre: string, precioDeVenta: number): Promise<string> {
    const r = await e.api({
      method: 'POST',
      url: '/api/registro-productos/',
      token: admin,
      body: [
        { idCodigoDeBarra: codigo, nombre, precioDeVenta, impuestos: [ITBIS] },
        [{ idAlmacen: principal, cantidadInicial: 1000, cantidadMinima: 0 }],
        randomUUID(),
      ],
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().producto._id;
  }

  async function contacto(nombre: string, funcionEnLaEmpresa: string): Promise<string> {
    const r = await e.api({
      method: 'POST',
      url: '/api/cliente/crear',
      token: admin,
      body: { identificadorUnico: randomUUID(), nombre, funcionEnLaEmpresa },
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().clientedb._id;
  }

  /** A credit sale (no payment), so it can also be cancelled. */
  async function facturar(lineas: Json[]): Promise<{ _id: string; comprobante: string; total: number }> {
    const terminales = (
      await e.api({ method: 'GET', url: '/api/terminales/?limit=50', token: admin })
    ).json();
    const terminal = (terminales.res ?? terminales).find((t: Json) => t.nombre === 'Caja 1')._id;
    const r = await e.api({
      method: 'POST',
      url: '/api/factura/crear',
      token: admin,
      body: [
        {
          identificadorUnico: randomUUID(),
          idCliente: cliente,
          metodoDePago: 'Efectivo',
          efectivoRecibido: 0,
        },
        lineas,
        [],
        null,
        { desdePos: false, idTerminalRef: terminal },
        [],
        { _id: terminal },
        'Efectivo',
        {},
      ],
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().facturadb;
  }

  async function lineasDe(idFactura: string): Promise<Array<{ _id: string; idProducto: string }>> {
    const r = await e.api({ method: 'GET', url: `/api/factura/una/${idFactura}`, token: admin });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().linea_facturasRef;
  }

  function despachar(cuerpo: Json, token = admin) {
    return e.api({
      method: 'POST',
      url: '/api/conduce-de-despacho/',
      token,
      body: { identificadorUnico: randomUUID(), ...cuerpo },
    });
  }

  async function pendientes(idFactura: string): Promise<{ conduces: Json[]; pendientes: Pendiente[] }> {
    const r = await e.api({
      method: 'GET',
      url: `/api/conduce-de-despacho/todos-los-Conduce/${idFactura}`,
      token: admin,
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  }

  function anular(id: string, body: Json, token = admin) {
    return e.api({ method: 'PUT', url: `/api/conduce-de-despacho/anular/${id}`, token, body });
  }

  function listar(body: Json) {
    return e.api({ method: 'POST', url: '/api/conduce-de-despacho/todos', token: admin, body });
  }

  beforeAll(async () => {
    e = await crearEntorno(motor);
    admin = await e.login();
    principal = (await e.api({ method: 'GET', url: '/api/almacen/principal', token: admin })).json()._id;
    silla = await producto('DES-SILLA', 'Silla plástica blanca', 1180);
    mesa = await producto('DES-MESA', 'Mesa plegable 6 pies', 4130);
    cliente = await contacto('Ferretería El Martillo', '');
    chofer = await contacto('Julio Chofer', 'Chofer');
    otroChofer = await contacto('Ana Operadora', 'Operador');
    noChofer = await contacto('Cliente Común', '');
    vendedor = await usuario('vendedor-despachos', {
      privilegios: { conduces: { acceso: true, crear: true, modificar: true, ver: true } },
    });
  }, 120_000);

  afterAll(async () => {
    await e?.cerrar();
  });

  it('la empresa demo trae un conduce de despacho que deja pendiente parte de su factura', async () => {
    const r = await listar({ page: 1, limit: 50, verPendientes: true });
    expect(r.statusCode, r.body).toBe(200);
    const demo = (r.json().res as Json[]).find((c) => c.identificadorUnico === 'demo-conduce-despacho-1');
    expect(demo).toMatchObject({ estado: 'Activo', nombreChofer: expect.stringContaining('Pedro') });
    const { pendientes: p } = await pendientes(String(demo?.idFactura));
    expect(p.some((l) => l.despachada > 0 && l.pendiente > 0)).toBe(true);
  });

  it('crea con el número del contador y las líneas de la factura; un reintento, también a la vez, responde el primero', async () => {
    const factura = await facturar([
      { idProducto: silla, cantidad: 10 },
      { idProducto: mesa, cantidad: 2 },
    ]);
    const [lSilla, lMesa] = await lineasDe(factura._id);
    const r = await despachar({
      idFactura: factura._id,
      idChofer: chofer,
      nota: 'Entregar por la puerta trasera',
      lineaConduceDespacho: [
        { idLineaFactura: lSilla?._id, cantidadDespachada: 4 },
        // Spec 001 §5: a line with 0 is not dispatched and is dropped.
        { idLineaFactura: lMesa?._id, cantidadDespachada: 0 },
      ],
    });
    expect(r.statusCode, r.body).toBe(200);
    const { conduceDespachoDb, lineaConduceDespacho, solicitudDuplicada } = r.json();
    expect(solicitudDuplicada).toBe(false);
    expect(conduceDespachoDb).toMatchObject({
      idFactura: factura._id,
      comprobanteFactura: factura.comprobante,
      nombreCliente: 'Ferretería El Martillo',
      idChofer: chofer,
      nombreChofer: 'Julio Chofer',
      estado: 'Activo',
      activo: true,
      creadaPor: 'admin',
    });
    expect(lineaConduceDespacho).toEqual([
      expect.objectContaining({
        idLineaFactura: lSilla?._id,
        idProducto: silla,
        descripcion: 'Silla plástica blanca',
        cantidadDespachada: 4,
      }),
    ]);
    const otro = await despachar({
      idFactura: factura._id,
      lineaConduceDespacho: [{ idLineaFactura: lMesa?._id, cantidadDespachada: 1 }],
    });
    expect(otro.statusCode, otro.body).toBe(200);
    expect(otro.json().conduceDespachoDb.numeroConduceDespacho).toBe(
      conduceDespachoDb.numeroConduceDespacho + 1,
    );
    expect(otro.json().conduceDespachoDb.idChofer).toBeNull();

    const identificadorUnico = randomUUID();
    const cuerpo = {
      identificadorUnico,
      idFactura: factura._id,
      lineaConduceDespacho: [{ idLineaFactura: lSilla?._id, cantidadDespachada: 1 }],
    };
    const respuestas = await Promise.all(Array.from({ length: 6 }, () => despachar(cuerpo)));
    for (const respuesta of respuestas) {
      expect(respuesta.statusCode, respuesta.body).toBe(200);
    }
    expect(new Set(respuestas.map((x) => x.json().conduceDespachoDb._id)).size).toBe(1);
    expect(respuestas.filter((x) => x.json().solicitudDuplicada === false)).toHaveLength(1);
    const repetido = await despachar(cuerpo);
    expect(repetido.json()).toMatchObject({ solicitudDuplicada: true });
    // 4 + 1 dispatched, the replays written once.
    const { pendientes: p } = await pendientes(factura._id);
    expect(p.find((l) => l.idLineaFactura === lSilla?._id)).toMatchObject({
      vendida: 10,
      despachada: 5,
      pendiente: 5,
    });
  });

  it('no despacha más de lo pendiente, ni sin líneas, ni una línea ajena, ni con quien no es chofer', async () => {
    const factura = await facturar([{ idProducto: silla, cantidad: 3 }]);
    const [linea] = await lineasDe(factura._id);
    const primero = await despachar({
      idFactura: factura._id,
      lineaConduceDespacho: [{ idLineaFactura: linea?._id, cantidadDespachada: 2 }],
    });
    expect(primero.statusCode, primero.body).toBe(200);
    const demas = await despachar({
      idFactura: factura._id,
      lineaConduceDespacho: [{ idLineaFactura: linea?._id, cantidadDespachada: 1.5 }],
    });
    expect(demas.statusCode).toBe(409);
    expect(demas.json().message).toContain('quedan 1 por despachar');

    const ceros = await despachar({
      idFactura: factura._id,
      lineaConduceDespacho: [{ idLineaFactura: linea?._id, cantidadDespachada: 0 }],
    });
    expect(ceros.statusCode).toBe(400);
    expect(ceros.json().message).toContain(MENSAJE_DESPACHO_SIN_LINEAS);
    const vacio = await despachar({ idFactura: factura._id, lineaConduceDespacho: [] });
    expect(vacio.statusCode).toBe(400);
    expect(vacio.json().message).toContain(MENSAJE_DESPACHO_SIN_LINEAS);

    const ajena = await despachar({
      idFactura: factura._id,
      lineaConduceDespacho: [{ idLineaFactura: randomUUID(), cantidadDespachada: 1 }],
    });
    expect(ajena.statusCode).toBe(400);
    expect(ajena.json().message).toContain('no pertenece a la factura');

    const sinFuncion = await despachar({
      idFactura: factura._id,
      idChofer: noChofer,
      lineaConduceDespacho: [{ idLineaFactura: linea?._id, cantidadDespachada: 1 }],
    });
    expect(sinFuncion.statusCode).toBe(400);
    expect(sinFuncion.json().message).toContain('no es chofer');
    const noExiste = await despachar({
      idFactura: randomUUID(),
      lineaConduceDespacho: [{ idLineaFactura: linea?._id, cantidadDespachada: 1 }],
    });
    expect(noExiste.statusCode).toBe(404);
    // What was refused wrote nothing.
    const { conduces, pendientes: p } = await pendientes(factura._id);
    expect(conduces).toHaveLength(1);
    expect(p[0]).toMatchObject({ vendida: 3, despachada: 2, pendiente: 1 });
  });

  it('dos despachos a la vez que juntos pasan lo vendido: pasa uno solo', async () => {
    const factura = await facturar([{ idProducto: mesa, cantidad: 5 }]);
    const [linea] = await lineasDe(factura._id);
    const respuestas = await Promise.all(
      Array.from({ length: 4 }, () =>
        despachar({
          idFactura: factura._id,
          lineaConduceDespacho: [{ idLineaFactura: linea?._id, cantidadDespachada: 3 }],
        }),
      ),
    );
    expect(respuestas.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const { pendientes: p } = await pendientes(factura._id);
    expect(p[0]).toMatchObject({ vendida: 5, despachada: 3, pendiente: 2 });
    const [cuenta] = await e.db.consultarComoDueno<{ total: string }>(
      sql`select coalesce(sum(l.cantidad_despachada), 0) as total
          from lineas_conduce_de_despacho l join conduces_de_despacho d
            on d.tenant_id = l.tenant_id and d.id = l.id_conduce_despacho
          where d.tenant_id = 1 and d.id_factura = ${factura._id}`,
    );
    expect(Number(cuenta?.total)).toBe(3);
  });

  it('anular directo, solicitar, rechazar y aprobar; el anulado libera sus cantidades y no mueve existencia', async () => {
    const factura = await facturar([{ idProducto: silla, cantidad: 4 }]);
    const [linea] = await lineasDe(factura._id);
    const stockAntes = (await existencia(e, silla, principal)).disponibilidad;
    const todo = {
      idFactura: factura._id,
      lineaConduceDespacho: [{ idLineaFactura: linea?._id, cantidadDespachada: 4 }],
    };
    const primero = (await despachar(todo)).json().conduceDespachoDb;
    expect((await despachar(todo)).statusCode).toBe(409);

    const sinMotivo = await anular(primero._id, {});
    expect(sinMotivo.statusCode).toBe(400);
    expect(sinMotivo.json().message).toBe(MENSAJE_MOTIVO_DESPACHO);
    const directo = await anular(primero._id, { notaAnular: 'El camión se dañó' });
    expect(directo.statusCode, directo.body).toBe(200);
    expect(directo.json()).toMatchObject({
      resultado: 'anulado',
      conduceDespachoDb: {
        estado: 'Anulado',
        autorizacion: 'Aprobada',
        activo: false,
        notaAnular: 'El camión se dañó',
      },
    });
    expect((await pendientes(factura._id)).pendientes[0]).toMatchObject({ despachada: 0, pendiente: 4 });

    // A user without direct rights files a request; the quantities stay dispatched meanwhile.
    const segundo = (await despachar(todo, vendedor)).json().conduceDespachoDb;
    const solicitud = await anular(segundo._id, { notaAnular: 'Cliente no estaba' }, vendedor);
    expect(solicitud.json()).toMatchObject({
      resultado: 'solicitado',
      conduceDespachoDb: { estado: 'Por-Anular', autorizacion: 'Pendiente' },
    });
    expect((await despachar(todo)).statusCode).toBe(409);
    const auditoria = await e.api({
      method: 'POST',
      url: '/api/users/solicitud-Anulacion/',
      token: admin,
      body: { estado: 'Pendiente', page: 1, limit: 50 },
    });
    expect(auditoria.json().data).toContainEqual(
      expect.objectContaining({
        tipoDocumento: 'conduceDespacho',
        idDocumento: segundo._id,
        numeracioDocumento: String(segundo.numeroConduceDespacho),
        total: factura.total,
      }),
    );
    const noResuelve = await anular(segundo._id, { autorizacion: 'Aprobada' }, vendedor);
    expect(noResuelve.statusCode).toBe(403);
    const rechazo = await anular(segundo._id, { autorizacion: 'Rechazada' });
    expect(rechazo.json()).toMatchObject({
      resultado: 'rechazado',
      conduceDespachoDb: { estado: 'Activo', autorizacion: 'Rechazada', notaAnular: '' },
    });
    expect((await anular(segundo._id, { notaAnular: 'Otra vez' }, vendedor)).statusCode).toBe(200);
    const aprobado = await anular(segundo._id, { autorizacion: 'Aprobada', notaAutorizacion: 'Visto' });
    expect(aprobado.json()).toMatchObject({
      resultado: 'aprobado',
      conduceDespachoDb: { estado: 'Anulado' },
    });
    expect((await pendientes(factura._id)).pendientes[0]).toMatchObject({ despachada: 0, pendiente: 4 });
    expect((await anular(segundo._id, { notaAnular: 'x' })).statusCode).toBe(409);

    const anulados = await e.api({
      method: 'POST',
      url: '/api/conduce-de-despacho/anulados',
      token: admin,
      body: { page: 1, limit: 100 },
    });
    expect(anulados.json().res.map((c: Json) => c._id)).toEqual(
      expect.arrayContaining([primero._id, segundo._id]),
    );
    const activos = await listar({ page: 1, limit: 200 });
    expect(activos.json().res.map((c: Json) => c._id)).not.toContain(primero._id);

    // Deleting: only who cancels directly; it stays Anulado with its number and frees its quantities.
    const tercero = (await despachar(todo)).json().conduceDespachoDb;
    const url = `/api/conduce-de-despacho/eliminar/${tercero._id}`;
    expect((await e.api({ method: 'DELETE', url, token: vendedor })).statusCode).toBe(403);
    const eliminado = await e.api({ method: 'DELETE', url, token: admin });
    expect(eliminado.statusCode, eliminado.body).toBe(200);
    expect(eliminado.json().conduceDespachoDb).toMatchObject({
      estado: 'Anulado',
      notaAnular: 'Eliminado por admin',
    });
    expect((await pendientes(factura._id)).pendientes[0]).toMatchObject({ pendiente: 4 });
    // A dispatch note moves no stock: the invoice already did.
    expect((await existencia(e, silla, principal)).disponibilidad).toBe(stockAntes);
  });

  it('la lista filtra por chofer y «Ver pendientes» deja solo las facturas con algo por despachar', async () => {
    const completa = await facturar([{ idProducto: mesa, cantidad: 2 }]);
    const parcial = await facturar([{ idProducto: mesa, cantidad: 2 }]);
    const [lCompleta] = await lineasDe(completa._id);
    const [lParcial] = await lineasDe(parcial._id);
    const a = (
      await despachar({
        idFactura: completa._id,
        idChofer: otroChofer,
        lineaConduceDespacho: [{ idLineaFactura: lCompleta?._id, cantidadDespachada: 2 }],
      })
    ).json().conduceDespachoDb;
    const b = (
      await despachar({
        idFactura: parcial._id,
        idChofer: otroChofer,
        lineaConduceDespacho: [{ idLineaFactura: lParcial?._id, cantidadDespachada: 1 }],
      })
    ).json().conduceDespachoDb;
    const delChofer = await listar({ page: 1, limit: 100, idChofer: otroChofer });
    expect(delChofer.statusCode, delChofer.body).toBe(200);
    expect(
      delChofer
        .json()
        .res.map((c: Json) => c._id)
        .sort(),
    ).toEqual([a._id, b._id].sort());
    expect(delChofer.json().totalRows).toBe(2);
    const conPendientes = await listar({ page: 1, limit: 100, idChofer: otroChofer, verPendientes: true });
    expect(conPendientes.json()).toMatchObject({ totalRows: 1, res: [{ _id: b._id }] });
    const porFactura = await listar({ page: 1, limit: 100, input: parcial.comprobante });
    expect(porFactura.json().res.map((c: Json) => c._id)).toEqual([b._id]);
    // Dispatching the rest leaves nothing pending for that driver.
    await despachar({
      idFactura: parcial._id,
      lineaConduceDespacho: [{ idLineaFactura: lParcial?._id, cantidadDespachada: 1 }],
    });
    const ninguno = await listar({ page: 1, limit: 100, idChofer: otroChofer, verPendientes: true });
    expect(ninguno.json()).toEqual({ res: [], totalRows: 0 });
  });

  it('una factura anulada no se despacha; permisos y empresas separadas', async () => {
    const factura = await facturar([{ idProducto: silla, cantidad: 1 }]);
    const [linea] = await lineasDe(factura._id);
    const anulada = await e.api({
      method: 'PUT',
      url: `/api/factura/anular/${factura._id}`,
      token: admin,
      body: { tipoDeAnulacion: '4', notaAnular: 'Error' },
    });
    expect(anulada.statusCode, anulada.body).toBe(200);
    const r = await despachar({
      idFactura: factura._id,
      lineaConduceDespacho: [{ idLineaFactura: linea?._id, cantidadDespachada: 1 }],
    });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toContain('está anulada; no se puede despachar');

    const cajero = await usuario('cajero-sin-despachos', {
      privilegios: { puntoDeVentas: { acceso: true, crear: true, modificar: false, ver: true } },
    });
    expect((await listar({ page: 1 })).statusCode).toBe(200);
    expect(
      (await e.api({ method: 'POST', url: '/api/conduce-de-despacho/todos', token: cajero, body: {} }))
        .statusCode,
    ).toBe(403);
    const propia = await facturar([{ idProducto: silla, cantidad: 1 }]);
    const [lPropia] = await lineasDe(propia._id);
    const creado = (
      await despachar({
        idFactura: propia._id,
        lineaConduceDespacho: [{ idLineaFactura: lPropia?._id, cantidadDespachada: 1 }],
      })
    ).json().conduceDespachoDb;
    const uno = await e.api({
      method: 'GET',
      url: `/api/conduce-de-despacho/un-conduce/${creado._id}`,
      token: admin,
    });
    expect(uno.statusCode, uno.body).toBe(200);
    expect(uno.json()).toMatchObject({
      conduceDespachoDb: { _id: creado._id },
      factura: { _id: propia._id, comprobante: propia.comprobante, nombre: 'Ferretería El Martillo' },
      pendientes: [{ vendida: 1, despachada: 1, pendiente: 0 }],
    });
    const otraEmpresa = await e.login(2);
    const ajeno = await e.api({
      method: 'GET',
      url: `/api/conduce-de-despacho/${creado._id}`,
      tenant: 2,
      token: otraEmpresa,
    });
    expect(ajeno.statusCode).toBe(404);
  });
});
