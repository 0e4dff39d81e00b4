import type { ConfiguracionGeneral } from '@pos/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';
import { reglasDeVenta, smtpDeLaEmpresa } from './service.ts';

describe.each(MOTORES)('empresa: plan, configuración general y modo lectura (%s)', (motor) => {
  let e: Entorno;
  let admin: string;
  beforeAll(async () => {
    e = await crearEntorno(motor);
    admin = await e.login();
  });
  afterAll(async () => {
    await e?.cerrar();
  });

  it('GET /tenant/api-test es público y responde los campos del plan de la empresa del encabezado', async () => {
    await e.db.enEmpresa(2, (tx) =>
      tx.execute(sql`update empresas set balance_pendiente_del_plan = 1500.50, dias_de_prueba_disponibles = 7,
        vigencia_del_plan = 30, limite_cantidad_de_usuarios = 3`),
    );
    const r = await e.api({ method: 'GET', url: '/api/tenant/api-test', tenant: 2 });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({
      estadoDelPlan: 'Activo',
      balancePendienteDelPlan: 1500.5,
      cantidadDeUsuarios: 1,
      limiteCantidadDeUsuarios: 3,
      diasDePruebaDisponibles: 7,
      vigenciaDelPlan: 30,
    });
    expect((await e.api({ method: 'GET', url: '/api/tenant/api-test', tenant: 77 })).statusCode).toBe(404);
  });

  it('GET y PUT /general/1001 guardan la configuración de la empresa', async () => {
    const actual = await e.api({ method: 'GET', url: '/api/general/1001', token: admin });
    expect(actual.statusCode).toBe(200);
    expect(actual.json()).toMatchObject({
      _id: 1001,
      usoCodigoDeBalanza: false,
      habilitarSecciones: false,
      configGeneral: [{ nombre: 'Colmado Demo SRL', rnc: '131246796', telefono: '8095550100' }],
    });
    const general = actual.json<ConfiguracionGeneral>();
    const cambio = await e.api({
      method: 'PUT',
      url: '/api/general/1001',
      token: admin,
      body: {
        ...general,
        usoCodigoDeBalanza: true,
        colorLinkCatalogo: '#14a44d',
        bannerPublicitario: 'oferta.png',
        configGeneral: [{ ...general.configGeneral[0], telefono: '8295550199', correo: 'ventas@colmado.do' }],
      },
    });
    expect(cambio.statusCode).toBe(200);
    const otraVez = (await e.api({ method: 'GET', url: '/api/general/1001', token: admin })).json();
    expect(otraVez).toMatchObject({
      usoCodigoDeBalanza: true,
      colorLinkCatalogo: '#14a44d',
      bannerPublicitario: 'oferta.png',
      configGeneral: [{ telefono: '8295550199', correo: 'ventas@colmado.do' }],
    });
    // The other company's settings are untouched.
    const token2 = await e.login(2);
    const deLa2 = (await e.api({ method: 'GET', url: '/api/general/1001', tenant: 2, token: token2 })).json();
    expect(deLa2.configGeneral[0].nombre).toBe('Operador de la plataforma');
    expect(deLa2.usoCodigoDeBalanza).toBe(false);
  });

  it('PUT /general/1001 rechaza datos inválidos y otro identificador', async () => {
    const actual = (await e.api({ method: 'GET', url: '/api/general/1001', token: admin })).json();
    const malo = await e.api({
      method: 'PUT',
      url: '/api/general/1001',
      token: admin,
      body: {
        ...actual,
        colorLinkCatalogo: 'rojo',
        configGeneral: [{ nombre: '', rnc: '12-3', correo: 'x' }],
      },
    });
    expect(malo.statusCode).toBe(400);
    expect(malo.json().errores).toEqual(
      expect.arrayContaining([
        { campo: 'colorLinkCatalogo', mensaje: 'El color debe tener el formato #RRGGBB' },
        { campo: 'configGeneral.0.nombre', mensaje: 'Debes poner el nombre de la empresa' },
        {
          campo: 'configGeneral.0.rnc',
          mensaje: 'El RNC debe tener 9 dígitos o la cédula 11 dígitos, sin guiones',
        },
        { campo: 'configGeneral.0.correo', mensaje: 'El correo no tiene un formato válido' },
      ]),
    );
    const otro = await e.api({ method: 'GET', url: '/api/general/1002', token: admin });
    expect(otro.statusCode).toBe(400);
  });

  it('las reglas de venta y el SMTP se guardan; el código y la contraseña nunca se responden', async () => {
    const leer = async () => (await e.api({ method: 'GET', url: '/api/general/1001', token: admin })).json();
    const reglas = () =>
      e.db.enEmpresa(1, (tx) => reglasDeVenta({ tx, tenantId: 1, ip: '127.0.0.1', usuario: null }));
    const passwordGuardada = async () =>
      (await e.db.enEmpresa(1, (tx) => smtpDeLaEmpresa({ tx, tenantId: 1, ip: '127.0.0.1', usuario: null })))
        ?.password;
    const poner = (body: Record<string, unknown>) =>
      e.api({ method: 'PUT', url: '/api/general/1001', token: admin, body });
    const antes = await leer();
    expect(antes).toMatchObject({
      bloqueoPorNoExistencia: false,
      tieneCodigoDeAutorizacion: false,
      smtp: null,
    });
    expect(await reglas()).toEqual({ bloqueoPorNoExistencia: false, codigoDeAutorizacion: '' });

    const smtp = {
      host: 'smtp.colmado.do',
      port: 465,
      secure: true,
      usuario: 'facturas@colmado.do',
      password: 'clave-smtp-secreta',
      remitente: 'facturas@colmado.do',
    };
    const cambio = await poner({
      ...antes,
      bloqueoPorNoExistencia: true,
      codigoDeAutorizacion: '4321',
      smtp,
    });
    expect(cambio.statusCode).toBe(200);
    expect(cambio.body).not.toContain('clave-smtp-secreta');
    expect(cambio.body).not.toContain('4321');
    const { password: _password, ...publico } = smtp;
    expect(cambio.json()).toMatchObject({
      bloqueoPorNoExistencia: true,
      tieneCodigoDeAutorizacion: true,
      smtp: { ...publico, tienePassword: true },
    });
    expect(await reglas()).toEqual({ bloqueoPorNoExistencia: true, codigoDeAutorizacion: '4321' });

    // A client that sends back what it read (or an older one that knows none of these fields) keeps them.
    const leido = await leer();
    expect(JSON.stringify(leido)).not.toMatch(/clave-smtp-secreta|4321/);
    expect((await poner(leido)).statusCode).toBe(200);
    const { bloqueoPorNoExistencia, tieneCodigoDeAutorizacion, smtp: _smtp, ...viejo } = leido;
    expect((await poner(viejo)).statusCode).toBe(200);
    expect(await reglas()).toEqual({ bloqueoPorNoExistencia: true, codigoDeAutorizacion: '4321' });
    expect(await passwordGuardada()).toBe('clave-smtp-secreta');

    // A new password replaces the old one; the code is removed on request; smtp null removes the server.
    expect((await poner({ ...leido, smtp: { ...publico, password: 'otra-clave' } })).statusCode).toBe(200);
    expect(await passwordGuardada()).toBe('otra-clave');
    const quitado = await poner({
      ...leido,
      borrarCodigoDeAutorizacion: true,
      bloqueoPorNoExistencia: false,
      smtp: null,
    });
    expect(quitado.json()).toMatchObject({
      bloqueoPorNoExistencia: false,
      tieneCodigoDeAutorizacion: false,
      smtp: null,
    });
    expect(await reglas()).toEqual({ bloqueoPorNoExistencia: false, codigoDeAutorizacion: '' });

    const malo = await poner({ ...leido, smtp: { host: 'smtp mal', port: 0, remitente: 'no-es-correo' } });
    expect(malo.statusCode).toBe(400);
    expect(malo.json().errores).toEqual(
      expect.arrayContaining([
        { campo: 'smtp.host', mensaje: 'El servidor debe ser un nombre o una dirección IP, sin espacios' },
        { campo: 'smtp.port', mensaje: 'El puerto va de 1 a 65535' },
        { campo: 'smtp.remitente', mensaje: 'El correo remitente no tiene un formato válido' },
      ]),
    );
  });

  it('un plan Suspendido deja la empresa en solo lectura en el servidor', async () => {
    await e.db.enEmpresa(1, (tx) => tx.execute(sql`update empresas set estado_del_plan = 'Suspendido'`));
    try {
      expect((await e.api({ method: 'GET', url: '/api/tenant/api-test' })).json().estadoDelPlan).toBe(
        'Suspendido',
      );
      // Reading and signing in still work.
      const token = await e.login();
      expect((await e.api({ method: 'GET', url: '/api/users/', token })).statusCode).toBe(200);
      const general = (await e.api({ method: 'GET', url: '/api/general/1001', token })).json();
      const escrituras = [
        await e.api({
          method: 'POST',
          url: '/api/users/',
          token,
          body: { username: 'nuevo', password: 'clave-nueva-1' },
        }),
        await e.api({ method: 'PUT', url: '/api/general/1001', token, body: general }),
      ];
      for (const r of escrituras) {
        expect(r.statusCode).toBe(403);
        expect(r.json().message).toBe(
          'Plan En Modo Lectura: considera activar tu suscripción para poder editar y crear documentos.',
        );
      }
      // Another company is not affected.
      const token2 = await e.login(2);
      const crear2 = await e.api({
        method: 'POST',
        url: '/api/users/',
        tenant: 2,
        token: token2,
        body: { username: 'nuevo', password: 'clave-nueva-1' },
      });
      expect(crear2.statusCode).toBe(200);
    } finally {
      await e.db.enEmpresa(1, (tx) => tx.execute(sql`update empresas set estado_del_plan = 'Activo'`));
    }
  });
});
