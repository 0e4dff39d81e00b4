import { randomUUID } from 'node:crypto';
import { MENSAJE_BAJO_STOCK, MENSAJE_LIMITE_DE_CREDITO } from '@pos/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';
import { existencia } from '../ajustes/pruebas.ts';

type Json = Record<string, unknown>;
type Creado = Json & { _id: string };
const PARALELAS = 20;
const RUTA_SINCRONIZAR = '/api/factura/sincronizar-facturas-offline';

// Spec 001 §5 (credit limit) and 000 §5 (stock blocking) under concurrency: many sales racing for the
// same customer's credit or the same product's last units. PGlite runs one transaction at a time, so
// there these only check the rules; on PostgreSQL (DATABASE_URL) the sales really overlap, and without
// the locks of verificarCredito and conExistenciaActual (and the batch's, bloquearLoQueElLoteLee) they
// all read the same balance and too many pass.
describe.each(MOTORES)('límites bajo concurrencia (%s)', (motor) => {
  let e: Entorno;
  let admin: string;
  let principal: string;
  let terminal: string;
  const cajeras: { token: string; id: string }[] = [];

  async function producto(datos: Json, cantidadInicial: number): Promise<Creado> {
    const r = await e.api({
      method: 'POST',
      url: '/api/registro-productos/',
      token: admin,
      body: [
        {
          idCodigoDeBarra: `C${randomUUID().replaceAll('-', '').slice(0, 11)}`,
          impuestos: [],
          ventaSinDisponibilidad: false,
          ...datos,
        },
        [{ idAlmacen: principal, cantidadInicial, cantidadMinima: 0 }],
        randomUUID(),
      ],
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().producto;
  }

  // A customer whose limit allows exactly two sales of 100.
  async function clienteConLimiteParaDos(): Promise<Creado> {
    const r = await e.api({
      method: 'POST',
      url: '/api/cliente/crear',
      token: admin,
      body: {
        identificadorUnico: randomUUID(),
        nombre: `Colmado ${randomUUID().slice(0, 6)}`,
        limiteCredito: 200,
      },
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().clientedb ?? r.json();
  }

  // A POS sale as /factura/crear takes it and as the offline POS stores it for the sync.
  function cuerpo(factura: Json, lineas: Json[], idUsuarioDelTurno: string): unknown[] {
    return [
      { identificadorUnico: randomUUID(), fechaEmision: '2026-11-20', hora: '10:15', ...factura },
      lineas,
      [],
      null,
      { desdePos: true, idTerminalRef: terminal, idUsuarioDelTurno },
      [],
      { _id: terminal },
      'Efectivo',
      {},
    ];
  }

  function vender(factura: Json, lineas: Json[], cajera = cajeras[0]!) {
    return e.api({
      method: 'POST',
      url: '/api/factura/crear',
      token: cajera.token,
      body: cuerpo(factura, lineas, cajera.id),
    });
  }

  async function pendienteDe(idCliente: string): Promise<number> {
    const [fila] = await e.db.consultarComoDueno<{ pendiente: string }>(
      sql`select coalesce(sum(monto_a_pagar - cobrado), 0) as pendiente from facturas
          where tenant_id = 1 and id_cliente = ${idCliente} and estado = 'Activo'`,
    );
    return Number(fila?.pendiente);
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
    // Two cashiers (two POS devices), neither allowed to sell over the limit without the code.
    for (const username of ['caja-carrera-1', 'caja-carrera-2']) {
      const r = await e.api({
        method: 'POST',
        url: '/api/users/',
        token: admin,
        body: {
          username,
          password: 'clave-de-prueba-1',
          privilegios: {
            facturas: { acceso: true, crear: true, modificar: false, ver: true },
            puntoDeVentas: { acceso: true, crear: true, modificar: false, ver: true },
          },
        },
      });
      expect(r.statusCode, r.body).toBe(200);
      const token = await e.login(1, username, 'clave-de-prueba-1');
      const turno = await e.api({
        method: 'POST',
        url: '/api/turno/',
        token,
        body: { idTerminalRef: terminal, desgloseDeEfectivoApertura: [{ monto: 1000, cantidad: 1 }] },
      });
      expect(turno.statusCode, turno.body).toBe(200);
      cajeras.push({ token, id: r.json()._id });
    }
  });
  afterAll(async () => {
    await e?.cerrar();
  });

  it(`${PARALELAS} ventas a crédito a la vez a un cliente cuyo límite alcanza para dos: pasan exactamente dos`, async () => {
    const cliente = await clienteConLimiteParaDos();
    const mercancia = await producto({ nombre: 'Saco de cemento', precioDeVenta: 100 }, 1000);
    const respuestas = await Promise.all(
      Array.from({ length: PARALELAS }, (_, i) =>
        vender(
          { idCliente: cliente._id, plazoPagos: 30, efectivoRecibido: 0 },
          [{ idProducto: mercancia._id, cantidad: 1 }],
          cajeras[i % 2],
        ),
      ),
    );
    const aceptadas = respuestas.filter((r) => r.statusCode === 200);
    const rechazadas = respuestas.filter((r) => r.statusCode !== 200);
    expect(aceptadas.length, respuestas.map((r) => r.statusCode).join(',')).toBe(2);
    for (const r of rechazadas) {
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json().message).toContain(MENSAJE_LIMITE_DE_CREDITO);
      expect(r.json()).toMatchObject({ excedeLimiteDeCredito: true, limiteCredito: 200 });
    }
    expect(await pendienteDe(cliente._id)).toBe(200);
  });

  it(`${PARALELAS} ventas a la vez de un producto con 5 en existencia y el bloqueo encendido: se venden 5 y nunca queda en negativo`, async () => {
    const escaso = await producto({ nombre: 'Queso de hoja', precioDeVenta: 300 }, 5);
    await bloqueoPorExistencia(true);
    try {
      const respuestas = await Promise.all(
        Array.from({ length: PARALELAS }, (_, i) =>
          vender({ efectivoRecibido: 300 }, [{ idProducto: escaso._id, cantidad: 1 }], cajeras[i % 2]),
        ),
      );
      const aceptadas = respuestas.filter((r) => r.statusCode === 200);
      expect(aceptadas.length, respuestas.map((r) => r.statusCode).join(',')).toBe(5);
      for (const r of respuestas.filter((r) => r.statusCode !== 200)) {
        expect(r.statusCode, r.body).toBe(409);
        expect(r.json().message).toContain(MENSAJE_BAJO_STOCK);
        expect(r.json().productoBajoStock).toEqual([
          { idProducto: escaso._id, descripcion: 'Queso de hoja', cantidad: 1, disponibilidad: 0 },
        ]);
      }
      // Only sales move it after the opening 5, so the final balance is the lowest it ever was.
      expect(await existencia(e, escaso._id, principal)).toEqual({ disponibilidad: 0, sumaDeMovimientos: 0 });
    } finally {
      await bloqueoPorExistencia(false);
    }
  });

  it('ventas a la vez de dos productos en orden contrario con el bloqueo encendido: ninguna se traba', async () => {
    const a = await producto({ nombre: 'Habichuelas rojas', precioDeVenta: 80 }, 100);
    const b = await producto({ nombre: 'Salami induveca', precioDeVenta: 150 }, 100);
    await bloqueoPorExistencia(true);
    try {
      const respuestas = await Promise.all(
        Array.from({ length: PARALELAS }, (_, i) => {
          const lineas = [
            { idProducto: a._id, cantidad: 1 },
            { idProducto: b._id, cantidad: 1 },
          ];
          return vender({ efectivoRecibido: 230 }, i % 2 === 0 ? lineas : lineas.reverse(), cajeras[i % 2]);
        }),
      );
      expect(respuestas.map((r) => r.statusCode)).toEqual(Array(PARALELAS).fill(200));
      expect((await existencia(e, a._id, principal)).disponibilidad).toBe(100 - PARALELAS);
      expect((await existencia(e, b._id, principal)).disponibilidad).toBe(100 - PARALELAS);
    } finally {
      await bloqueoPorExistencia(false);
    }
  });

  it('dos equipos sincronizan a la vez ventas a crédito al mismo cliente: entre los dos pasan dos', async () => {
    const cliente = await clienteConLimiteParaDos();
    const mercancia = await producto({ nombre: 'Galón de pintura', precioDeVenta: 100 }, 1000);
    const lotes = cajeras.map((cajera) =>
      Array.from({ length: 4 }, () =>
        cuerpo(
          { idCliente: cliente._id, plazoPagos: 30, efectivoRecibido: 0 },
          [{ idProducto: mercancia._id, cantidad: 1 }],
          cajera.id,
        ),
      ),
    );
    const respuestas = await Promise.all(
      lotes.map((lote, i) =>
        e.api({ method: 'POST', url: RUTA_SINCRONIZAR, token: cajeras[i]!.token, body: lote }),
      ),
    );
    const creadas = respuestas.flatMap((r) => {
      expect(r.statusCode, r.body).toBe(200);
      return r.json().facturasCreadas as Json[];
    });
    const rechazados = respuestas.flatMap((r) => r.json().rechazados as Json[]);
    expect(creadas).toHaveLength(2);
    expect(rechazados).toHaveLength(6);
    for (const rechazo of rechazados) {
      expect(rechazo.message).toContain(MENSAJE_LIMITE_DE_CREDITO);
      expect(rechazo.datos).toMatchObject({ excedeLimiteDeCredito: true });
    }
    expect(await pendienteDe(cliente._id)).toBe(200);
  });

  it('dos equipos sincronizan a la vez ventas de un producto con 5 en existencia y el bloqueo encendido: pasan 5', async () => {
    const escaso = await producto({ nombre: 'Batería de inversor', precioDeVenta: 500 }, 5);
    await bloqueoPorExistencia(true);
    try {
      const lotes = cajeras.map((cajera) =>
        Array.from({ length: 4 }, () =>
          cuerpo({ efectivoRecibido: 500 }, [{ idProducto: escaso._id, cantidad: 1 }], cajera.id),
        ),
      );
      const respuestas = await Promise.all(
        lotes.map((lote, i) =>
          e.api({ method: 'POST', url: RUTA_SINCRONIZAR, token: cajeras[i]!.token, body: lote }),
        ),
      );
      const creadas = respuestas.flatMap((r) => {
        expect(r.statusCode, r.body).toBe(200);
        return r.json().facturasCreadas as Json[];
      });
      const rechazados = respuestas.flatMap((r) => r.json().rechazados as Json[]);
      expect(creadas).toHaveLength(5);
      expect(rechazados).toHaveLength(3);
      for (const rechazo of rechazados) {
        expect(rechazo.message).toContain(MENSAJE_BAJO_STOCK);
      }
      // Only sales move it after the opening 5, so the final balance is the lowest it ever was.
      expect(await existencia(e, escaso._id, principal)).toEqual({ disponibilidad: 0, sumaDeMovimientos: 0 });
    } finally {
      await bloqueoPorExistencia(false);
    }
  });
});
