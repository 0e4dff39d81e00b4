import { z } from 'zod';
import { CategoriasSeleccionadas, MENSAJE_NOMBRE_DE_CATEGORIA } from './categorias.ts';
import { IdentificadorUnico } from './comun.ts';
import { endpointsDeMaestro, nombreObligatorio, textoOpcional } from './maestros.ts';

// Spec 002 §3 "Production area": nombre, descripcion, categoriasProductosSeccionada (no estado: §4 does not
// list production areas among the deactivatable items).
const CamposAreaDeProduccion = z.object({
  nombre: nombreObligatorio(MENSAJE_NOMBRE_DE_CATEGORIA),
  descripcion: textoOpcional(500).optional(),
  categoriasProductosSeccionada: CategoriasSeleccionadas.optional(), // sic
});

export const CrearAreaDeProduccion = CamposAreaDeProduccion.extend({
  identificadorUnico: IdentificadorUnico,
});
export type CrearAreaDeProduccion = z.infer<typeof CrearAreaDeProduccion>;

export const CambiarAreaDeProduccion = CamposAreaDeProduccion.partial().extend({
  _id: z.uuid({ error: 'El _id no es válido' }).optional(),
});
export type CambiarAreaDeProduccion = z.infer<typeof CambiarAreaDeProduccion>;

export const AreaDeProduccion = z.object({
  _id: z.string(),
  identificadorUnico: z.string(),
  nombre: z.string(),
  descripcion: z.string(),
  categoriasProductosSeccionada: z.array(z.string()), // sic
});
export type AreaDeProduccion = z.infer<typeof AreaDeProduccion>;

// Spec 002 §7; POST linea-de-pedidos-por-area-de-produccion/ comes with orders (a later issue).
export const areasDeProduccion = endpointsDeMaestro({
  base: '/areas-de-produccion/',
  entidad: AreaDeProduccion,
  crear: CrearAreaDeProduccion,
  cambiar: CambiarAreaDeProduccion,
  metodoDeCambio: 'PATCH',
});
