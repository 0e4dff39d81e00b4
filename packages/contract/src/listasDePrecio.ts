import { z } from 'zod';
import { IdentificadorUnico, ParamsId, SinParams, Vacio } from './comun.ts';
import { endpoint } from './endpoint.ts';
import {
  CamposDeDesactivacion,
  EstadoDeMaestro,
  endpointsDeMaestro,
  nombreObligatorio,
  Porcentaje,
  TieneDocumentos,
  textoOpcional,
} from './maestros.ts';

const Fecha = z.iso.date({ error: 'La fecha debe tener el formato AAAA-MM-DD' });

// Spec 002 §3 "Price list". The spec does not show the shapes of diasDisponibles and vigencia:
// diasDisponibles are weekdays 0 (domingo) to 6 (sábado), empty meaning every day; vigencia is the last
// day the list applies, null meaning no end (docs/api.md).
const CamposListaDePrecio = z.object({
  nombre: nombreObligatorio('Debes poner el nombre de la lista de precio'),
  descripcion: textoOpcional(500).optional(),
  activo: z.boolean().optional(),
  /** true: a percent discount on the product's price (spec 002 §3). */
  tipo: z.boolean().optional(),
  porcentaje: Porcentaje.optional(),
  diasDisponibles: z
    .array(
      z
        .number()
        .int()
        .min(0, 'Los días van de 0 (domingo) a 6 (sábado)')
        .max(6, 'Los días van de 0 (domingo) a 6 (sábado)'),
    )
    .max(7)
    .optional(),
  vigencia: Fecha.nullable().optional(),
  esUnaOferta: z.boolean().optional(),
  predeterminado: z.boolean().optional(),
});

export const CrearListaDePrecio = CamposListaDePrecio.extend({ identificadorUnico: IdentificadorUnico });
export type CrearListaDePrecio = z.infer<typeof CrearListaDePrecio>;

export const CambiarListaDePrecio = CamposListaDePrecio.partial().extend(CamposDeDesactivacion.shape);
export type CambiarListaDePrecio = z.infer<typeof CambiarListaDePrecio>;

export const ListaDePrecio = z.object({
  _id: z.string(),
  identificadorUnico: z.string(),
  nombre: z.string(),
  descripcion: z.string(),
  activo: z.boolean(),
  tipo: z.boolean(),
  porcentaje: z.number(),
  diasDisponibles: z.array(z.number().int()),
  vigencia: z.string().nullable(),
  esUnaOferta: z.boolean(),
  predeterminado: z.boolean(),
  ...EstadoDeMaestro.shape,
});
export type ListaDePrecio = z.infer<typeof ListaDePrecio>;

export const listasDePrecio = {
  ...endpointsDeMaestro({
    base: '/listas-precio/',
    entidad: ListaDePrecio,
    crear: CrearListaDePrecio,
    cambiar: CambiarListaDePrecio,
    metodoDeCambio: 'PATCH',
  }),
  predeterminada: endpoint({
    method: 'GET',
    path: '/listas-precio/predeterminada/',
    body: Vacio,
    params: SinParams,
    respuesta: ListaDePrecio,
  }),
  validarEliminar: endpoint({
    method: 'GET',
    path: '/listas-precio/validar-eliminar-lista/:id',
    body: Vacio,
    params: ParamsId,
    respuesta: TieneDocumentos,
  }),
};
