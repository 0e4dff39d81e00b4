import { impuestos, listasDePrecio, planes, retenciones, rutas, terminales } from '@pos/contract';
import type { FastifyInstance } from 'fastify';
import type { BaseDeDatos } from '../../db/client.ts';
import { ruta } from '../../http/handle.ts';
import { rutasDeMaestro } from '../../http/rutasDeMaestro.ts';
import {
  actualizarImpuesto,
  actualizarListaDePrecio,
  actualizarPlan,
  actualizarRetencion,
  actualizarRuta,
  actualizarTerminal,
  crearImpuesto,
  crearListaDePrecio,
  crearPlan,
  crearRetencion,
  crearRuta,
  crearTerminal,
  eliminarImpuesto,
  eliminarListaDePrecio,
  eliminarPlan,
  eliminarRetencion,
  eliminarRuta,
  eliminarTerminal,
  listarImpuestos,
  listarImpuestosActivos,
  listarListasDePrecio,
  listarPlanes,
  listarRetenciones,
  listarRutas,
  listarTerminales,
  obtenerImpuesto,
  obtenerListaDePrecio,
  obtenerListaDePrecioPredeterminada,
  obtenerPlan,
  obtenerRetencion,
  obtenerRuta,
  obtenerTerminal,
  validarEliminarListaDePrecio,
} from './service.ts';

export function configuracionRoutes(app: FastifyInstance, db: BaseDeDatos): void {
  rutasDeMaestro(app, db, impuestos, 'impuestos', {
    listar: listarImpuestos,
    obtener: obtenerImpuesto,
    crear: crearImpuesto,
    actualizar: actualizarImpuesto,
    eliminar: eliminarImpuesto,
  });
  ruta(app, db, impuestos.activos, { sesion: true }, (ctx) => listarImpuestosActivos(ctx));

  rutasDeMaestro(app, db, listasDePrecio, 'listasDePrecio', {
    listar: listarListasDePrecio,
    obtener: obtenerListaDePrecio,
    crear: crearListaDePrecio,
    actualizar: actualizarListaDePrecio,
    eliminar: eliminarListaDePrecio,
  });
  ruta(app, db, listasDePrecio.predeterminada, { sesion: true }, (ctx) =>
    obtenerListaDePrecioPredeterminada(ctx),
  );
  ruta(app, db, listasDePrecio.validarEliminar, { sesion: true }, (ctx, { params }) =>
    validarEliminarListaDePrecio(ctx, params.id),
  );

  rutasDeMaestro(app, db, retenciones, 'retenciones', {
    listar: listarRetenciones,
    obtener: obtenerRetencion,
    crear: crearRetencion,
    actualizar: actualizarRetencion,
    eliminar: eliminarRetencion,
  });
  ruta(app, db, retenciones.listarConBarra, { sesion: true }, (ctx, { query }) =>
    listarRetenciones(ctx, query),
  );

  rutasDeMaestro(app, db, terminales, 'terminales', {
    listar: listarTerminales,
    obtener: obtenerTerminal,
    crear: crearTerminal,
    actualizar: actualizarTerminal,
    eliminar: eliminarTerminal,
  });

  // Spec 002 §2: the route form belongs to contacts, so routes use the contacts module's flags.
  rutasDeMaestro(app, db, rutas, 'clientes', {
    listar: listarRutas,
    obtener: obtenerRuta,
    crear: crearRuta,
    actualizar: actualizarRuta,
    eliminar: eliminarRuta,
  });

  // Plans are the operator's back office: reading needs the module too (and tenant 2, in the service).
  rutasDeMaestro(
    app,
    db,
    planes,
    'planes',
    {
      listar: listarPlanes,
      obtener: obtenerPlan,
      crear: crearPlan,
      actualizar: actualizarPlan,
      eliminar: eliminarPlan,
    },
    { modulo: 'planes', accion: 'ver' },
  );
}
