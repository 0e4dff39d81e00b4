import { REGISTROS_POR_MINUTO, registro } from '@pos/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { BaseDeDatos } from '../../db/client.ts';
import { leerTenantId, leerToken, rutaPorLotes, type UsuarioSesion, validar } from '../../http/handle.ts';
import { rutasPublicas } from '../../http/publico.ts';
import { autenticar } from '../auth/service.ts';
import { exigirPlanActivo } from '../empresas/service.ts';
import {
  actualizarCostos,
  agregarCuentasATodas,
  exigirOperador,
  listarEmpresasRegistradas,
  registrarEmpresa,
  respuestaDeRegistro,
} from './service.ts';

/**
 * The caller of POST /tenant/ with a bearer: its session, a plan not in read mode (spec 000 §4) and the
 * operator's right, checked in a transaction of their own before the body is read. Without a bearer it is
 * a self sign-up (null).
 */
async function operadorQueRegistra(db: BaseDeDatos, request: FastifyRequest): Promise<UsuarioSesion | null> {
  if (request.headers.authorization === undefined) {
    return null;
  }
  const tenantId = leerTenantId(request);
  const token = leerToken(request, tenantId);
  const usuario = await db.enEmpresa(tenantId, async (tx) => {
    const ctx = { tx, tenantId, ip: request.ip, usuario: await autenticar(tx, token) };
    exigirPlanActivo(ctx);
    return ctx.usuario;
  });
  exigirOperador(tenantId, usuario);
  return usuario;
}

export async function registroRoutes(app: FastifyInstance, db: BaseDeDatos): Promise<void> {
  // Spec 002 §7 POST /tenant/: the operator's registration and the self sign-up of the login page share
  // the call, so both go through the strict per-address limit of a public group (docs/empresas.md).
  await rutasPublicas(app, { porMinuto: REGISTROS_POR_MINUTO }, (publicas) => {
    publicas.route({
      method: registro.registrar.method,
      url: registro.registrar.path,
      handler: async (request) => {
        const operador = await operadorQueRegistra(db, request);
        const datos = validar(registro.registrar.body, request.body, 'cuerpo');
        const creada = await registrarEmpresa(db, datos, { operador, ip: request.ip });
        return registro.registrar.respuesta.parse(respuestaDeRegistro(datos, creada));
      },
    });
  });
  // Operator calls over every company: one transaction per company, so no route transaction is held.
  rutaPorLotes(app, db, registro.actualizarCostos, { sesion: true }, async (sesion, { body }) => {
    exigirOperador(sesion.tenantId, sesion.usuario);
    return actualizarCostos(db, body);
  });
  rutaPorLotes(app, db, registro.empresasRegistradas, { sesion: true }, async (sesion) => {
    exigirOperador(sesion.tenantId, sesion.usuario);
    return { empresas: await listarEmpresasRegistradas(db) };
  });
  rutaPorLotes(app, db, registro.agregarCuentas, { sesion: true }, async (sesion) => {
    exigirOperador(sesion.tenantId, sesion.usuario);
    return agregarCuentasATodas(db);
  });
}
