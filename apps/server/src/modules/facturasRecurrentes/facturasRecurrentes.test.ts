import { randomUUID } from 'node:crypto';
import { hoyEnSantoDomingo } from '@pos/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';
import { existencia } from '../ajustes/pruebas.ts';
import { crearFacturasRecurrentes, identificadorDelPeriodo } from './generacion.ts';

type Json = Record<string, unknown>;
const ITBIS = { name: 'Itbis 18%', tipoDeImpuesto: 'itbis', tasa: 0.18 };

// Recurring invoices (spec 001 §3 "Recurring invoice", §7 "Recurring invoices", §9) and their
// generation by `cron-tareas/crear-facturas-recurrentes` (spec 002 §7 "Configuration").
describe.each(MOTORES)('facturas recurrentes (%s)', (motor) => {
  let e: Entorno;
  let admin: string;
  let principal: string;
  let servicio: string;
  let cliente: Json;
  /** The first test's template: the generation test bills it too. */
  let primeraPlantilla = '';

  const crear = (cuerpo: Json, token = admin) =>
    e.api({ method: 'POST', url: '/api/factura-recurrente/', token, body: cuerpo });

  function plantilla(extra: Json = {}): Json {
    return {
      idCliente: cliente._id,
      fechaDeInicio: '2026-08-31',
      lineasFacturaRecurrente: [{ idProducto: servicio, cantidad: 2, precio: 1000 }],
      identificadorUnico: randomUUID(),
      ...extra,
    };
  }

  async function contarFacturas(identificador: string): Promise<number> {
    const [fila] = await e.db.consultarComoDueno<{ n: number }>(
      sql`select count(*)::int as n from facturas where tenant_id = 1 and identificador_unico like ${`${identificador}%`}`,
    );
    return fila?.n ?? -1;
  }

  beforeAll(async () => {
    e = await crearEntorno(motor);
    admin = await e.login();
    principal = (await e.api({ method: 'GET', url: '/api/almacen/principal', token: admin })).json()._id;
    const p = await e.api({
      method: 'POST',
      url: '/api/registro-productos/',
      token: admin,
      body: [
        {
          idCodigoDeBarra: 'REC-PLAN',
          nombre: 'Mantenimiento mensual',
          precioDeVenta: 1180,
          impuestos: [ITBIS],
        },
        [{ idAlmacen: principal, cantidadInicial: 100, cantidadMinima: 0 }],
        randomUUID(),
      ],
    });
    expect(p.statusCode, p.body).toBe(200);
    servicio = p.json().producto._id;
    const c = await e.api({
      method: 'POST',
      url: '/api/cliente/crear',
      token: admin,
      body: {
        identificadorUnico: randomUUID(),
        nombre: 'Oficina',
        apellidos: 'Recurrente',
        correo: 'oficina@ejemplo.do',
      },
    });
    expect(c.statusCode, c.body).toBe(200);
    cliente = c.json().clientedb;
  }, 120_000);

  afterAll(async () => {
    await e?.cerrar();
  });

  it('crea con los valores del spec (30 días, cada 1 mes), número FR y sus líneas; repetir no duplica', async () => {
    const cuerpo = plantilla();
    const r = await crear(cuerpo);
    expect(r.statusCode, r.body).toBe(200);
    const creada = r.json();
    primeraPlantilla = creada._id;
    expect(creada).toMatchObject({
      solicitudDuplicada: false,
      plazoPagos: 30,
      frecuencia: 1,
      frecuenciaTipo: 'month',
      fechaDeInicio: '2026-08-31',
      fechaVigencia: null,
      proximaFecha: '2026-08-31',
      facturasGeneradas: 0,
      estado: 'Activo',
      totalGral: 2360,
    });
    expect(creada.comprobante).toMatch(/^FR\d{8}$/);
    expect(creada.lineasFacturaRecurrente).toHaveLength(1);
    const otra = await crear(cuerpo);
    expect(otra.json()).toMatchObject({ solicitudDuplicada: true, _id: creada._id });
    const detalle = await e.api({
      method: 'GET',
      url: `/api/factura-recurrente/${creada._id}`,
      token: admin,
    });
    expect(detalle.json().lineasFacturaRecurrente[0]).toMatchObject({
      idFacturaRecurrente: creada._id,
      cantidad: 2,
    });
    const lista = await e.api({
      method: 'POST',
      url: '/api/factura-recurrente/todas',
      token: admin,
      body: {},
    });
    expect(lista.statusCode, lista.body).toBe(200);
    expect(lista.json().res.map((f: Json) => f._id)).toContain(creada._id);
  });

  it('rechaza con mensajes claros: vigencia antes del inicio, frecuencia, sin líneas, fecha imposible', async () => {
    const casos: [Json, string][] = [
      [{ fechaVigencia: '2026-01-01' }, 'La fecha de vigencia no puede ser anterior a la fecha de inicio'],
      [{ frecuenciaTipo: 'quincena' }, 'La frecuencia debe ser por día, semana, mes o año'],
      [{ frecuencia: 0 }, 'La frecuencia debe ser de al menos 1'],
      [{ lineasFacturaRecurrente: [] }, 'La factura recurrente no tiene artículos'],
      [{ fechaDeInicio: '2026-02-30' }, 'fecha'],
    ];
    for (const [cambio, mensaje] of casos) {
      const r = await crear(plantilla(cambio));
      expect(r.statusCode, JSON.stringify(cambio)).toBe(400);
      expect(r.json().message).toContain(mensaje);
    }
    const numeracionDeCompras = (
      await e.api({ method: 'GET', url: '/api/numeracion/buscar-predeterminada/compras', token: admin })
    ).json();
    const r = await crear(plantilla({ idNumeracion: numeracionDeCompras._id }));
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe('La numeración de las facturas debe ser una numeración de ventas.');
  });

  it('genera cada periodo vencido una sola vez por la vía de toda venta, con fin de mes, aunque corran dos a la vez', async () => {
    const creada = (await crear(plantilla({ plazoPagos: 15 }))).json();
    const antes = (await existencia(e, servicio, principal)).disponibilidad;
    const ahora = new Date('2026-11-27T15:00:00Z');
    // Two runs at once (the lock of sistema/tareas.ts is bypassed: the guarantee holds without it).
    const [a, b] = await Promise.all([
      crearFacturasRecurrentes(e.db, ahora),
      crearFacturasRecurrentes(e.db, ahora),
    ]);
    expect((a.facturasCreadas ?? 0) + (b.facturasCreadas ?? 0)).toBeGreaterThanOrEqual(3);
    expect(await contarFacturas(`recurrente-${creada._id}`)).toBe(3);
    const detalle = (
      await e.api({ method: 'GET', url: `/api/factura-recurrente/${creada._id}`, token: admin })
    ).json();
    expect(detalle.listaFacturasGeneradas.map((f: Json) => f.fecha)).toEqual([
      '2026-08-31',
      '2026-09-30',
      '2026-10-31',
    ]);
    expect(detalle.facturasGeneradas).toBe(3);
    expect(detalle.proximaFecha).toBe('2026-11-30');
    // An ordinary sale: NCF, on credit for plazoPagos days, stock out, a journal entry.
    const primera = detalle.listaFacturasGeneradas[0];
    expect(primera).toMatchObject({ total: 2360, pendiente: 2360, estado: 'Activo' });
    const factura = (
      await e.api({ method: 'GET', url: `/api/factura/una/${primera._id}`, token: admin })
    ).json();
    expect(factura.FacturaDb).toMatchObject({ idCliente: cliente._id, fechaEmision: '2026-08-31' });
    expect(factura.FacturaDb.comprobante).toMatch(/^B0[12]\d{8}$/);
    expect(factura.FacturaDb.vencimiento.slice(0, 10)).toBe('2026-09-15');
    // Every invoice of this product (this template's three and the first test's three) took 2 units out.
    expect(await contarFacturas(`recurrente-${primeraPlantilla}`)).toBe(3);
    expect((await existencia(e, servicio, principal)).disponibilidad).toBe(antes - 2 * 6);
    const [asientos] = await e.db.consultarComoDueno<{ n: number }>(
      sql`select count(*)::int as n from asientos_contables where tenant_id = 1 and id_documento = ${primera._id}`,
    );
    expect(asientos?.n).toBeGreaterThan(0);
    // Nothing more is due today.
    expect(await crearFacturasRecurrentes(e.db, ahora)).toMatchObject({ facturasCreadas: 0 });
    expect(await contarFacturas(`recurrente-${creada._id}`)).toBe(3);
  });

  it('tras una caída entre la venta y el paso de la plantilla, la siguiente corrida no factura dos veces', async () => {
    const creada = (await crear(plantilla({ fechaDeInicio: '2026-10-31' }))).json();
    // The invoice of period 0 committed, but the template did not step forward (as if the server died).
    const r = await e.api({
      method: 'POST',
      url: '/api/factura/crear',
      token: admin,
      body: [
        {
          identificadorUnico: identificadorDelPeriodo(creada._id, 0),
          idCliente: cliente._id,
          fechaEmision: '2026-10-31',
          plazoPagos: 30,
        },
        [{ idProducto: servicio, cantidad: 2, precio: 1000 }],
      ],
    });
    expect(r.statusCode, r.body).toBe(200);
    const resumen = await crearFacturasRecurrentes(e.db, new Date('2026-11-30T16:00:00Z'));
    expect(resumen.facturasExistentes).toBeGreaterThanOrEqual(1);
    expect(await contarFacturas(`recurrente-${creada._id}`)).toBe(2);
    const detalle = (
      await e.api({ method: 'GET', url: `/api/factura-recurrente/${creada._id}`, token: admin })
    ).json();
    expect(
      detalle.listaFacturasGeneradas.map((f: Json) => [f.fecha, f._id === r.json().facturadb._id]),
    ).toEqual([
      ['2026-10-31', true],
      ['2026-11-30', false],
    ]);
  });

  it('anulada no genera más; un fallo queda anotado en la plantilla y las demás siguen', async () => {
    const anulada = (await crear(plantilla({ fechaDeInicio: '2026-11-01' }))).json();
    const a = await e.api({
      method: 'PUT',
      url: `/api/factura-recurrente/anular/${anulada._id}`,
      token: admin,
      body: { notaAnular: 'El cliente canceló el servicio' },
    });
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json()).toMatchObject({
      resultado: 'anulada',
      facturadb: { estado: 'Anulado', proximaFecha: null },
    });
    // A template whose creator can no longer invoice.
    const r = await e.api({
      method: 'POST',
      url: '/api/users/',
      token: admin,
      body: {
        username: 'cobros-recurrentes',
        password: 'clave-de-prueba-1',
        privilegios: { facturas: { acceso: true, crear: true, modificar: true, ver: true } },
      },
    });
    expect(r.statusCode, r.body).toBe(200);
    const cobros = await e.login(1, 'cobros-recurrentes', 'clave-de-prueba-1');
    const fallida = (await crear(plantilla({ fechaDeInicio: '2026-11-02' }), cobros)).json();
    const buena = (await crear(plantilla({ fechaDeInicio: '2026-11-03' }))).json();
    const quitar = await e.api({
      method: 'PUT',
      url: `/api/users/${r.json()._id}`,
      token: admin,
      body: {
        username: 'cobros-recurrentes',
        privilegios: { facturas: { acceso: true, crear: false, modificar: false, ver: true } },
      },
    });
    expect(quitar.statusCode, quitar.body).toBe(200);
    const resumen = await crearFacturasRecurrentes(e.db, new Date('2026-11-05T16:00:00Z'));
    expect(resumen.plantillasConError).toBeGreaterThanOrEqual(1);
    expect(await contarFacturas(`recurrente-${anulada._id}`)).toBe(0);
    expect(await contarFacturas(`recurrente-${fallida._id}`)).toBe(0);
    expect(await contarFacturas(`recurrente-${buena._id}`)).toBe(1);
    const conError = (
      await e.api({ method: 'GET', url: `/api/factura-recurrente/${fallida._id}`, token: admin })
    ).json();
    expect(conError.ultimoError).toContain('ya no puede crear facturas');
    expect(conError.proximaFecha).toBe('2026-11-02');
  });

  it('«generar ahora» factura lo que vence hoy de una plantilla, una sola vez, y nunca un periodo adelantado', async () => {
    const generar = (id: string, token = admin) =>
      e.api({ method: 'POST', url: `/api/factura-recurrente/generar/${id}`, token, body: {} });
    const deHoy = (await crear(plantilla({ fechaDeInicio: hoyEnSantoDomingo() }))).json();
    const primera = await generar(deHoy._id);
    expect(primera.statusCode, primera.body).toBe(200);
    expect(primera.json()).toEqual({
      facturasCreadas: 1,
      facturasExistentes: 0,
      plantillasConError: 0,
      correosEnviados: 0,
      ultimoError: '',
    });
    // Again, or the scheduled task after it: the next period is a month away.
    expect((await generar(deHoy._id)).json()).toMatchObject({ facturasCreadas: 0 });
    expect(await contarFacturas(`recurrente-${deHoy._id}`)).toBe(1);
    const detalle = (
      await e.api({ method: 'GET', url: `/api/factura-recurrente/${deHoy._id}`, token: admin })
    ).json();
    expect(detalle.listaFacturasGeneradas).toHaveLength(1);
    expect(detalle.proximaFecha > hoyEnSantoDomingo()).toBe(true);

    const manana = new Date(`${hoyEnSantoDomingo()}T12:00:00Z`);
    manana.setUTCDate(manana.getUTCDate() + 1);
    const futura = (await crear(plantilla({ fechaDeInicio: manana.toISOString().slice(0, 10) }))).json();
    expect((await generar(futura._id)).json()).toMatchObject({ facturasCreadas: 0, plantillasConError: 0 });
    expect(await contarFacturas(`recurrente-${futura._id}`)).toBe(0);

    expect((await generar(randomUUID())).statusCode).toBe(404);
    const r = await e.api({
      method: 'POST',
      url: '/api/users/',
      token: admin,
      body: {
        username: 'solo-ve-recurrentes',
        password: 'clave-de-prueba-1',
        privilegios: { facturas: { acceso: true, ver: true } },
      },
    });
    expect(r.statusCode, r.body).toBe(200);
    const soloVe = await e.login(1, 'solo-ve-recurrentes', 'clave-de-prueba-1');
    expect((await generar(futura._id, soloVe)).statusCode).toBe(403);
  });

  it('la ruta de la tarea es del operador (empresa 2) y responde lo que hizo', async () => {
    const operador = await e.login(2);
    const r = await e.api({
      method: 'GET',
      url: '/api/cron-tareas/crear-facturas-recurrentes',
      tenant: 2,
      token: operador,
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ tarea: '/cron-tareas/crear-facturas-recurrentes', ejecutada: true });
    expect(r.json().resumen).toHaveProperty('facturasCreadas');
    const ajeno = await e.api({
      method: 'GET',
      url: '/api/cron-tareas/crear-facturas-recurrentes',
      token: admin,
    });
    expect(ajeno.statusCode).toBe(403);
    const sinSesion = await e.api({ method: 'GET', url: '/api/cron-tareas/crear-facturas-recurrentes' });
    expect(sinSesion.statusCode).toBe(401);
  });
});
