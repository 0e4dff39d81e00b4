import { randomUUID } from 'node:crypto';
import { fechaYHoraEnSantoDomingo } from '@pos/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';
import { MENSAJE_PLAN_SUSPENDIDO } from '../empresas/service.ts';
import { registrarEmpresa } from './service.ts';
import { ejecutarEstadoDeCuenta } from './tarea.ts';

type Json = Record<string, unknown>;
const DIA = 86_400_000;
const CLAVE = 'clave-segura-1';

// Company registration and plan billing (spec 002 §3 "Plan and plan status", "Company settings and
// registration", §4, §6, §7 /tenant/ and cron-tareas/estado-de-cuenta-del-tenant; docs/empresas.md).
describe.each(MOTORES)('registro de empresas (%s)', (motor) => {
  let e: Entorno;
  let operador: string;
  let direccion = 0;

  // Each call from an address of its own, so the per-address limit (5 a minute) only bites where tested.
  function registrar(cuerpo: Json, opciones: { token?: string; tenant?: number; ip?: string } = {}) {
    direccion += 1;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (opciones.token) {
      headers.authorization = `Bearer ${opciones.token}`;
      headers.tenantid = String(opciones.tenant ?? 2);
    }
    return e.app.inject({
      method: 'POST',
      url: '/api/tenant/',
      headers,
      payload: JSON.stringify(cuerpo),
      remoteAddress: opciones.ip ?? `10.1.${Math.floor(direccion / 250)}.${direccion % 250}`,
    });
  }

  function nueva(prefijo: string): Json {
    const sufijo = randomUUID().slice(0, 8);
    return {
      nombreCompania: `${prefijo} ${sufijo}`,
      nombre: 'Ana Pérez',
      correo: `${prefijo
        .normalize('NFD')
        .replace(/[^A-Za-z]/g, '')
        .toLowerCase()}.${sufijo}@ejemplo.do`,
      password: CLAVE,
    };
  }

  async function vinculo(tenantId: number) {
    const [fila] = await e.db.consultarComoDueno<{ id_cliente: string; id_plan: string | null }>(
      sql`select id_cliente, id_plan from empresas_registradas where tenant_id = 2 and id_empresa = ${tenantId}`,
    );
    return fila;
  }

  async function plan(tenantId: number) {
    return (await e.api({ method: 'GET', url: '/api/tenant/api-test', tenant: tenantId })).json();
  }

  beforeAll(async () => {
    e = await crearEntorno(motor);
    operador = await e.login(2);
  });
  afterAll(async () => {
    await e?.cerrar();
  });

  it('el operador registra una empresa completa y aislada cuyo administrador vende de inmediato', async () => {
    const datos = nueva('Colmado Nuevo');
    const r = await registrar(datos, { token: operador });
    expect(r.statusCode, r.body).toBe(200);
    const { tenantId, username } = r.json();
    expect(tenantId).toBeGreaterThan(2);
    expect(username).toBe(datos.correo);

    const admin = await e.login(tenantId, String(datos.correo), CLAVE);
    const perfil = (
      await e.api({ method: 'GET', url: '/api/profile', tenant: tenantId, token: admin })
    ).json();
    expect(perfil).toMatchObject({ username: datos.correo, crearInstanciaDelSistema: false });
    expect(perfil.privilegios.facturas).toMatchObject({ acceso: true, crear: true });

    const get = (url: string) => e.api({ method: 'GET', url, tenant: tenantId, token: admin });
    const impuestos = (await get('/api/impuestos/activos')).json();
    expect(impuestos.map((i: Json) => i.name)).toContain('Itbis 18%');
    const numeraciones = (await get('/api/numeracion/')).json() as Json[];
    for (const tipo of ['ventas', 'compras', 'notaDeCredito', 'recibos', 'egresos', 'entradaDeDiario']) {
      const numeracion = numeraciones.find((n) => n.tipoDeDocumento === tipo && n.predeterminado);
      expect(numeracion, tipo).toBeDefined();
    }
    expect(numeraciones.find((n) => n.tipoDeDocumento === 'ventas')?.proximoComprobante).toBe('D00000001');
    const principal = (await get('/api/almacen/principal')).json();
    expect(principal.nombre).toBe('Almacén Principal');
    const terminales = (await get('/api/terminales/?limit=10')).json();
    const caja = (terminales.res ?? terminales)[0];
    expect(caja).toMatchObject({ nombre: 'Caja 1', almacenPorDefecto: principal._id, predeterminado: true });
    expect(caja.numeracionFacturas).not.toBeNull();

    // Nothing of another company shows, and its session does not reach another.
    expect((await get('/api/cliente/')).json()).toEqual([]);
    const otra = await e.api({ method: 'GET', url: '/api/cliente/', tenant: 1, token: admin });
    expect(otra.statusCode).toBe(403);

    // Sells at once: a product and an invoice through the API.
    const producto = await e.api({
      method: 'POST',
      url: '/api/registro-productos/',
      tenant: tenantId,
      token: admin,
      body: [
        {
          nombre: 'Café 1 lb',
          precioDeVenta: 236,
          idCodigoDeBarra: `R${Date.now()}`,
          impuestos: [{ name: 'Itbis 18%', tipoDeImpuesto: 'itbis', tasa: 0.18 }],
        },
        [{ idAlmacen: principal._id, cantidadInicial: 10, cantidadMinima: 0 }],
        randomUUID(),
      ],
    });
    expect(producto.statusCode, producto.body).toBe(200);
    const factura = await e.api({
      method: 'POST',
      url: '/api/factura/crear',
      tenant: tenantId,
      token: admin,
      body: [
        { identificadorUnico: randomUUID(), efectivoRecibido: 472 },
        [{ idProducto: producto.json().producto._id, cantidad: 2 }],
        [],
        null,
        { desdePos: false },
        [],
        { _id: caja._id },
        'Efectivo',
        {},
      ],
    });
    expect(factura.statusCode, factura.body).toBe(200);
    expect(factura.json().facturadb).toMatchObject({ total: 472, comprobante: 'D00000001' });

    // Its customer in the operator company, linked by the registration row.
    const fila = await vinculo(tenantId);
    const cliente = await e.api({
      method: 'GET',
      url: `/api/cliente/${fila?.id_cliente}`,
      tenant: 2,
      token: operador,
    });
    expect(cliente.json()).toMatchObject({ nombre: datos.nombreCompania, correo: datos.correo });
    expect(await plan(tenantId)).toMatchObject({ estadoDelPlan: 'Activo', diasDePruebaDisponibles: 0 });
  });

  it('alta por cuenta propia sin sesión: prueba de 15 días, 3 usuarios; no elige plan ni días', async () => {
    const datos = nueva('Salón Bella');
    const r = await registrar(datos);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().diasDePruebaDisponibles).toBe(15);
    expect(await plan(r.json().tenantId)).toMatchObject({
      estadoDelPlan: 'Activo',
      diasDePruebaDisponibles: 15,
      vigenciaDelPlan: 15,
      limiteCantidadDeUsuarios: 3,
      cantidadDeUsuarios: 1,
    });
    await e.login(r.json().tenantId, String(datos.correo), CLAVE);
    for (const extra of [{ diasDePrueba: 365 }, { idPlan: randomUUID() }]) {
      const rechazo = await registrar({ ...nueva('Pícaro'), ...extra });
      expect(rechazo.statusCode).toBe(403);
    }
  });

  it('duplicados: el mismo correo (sin importar mayúsculas) o el mismo nombre de empresa', async () => {
    const datos = nueva('Ferretería Única');
    expect((await registrar(datos)).statusCode).toBe(200);
    const correo = await registrar({ ...nueva('Otra'), correo: String(datos.correo).toUpperCase() });
    expect(correo.statusCode).toBe(409);
    expect(correo.json().message).toBe(
      `Alerta la empresa no se creo! Ya existe una empresa registrada con el correo «${datos.correo}».`,
    );
    const nombre = await registrar({
      ...nueva('Otra'),
      nombreCompania: ` ${String(datos.nombreCompania).toLowerCase()} `,
    });
    expect(nombre.statusCode).toBe(409);
    expect(nombre.json().message).toContain(
      'Alerta la empresa no se creo! Ya existe una empresa registrada con el nombre',
    );
  });

  it('datos malos: contraseña corta, correo inválido o con caracteres que no sirven de usuario', async () => {
    const corta = await registrar({ ...nueva('Corta'), password: 'corta' });
    expect(corta.statusCode).toBe(400);
    expect(corta.json().errores[0]).toMatchObject({ campo: 'password' });
    for (const correo of ['no-es-correo', 'ana+pos@ejemplo.do', '']) {
      const r = await registrar({ ...nueva('Correo'), correo });
      expect(r.statusCode, correo).toBe(400);
      expect(r.json().errores[0].campo).toBe('correo');
    }
    const sinNombre = await registrar({ ...nueva('X'), nombreCompania: '  ' });
    expect(sinNombre.statusCode).toBe(400);
    expect(sinNombre.json().message).toContain('Debes poner el nombre de la empresa');
  });

  it('una transacción que falla al final no deja nada: ni empresa, ni cliente, ni usuario', async () => {
    const datos = nueva('Fallida');
    const contar = async () =>
      (
        await e.db.consultarComoDueno<{ empresas: number; clientes: number; registros: number }>(
          sql`select (select count(*)::int from empresas) as empresas,
                (select count(*)::int from contactos where tenant_id = 2 and nombre = ${datos.nombreCompania}) as clientes,
                (select count(*)::int from empresas_registradas) as registros`,
        )
      )[0];
    const antes = await contar();
    await expect(
      registrarEmpresa(e.db, datos as never, {
        enOperador: async () => {
          throw new Error('falla la factura recurrente');
        },
      }),
    ).rejects.toThrow('falla la factura recurrente');
    expect(await contar()).toEqual(antes);
    // The same data registers afterwards: nothing of the failed attempt is in the way.
    expect((await registrar(datos)).statusCode).toBe(200);
  });

  it('sin sesión, cinco altas por minuto por dirección; la sexta recibe 429 en español', async () => {
    const codigos = [];
    for (let i = 0; i < 6; i++) {
      codigos.push((await registrar({ nombreCompania: '' }, { ip: '10.9.9.9' })).statusCode);
    }
    expect(codigos).toEqual([400, 400, 400, 400, 400, 429]);
    const rechazo = await registrar({}, { ip: '10.9.9.9' });
    expect(rechazo.json().message).toMatch(/^Demasiadas solicitudes desde esta dirección/);
  });

  it('otra empresa, o un usuario del operador sin crearInstanciaDelSistema, no puede registrar', async () => {
    const demo = await e.login(1);
    const r = await registrar(nueva('Intrusa'), { token: demo, tenant: 1 });
    expect(r.statusCode).toBe(403);
    const alta = await e.api({
      method: 'POST',
      url: '/api/users/',
      tenant: 2,
      token: operador,
      body: {
        username: `empleado${Date.now()}`,
        password: CLAVE,
        privilegios: { registroDeEmpresa: { acceso: true, crear: true, modificar: true, ver: true } },
      },
    });
    expect(alta.statusCode, alta.body).toBe(200);
    const empleado = await e.login(2, alta.json().username, CLAVE);
    const sinBandera = await registrar(nueva('Intrusa'), { token: empleado });
    expect(sinBandera.statusCode).toBe(403);
    // A bearer that is not a session is refused, never taken for a self sign-up.
    const falso = await registrar(nueva('Intrusa'), { token: 'no-es-un-token' });
    expect(falso.statusCode).toBe(401);
    for (const [method, url] of [
      ['GET', '/api/tenant/empresas-registradas'],
      ['POST', '/api/tenant/actualizar-costos'],
      ['POST', '/api/tenant/agregar-nuevos-hijos-cuentas-contables'],
    ] as const) {
      for (const [tenant, token] of [
        [1, demo],
        [2, empleado],
      ] as const) {
        const r = await e.api({ method, url, tenant, token, ...(method === 'POST' ? { body: {} } : {}) });
        expect(r.statusCode, `${url} ${tenant}`).toBe(403);
      }
    }
    const tarea = await e.api({
      method: 'GET',
      url: '/api/cron-tareas/estado-de-cuenta-del-tenant',
      tenant: 1,
      token: demo,
    });
    expect(tarea.statusCode).toBe(403);
  });

  describe('estado del plan desde las facturas de suscripción', () => {
    const hoy = fechaYHoraEnSantoDomingo(new Date()).fecha;
    const dentroDe = (dias: number) => new Date(Date.now() + dias * DIA);
    let servicio: string;

    async function operadorApi(method: 'POST' | 'GET', url: string, body?: unknown) {
      const r = await e.api({ method, url, tenant: 2, token: operador, body });
      expect(r.statusCode, `${url} ${r.body}`).toBe(200);
      return r.json();
    }

    async function facturar(idCliente: string, efectivoRecibido: number) {
      const r = await operadorApi('POST', '/api/factura/crear', [
        { identificadorUnico: randomUUID(), idCliente, efectivoRecibido, plazoPagos: 30, fechaEmision: hoy },
        [{ idProducto: servicio, cantidad: 1 }],
      ]);
      return r.facturadb;
    }

    beforeAll(async () => {
      // The operator company sells its subscription: a warehouse, numberings for invoices and receipts,
      // and the service.
      await operadorApi('POST', '/api/almacen/', { identificadorUnico: randomUUID(), nombre: 'Oficina' });
      for (const tipo of ['ventas', 'recibos']) {
        await operadorApi('POST', '/api/numeracion/', {
          identificadorUnico: randomUUID(),
          nombre: `Suscripciones ${tipo}`,
          tipoDeDocumento: tipo,
          predeterminado: true,
        });
      }
      const producto = await operadorApi('POST', '/api/registro-productos/', [
        {
          nombre: 'Suscripción mensual',
          precioDeVenta: 1000,
          productoInventariable: false,
          tipo: 'servicio',
          impuestos: [],
        },
        [],
        randomUUID(),
      ]);
      servicio = producto.producto._id;
    });

    it('saldo → aviso; vencida más allá de la vigencia → Suspendido (escrituras 403); pagada → Activo; idempotente', async () => {
      const elPlan = await operadorApi('POST', '/api/planes/', {
        identificadorUnico: randomUUID(),
        descripcion: 'Plan básico',
        precio: 1000,
        vigencia: 5,
        cantidadDeUsuarios: 2,
      });
      const r = await registrar({ ...nueva('Suscrita'), idPlan: elPlan._id }, { token: operador });
      expect(r.statusCode, r.body).toBe(200);
      const { tenantId, username } = r.json();
      expect(await plan(tenantId)).toMatchObject({ limiteCantidadDeUsuarios: 2, vigenciaDelPlan: 5 });
      const admin = await e.login(tenantId, username, CLAVE);
      const idCliente = String((await vinculo(tenantId))?.id_cliente);

      const factura = await facturar(idCliente, 0);
      expect(factura.pendiente).toBe(1000);
      const primera = await ejecutarEstadoDeCuenta(e.db, new Date());
      expect(primera.conSaldo).toBeGreaterThanOrEqual(1);
      expect(await plan(tenantId)).toMatchObject({ estadoDelPlan: 'Activo', balancePendienteDelPlan: 1000 });
      // Run again: the same values, nothing written.
      expect((await ejecutarEstadoDeCuenta(e.db, new Date())).cambios).toBe(0);

      // Due in 30 days, 5 of grace: the 35th day is still Activo, the 36th is Suspendido.
      await ejecutarEstadoDeCuenta(e.db, dentroDe(35));
      expect((await plan(tenantId)).estadoDelPlan).toBe('Activo');
      const suspension = await ejecutarEstadoDeCuenta(e.db, dentroDe(36));
      expect(suspension.suspendidas).toBeGreaterThanOrEqual(1);
      expect((await plan(tenantId)).estadoDelPlan).toBe('Suspendido');
      // The operator's list shows it as the company itself has it: its plan, suspended, what it owes.
      const { empresas } = await operadorApi('GET', '/api/tenant/empresas-registradas');
      expect(empresas.find((x: Json) => x.tenantId === tenantId)).toMatchObject({
        nombreCompania: expect.stringMatching(/^Suscrita /),
        correo: username,
        origen: 'operador',
        idCliente,
        plan: { _id: elPlan._id, descripcion: 'Plan básico' },
        estadoDelPlan: 'Suspendido',
        balancePendienteDelPlan: 1000,
        limiteCantidadDeUsuarios: 2,
        cantidadDeUsuarios: 1,
      });
      // Newest first.
      const numeros = empresas.map((x: Json) => Number(x.tenantId));
      expect(numeros).toEqual([...numeros].sort((a, b) => b - a));
      const escritura = await e.api({
        method: 'POST',
        url: '/api/cliente/crear',
        tenant: tenantId,
        token: admin,
        body: { identificadorUnico: randomUUID(), nombre: 'Cliente' },
      });
      expect(escritura.statusCode).toBe(403);
      expect(escritura.json().message).toBe(MENSAJE_PLAN_SUSPENDIDO);
      expect((await ejecutarEstadoDeCuenta(e.db, dentroDe(36))).cambios).toBe(0);

      // Paid in the operator company: Activo again, no balance, writes allowed.
      await operadorApi('POST', '/api/ingresos-recibidos/', {
        identificadorUnico: randomUUID(),
        idCliente,
        res: [{ idFactura: factura._id, importe: 1000 }],
      });
      const pago = await ejecutarEstadoDeCuenta(e.db, dentroDe(36));
      expect(pago.reactivadas).toBeGreaterThanOrEqual(1);
      expect(await plan(tenantId)).toMatchObject({ estadoDelPlan: 'Activo', balancePendienteDelPlan: 0 });
      const otraVez = await e.api({
        method: 'POST',
        url: '/api/cliente/crear',
        tenant: tenantId,
        token: admin,
        body: { identificadorUnico: randomUUID(), nombre: 'Cliente' },
      });
      expect(otraVez.statusCode).toBe(200);

      // The plan's terms change: actualizar-costos applies them to its companies, once.
      const cambio = await e.api({
        method: 'PATCH',
        url: `/api/planes/${elPlan._id}`,
        tenant: 2,
        token: operador,
        body: { cantidadDeUsuarios: 4, vigencia: 10 },
      });
      expect(cambio.statusCode, cambio.body).toBe(200);
      const costos = await operadorApi('POST', '/api/tenant/actualizar-costos', { idPlan: elPlan._id });
      expect(costos).toEqual({ empresas: 1, empresasActualizadas: 1 });
      expect(await plan(tenantId)).toMatchObject({ limiteCantidadDeUsuarios: 4, vigenciaDelPlan: 10 });
      expect(await operadorApi('POST', '/api/tenant/actualizar-costos', {})).toMatchObject({
        empresasActualizadas: 0,
      });
    });

    it('prueba: cuenta los días; al terminar sin ser cliente, Suspendido; con una factura, Activo', async () => {
      const r = await registrar(nueva('En Prueba'));
      const { tenantId } = r.json();
      await ejecutarEstadoDeCuenta(e.db, dentroDe(4));
      expect(await plan(tenantId)).toMatchObject({ estadoDelPlan: 'Activo', diasDePruebaDisponibles: 11 });
      await ejecutarEstadoDeCuenta(e.db, dentroDe(15));
      expect(await plan(tenantId)).toMatchObject({ estadoDelPlan: 'Suspendido', diasDePruebaDisponibles: 0 });
      // The operator invoices it (paid at once): a customer now, so the end of the trial no longer suspends.
      await facturar(String((await vinculo(tenantId))?.id_cliente), 1000);
      await ejecutarEstadoDeCuenta(e.db, dentroDe(15));
      expect(await plan(tenantId)).toMatchObject({ estadoDelPlan: 'Activo', balancePendienteDelPlan: 0 });
    });

    it('el operador ejecuta la tarea por HTTP', async () => {
      const r = await operadorApi('GET', '/api/cron-tareas/estado-de-cuenta-del-tenant');
      expect(r).toMatchObject({ tarea: '/cron-tareas/estado-de-cuenta-del-tenant', ejecutada: true });
      expect(r.resumen.empresas).toBeGreaterThanOrEqual(3);
    });
  });

  it('agregar-nuevos-hijos-cuentas-contables: agrega a cada empresa las cuentas del catálogo base que le faltan, una vez', async () => {
    // A company lost an account of the starting chart (and nothing points at it).
    await e.db.enEmpresa(1, (tx) =>
      tx.execute(sql`delete from cuentas_contables where tenant_id = 1 and codigo_de_cuenta = '6.4.02'`),
    );
    const primera = await e.api({
      method: 'POST',
      url: '/api/tenant/agregar-nuevos-hijos-cuentas-contables',
      tenant: 2,
      token: operador,
      body: {},
    });
    expect(primera.statusCode, primera.body).toBe(200);
    expect(primera.json()).toMatchObject({ empresasConCambios: 1, cuentasAgregadas: 1 });
    const [fila] = await e.db.consultarComoDueno<{ padre: string }>(
      sql`select p.codigo_de_cuenta as padre from cuentas_contables c
            join cuentas_contables p on p.tenant_id = c.tenant_id and p.id = c.id_padre
          where c.tenant_id = 1 and c.codigo_de_cuenta = '6.4.02'`,
    );
    expect(fila?.padre).toBe('6.4');
    const segunda = await e.api({
      method: 'POST',
      url: '/api/tenant/agregar-nuevos-hijos-cuentas-contables',
      tenant: 2,
      token: operador,
      body: {},
    });
    expect(segunda.json()).toMatchObject({ empresasConCambios: 0, cuentasAgregadas: 0 });
  });
});
