import { randomUUID } from 'node:crypto';
import {
  MENSAJE_CONDUCE_FACTURADO,
  MENSAJE_CONDUCE_REPETIDO,
  MENSAJE_COTIZACION_FACTURADA,
} from '@pos/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';
import { existencia } from '../ajustes/pruebas.ts';

type Json = Record<string, unknown>;
type Linea = { _id: string; idProducto: string; cantidad: number; paquete: boolean; precio: string };
const ITBIS = { name: 'Itbis 18%', tipoDeImpuesto: 'itbis', tasa: 0.18 };

// Conversions to an invoice (spec 001 §2, §4, §5): one or several quotations and pre-invoice delivery
// notes become an invoice that records its sources; each source is billed once and is free again when
// the invoice is cancelled; stock moves once across conduce → invoice.
describe.each(MOTORES)('conversiones a factura (%s)', (motor) => {
  let e: Entorno;
  let admin: string;
  let principal: string;
  let terminal: string;
  let vaso: string;
  let plato: string;
  let cliente: string;

  async function producto(codigo: string, nombre: string, precioDeVenta: number): Promise<string> {
    const r = await e.api({
      method: 'POST',
      url: '/api/registro-productos/',
      token: admin,
      body: [
        { idCodigoDeBarra: codigo, nombre, precioDeVenta, impuestos: [ITBIS] },
        [{ idAlmacen: principal, cantidadInicial: 50, cantidadMinima: 0 }],
        randomUUID(),
      ],
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().producto._id;
  }

  async function cotizar(lineas: Json[]): Promise<{ id: string; lineas: Linea[]; comprobante: string }> {
    const r = await e.api({
      method: 'POST',
      url: '/api/cotizacion/',
      token: admin,
      body: [{ idCliente: cliente }, lineas, randomUUID()],
    });
    expect(r.statusCode, r.body).toBe(200);
    const { cotizacionDb, lineasCotizacion } = r.json();
    return { id: cotizacionDb._id, lineas: lineasCotizacion, comprobante: cotizacionDb.comprobante };
  }

  async function conducir(lineas: Json[]): Promise<{ id: string; lineas: Linea[]; comprobante: string }> {
    const r = await e.api({
      method: 'POST',
      url: '/api/conduce/',
      token: admin,
      body: [{ identificadorUnico: randomUUID(), idCliente: cliente }, lineas],
    });
    expect(r.statusCode, r.body).toBe(200);
    const { conduceDb, lineasConduce } = r.json();
    return { id: conduceDb._id, lineas: lineasConduce, comprobante: conduceDb.comprobante };
  }

  // The invoice body of spec 001 §7: [header, lines, linked conduces, afectarCuenta, POS info, …].
  function facturar(cabecera: Json, lineas: Json[], conduces: unknown[] = []) {
    return e.api({
      method: 'POST',
      url: '/api/factura/crear',
      token: admin,
      body: [
        { identificadorUnico: randomUUID(), idCliente: cliente, plazoPagos: 30, ...cabecera },
        lineas,
        conduces,
        null,
        { desdePos: false, idTerminalRef: terminal },
        [],
        { _id: terminal },
        'Efectivo',
        {},
      ],
    });
  }

  const comoLineas = (lineas: Linea[], conduce = false) =>
    lineas.map((l) => ({
      idProducto: l.idProducto,
      cantidad: l.cantidad,
      paquete: l.paquete,
      precio: l.precio,
      ...(conduce ? { idLineaConduce: l._id } : {}),
    }));

  const stock = async (id: string) => (await existencia(e, id, principal)).disponibilidad;
  const cotizacion = async (id: string) =>
    (await e.api({ method: 'GET', url: `/api/cotizacion/${id}`, token: admin })).json().cotizacionDb;
  const conduce = async (id: string) =>
    (await e.api({ method: 'GET', url: `/api/conduce/${id}`, token: admin })).json().conduceDb;

  function anularFactura(id: string) {
    return e.api({
      method: 'PUT',
      url: `/api/factura/anular/${id}`,
      token: admin,
      body: { tipoDeAnulacion: '4', notaAnular: 'Corrección' },
    });
  }

  beforeAll(async () => {
    e = await crearEntorno(motor);
    admin = await e.login();
    principal = (await e.api({ method: 'GET', url: '/api/almacen/principal', token: admin })).json()._id;
    const terminales = (
      await e.api({ method: 'GET', url: '/api/terminales/?limit=50', token: admin })
    ).json();
    terminal = (terminales.res ?? terminales).find((t: Json) => t.nombre === 'Caja 1')._id;
    vaso = await producto('CONV-VASO', 'Vaso de cristal', 118);
    plato = await producto('CONV-PLATO', 'Plato llano', 236);
    const r = await e.api({
      method: 'POST',
      url: '/api/cliente/crear',
      token: admin,
      body: {
        identificadorUnico: randomUUID(),
        nombre: 'Banquetes',
        apellidos: 'del Sur',
        tipoDeIdentificacion: 'RNC',
        rnc: '101000002',
      },
    });
    expect(r.statusCode, r.body).toBe(200);
    cliente = r.json().clientedb._id;
  }, 120_000);

  afterAll(async () => {
    await e?.cerrar();
  });

  it('dos cotizaciones se juntan en una factura que las registra; ninguna se factura dos veces; anular la factura las libera', async () => {
    const a = await cotizar([{ idProducto: vaso, cantidad: 6 }]);
    const b = await cotizar([{ idProducto: plato, cantidad: 4 }]);
    const lineas = (
      await e.api({ method: 'POST', url: '/api/cotizacion/lineas/', token: admin, body: [a.id, b.id] })
    ).json();
    const antes = await stock(vaso);
    const r = await facturar({ idCotizaciones: [a.id, b.id] }, comoLineas(lineas));
    expect(r.statusCode, r.body).toBe(200);
    const factura = r.json().facturadb;
    expect(factura.idCotizaciones).toEqual([a.id, b.id]);
    expect(factura.idCotizacion).toBeNull();
    expect(factura.documentosDeOrigen).toEqual([
      { tipo: 'cotizacion', id: a.id, comprobante: a.comprobante },
      { tipo: 'cotizacion', id: b.id, comprobante: b.comprobante },
    ]);
    // An invoice from quotations moves its stock as any sale (a quotation moved none).
    expect(await stock(vaso)).toBe(antes - 6);
    expect((await cotizacion(a.id)).idFactura).toBe(factura._id);
    expect((await cotizacion(b.id)).facturas_vinculadas).toEqual([factura._id]);

    // Billed once: a second invoice from the same quotation is refused, and nothing of it is written.
    const otra = await facturar({ idCotizacion: a.id }, comoLineas(a.lineas));
    expect(otra.statusCode).toBe(409);
    expect(otra.json().message).toBe(
      `La cotización ${a.comprobante} ya está facturada en la factura ${factura.comprobante}.`,
    );
    expect(await stock(vaso)).toBe(antes - 6);
    // …and a billed quotation is neither changed nor cancelled.
    const cambiar = await e.api({
      method: 'PUT',
      url: `/api/cotizacion/anular/${a.id}`,
      token: admin,
      body: { notaAnular: 'Ya no' },
    });
    expect(cambiar.statusCode).toBe(409);
    expect(cambiar.json().message).toBe(MENSAJE_COTIZACION_FACTURADA);

    expect((await anularFactura(factura._id)).statusCode).toBe(200);
    expect((await cotizacion(a.id)).idFactura).toBeNull();
    const detalle = (
      await e.api({ method: 'GET', url: `/api/factura/una/${factura._id}`, token: admin })
    ).json();
    // The cancelled invoice still says where it came from.
    expect(detalle.FacturaDb.idCotizaciones).toEqual([a.id, b.id]);
    const otraVez = await facturar({ idCotizacion: a.id }, comoLineas(a.lineas));
    expect(otraVez.statusCode, otraVez.body).toBe(200);
    expect(otraVez.json().facturadb.idCotizacion).toBe(a.id);
  });

  it('un conduce pre-factura facturado: la existencia sale una sola vez, el conduce queda retirado y anular la factura lo libera', async () => {
    const antes = await stock(plato);
    const c = await conducir([{ idProducto: plato, cantidad: 3 }]);
    expect(await stock(plato)).toBe(antes - 3);
    const agregado = await e.api({
      method: 'GET',
      url: `/api/conduce/agregar-conduce/${c.id}`,
      token: admin,
    });
    expect(agregado.statusCode, agregado.body).toBe(200);
    const r = await facturar(
      {},
      [...comoLineas(agregado.json().lineasConduce, true), { idProducto: vaso, cantidad: 1 }],
      [c.id],
    );
    expect(r.statusCode, r.body).toBe(200);
    const factura = r.json().facturadb;
    expect(factura.documentosDeOrigen).toEqual([{ tipo: 'conduce', id: c.id, comprobante: c.comprobante }]);
    expect(r.json().conduce_facturado).toEqual([{ tipo: 'conduce', id: c.id, comprobante: c.comprobante }]);
    // Stock once: the conduce took the plates out; the invoice took none of them again.
    expect(await stock(plato)).toBe(antes - 3);
    const retirado = await conduce(c.id);
    expect(retirado.idFactura).toBe(factura._id);
    expect(retirado.totalGraltemRetirados).toBe(retirado.totalGral);
    // Billed: the conduce cannot be cancelled, linked again or brought into another invoice.
    const anular = await e.api({
      method: 'PUT',
      url: `/api/conduce/anular/${c.id}`,
      token: admin,
      body: { notaAnular: 'Error' },
    });
    expect(anular.json().message).toBe(MENSAJE_CONDUCE_FACTURADO);
    const otra = await e.api({ method: 'GET', url: `/api/conduce/agregar-conduce/${c.id}`, token: admin });
    expect(otra.statusCode).toBe(409);
    expect(otra.json().message).toBe(
      `El conduce ${c.comprobante} ya está facturado en la factura ${factura.comprobante}.`,
    );

    expect((await anularFactura(factura._id)).statusCode).toBe(200);
    // The invoice's cancellation gives back only what it took (the glass); the plates stay out with
    // the conduce, which can be billed again.
    expect(await stock(plato)).toBe(antes - 3);
    const libre = await conduce(c.id);
    expect(libre.idFactura).toBeNull();
    expect(libre.totalGraltemRetirados).toBe(0);
    expect(
      (await e.api({ method: 'GET', url: `/api/conduce/agregar-conduce/${c.id}`, token: admin })).statusCode,
    ).toBe(200);
  });

  it('reglas de §5: conduce repetido, línea de conduce que falta o cambia, línea de un conduce no vinculado, conduce post-factura', async () => {
    const c = await conducir([
      { idProducto: vaso, cantidad: 2 },
      { idProducto: plato, cantidad: 1 },
    ]);
    const lineas = comoLineas(c.lineas, true);

    const repetido = await facturar({}, lineas, [c.id, { _id: c.id }]);
    expect(repetido.statusCode).toBe(400);
    expect(repetido.json().message).toBe(MENSAJE_CONDUCE_REPETIDO);

    const falta = await facturar({}, lineas.slice(0, 1), [c.id]);
    expect(falta.statusCode).toBe(409);
    expect(falta.json().message).toBe(
      `ARTICULO DE CONDUCE: «Plato llano» del conduce ${c.comprobante} falta en la factura; para quitarlo, quita el conduce.`,
    );

    const cambia = await facturar({}, [{ ...lineas[0], cantidad: 1 }, lineas[1] as Json], [c.id]);
    expect(cambia.statusCode).toBe(409);
    expect(cambia.json().message).toMatch(/^ARTICULO DE CONDUCE: «Vaso de cristal»/);

    const sinVincular = await facturar({}, lineas, []);
    expect(sinVincular.statusCode).toBe(400);
    expect(sinVincular.json().message).toBe(
      'La línea 1 dice venir de un conduce que no está vinculado a la factura.',
    );

    // None of the refusals billed it.
    expect((await conduce(c.id)).idFactura).toBeNull();

    // A post-invoice conduce delivers an invoice: it is never billed.
    const venta = await facturar({}, [{ idProducto: vaso, cantidad: 1 }]);
    const post = await e.api({
      method: 'POST',
      url: '/api/conduce/',
      token: admin,
      body: [
        { identificadorUnico: randomUUID(), tipo: 'postFactura', idFactura: venta.json().facturadb._id },
        [{ idProducto: vaso, cantidad: 1 }],
      ],
    });
    expect(post.statusCode, post.body).toBe(200);
    const agregar = await e.api({
      method: 'GET',
      url: `/api/conduce/agregar-conduce/${post.json().conduceDb._id}`,
      token: admin,
    });
    expect(agregar.statusCode).toBe(409);
    expect(agregar.json().message).toBe(
      'Un conduce post-factura no se factura: entrega una factura que ya existe.',
    );
  });

  it('editar la factura: quitar el conduce quita sus líneas y lo libera; agregarlo otra vez lo vuelve a facturar', async () => {
    const antes = await stock(vaso);
    const c = await conducir([{ idProducto: vaso, cantidad: 5 }]);
    const r = await facturar({}, [...comoLineas(c.lineas, true), { idProducto: plato, cantidad: 1 }], [c.id]);
    expect(r.statusCode, r.body).toBe(200);
    const id = r.json().facturadb._id;

    function editar(lineas: Json[], conduces: string[]) {
      return e.api({
        method: 'PUT',
        url: `/api/factura/${id}`,
        token: admin,
        body: [{ idCliente: cliente, plazoPagos: 30 }, [], lineas, [], conduces],
      });
    }
    const sin = await editar([{ idProducto: plato, cantidad: 1 }], []);
    expect(sin.statusCode, sin.body).toBe(200);
    expect(sin.json().FacturaDb.documentosDeOrigen).toEqual([]);
    expect((await conduce(c.id)).idFactura).toBeNull();
    expect(await stock(vaso)).toBe(antes - 5);

    const con = await editar([{ idProducto: plato, cantidad: 1 }, ...comoLineas(c.lineas, true)], [c.id]);
    expect(con.statusCode, con.body).toBe(200);
    expect((await conduce(c.id)).idFactura).toBe(id);
    expect(con.json().linea_facturasRef.map((l: Json) => l.idLineaConduce)).toEqual([null, c.lineas[0]?._id]);
    // Stock still once: 5 glasses out with the conduce, none with the invoice.
    expect(await stock(vaso)).toBe(antes - 5);
  });

  it('una factura con entregas (conduce post-factura, conduce de despacho) no se modifica ni se anula hasta anularlas', async () => {
    const r = await facturar({}, [{ idProducto: vaso, cantidad: 4 }]);
    expect(r.statusCode, r.body).toBe(200);
    const factura = r.json().facturadb;
    const linea = r.json().linea_facturasRef[0];
    const post = await e.api({
      method: 'POST',
      url: '/api/conduce/',
      token: admin,
      body: [
        { identificadorUnico: randomUUID(), tipo: 'postFactura', idFactura: factura._id },
        [{ idProducto: vaso, cantidad: 1 }],
      ],
    });
    expect(post.statusCode, post.body).toBe(200);
    const despacho = await e.api({
      method: 'POST',
      url: '/api/conduce-de-despacho/',
      token: admin,
      body: {
        identificadorUnico: randomUUID(),
        idFactura: factura._id,
        lineaConduceDespacho: [{ idLineaFactura: linea._id, cantidadDespachada: 2 }],
      },
    });
    expect(despacho.statusCode, despacho.body).toBe(200);
    const numeroDespacho = despacho.json().conduceDespachoDb.numeroConduceDespacho;
    const esperado = `tiene entregas registradas (${post.json().conduceDb.comprobante}, despacho ${numeroDespacho}). Anúlalas primero.`;

    const editar = await e.api({
      method: 'PUT',
      url: `/api/factura/${factura._id}`,
      token: admin,
      body: [{ idCliente: cliente, plazoPagos: 30 }, [], [{ idProducto: vaso, cantidad: 3 }]],
    });
    expect(editar.statusCode).toBe(409);
    expect(editar.json().message).toBe(
      `No se puede modificar la factura ${factura.comprobante}: ${esperado}`,
    );
    const anular = await anularFactura(factura._id);
    expect(anular.statusCode).toBe(409);
    expect(anular.json().message).toBe(`No se puede anular la factura ${factura.comprobante}: ${esperado}`);

    for (const url of [
      `/api/conduce/anular/${post.json().conduceDb._id}`,
      `/api/conduce-de-despacho/anular/${despacho.json().conduceDespachoDb._id}`,
    ]) {
      const r2 = await e.api({
        method: 'PUT',
        url,
        token: admin,
        body: { notaAnular: 'Entrega equivocada' },
      });
      expect(r2.statusCode, r2.body).toBe(200);
    }
    expect((await anularFactura(factura._id)).statusCode).toBe(200);
  });

  it('dos facturas a la vez de las mismas dos cotizaciones en orden contrario: una pasa y ninguna se traba', async () => {
    const a = await cotizar([{ idProducto: vaso, cantidad: 1 }]);
    const b = await cotizar([{ idProducto: plato, cantidad: 1 }]);
    const lineas = comoLineas([...a.lineas, ...b.lineas]);
    const respuestas = await Promise.all([
      facturar({ idCotizaciones: [a.id, b.id] }, lineas),
      facturar({ idCotizaciones: [b.id, a.id] }, lineas),
      facturar({ idCotizaciones: [a.id, b.id] }, lineas),
      facturar({ idCotizaciones: [b.id, a.id] }, lineas),
    ]);
    expect(respuestas.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    // Each refusal is the business one, never a deadlock the database had to break.
    for (const r of respuestas.filter((x) => x.statusCode === 409)) {
      expect(r.json().message).toMatch(/^La cotización COT\d+ ya está facturada en la factura /);
    }
  });

  it('dos facturas a la vez del mismo conduce: solo una lo factura', async () => {
    const c = await conducir([{ idProducto: plato, cantidad: 1 }]);
    const respuestas = await Promise.all(
      Array.from({ length: 4 }, () => facturar({}, comoLineas(c.lineas, true), [c.id])),
    );
    expect(respuestas.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of respuestas.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(r.json().message).toMatch(new RegExp(`^El conduce ${c.comprobante} ya está facturado`));
    }
  });
});
