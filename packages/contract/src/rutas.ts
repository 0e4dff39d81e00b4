import { z } from 'zod';
import { IdentificadorUnico } from './comun.ts';
import { endpointsDeMaestro, nombreObligatorio, textoOpcional } from './maestros.ts';

// Spec 002 §3 "Route": _id, nombre, direccion. POST sends {_id, nombre, direccion}: the server assigns _id.
const CamposRuta = z.object({
  nombre: nombreObligatorio('Debes poner el nombre de la ruta'),
  direccion: textoOpcional(300).optional(),
});

export const CrearRuta = CamposRuta.extend({ identificadorUnico: IdentificadorUnico });
export type CrearRuta = z.infer<typeof CrearRuta>;

export const CambiarRuta = CamposRuta.partial().extend({
  _id: z.uuid({ error: 'El _id no es válido' }).optional(),
});
export type CambiarRuta = z.infer<typeof CambiarRuta>;

export const Ruta = z.object({
  _id: z.string(),
  identificadorUnico: z.string(),
  nombre: z.string(),
  direccion: z.string(),
});
export type Ruta = z.infer<typeof Ruta>;

export const rutas = endpointsDeMaestro({
  base: '/lista-ruta/',
  entidad: Ruta,
  crear: CrearRuta,
  cambiar: CambiarRuta,
  metodoDeCambio: 'PATCH',
});
