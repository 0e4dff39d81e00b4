import { z } from 'zod';
import { IdentificadorUnico } from './comun.ts';
import {
  CamposDeDesactivacion,
  CuentaContableVinculada,
  EstadoDeMaestro,
  endpointsDeMaestro,
  nombreObligatorio,
  Porcentaje,
  textoOpcional,
} from './maestros.ts';

// Spec 001 §5, 002 §5: isr is taken from the subtotal, any other type from the ITBIS total.
export const TIPOS_DE_RETENCION = ['isr', 'itbis'] as const;

// DGII 606 column 17 "Tipo de retención ISR" (design/fiscal-do.md §3.1); '' when not ISR.
export const TIPOS_DE_RETENCION_ISR = ['', '01', '02', '03', '04', '05', '06', '07', '08', '09'] as const;

// Spec 002 §3 "Withholding type". `tipo` is kept as free text: the spec lists it without its values.
const CamposRetencion = z.object({
  nombre: nombreObligatorio('Debes poner el nombre de la retención'),
  porcentaje: Porcentaje,
  tipo: textoOpcional(60).optional(),
  tipoRetencion: z.enum(TIPOS_DE_RETENCION, { error: 'El tipo de retención debe ser isr o itbis' }),
  tipoRetencionIsr: z
    .enum(TIPOS_DE_RETENCION_ISR, { error: 'El tipo de retención ISR debe ser un código del 01 al 09' })
    .optional(),
  cuentaContableParaVenta: CuentaContableVinculada.nullable().optional(),
  cuentaContableParaCompras: CuentaContableVinculada.nullable().optional(),
});

export const CrearRetencion = CamposRetencion.extend({ identificadorUnico: IdentificadorUnico });
export type CrearRetencion = z.infer<typeof CrearRetencion>;

export const CambiarRetencion = CamposRetencion.partial().extend(CamposDeDesactivacion.shape);
export type CambiarRetencion = z.infer<typeof CambiarRetencion>;

export const Retencion = z.object({
  _id: z.string(),
  identificadorUnico: z.string(),
  nombre: z.string(),
  porcentaje: z.number(),
  tipo: z.string(),
  tipoRetencion: z.enum(TIPOS_DE_RETENCION),
  tipoRetencionIsr: z.string(),
  cuentaContableParaVenta: CuentaContableVinculada.nullable(),
  cuentaContableParaCompras: CuentaContableVinculada.nullable(),
  ...EstadoDeMaestro.shape,
});
export type Retencion = z.infer<typeof Retencion>;

const base = endpointsDeMaestro({
  base: '/lista-de-retenciones/',
  entidad: Retencion,
  crear: CrearRetencion,
  cambiar: CambiarRetencion,
  metodoDeCambio: 'PATCH',
  rutaListar: '/lista-de-retenciones/todas',
  // Spec 002 §7: POST /lista-de-retenciones, without the trailing slash.
  rutaCrear: '/lista-de-retenciones',
});

export const retenciones = {
  ...base,
  // Spec 002 §7 "GET /lista-de-retenciones/todas (also todas/)"; spec 001 §7 calls todas/.
  listarConBarra: { ...base.listar, path: '/lista-de-retenciones/todas/' },
};
