import { normalizarTasa } from '@pos/domain';
import { z } from 'zod';
import { IdentificadorUnico, SinParams, Vacio } from './comun.ts';
import { endpoint } from './endpoint.ts';
import {
  CamposDeDesactivacion,
  CuentaContableVinculada,
  EstadoDeMaestro,
  endpointsDeMaestro,
  nombreObligatorio,
  textoOpcional,
} from './maestros.ts';

// Spec 002 §9: rates written 1.18 / 1.16 mean 0.18 / 0.16; `normalizarTasa` maps them once, here.
const Tasa = z
  .number({ error: 'La tasa debe ser un número, por ejemplo 0.18 o 1.18' })
  .min(0, 'La tasa no puede ser negativa')
  .max(2, 'La tasa debe ser una fracción (0.18) o un factor (1.18)')
  .transform(normalizarTasa)
  .refine((tasa) => tasa <= 1, 'La tasa debe ser una fracción (0.18) o un factor (1.18)');

// Spec 002 §3 "Tax": name, estado, autorizacion, cuentaContableParaVenta, cuentaContableParaCompras, tasa;
// tipoDeImpuesto is what products and lines carry (spec 000 §3).
const CamposImpuesto = z.object({
  name: nombreObligatorio('Debes poner el nombre del impuesto'),
  tipoDeImpuesto: textoOpcional(40).min(1, 'El tipo de impuesto no puede estar vacío').optional(),
  tasa: Tasa.optional(),
  cuentaContableParaVenta: CuentaContableVinculada.nullable().optional(),
  cuentaContableParaCompras: CuentaContableVinculada.nullable().optional(),
});

/** POST /impuestos/: a name of OPCIONES_DE_IMPUESTO fills tasa and tipoDeImpuesto when not sent. */
export const CrearImpuesto = CamposImpuesto.extend({ identificadorUnico: IdentificadorUnico });
export type CrearImpuesto = z.infer<typeof CrearImpuesto>;

/** PATCH /impuestos/{id}: the fields sent change; `{estado, autorizacion, notaAnular, _id}` deactivates. */
export const CambiarImpuesto = CamposImpuesto.partial().extend(CamposDeDesactivacion.shape);
export type CambiarImpuesto = z.infer<typeof CambiarImpuesto>;

export const Impuesto = z.object({
  _id: z.string(),
  identificadorUnico: z.string(),
  name: z.string(),
  tipoDeImpuesto: z.string(),
  tasa: z.number(),
  cuentaContableParaVenta: CuentaContableVinculada.nullable(),
  cuentaContableParaCompras: CuentaContableVinculada.nullable(),
  ...EstadoDeMaestro.shape,
});
export type Impuesto = z.infer<typeof Impuesto>;

const base = endpointsDeMaestro({
  base: '/impuestos/',
  entidad: Impuesto,
  crear: CrearImpuesto,
  cambiar: CambiarImpuesto,
  metodoDeCambio: 'PATCH',
});

export const impuestos = {
  ...base,
  // Spec 002 §7: DELETE returns the tax's name.
  eliminar: endpoint({
    ...base.eliminar,
    respuesta: z.object({ name: z.string(), message: z.string() }),
  }),
  activos: endpoint({
    method: 'GET',
    path: '/impuestos/activos',
    body: Vacio,
    params: SinParams,
    respuesta: z.array(Impuesto),
  }),
};
