import { CrearIngreso, egresos, type Ingreso, ingresos } from '@pos/contract';
import type { FastifyInstance } from 'fastify';
import type { BaseDeDatos } from '../../db/client.ts';
import { rutasDeArchivos } from '../../http/exportar.ts';
import { cadaPendiente, ruta, rutaPorLotes, validar } from '../../http/handle.ts';
import { actualizarIngreso, anularIngreso, eliminarIngreso } from './cambios.ts';
import { crearIngreso } from './crear.ts';
import {
  facturasPendientes,
  ingresoCc,
  ingresoPorIdentificador,
  ingresosDelTurno,
  listarIngresos,
  obtenerIngreso,
} from './lectura.ts';
import { pdfDeIngreso } from './pdf.ts';

function identificadorDe(pendiente: unknown): string {
  const valor = (pendiente as { identificadorUnico?: unknown } | null)?.identificadorUnico;
  return typeof valor === 'string' ? valor : '';
}

/** Registers the receipts-in routes; `carpetaDeArchivos` holds the logos the printed receipt shows. */
export async function ingresosRoutes(
  app: FastifyInstance,
  db: BaseDeDatos,
  carpetaDeArchivos?: string,
): Promise<void> {
  // Receipts in are the ingresos module; at the POS a cashier collects with the POS right.
  const ver = {
    alguno: [
      { modulo: 'ingresos', accion: 'ver' },
      { modulo: 'puntoDeVentas', accion: 'ver' },
    ],
  } as const;
  const crear = {
    alguno: [
      { modulo: 'ingresos', accion: 'crear' },
      { modulo: 'puntoDeVentas', accion: 'crear' },
    ],
  } as const;
  ruta(app, db, ingresos.crear, crear, (ctx, { body }) => crearIngreso(ctx, body));
  // Spec 000 §7: each pending receipt in a transaction of its own; one refused is reported
  // in `rechazados` and the rest go on; one already created is answered, not written again.
  rutaPorLotes(app, db, ingresos.sincronizar, crear, async (sesion, { body }) => {
    const { creados, rechazados } = await cadaPendiente<Ingreso>(
      sesion,
      body,
      identificadorDe,
      async (ctx, pendiente) => {
        const [linea] = await crearIngreso(ctx, validar(CrearIngreso, pendiente, 'ingreso'));
        return (await obtenerIngreso(ctx, linea?.idIngresosRef ?? '')).ingresoReferenciadoGral;
      },
      (ctx, identificadorUnico) => ingresoPorIdentificador(ctx, identificadorUnico),
    );
    return { ingresosCreados: creados, rechazados };
  });
  ruta(app, db, ingresos.uno, ver, (ctx, { params }) => obtenerIngreso(ctx, params.id));
  ruta(app, db, ingresos.cuentasContables, ver, (ctx, { params }) => ingresoCc(ctx, params.id));
  // Editing a receipt is creating it again with its final lines: the same rights as creating one.
  ruta(app, db, ingresos.actualizar, crear, (ctx, { body }) => actualizarIngreso(ctx, body));
  // The service refuses a user who may not cancel directly (docs/documents.md «Eliminar»).
  ruta(app, db, ingresos.eliminar, ver, (ctx, { params }) => eliminarIngreso(ctx, params.id));
  await rutasDeArchivos(app, (archivos) => {
    ruta(archivos, db, ingresos.imprimir, ver, (ctx, { params }) =>
      pdfDeIngreso(ctx, params.id, carpetaDeArchivos),
    );
  });
  ruta(app, db, ingresos.todos, ver, (ctx, { body }) => listarIngresos(ctx, body));
  ruta(app, db, egresos.ingresosDelTurno, ver, (ctx, { body }) => ingresosDelTurno(ctx, body.idTurnoRef));
  ruta(app, db, ingresos.pendientes, ver, (ctx, { body }) => facturasPendientes(ctx, body));
  ruta(app, db, ingresos.unaPendiente, ver, (ctx, { body }) => facturasPendientes(ctx, body));
  // Any user who can see receipts may ask for a cancellation; the service decides direct or request.
  ruta(app, db, ingresos.anular, ver, (ctx, { body }) => anularIngreso(ctx, body));
}
