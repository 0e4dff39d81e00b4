import { centrosDeCosto, opcionesEntradaDeDiario } from '@pos/contract';
import type { FastifyInstance } from 'fastify';
import type { BaseDeDatos } from '../../db/client.ts';
import { rutasDeMaestro } from '../../http/rutasDeMaestro.ts';
import {
  actualizarCentroDeCosto,
  actualizarOpcionEntradaDeDiario,
  crearCentroDeCosto,
  crearOpcionEntradaDeDiario,
  eliminarCentroDeCosto,
  eliminarOpcionEntradaDeDiario,
  listarCentrosDeCosto,
  listarOpcionesEntradaDeDiario,
  obtenerCentroDeCosto,
  obtenerOpcionEntradaDeDiario,
} from './service.ts';

// Spec 002 §7 "Accounting". Reading needs only a session: every document offers the centres in its selector.
export function centrosDeCostoRoutes(app: FastifyInstance, db: BaseDeDatos): void {
  rutasDeMaestro(app, db, centrosDeCosto, 'centroDeCosto', {
    listar: listarCentrosDeCosto,
    obtener: obtenerCentroDeCosto,
    crear: crearCentroDeCosto,
    actualizar: actualizarCentroDeCosto,
    eliminar: eliminarCentroDeCosto,
  });
  rutasDeMaestro(app, db, opcionesEntradaDeDiario, 'entradaDeDiario', {
    listar: listarOpcionesEntradaDeDiario,
    obtener: obtenerOpcionEntradaDeDiario,
    crear: crearOpcionEntradaDeDiario,
    actualizar: actualizarOpcionEntradaDeDiario,
    eliminar: eliminarOpcionEntradaDeDiario,
  });
}
