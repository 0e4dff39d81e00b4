import { z } from 'zod';
import { IdentificadorUnico, ParamsId, SinParams, Vacio } from './comun.ts';
import { endpoint } from './endpoint.ts';
import {
  CamposDeDesactivacion,
  EstadoDeMaestro,
  endpointsDeMaestro,
  nombreObligatorio,
  TieneDocumentos,
} from './maestros.ts';

// Spec 002 §3 "Warehouse": _id, nombre, estado (Activo/Desactivado), autorizacion, numeroAlmacen,
// notaAnular. numeroAlmacen is given by the server (1, 2, 3… per company).
const CamposAlmacen = z.object({ nombre: nombreObligatorio('Debes poner el nombre del almacen') });

export const CrearAlmacen = CamposAlmacen.extend({ identificadorUnico: IdentificadorUnico });
export type CrearAlmacen = z.infer<typeof CrearAlmacen>;

export const CambiarAlmacen = CamposAlmacen.partial().extend(CamposDeDesactivacion.shape);
export type CambiarAlmacen = z.infer<typeof CambiarAlmacen>;

export const Almacen = z.object({
  _id: z.string(),
  identificadorUnico: z.string(),
  nombre: z.string(),
  numeroAlmacen: z.number().int(),
  ...EstadoDeMaestro.shape,
});
export type Almacen = z.infer<typeof Almacen>;

export const almacenes = {
  ...endpointsDeMaestro({
    base: '/almacen/',
    entidad: Almacen,
    crear: CrearAlmacen,
    cambiar: CambiarAlmacen,
    metodoDeCambio: 'PUT',
  }),
  principal: endpoint({
    method: 'GET',
    path: '/almacen/principal',
    body: Vacio,
    params: SinParams,
    respuesta: Almacen,
  }),
  validarEliminar: endpoint({
    method: 'GET',
    path: '/almacen/validarEliminarAlmacen/:id',
    body: Vacio,
    params: ParamsId,
    respuesta: TieneDocumentos,
  }),
};
