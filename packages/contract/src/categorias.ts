import { z } from 'zod';
import { IdentificadorUnico, SinParams } from './comun.ts';
import { endpoint } from './endpoint.ts';
import {
  CamposDeDesactivacion,
  EstadoDeMaestro,
  endpointsDeMaestro,
  nombreObligatorio,
  textoOpcional,
} from './maestros.ts';

// Spec 002 §5: category, section and production area share this message.
export const MENSAJE_NOMBRE_DE_CATEGORIA = 'Debes poner el nombre de la categoria';

export const Orden = z
  .number({ error: 'El orden debe ser un número entero' })
  .int('El orden debe ser un número entero')
  .min(0, 'El orden no puede ser negativo')
  .max(100_000, 'El orden es demasiado alto');

export const Avatar = z.string().trim().max(300).nullable();

/** The categories a section or production area groups (spec 002 §3, spelling kept). */
export const CategoriasSeleccionadas = z
  .array(z.uuid({ error: 'La categoría seleccionada no es válida' }))
  .max(500, 'No se pueden seleccionar más de 500 categorías');

// Spec 002 §3 "Category": _id, orden, nombre, descripcion, avatar, estado.
const CamposCategoria = z.object({
  orden: Orden.optional(),
  nombre: nombreObligatorio(MENSAJE_NOMBRE_DE_CATEGORIA),
  descripcion: textoOpcional(500).optional(),
  avatar: Avatar.optional(),
});

export const CrearCategoria = CamposCategoria.extend({ identificadorUnico: IdentificadorUnico });
export type CrearCategoria = z.infer<typeof CrearCategoria>;

export const CambiarCategoria = CamposCategoria.partial().extend(CamposDeDesactivacion.shape);
export type CambiarCategoria = z.infer<typeof CambiarCategoria>;

export const Categoria = z.object({
  _id: z.string(),
  identificadorUnico: z.string(),
  orden: z.number().int(),
  nombre: z.string(),
  descripcion: z.string(),
  avatar: z.string().nullable(),
  ...EstadoDeMaestro.shape,
});
export type Categoria = z.infer<typeof Categoria>;

export const categorias = {
  ...endpointsDeMaestro({
    base: '/categorias-productos/',
    entidad: Categoria,
    crear: CrearCategoria,
    cambiar: CambiarCategoria,
    metodoDeCambio: 'PUT',
  }),
  // Spec 002 §7: POST /categorias-productos/lista-categorias with an array of ids (the catalogue asks
  // for the categories of the chosen sections); answered in the order asked.
  listaCategorias: endpoint({
    method: 'POST',
    path: '/categorias-productos/lista-categorias',
    efecto: 'lee',
    body: CategoriasSeleccionadas,
    params: SinParams,
    respuesta: z.array(Categoria),
  }),
};
