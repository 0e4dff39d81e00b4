import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';
import { existencia } from '../ajustes/pruebas.ts';

type Json = Record<string, unknown>;
const ITBIS = { name: 'Itbis 18%', tipoDeImpuesto: 'itbis', tasa: 0.18 };

// Quotations (spec 001 §3 "Quotation", §4, §5, §7), the first family on the document kit.
describe.each(MOTORES)('cotizaciones (%s)', (motor) => {
  let e: Entorno;
  let admin: string;
  let vendedor: string;
  let principal: string;
  let silla: string;
  let mesa: string;
  let cliente: Json;

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
        [{ idAlmacen: principal, cantidadInicial: 10, cantidadMinima: 0 }],
        randomUUID(),
      ],
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().producto._id;
  }

  function cotizar(lineas: Json[], cabecera: Json = {}, token = admin, identificadorUnico = randomUUID()) {
    return e.api({
      method: 'POST',
      url: '/api/cotizacion/',
      token,
      body: [cabecera, lineas, identificadorUnico],
    });
  }

  beforeAll(async () => {
    e = await crearEntorno(motor);
    admin = await e.login();
    principal = (await e.api({ method: 'GET', url: '/api/almacen/principal', token: admin })).json()._id;
    silla = await producto('COT-SILLA', 'Silla plástica blanca', 1180);
    mesa = await producto('COT-MESA', 'Mesa plegable 6 pies', 4130);
    const r = await e.api({
      method: 'POST',
      url: '/api/cliente/crear',
      token: admin,
      body: {
        identificadorUnico: randomUUID(),
        nombre: 'Colmado',
        apellidos: 'La Esquina',
        tipoDeIdentificacion: 'RNC',
        rnc: '101000001',
        correo: 'colmado@ejemplo.do',
      },
    });
    expect(r.statusCode, r.body).toBe(200);
    cliente = r.json().clientedb;
    const ver = { cotizaciones: { acceso: true, crear: true, modificar: true, ver: true } };
    vendedor = await usuario('vendedor-cotizaciones', { privilegios: ver, limiteDescuento: 10 });
  }, 120_000);

  afterAll(async () => {
    await e?.cerrar();
  });

  it('la empresa demo trae dos cotizaciones de clientes mayoristas (una facturada) y una anulada', async () => {
    const todas = async (buscarPorEstado: boolean) =>
      (
        await e.api({
          method: 'POST',
          url: '/api/cotizacion/todas',
          token: admin,
          body: { input: 'COT', page: 1, limit: 50, buscarPorEstado },
        })
      ).json().res as Json[];
    const demo = (lista: Json[]) =>
      lista.filter((c) => String(c.identificadorUnico).startsWith('demo-cotizacion-'));
    // The hardware store's was billed by the conversions demo; the supermarket's is still open.
    expect(demo(await todas(false)).map((c) => [c.nombre, typeof c.idFactura])).toEqual([
      ['Ferretería El Martillo SRL', 'string'],
      ['Supermercado La Cosecha SRL', 'object'],
    ]);
    expect(demo(await todas(true))).toMatchObject([{ estado: 'Anulado', autorizacion: 'Aprobada' }]);
  });

  it('numera con la numeración de cotizaciones, calcula con el dominio, guarda al cliente y no mueve existencia', async () => {
    const antes = (await existencia(e, silla, principal)).disponibilidad;
    const r = await cotizar(
      [
        { idProducto: silla, cantidad: 4 },
        // A client total or line total is never trusted: the server computes them.
        { idProducto: mesa, cantidad: 1, descuento: 0.1, total: 1 },
      ],
      { idCliente: cliente._id, notaPieDePagina: 'Válida por 15 días' },
    );
    expect(r.statusCode, r.body).toBe(200);
    const { cotizacionDb, lineasCotizacion, solicitudDuplicada } = r.json();
    expect(solicitudDuplicada).toBe(false);
    expect(cotizacionDb.comprobante).toMatch(/^COT\d+$/);
    expect(cotizacionDb.numeroCotizacion).toBeGreaterThan(0);
    expect(cotizacionDb).toMatchObject({
      nombre: 'Colmado La Esquina',
      rnc: '101000001',
      correo: 'colmado@ejemplo.do',
      estado: 'Activo',
      activo: true,
      notaPieDePagina: 'Válida por 15 días',
      almacenActual: principal,
    });
    // 4 × 1180 + 4130 − 10 % (prices with ITBIS): subtotal 4000 + 3150, ITBIS 720 + 567.
    expect(cotizacionDb.subtotal).toBe(7150);
    expect(cotizacionDb.impuestos).toBe(1287);
    expect(cotizacionDb.totalGral).toBe(8437);
    expect(lineasCotizacion.map((l: Json) => [l.descripcion, l.cantidad, l.total])).toEqual([
      ['Silla plástica blanca', 4, 4720],
      ['Mesa plegable 6 pies', 1, 3717],
    ]);
    expect(lineasCotizacion[0].idCotizacion).toBe(cotizacionDb._id);
    expect((await existencia(e, silla, principal)).disponibilidad).toBe(antes);

    // The next one takes the next number, without gaps.
    const otra = (await cotizar([{ idProducto: silla, cantidad: 1 }])).json().cotizacionDb;
    expect(otra.numeroCotizacion).toBe(cotizacionDb.numeroCotizacion + 1);
  });

  it('un reintento con el mismo identificadorUnico responde la primera (también a la vez) y no gasta números', async () => {
    const identificador = randomUUID();
    const respuestas = await Promise.all(
      Array.from({ length: 6 }, () => cotizar([{ idProducto: mesa, cantidad: 2 }], {}, admin, identificador)),
    );
    for (const r of respuestas) {
      expect(r.statusCode, r.body).toBe(200);
    }
    const ids = new Set(respuestas.map((r) => r.json().cotizacionDb._id));
    expect(ids.size).toBe(1);
    expect(respuestas.filter((r) => r.json().solicitudDuplicada === false)).toHaveLength(1);
    const primera = respuestas[0]?.json().cotizacionDb;
    const siguiente = (await cotizar([{ idProducto: mesa, cantidad: 1 }])).json().cotizacionDb;
    expect(siguiente.numeroCotizacion).toBe(primera.numeroCotizacion + 1);
  });

  it('rechaza sin líneas, con un descuento sobre el límite del usuario y con un cliente que no existe', async () => {
    const sinLineas = await cotizar([]);
    expect(sinLineas.statusCode).toBe(400);
    expect(sinLineas.json().message).toContain('Este cotización no tiene articulos');
    const descuento = await cotizar([{ idProducto: mesa, cantidad: 1, descuento: 0.25 }], {}, vendedor);
    expect(descuento.statusCode).toBe(400);
    expect(descuento.json().message).toBe(
      'El descuento no puede ser mayor al 10% ni menor a 0%, ni estar vacio, ni contener letras',
    );
    const sinCliente = await cotizar([{ idProducto: mesa, cantidad: 1 }], { idCliente: randomUUID() });
    expect(sinCliente.statusCode).toBe(404);
  });

  it('edita: cambia una línea, quita otra y agrega una nueva; los totales se recalculan y el número queda', async () => {
    const creada = (
      await cotizar([
        { idProducto: silla, cantidad: 2 },
        { idProducto: mesa, cantidad: 1 },
      ])
    ).json();
    const [lineaSilla, lineaMesa] = creada.lineasCotizacion;
    const r = await e.api({
      method: 'PUT',
      url: `/api/cotizacion/${creada.cotizacionDb._id}`,
      token: admin,
      body: [
        { nombre: 'Cliente de paso' },
        [lineaMesa._id],
        [
          { _id: lineaSilla._id, idProducto: silla, cantidad: 10 },
          { idProducto: mesa, cantidad: 3 },
        ],
      ],
    });
    expect(r.statusCode, r.body).toBe(200);
    const { cotizacionDb, lineasCotizacion } = r.json();
    expect(cotizacionDb.comprobante).toBe(creada.cotizacionDb.comprobante);
    expect(cotizacionDb.nombre).toBe('Cliente de paso');
    expect(lineasCotizacion.map((l: Json) => [l.descripcion, l.cantidad])).toEqual([
      ['Silla plástica blanca', 10],
      ['Mesa plegable 6 pies', 3],
    ]);
    expect(lineasCotizacion[0]._id).toBe(lineaSilla._id);
    expect(cotizacionDb.totalGral).toBe(10 * 1180 + 3 * 4130);

    const ajena = await e.api({
      method: 'PUT',
      url: `/api/cotizacion/${creada.cotizacionDb._id}`,
      token: admin,
      body: [{}, [randomUUID()], [{ idProducto: silla, cantidad: 1 }]],
    });
    expect(ajena.statusCode).toBe(404);
  });

  it('lista activas o la vista de auditoría, busca, y da las del cliente y sus líneas juntas', async () => {
    const a = (await cotizar([{ idProducto: silla, cantidad: 1 }], { idCliente: cliente._id })).json();
    const b = (await cotizar([{ idProducto: mesa, cantidad: 2 }], { idCliente: cliente._id })).json();
    const lista = await e.api({
      method: 'POST',
      url: '/api/cotizacion/todas',
      token: admin,
      body: { input: b.cotizacionDb.comprobante, page: 1, limit: 10, periodo: 1 },
    });
    expect(lista.statusCode, lista.body).toBe(200);
    expect(lista.json()).toMatchObject({ totalRows: 1, res: [{ _id: b.cotizacionDb._id }] });

    const delCliente = await e.api({
      method: 'POST',
      url: '/api/cotizacion/cliente/',
      token: admin,
      body: { id: cliente._id, page: 1, limit: 50 },
    });
    expect(delCliente.statusCode, delCliente.body).toBe(200);
    const ids = delCliente.json().res.map((c: Json) => c._id);
    expect(ids).toEqual(expect.arrayContaining([a.cotizacionDb._id, b.cotizacionDb._id]));
    expect(ids.indexOf(b.cotizacionDb._id)).toBeLessThan(ids.indexOf(a.cotizacionDb._id));

    const lineas = await e.api({
      method: 'POST',
      url: '/api/cotizacion/lineas/',
      token: admin,
      body: [b.cotizacionDb._id, a.cotizacionDb._id],
    });
    expect(lineas.statusCode, lineas.body).toBe(200);
    expect(lineas.json().map((l: Json) => [l.idCotizacion, l.descripcion])).toEqual([
      [b.cotizacionDb._id, 'Mesa plegable 6 pies'],
      [a.cotizacionDb._id, 'Silla plástica blanca'],
    ]);
  });

  it('anula: el vendedor solicita, el supervisor rechaza o aprueba; sin motivo no; anulada no se edita', async () => {
    const creada = (await cotizar([{ idProducto: silla, cantidad: 1 }], {}, vendedor)).json().cotizacionDb;
    const anular = (token: string, body: Json) =>
      e.api({ method: 'PUT', url: `/api/cotizacion/anular/${creada._id}`, token, body });
    const sinMotivo = await anular(vendedor, {});
    expect(sinMotivo.statusCode).toBe(400);
    expect(sinMotivo.json().message).toBe('Debes ingresar un motivo para anular la cotización');

    const solicitud = await anular(vendedor, { notaAnular: 'El cliente compró en otro lugar' });
    expect(solicitud.statusCode, solicitud.body).toBe(200);
    expect(solicitud.json()).toMatchObject({
      resultado: 'solicitada',
      cotizacionDb: { estado: 'Por-Anular', autorizacion: 'Pendiente', activo: true },
    });
    const auditoria = await e.api({
      method: 'POST',
      url: '/api/cotizacion/todas',
      token: admin,
      body: { buscarPorEstado: true, page: 1, limit: 200 },
    });
    expect(auditoria.json().res.map((c: Json) => c._id)).toContain(creada._id);
    const pendientes = await e.api({
      method: 'POST',
      url: '/api/users/solicitud-Anulacion/',
      token: admin,
      body: { estado: 'Pendiente', page: 1, limit: 50 },
    });
    expect(pendientes.statusCode, pendientes.body).toBe(200);
    expect(pendientes.json().data).toContainEqual(
      expect.objectContaining({ tipoDocumento: 'cotizacion', idDocumento: creada._id, total: 1180 }),
    );

    const rechazada = await anular(admin, { autorizacion: 'Rechazada' });
    expect(rechazada.json()).toMatchObject({
      resultado: 'rechazada',
      cotizacionDb: { estado: 'Activo', notaAutorizacion: 'Solicitud Denegada' },
    });
    await anular(vendedor, { notaAnular: 'Otra vez' });
    const aprobada = await anular(admin, { autorizacion: 'Aprobada', notaAutorizacion: 'Ok' });
    expect(aprobada.json()).toMatchObject({
      resultado: 'aprobada',
      cotizacionDb: { estado: 'Anulado', activo: false },
    });
    const editar = await e.api({
      method: 'PUT',
      url: `/api/cotizacion/${creada._id}`,
      token: admin,
      body: [{}, [], [{ idProducto: silla, cantidad: 1 }]],
    });
    expect(editar.statusCode).toBe(409);
    expect(editar.json().message).toContain('está anulada');
    const activas = await e.api({
      method: 'POST',
      url: '/api/cotizacion/todas',
      token: admin,
      body: { page: 1, limit: 200 },
    });
    expect(activas.json().res.map((c: Json) => c._id)).not.toContain(creada._id);
  });

  it('eliminar es del supervisor y conserva el número; sin el módulo no se ve nada', async () => {
    const creada = (await cotizar([{ idProducto: mesa, cantidad: 1 }])).json().cotizacionDb;
    const delVendedor = await e.api({
      method: 'DELETE',
      url: `/api/cotizacion/eliminar/${creada._id}`,
      token: vendedor,
    });
    expect(delVendedor.statusCode).toBe(403);
    const eliminada = await e.api({
      method: 'DELETE',
      url: `/api/cotizacion/eliminar/${creada._id}`,
      token: admin,
    });
    expect(eliminada.statusCode, eliminada.body).toBe(200);
    expect(eliminada.json().cotizacionDb).toMatchObject({
      estado: 'Anulado',
      comprobante: creada.comprobante,
    });
    const leida = await e.api({ method: 'GET', url: `/api/cotizacion/${creada._id}`, token: admin });
    expect(leida.json().cotizacionDb.notaAnular).toBe('Eliminado por admin');

    const cajero = await usuario('cajero-sin-cotizaciones', {
      privilegios: { puntoDeVentas: { acceso: true, crear: true, modificar: false, ver: true } },
    });
    const prohibida = await e.api({ method: 'GET', url: `/api/cotizacion/${creada._id}`, token: cajero });
    expect(prohibida.statusCode).toBe(403);
    const otraEmpresa = await e.api({
      method: 'GET',
      url: `/api/cotizacion/${creada._id}`,
      tenant: 2,
      token: await e.login(2),
    });
    expect(otraEmpresa.statusCode).toBe(404);
  });
});
