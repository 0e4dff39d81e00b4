import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { MENSAJE_ERROR_CORREO_FACTURA } from '@pos/contract';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  direccionDelServidorDeCorreo,
  RAZON_GENERICA_DEL_FALLO,
  ServidorDeCorreoNoPermitido,
} from '../../documentos/correo.ts';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';

// The company's SMTP host is chosen by its admin: without SMTP_PERMITIR_RED_PRIVADA the server only
// reaches public addresses. Every address below is a literal or /etc/hosts' localhost, so nothing
// leaves this machine; only loopback is ever connected to.

describe('direccionDelServidorDeCorreo', () => {
  it('sin el permiso rechaza toda dirección que no es pública, también escrita de otra forma', async () => {
    for (const host of [
      '127.0.0.1',
      '10.0.0.1',
      '169.254.169.254',
      '::1',
      'localhost',
      '192.168.1.10',
      '172.16.0.1',
      '100.64.0.1',
      '0.0.0.0',
      '::ffff:10.0.0.1',
      'fd00::1',
      'fe80::1',
      '2130706433',
      '0x7f000001',
    ]) {
      await expect(direccionDelServidorDeCorreo(host, false), host).rejects.toBeInstanceOf(
        ServidorDeCorreoNoPermitido,
      );
    }
  });

  it('una dirección pública se usa tal cual; con el permiso también una interna', async () => {
    expect(await direccionDelServidorDeCorreo('8.8.8.8', false)).toBe('8.8.8.8');
    expect(await direccionDelServidorDeCorreo('2001:4860:4860::8888', false)).toBe('2001:4860:4860::8888');
    expect(await direccionDelServidorDeCorreo('10.0.0.1', true)).toBe('10.0.0.1');
    expect(await direccionDelServidorDeCorreo('localhost', true)).toBe('127.0.0.1');
  });
});

describe.each(MOTORES)('envío por correo a servidores internos (%s)', (motor) => {
  let e: Entorno;
  let admin: string;
  let idFactura: string;
  let smtp: { puerto: number; conexiones: number; recibidos: number; cerrar: () => Promise<void> };

  beforeAll(async () => {
    delete process.env.SMTP_PERMITIR_RED_PRIVADA;
    e = await crearEntorno(motor);
    admin = await e.login();
    const [producto] = await e.db.consultarComoDueno<{ id: string }>(
      sql`select id from productos where tenant_id = 1 and estado = 'Activo' and producto_inventariable
          order by numero_producto limit 1`,
    );
    const creada = await e.api({
      method: 'POST',
      url: '/api/factura/crear',
      token: admin,
      body: [
        { identificadorUnico: randomUUID(), metodoDePago: 'Efectivo', efectivoRecibido: 10_000 },
        [{ idProducto: producto?.id, cantidad: 1 }],
      ],
    });
    expect(creada.statusCode, creada.body).toBe(200);
    idFactura = creada.json().FacturaDb._id;
    smtp = await servidorQueCuenta();
  });
  afterEach(() => {
    delete process.env.SMTP_PERMITIR_RED_PRIVADA;
  });
  afterAll(async () => {
    await smtp?.cerrar();
    await e?.cerrar();
  });

  async function usarServidor(host: string): Promise<void> {
    const general = (await e.api({ method: 'GET', url: '/api/general/1001', token: admin })).json();
    // The settings form takes names and IPv4 only: an IPv6 literal is written as if saved before that rule.
    const nombre = host.includes(':') ? 'localhost' : host;
    const guardar = await e.api({
      method: 'PUT',
      url: '/api/general/1001',
      token: admin,
      body: {
        ...general,
        smtp: { host: nombre, port: smtp.puerto, secure: false, remitente: 'facturas@colmado.do' },
      },
    });
    expect(guardar.statusCode, guardar.body).toBe(200);
    if (nombre !== host) {
      await e.db.enEmpresa(1, (tx) =>
        tx.execute(
          sql`update configuracion_general set smtp = jsonb_set(smtp, '{host}', to_jsonb(${host}::text))
              where tenant_id = 1`,
        ),
      );
    }
    const leido = (await e.api({ method: 'GET', url: '/api/general/1001', token: admin })).json();
    expect(leido.smtp.host).toBe(host);
  }

  const enviar = () =>
    e.api({
      method: 'POST',
      url: `/api/email/factura/${idFactura}`,
      token: admin,
      body: { correo: 'cliente@example.com' },
    });

  it('127.0.0.1, ::1 y localhost se rechazan con el mensaje genérico y sin conectar', async () => {
    for (const host of ['127.0.0.1', '::1', 'localhost']) {
      await usarServidor(host);
      const r = await enviar();
      expect(r.statusCode, host).toBe(409);
      expect(r.json(), host).toEqual({
        statusCode: 409,
        error: 'Conflict',
        message: `${MENSAJE_ERROR_CORREO_FACTURA}: ${RAZON_GENERICA_DEL_FALLO}`,
        errorDeCorreo: true,
      });
      expect(r.body).not.toContain(String(smtp.puerto));
    }
    expect(smtp.conexiones).toBe(0);

    // The same server is reachable: with the permit of a self-hosted install the invoice goes out.
    process.env.SMTP_PERMITIR_RED_PRIVADA = 'true';
    const permitido = await enviar();
    expect(permitido.statusCode, permitido.body).toBe(200);
    expect(smtp.conexiones).toBe(1);
    expect(smtp.recibidos).toBe(1);
  });
});

/** A local SMTP server on both loopback addresses that counts the connections it gets. */
async function servidorQueCuenta() {
  const estado = { puerto: 0, conexiones: 0, recibidos: 0, cerrar: async () => {} };
  const servidor = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onConnect(_sesion, listo) {
      estado.conexiones += 1;
      listo();
    },
    onData(flujo, _sesion, listo) {
      flujo.on('data', () => {});
      flujo.on('end', () => {
        estado.recibidos += 1;
        listo();
      });
    },
  });
  await new Promise<void>((resolve) => servidor.listen(0, '::', resolve));
  estado.puerto = (servidor.server.address() as AddressInfo).port;
  estado.cerrar = () => new Promise<void>((resolve) => servidor.close(() => resolve()));
  return estado;
}
