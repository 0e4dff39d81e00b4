import { Agent as AgenteHttp, request as peticionHttp } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from '@pos/server/app';
import type { BaseDeDatos } from '@pos/server/db/client';
import { sembrarDatosMaestrosDemo } from '@pos/server/modules/configuracion/service';
import { crearEmpresa } from '@pos/server/modules/empresas/service';
import { sembrarNumeracionesDemo } from '@pos/server/modules/numeracion/demo';
import { sembrarProductosDemo } from '@pos/server/modules/productos/demo';
import { vincularCajaDemo } from '@pos/server/sistema/cajaDemo';
import { crearAdministrador } from '@pos/server/sistema/semilla';
import { sql } from 'drizzle-orm';

// What the sales benches share: companies prepared as a new customer gets them, and a real HTTP client.
export const PASSWORD = 'clave-bench-123';

export type Empresa = { tenantId: number; token: string; productos: string[] };

// Each company as a new customer gets it: chart, numberings, demo products, Caja 1; the consumer
// numbering's range is lifted so the bench never exhausts it; the admin opens a shift on Caja 1.
export async function prepararEmpresa(db: BaseDeDatos, tenantId: number): Promise<void> {
  await db.enEmpresa(tenantId, async (tx) => {
    await crearEmpresa(tx, tenantId, { nombre: `Colmado ${tenantId}` });
    await crearAdministrador(tx, tenantId, PASSWORD);
    await sembrarDatosMaestrosDemo(tx, tenantId);
    await sembrarNumeracionesDemo(tx, tenantId);
    await sembrarProductosDemo(tx, tenantId);
    await vincularCajaDemo(tx, tenantId);
    await tx.execute(sql`update numeraciones set hasta = null where tipo_de_documento = 'ventas'`);
  });
}

export type Cliente = { puerto: number; agente: AgenteHttp };

// node:http with a keep-alive agent: a real HTTP round trip per invoice, connections reused as a POS would.
export function llamar(
  cliente: Cliente,
  metodo: 'POST' | 'PATCH' | 'GET',
  ruta: string,
  tenantId: number,
  token: string | null,
  cuerpo?: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const datos = cuerpo === undefined ? undefined : JSON.stringify(cuerpo);
  return new Promise((resolver, rechazar) => {
    const peticion = peticionHttp(
      {
        host: '127.0.0.1',
        port: cliente.puerto,
        path: ruta,
        method: metodo,
        agent: cliente.agente,
        headers: {
          tenantid: String(tenantId),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(datos === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(datos) }),
        },
      },
      (respuesta) => {
        const partes: Buffer[] = [];
        respuesta.on('data', (parte: Buffer) => partes.push(parte));
        respuesta.on('end', () => {
          const texto = Buffer.concat(partes).toString('utf8');
          resolver({ status: respuesta.statusCode ?? 0, json: texto ? JSON.parse(texto) : null });
        });
      },
    );
    peticion.on('error', rechazar);
    peticion.end(datos);
  });
}

export async function entrar(cliente: Cliente, tenantId: number): Promise<Empresa> {
  const login = await llamar(cliente, 'POST', '/api/auth/login', tenantId, null, {
    username: 'admin',
    password: PASSWORD,
  });
  const token = login.json.token as string;
  const perfil = await llamar(cliente, 'GET', '/api/profile', tenantId, token);
  const terminales = await llamar(cliente, 'GET', '/api/terminales/?limit=10', tenantId, token);
  const caja = (terminales.json.res as { _id: string; nombre: string }[]).find((t) => t.nombre === 'Caja 1');
  const turno = await llamar(cliente, 'POST', '/api/turno/', tenantId, token, {
    idTerminalRef: caja?._id,
    desgloseDeEfectivoApertura: [{ monto: 1000, cantidad: 2 }],
  });
  if (turno.status !== 200 && turno.status !== 409) {
    throw new Error(`No se abrió el turno: ${JSON.stringify(turno.json)}`);
  }
  const productos = await llamar(cliente, 'POST', '/api/registro-productos/todos', tenantId, token, {
    page: 1,
    limit: 20,
  });
  const ids = (productos.json.res as { _id: string; productoInventariable: boolean }[])
    .filter((p) => p.productoInventariable)
    .map((p) => p._id);
  if (ids.length < 5 || !perfil.json._id) {
    throw new Error('La empresa del bench no tiene 5 productos inventariables');
  }
  return { tenantId, token, productos: ids.slice(0, 8) };
}

/** The app listening on a free port of 127.0.0.1, with a keep-alive client for it. */
export async function servidorDeBench(db: BaseDeDatos) {
  const app = await buildApp({ db, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const cliente: Cliente = {
    puerto: (app.server.address() as AddressInfo).port,
    agente: new AgenteHttp({ keepAlive: true, maxSockets: 32 }),
  };
  return {
    app,
    cliente,
    cerrar: async () => {
      cliente.agente.destroy();
      await app.close();
    },
  };
}
