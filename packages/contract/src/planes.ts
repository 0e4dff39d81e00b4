import { z } from 'zod';
import { IdentificadorUnico } from './comun.ts';
import { endpointsDeMaestro } from './maestros.ts';
import { TextoObligatorio } from './tipos.ts';

// Days and seats fit the int columns; ten years and a hundred thousand users are beyond any plan.
const entero = (mensaje: string, maximo: number) =>
  z.number({ error: mensaje }).int(mensaje).min(0, mensaje).max(maximo, mensaje);

// Spec 002 §3 "Plan": precio, frecuencia (default 30), descripcion, vigencia, cantidadDeUsuarios.
// frecuencia and vigencia are days; cantidadDeUsuarios 0 means unlimited, as limiteCantidadDeUsuarios.
const CamposPlan = z.object({
  descripcion: TextoObligatorio('Debes poner la descripción del plan', 500),
  // Rounded by the server to 2 decimals (1.005 is kept as 1.01), so not limited here.
  precio: z
    .number({ error: 'Debes poner el precio del plan' })
    .min(0, 'El precio no puede ser negativo')
    .max(999_999_999, 'El precio es demasiado alto'),
  frecuencia: entero('La frecuencia debe ser un número entero de días, hasta 3650', 3650)
    .min(1, 'La frecuencia debe ser de al menos 1 día')
    .optional(),
  vigencia: entero('La vigencia debe ser un número entero de días, hasta 3650', 3650).optional(),
  cantidadDeUsuarios: entero(
    'La cantidad de usuarios debe ser un número entero hasta 100000 (0 = ilimitados)',
    100_000,
  ).optional(),
});

export const CrearPlan = CamposPlan.extend({ identificadorUnico: IdentificadorUnico });
export type CrearPlan = z.infer<typeof CrearPlan>;

export const CambiarPlan = CamposPlan.partial().extend({
  _id: z.uuid({ error: 'El _id no es válido' }).optional(),
});
export type CambiarPlan = z.infer<typeof CambiarPlan>;

export const Plan = z.object({
  _id: z.string(),
  identificadorUnico: z.string(),
  descripcion: z.string(),
  precio: z.number(),
  frecuencia: z.number().int(),
  vigencia: z.number().int(),
  cantidadDeUsuarios: z.number().int(),
});
export type Plan = z.infer<typeof Plan>;

// Spec 002 §7 "GET, POST planes/; GET, PATCH, DELETE planes/{id}" (tenant 2 only, spec 002 §6).
export const planes = endpointsDeMaestro({
  base: '/planes/',
  entidad: Plan,
  crear: CrearPlan,
  cambiar: CambiarPlan,
  metodoDeCambio: 'PATCH',
});
