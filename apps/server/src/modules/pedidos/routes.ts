import { CrearPedido, type Pedido, pedidosApi } from '@pos/contract';
import type { FastifyInstance } from 'fastify';
import type { BaseDeDatos } from '../../db/client.ts';
import { cadaPendiente, ruta, rutaPorLotes, validar } from '../../http/handle.ts';
import { contactoQueViajaConLaVenta } from '../contactos/service.ts';
import {
  actualizarPedido,
  anularPedido,
  crearPedido,
  eliminarPedido,
  listarPedidos,
  obtenerPedido,
  pedidoPorIdentificador,
} from './service.ts';

// The /pedido/ body is [order, lines, identificadorUnico].
function identificadorDe(pendiente: unknown): string {
  const valor = Array.isArray(pendiente) ? pendiente[2] : undefined;
  return typeof valor === 'string' ? valor : '';
}

export function pedidosRoutes(app: FastifyInstance, db: BaseDeDatos): void {
  // Orders are the pedidos module; at the POS a waiter or cashier works them with the POS right.
  const permiso = (accion: 'ver' | 'crear' | 'modificar') =>
    ({
      alguno: [
        { modulo: 'pedidos', accion },
        { modulo: 'puntoDeVentas', accion },
      ],
    }) as const;
  ruta(app, db, pedidosApi.crear, permiso('crear'), (ctx, { body }) => crearPedido(ctx, body));
  // Spec 000 §7: each pending order in a transaction of its own; one refused is reported in
  // `rechazados` and the rest go on; one already created is answered, not written again.
  rutaPorLotes(app, db, pedidosApi.sincronizar, permiso('crear'), async (sesion, { body }) => {
    const { creados, rechazados } = await cadaPendiente<Pedido>(
      sesion,
      body,
      identificadorDe,
      async (ctx, pendiente) => {
        const entrada = validar(CrearPedido, pendiente, 'pedido');
        const idContacto = await contactoQueViajaConLaVenta(ctx, pendiente);
        if (idContacto) {
          entrada[0].idCliente = idContacto;
        }
        return (await crearPedido(ctx, entrada)).pedidoDb;
      },
      (ctx, identificadorUnico) => pedidoPorIdentificador(ctx, identificadorUnico),
    );
    return { pedidosCreados: creados, rechazados };
  });
  ruta(app, db, pedidosApi.todas, permiso('ver'), (ctx, { body }) => listarPedidos(ctx, body));
  ruta(app, db, pedidosApi.uno, permiso('ver'), (ctx, { params }) => obtenerPedido(ctx, params.id));
  ruta(app, db, pedidosApi.actualizar, permiso('crear'), (ctx, { params, body }) =>
    actualizarPedido(ctx, params.id, body),
  );
  // Any user who can see orders may ask for a cancellation; the service decides direct or request.
  ruta(app, db, pedidosApi.anular, permiso('ver'), (ctx, { params, body }) =>
    anularPedido(ctx, params.id, body),
  );
  ruta(app, db, pedidosApi.eliminar, permiso('modificar'), (ctx, { params }) =>
    eliminarPedido(ctx, params.id),
  );
}
