import { facturas } from '@pos/contract';
import type { FastifyInstance } from 'fastify';
import type { BaseDeDatos } from '../../db/client.ts';
import { ruta, rutaPorLotes } from '../../http/handle.ts';
import { actualizarClienteDeFactura, actualizarFactura, anularFactura, eliminarFactura } from './cambios.ts';
import { crearFactura } from './crear.ts';
import { facturaPorIdentificador, listarFacturas, obtenerFactura } from './lectura.ts';
import { sincronizarFacturas } from './sincronizacion.ts';

export function facturasRoutes(app: FastifyInstance, db: BaseDeDatos): void {
  // The cashier's invoices are POS sales: a puntoDeVentas right is enough to sell and see them.
  const ver = {
    alguno: [
      { modulo: 'facturas', accion: 'ver' },
      { modulo: 'puntoDeVentas', accion: 'ver' },
    ],
  } as const;
  const crear = {
    alguno: [
      { modulo: 'facturas', accion: 'crear' },
      { modulo: 'puntoDeVentas', accion: 'crear' },
    ],
  } as const;
  const modificar = { modulo: 'facturas', accion: 'modificar' } as const;
  ruta(app, db, facturas.crear, crear, (ctx, { body }) => crearFactura(ctx, body));
  rutaPorLotes(app, db, facturas.sincronizar, crear, (sesion, { body }) => sincronizarFacturas(sesion, body));
  ruta(app, db, facturas.porIdentificadorUnico, ver, (ctx, { params }) =>
    facturaPorIdentificador(ctx, params.id),
  );
  ruta(app, db, facturas.una, ver, (ctx, { params }) => obtenerFactura(ctx, params.id));
  ruta(app, db, facturas.actualizar, modificar, (ctx, { params, body }) =>
    actualizarFactura(ctx, params.id, body),
  );
  ruta(app, db, facturas.actualizarCliente, modificar, (ctx, { params, body }) =>
    actualizarClienteDeFactura(ctx, params.idCliente, params.idFactura, body.codigoDeAutorizacion),
  );
  // Any user who can see invoices may ask for a cancellation; the service decides direct or request.
  ruta(app, db, facturas.anular, ver, (ctx, { params, body }) => anularFactura(ctx, params.id, body));
  ruta(app, db, facturas.eliminar, modificar, (ctx, { params }) => eliminarFactura(ctx, params.id));
  ruta(app, db, facturas.lista, ver, (ctx, { body }) => listarFacturas(ctx, body));
  ruta(app, db, facturas.todas, ver, (ctx, { body }) => listarFacturas(ctx, body));
}
