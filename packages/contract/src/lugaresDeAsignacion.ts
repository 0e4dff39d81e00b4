import { z } from 'zod';
import { IdentificadorUnico, ParamsId, SinParams, Vacio } from './comun.ts';
import { endpoint } from './endpoint.ts';
import {
  CamposDeDesactivacion,
  EstadoDeMaestro,
  endpointsDeMaestro,
  nombreObligatorio,
  TieneDocumentos,
  textoOpcional,
} from './maestros.ts';

// Spec 002 §3 "Order-assignment place": nombreDeAsignacion, descripcion, tipo, estado, autorizacion.
// The order summary (idPedido, totalGeneral, cantidadPedidos, cambioEntregado) comes with orders.
const CamposLugar = z.object({
  nombreDeAsignacion: nombreObligatorio('Debes poner el nombre del lugar de asignación'),
  descripcion: textoOpcional(500).optional(),
  tipo: textoOpcional(60).optional(),
});

export const CrearLugarDeAsignacion = CamposLugar.extend({ identificadorUnico: IdentificadorUnico });
export type CrearLugarDeAsignacion = z.infer<typeof CrearLugarDeAsignacion>;

export const CambiarLugarDeAsignacion = CamposLugar.partial().extend(CamposDeDesactivacion.shape);
export type CambiarLugarDeAsignacion = z.infer<typeof CambiarLugarDeAsignacion>;

export const LugarDeAsignacion = z.object({
  _id: z.string(),
  identificadorUnico: z.string(),
  nombreDeAsignacion: z.string(),
  descripcion: z.string(),
  tipo: z.string(),
  ...EstadoDeMaestro.shape,
});
export type LugarDeAsignacion = z.infer<typeof LugarDeAsignacion>;

export const lugaresDeAsignacion = {
  ...endpointsDeMaestro({
    base: '/asignar-pedido/',
    entidad: LugarDeAsignacion,
    crear: CrearLugarDeAsignacion,
    cambiar: CambiarLugarDeAsignacion,
    metodoDeCambio: 'PATCH',
  }),
  /** Every place a selector may offer (not Desactivado). */
  todos: endpoint({
    method: 'GET',
    path: '/asignar-pedido/todos',
    body: Vacio,
    params: SinParams,
    respuesta: z.array(LugarDeAsignacion),
  }),
  validarEliminar: endpoint({
    method: 'GET',
    path: '/asignar-pedido/validar-eliminar-lugar/:id',
    body: Vacio,
    params: ParamsId,
    respuesta: TieneDocumentos,
  }),
};
