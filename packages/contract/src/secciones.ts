import { z } from 'zod';
import { Avatar, CategoriasSeleccionadas, MENSAJE_NOMBRE_DE_CATEGORIA, Orden } from './categorias.ts';
import { IdentificadorUnico } from './comun.ts';
import {
  CamposDeDesactivacion,
  EstadoDeMaestro,
  endpointsDeMaestro,
  nombreObligatorio,
  textoOpcional,
} from './maestros.ts';

// Spec 002 §3 "Section": orden, nombre, descripcion, avatar, categoriasProductosSeccionada, estado.
const CamposSeccion = z.object({
  orden: Orden.optional(),
  nombre: nombreObligatorio(MENSAJE_NOMBRE_DE_CATEGORIA),
  descripcion: textoOpcional(500).optional(),
  avatar: Avatar.optional(),
  categoriasProductosSeccionada: CategoriasSeleccionadas.optional(), // sic
});

export const CrearSeccion = CamposSeccion.extend({ identificadorUnico: IdentificadorUnico });
export type CrearSeccion = z.infer<typeof CrearSeccion>;

export const CambiarSeccion = CamposSeccion.partial().extend(CamposDeDesactivacion.shape);
export type CambiarSeccion = z.infer<typeof CambiarSeccion>;

export const Seccion = z.object({
  _id: z.string(),
  identificadorUnico: z.string(),
  orden: z.number().int(),
  nombre: z.string(),
  descripcion: z.string(),
  avatar: z.string().nullable(),
  categoriasProductosSeccionada: z.array(z.string()), // sic
  ...EstadoDeMaestro.shape,
});
export type Seccion = z.infer<typeof Seccion>;

export const secciones = endpointsDeMaestro({
  base: '/secciones/',
  entidad: Seccion,
  crear: CrearSeccion,
  cambiar: CambiarSeccion,
  metodoDeCambio: 'PUT',
});
