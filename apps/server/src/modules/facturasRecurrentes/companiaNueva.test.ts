import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';
import { crearFacturasRecurrentes } from './generacion.ts';

type Json = Record<string, unknown>;

// Spec 001 §3 "Recurring invoice" (a recurring invoice can also create a new company with its first
// user), §7 POST /factura-recurrente/crearCompaniaNueva/, §8 (company creation messages).
describe.each(MOTORES)('empresa nueva con su factura recurrente (%s)', (motor) => {
  let e: Entorno;
  let operador: string;
  let servicio: string;

  async function operadorApi(method: 'POST' | 'GET', url: string, body?: unknown) {
    const r = await e.api({ method, url, tenant: 2, token: operador, body });
    expect(r.statusCode, `${url} ${r.body}`).toBe(200);
    return r.json();
  }

  const cuerpo = (correo: string, identificadorUnico = randomUUID()): Json => ({
    tenant: {
      nombreCompania: `Farmacia ${correo}`,
      nombre: 'Rosa Peña',
      correo,
      password: 'clave-segura-123',
    },
    facturaRecurrente: {
      fechaDeInicio: '2026-11-01',
      plazoPagos: 10,
      lineasFacturaRecurrente: [{ idProducto: servicio, cantidad: 1 }],
      identificadorUnico,
    },
  });

  beforeAll(async () => {
    e = await crearEntorno(motor);
    operador = await e.login(2);
    // The installation gives the operator company its warehouse and D numberings (docs/empresas.md):
    // billing a subscription needs only the service, here one without tax.
    const producto = await operadorApi('POST', '/api/registro-productos/', [
      {
        nombre: 'Suscripción mensual',
        precioDeVenta: 1500,
        productoInventariable: false,
        tipo: 'servicio',
        impuestos: [],
      },
      [],
      randomUUID(),
    ]);
    servicio = producto.producto._id;
  }, 120_000);

  afterAll(async () => {
    await e?.cerrar();
  });

  it('registra la empresa y su suscripción en un paso; la tarea la factura y su admin entra', async () => {
    const identificador = randomUUID();
    const r = await e.api({
      method: 'POST',
      url: '/api/factura-recurrente/crearCompaniaNueva/',
      tenant: 2,
      token: operador,
      body: cuerpo('rosa@farmacia.do', identificador),
    });
    expect(r.statusCode, r.body).toBe(200);
    const creada = r.json();
    expect(creada).toMatchObject({ solicitudDuplicada: false });
    expect(creada.tenantId).toBeGreaterThan(2);
    // The recurring invoice is the operator's, made out to the new company's customer.
    const plantilla = await operadorApi('GET', `/api/factura-recurrente/${creada._id}`);
    expect(plantilla).toMatchObject({
      nombre: expect.stringContaining('Farmacia'),
      plazoPagos: 10,
      totalGral: 1500,
    });
    // Repeating the request does not make a second company.
    const otra = await e.api({
      method: 'POST',
      url: '/api/factura-recurrente/crearCompaniaNueva/',
      tenant: 2,
      token: operador,
      body: cuerpo('rosa@farmacia.do', identificador),
    });
    expect(otra.json()).toMatchObject({
      solicitudDuplicada: true,
      tenantId: creada.tenantId,
      _id: creada._id,
    });
    // The scheduled task bills it: a receivable of the new company's customer in the operator company.
    const resumen = await crearFacturasRecurrentes(e.db, new Date('2026-11-27T15:00:00Z'));
    expect(resumen.facturasCreadas).toBeGreaterThanOrEqual(1);
    const detalle = await operadorApi('GET', `/api/factura-recurrente/${creada._id}`);
    expect(detalle.listaFacturasGeneradas).toHaveLength(1);
    expect(detalle.listaFacturasGeneradas[0]).toMatchObject({ fecha: '2026-11-01', pendiente: 1500 });
    // Its first user signs in to the new company.
    const token = await e.login(creada.tenantId, 'rosa@farmacia.do', 'clave-segura-123');
    expect(token).toBeTruthy();
  });

  it('un rechazo de la factura recurrente no deja empresa; duplicado y permisos con sus mensajes', async () => {
    const malo = cuerpo('luis@colmado.do');
    (malo.facturaRecurrente as Json).lineasFacturaRecurrente = [{ idProducto: randomUUID(), cantidad: 1 }];
    const r = await e.api({
      method: 'POST',
      url: '/api/factura-recurrente/crearCompaniaNueva/',
      tenant: 2,
      token: operador,
      body: malo,
    });
    expect(r.statusCode).toBeGreaterThanOrEqual(400);
    // Nothing stayed: the same company registers now.
    const bien = await e.api({
      method: 'POST',
      url: '/api/factura-recurrente/crearCompaniaNueva/',
      tenant: 2,
      token: operador,
      body: cuerpo('luis@colmado.do'),
    });
    expect(bien.statusCode, bien.body).toBe(200);
    const repetida = await e.api({
      method: 'POST',
      url: '/api/factura-recurrente/crearCompaniaNueva/',
      tenant: 2,
      token: operador,
      body: cuerpo('luis@colmado.do'),
    });
    expect(repetida.statusCode).toBe(409);
    expect(repetida.json().message).toMatch(/^Alerta la empresa no se creo!/);
    // A company other than the operator may not.
    const ajena = await e.api({
      method: 'POST',
      url: '/api/factura-recurrente/crearCompaniaNueva/',
      token: await e.login(1),
      body: cuerpo('ana@otra.do'),
    });
    expect(ajena.statusCode).toBe(403);
  });
});
