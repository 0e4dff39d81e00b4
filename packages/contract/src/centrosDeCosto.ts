import { z } from 'zod';
import { IdentificadorUnico } from './comun.ts';
import { endpointsDeMaestro, nombreObligatorio, textoOpcional } from './maestros.ts';

// Spec 002 §3 "Accounting": cost centre (nombre, descripcion); §7 /centro-de-costo/ (GET, POST; GET, PATCH,
// DELETE by {id}). Documents carry one (idCentroDeCosto) and put it on every line of their journal entry.
export const MENSAJE_NOMBRE_DE_CENTRO_DE_COSTO = 'Debes poner el nombre del centro de costo';

const CamposCentroDeCosto = z.object({
  nombre: nombreObligatorio(MENSAJE_NOMBRE_DE_CENTRO_DE_COSTO),
  descripcion: textoOpcional(500).optional(),
});

export const CrearCentroDeCosto = CamposCentroDeCosto.extend({ identificadorUnico: IdentificadorUnico });
export type CrearCentroDeCosto = z.infer<typeof CrearCentroDeCosto>;

export const CambiarCentroDeCosto = CamposCentroDeCosto.partial().extend({
  _id: z.uuid({ error: 'El _id no es válido' }).optional(),
});
export type CambiarCentroDeCosto = z.infer<typeof CambiarCentroDeCosto>;

export const CentroDeCosto = z.object({
  _id: z.string(),
  identificadorUnico: z.string(),
  nombre: z.string(),
  descripcion: z.string(),
});
export type CentroDeCosto = z.infer<typeof CentroDeCosto>;

export const centrosDeCosto = endpointsDeMaestro({
  base: '/centro-de-costo/',
  entidad: CentroDeCosto,
  crear: CrearCentroDeCosto,
  cambiar: CambiarCentroDeCosto,
  metodoDeCambio: 'PATCH',
});

// Spec 002 §3 "Accounting": journal option (nombre, codigo, nota); §7 /opciones-entrada-de-diario/.
export const MENSAJE_NOMBRE_DE_OPCION_DE_ENTRADA = 'Debes poner el nombre de la opción';

const CamposOpcionEntradaDeDiario = z.object({
  nombre: nombreObligatorio(MENSAJE_NOMBRE_DE_OPCION_DE_ENTRADA),
  codigo: textoOpcional(50).optional(),
  nota: textoOpcional(500).optional(),
});

export const CrearOpcionEntradaDeDiario = CamposOpcionEntradaDeDiario.extend({
  identificadorUnico: IdentificadorUnico,
});
export type CrearOpcionEntradaDeDiario = z.infer<typeof CrearOpcionEntradaDeDiario>;

export const CambiarOpcionEntradaDeDiario = CamposOpcionEntradaDeDiario.partial().extend({
  _id: z.uuid({ error: 'El _id no es válido' }).optional(),
});
export type CambiarOpcionEntradaDeDiario = z.infer<typeof CambiarOpcionEntradaDeDiario>;

export const OpcionEntradaDeDiario = z.object({
  _id: z.string(),
  identificadorUnico: z.string(),
  nombre: z.string(),
  codigo: z.string(),
  nota: z.string(),
});
export type OpcionEntradaDeDiario = z.infer<typeof OpcionEntradaDeDiario>;

export const opcionesEntradaDeDiario = endpointsDeMaestro({
  base: '/opciones-entrada-de-diario/',
  entidad: OpcionEntradaDeDiario,
  crear: CrearOpcionEntradaDeDiario,
  cambiar: CambiarOpcionEntradaDeDiario,
  metodoDeCambio: 'PATCH',
});
