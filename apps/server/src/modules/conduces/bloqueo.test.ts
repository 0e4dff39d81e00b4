import { randomUUID } from 'node:crypto';
import { MENSAJE_BAJO_STOCK } from '@pos/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';
import { existencia } from '../ajustes/pruebas.ts';

type Json = Record<string, unknown>;
const PARALELOS = 20;

// Spec 000 §5 stock blocking on pre-invoice conduces: with the company's bloqueoPorNoExistencia on, a
// conduce takes no stocked product beyond its stock, as a sale (the ledger's exigirExistencia). On
// PostgreSQL (DATABASE_URL) the concurrent conduces really overlap: without the locked read they all
// read the same balance and too many pass.
describe.each(MOTORES)('bloqueo por no existencia en conduces (%s)', (motor) => {
  let e: Entorno;
  let admin: string;
  let principal: string;
  let terminal: string;

  async function producto(nombre: string, cantidadInicial: number, datos: Json = {}): Promise<string> {
    const r = await e.api({
      method: 'POST',
      url: '/api/registro-productos/',
      token: admin,
      body: [
        {
          idCodigoDeBarra: `B${randomUUID().replaceAll('-', '').slice(0, 11)}`,
          nombre,
          precioDeVenta: 100,
          impuestos: [],
          ventaSinDisponibilidad: false,
          ...datos,
        },
        [{ idAlmacen: principal, cantidadInicial, cantidadMinima: 0 }],
        randomUUID(),
      ],
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().producto._id;
  }

  function conducir(lineas: Json[], identificadorUnico = randomUUID()) {
    return e.api({
      method: 'POST',
      url: '/api/conduce/',
      token: admin,
      body: [{ identificadorUnico }, lineas],
    });
  }

  function facturar(lineas: Json[], conduces: string[] = []) {
    return e.api({
      method: 'POST',
      url: '/api/factura/crear',
      token: admin,
      body: [
        { identificadorUnico: randomUUID(), metodoDePago: 'Efectivo', efectivoRecibido: 10_000 },
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

  const stock = async (id: string) => (await existencia(e, id, principal)).disponibilidad;

  async function conducesCon(identificadorUnico: string): Promise<number> {
    const [fila] = await e.db.consultarComoDueno<{ cuantos: string }>(
      sql`select count(*) as cuantos from conduces
          where tenant_id = 1 and identificador_unico = ${identificadorUnico}`,
    );
    return Number(fila?.cuantos);
  }

  async function bloqueoPorExistencia(encendido: boolean): Promise<void> {
    await e.db.consultarComoDueno(
      sql`update configuracion_general set bloqueo_por_no_existencia = ${encendido} where tenant_id = 1`,
    );
  }

  beforeAll(async () => {
    e = await crearEntorno(motor);
    admin = await e.login();
    principal = (await e.api({ method: 'GET', url: '/api/almacen/principal', token: admin })).json()._id;
    const terminales = (
      await e.api({ method: 'GET', url: '/api/terminales/?limit=50', token: admin })
    ).json();
    terminal = (terminales.res ?? terminales).find((t: Json) => t.nombre === 'Caja 1')._id;
    await bloqueoPorExistencia(true);
  }, 120_000);

  afterAll(async () => {
    await e?.cerrar();
  });

  it('un conduce por encima de la existencia se rechaza con el aviso y no escribe nada', async () => {
    const queso = await producto('Queso de hoja', 5);
    const salami = await producto('Salami induveca', 2);
    const identificadorUnico = randomUUID();
    const r = await conducir(
      [
        { idProducto: queso, cantidad: 3 },
        { idProducto: salami, cantidad: 1 },
        { idProducto: queso, cantidad: 3 },
      ],
      identificadorUnico,
    );
    expect(r.statusCode, r.body).toBe(409);
    expect(r.json().message).toBe(
      `${MENSAJE_BAJO_STOCK}: no hay existencia suficiente de «Queso de hoja» (hay 5).`,
    );
    expect(r.json().productoBajoStock).toEqual([
      { idProducto: queso, descripcion: 'Queso de hoja', cantidad: 6, disponibilidad: 5 },
    ]);
    expect(await conducesCon(identificadorUnico)).toBe(0);
    expect(await existencia(e, queso, principal)).toEqual({ disponibilidad: 5, sumaDeMovimientos: 5 });
    expect(await existencia(e, salami, principal)).toEqual({ disponibilidad: 2, sumaDeMovimientos: 2 });

    // Exactly the stock passes.
    const justo = await conducir([
      { idProducto: queso, cantidad: 5 },
      { idProducto: salami, cantidad: 2 },
    ]);
    expect(justo.statusCode, justo.body).toBe(200);
    expect(await stock(queso)).toBe(0);
  });

  it('cuenta los paquetes en unidades y deja pasar lo que se vende sin disponibilidad o no es inventariable', async () => {
    const caja = await producto('Refresco en caja', 30, {
      paqueteIncluido: true,
      nombrePaquete: 'Caja',
      cantidadPorPaquete: 12,
      precioPorPaquete: 1000,
    });
    const dosCajas = await conducir([{ idProducto: caja, cantidad: 2, paquete: true }]);
    expect(dosCajas.statusCode, dosCajas.body).toBe(200);
    const otra = await conducir([{ idProducto: caja, cantidad: 1, paquete: true }]);
    expect(otra.statusCode, otra.body).toBe(409);
    expect(otra.json().productoBajoStock).toEqual([
      { idProducto: caja, descripcion: 'Refresco en caja', cantidad: 12, disponibilidad: 6 },
    ]);
    expect(await stock(caja)).toBe(6);

    const libre = await producto('Hielo en funda', 1, { ventaSinDisponibilidad: true });
    const r = await conducir([{ idProducto: libre, cantidad: 4 }]);
    expect(r.statusCode, r.body).toBe(200);
    expect(await stock(libre)).toBe(-3);
  });

  it('editar un conduce compara con la existencia que deja libre su propia salida', async () => {
    const silla = await producto('Silla plegable', 5);
    const creado = (await conducir([{ idProducto: silla, cantidad: 3 }])).json();
    const linea = creado.lineasConduce[0];
    const editar = (cantidad: number) =>
      e.api({
        method: 'PUT',
        url: `/api/conduce/${creado.conduceDb._id}`,
        token: admin,
        body: [{}, [], [{ _id: linea._id, idProducto: silla, cantidad }]],
      });
    const demasiado = await editar(6);
    expect(demasiado.statusCode, demasiado.body).toBe(409);
    expect(demasiado.json().message).toContain(MENSAJE_BAJO_STOCK);
    expect(await existencia(e, silla, principal)).toEqual({ disponibilidad: 2, sumaDeMovimientos: 2 });
    const todo = await editar(5);
    expect(todo.statusCode, todo.body).toBe(200);
    expect(await stock(silla)).toBe(0);
  });

  it('con el bloqueo apagado el conduce puede dejar la existencia en negativo', async () => {
    const mesa = await producto('Mesa de noche', 1);
    await bloqueoPorExistencia(false);
    try {
      const r = await conducir([{ idProducto: mesa, cantidad: 3 }]);
      expect(r.statusCode, r.body).toBe(200);
      expect(await stock(mesa)).toBe(-2);
    } finally {
      await bloqueoPorExistencia(true);
    }
  });

  it('facturar un conduce cuyas unidades ya salieron no vuelve a pedir existencia', async () => {
    const vaso = await producto('Vaso de cristal', 4);
    const c = (await conducir([{ idProducto: vaso, cantidad: 4 }])).json();
    expect(await stock(vaso)).toBe(0);
    const r = await facturar(
      c.lineasConduce.map((l: Json) => ({
        idProducto: l.idProducto,
        cantidad: l.cantidad,
        precio: l.precio,
        idLineaConduce: l._id,
      })),
      [c.conduceDb._id],
    );
    expect(r.statusCode, r.body).toBe(200);
    expect(await stock(vaso)).toBe(0);
  });

  it(`${PARALELOS} conduces a la vez de un producto con 5 en existencia: pasan exactamente 5`, async () => {
    const bateria = await producto('Batería de inversor', 5);
    const respuestas = await Promise.all(
      Array.from({ length: PARALELOS }, () => conducir([{ idProducto: bateria, cantidad: 1 }])),
    );
    const aceptados = respuestas.filter((r) => r.statusCode === 200);
    expect(aceptados.length, respuestas.map((r) => r.statusCode).join(',')).toBe(5);
    for (const r of respuestas.filter((r) => r.statusCode !== 200)) {
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json().productoBajoStock).toEqual([
        { idProducto: bateria, descripcion: 'Batería de inversor', cantidad: 1, disponibilidad: 0 },
      ]);
    }
    // Only conduces move it after the opening 5, so the final balance is the lowest it ever was.
    expect(await existencia(e, bateria, principal)).toEqual({ disponibilidad: 0, sumaDeMovimientos: 0 });
  });

  // Conduces take turns on their numbering before they write; a sale takes another numbering, so a
  // conduce and a sale of the same product really overlap, and only the locked balances keep them
  // from both taking its last unit.
  it('un conduce y una venta a la vez por la última unidad de un producto: pasa uno de los dos', async () => {
    const productos = await Promise.all(
      Array.from({ length: PARALELOS / 2 }, (_, i) => producto(`Inversor de 1000 W ${i}`, 1)),
    );
    const respuestas = await Promise.all(
      productos.map((id) =>
        Promise.all([
          conducir([{ idProducto: id, cantidad: 1 }]),
          facturar([{ idProducto: id, cantidad: 1 }]),
        ]),
      ),
    );
    for (const [i, par] of respuestas.entries()) {
      const codigos = par.map((r) => r.statusCode);
      expect(codigos.sort(), par.map((r) => r.body).join('\n')).toEqual([200, 409]);
      expect(par.find((r) => r.statusCode === 409)?.json().message).toContain(MENSAJE_BAJO_STOCK);
      expect(await existencia(e, productos[i] as string, principal)).toEqual({
        disponibilidad: 0,
        sumaDeMovimientos: 0,
      });
    }
  });
});
