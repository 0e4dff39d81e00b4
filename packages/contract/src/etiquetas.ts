import { z } from 'zod';
import { IdentificadorUnico, Mensaje, ParamsId, SinParams, Vacio } from './comun.ts';
import { endpoint } from './endpoint.ts';
import { Archivo } from './exportar.ts';
import { nombreObligatorio, SolicitudDuplicada, textoOpcional } from './maestros.ts';

// Spec 002 §3 "Barcode profile". The spec lists the fields but not their units; the JsBarcode-like
// names keep their meaning (width = bar module, height = bar height, textPosition top/bottom) and the
// units are ours, documented in docs/api.md: sizes of the label in millimetres, fonts in points.
export const FORMATOS_DE_CODIGO = ['auto', 'EAN13', 'CODE128'] as const;
export type FormatoDeCodigo = (typeof FORMATOS_DE_CODIGO)[number];
export const POSICIONES_DE_TEXTO = ['bottom', 'top'] as const;

/** Spec 002 §5: the barcode profile name must be unique. */
export const MENSAJE_PERFIL_BARCODE_DUPLICADO = 'Ya existe un perfil de código de barras con ese nombre.';
export const MENSAJE_NOMBRE_PERFIL_BARCODE = 'Debes poner el nombre del perfil';

const puntos = (min: number, max: number, porDefecto: number, que: string) =>
  z
    .number({ error: `${que} debe ser un número` })
    .min(min, `${que} debe estar entre ${min} y ${max}`)
    .max(max, `${que} debe estar entre ${min} y ${max}`)
    .default(porDefecto);

const CamposPerfilBarcode = z.object({
  nombre: nombreObligatorio(MENSAJE_NOMBRE_PERFIL_BARCODE),
  format: z.enum(FORMATOS_DE_CODIGO, { error: 'El formato debe ser auto, EAN13 o CODE128' }).default('auto'),
  incluirDescripcionBarcode: z.boolean().default(true),
  incluirNombreEmpresaBarcode: z.boolean().default(false),
  notaBarcode: textoOpcional(200).default(''),
  fontSizeNotaBarcode: puntos(4, 36, 6, 'El tamaño de la nota'),
  nombreEmpresaPersonalizado: textoOpcional(200).default(''),
  incluirPrecioBarcode: z.boolean().default(true),
  /** Hides the human-readable code under (or over) the bars. */
  desabilitarCodigo: z.boolean().default(false), // sic
  /** Width of the narrowest bar, in tenths of a millimetre (JsBarcode's `width` 1–4 ≈ 0.25–1 mm). */
  width: puntos(1, 10, 3, 'El ancho de barra'),
  /** Height of the bars in millimetres. */
  height: puntos(3, 100, 10, 'La altura de las barras'),
  fontSize: puntos(4, 36, 7, 'El tamaño de letra'),
  fontSizeNombreComercial: puntos(4, 36, 7, 'El tamaño del nombre comercial'),
  fontSizePrecio: puntos(4, 48, 9, 'El tamaño del precio'),
  /** Space between the blocks of text and the bars, in points. */
  margenDelTexto: puntos(0, 20, 1, 'El margen del texto'),
  textPosition: z
    .enum(POSICIONES_DE_TEXTO, { error: 'La posición del texto debe ser bottom o top' })
    .default('bottom'),
  /** Label (one page of a label printer) height and width in millimetres. */
  alturaPaginaBarcode: puntos(10, 300, 25, 'La altura de la etiqueta'),
  anchoPaginaBarcode: puntos(20, 300, 50, 'El ancho de la etiqueta'),
});

export const CrearPerfilBarcode = CamposPerfilBarcode.extend({ identificadorUnico: IdentificadorUnico });
export type CrearPerfilBarcode = z.infer<typeof CrearPerfilBarcode>;

// PATCH: only the fields sent change, so the defaults of a new profile are not filled in.
const CamposOpcionales = Object.fromEntries(
  Object.entries(CamposPerfilBarcode.shape).map(([clave, esquema]) => [
    clave,
    (esquema instanceof z.ZodDefault ? (esquema.unwrap() as z.ZodType) : esquema).optional(),
  ]),
);
export const CambiarPerfilBarcode = z
  .object(CamposOpcionales)
  .extend({ _id: z.uuid({ error: 'El _id no es válido' }).optional() }) as unknown as z.ZodType<
  Partial<z.output<typeof CamposPerfilBarcode>> & { _id?: string | undefined }
>;
export type CambiarPerfilBarcode = z.infer<typeof CambiarPerfilBarcode>;

export const PerfilBarcode = z.object({
  _id: z.string(),
  identificadorUnico: z.string(),
  nombre: z.string(),
  format: z.enum(FORMATOS_DE_CODIGO),
  incluirDescripcionBarcode: z.boolean(),
  incluirNombreEmpresaBarcode: z.boolean(),
  notaBarcode: z.string(),
  fontSizeNotaBarcode: z.number(),
  nombreEmpresaPersonalizado: z.string(),
  incluirPrecioBarcode: z.boolean(),
  desabilitarCodigo: z.boolean(),
  width: z.number(),
  height: z.number(),
  fontSize: z.number(),
  fontSizeNombreComercial: z.number(),
  fontSizePrecio: z.number(),
  margenDelTexto: z.number(),
  textPosition: z.enum(POSICIONES_DE_TEXTO),
  alturaPaginaBarcode: z.number(),
  anchoPaginaBarcode: z.number(),
});
export type PerfilBarcode = z.infer<typeof PerfilBarcode>;

/** The label values a profile falls back to (the same defaults as a new profile). */
export const PERFIL_BARCODE_POR_DEFECTO = CamposPerfilBarcode.parse({ nombre: 'Predeterminado' });

// Our design (spec 002 §2 "label printing"; the spec names no call): the products and how many labels
// of each, the profile (or its fields inline), and the paper: `etiqueta` = one label per page of the
// profile's size (thermal label printers), `carta` = labels tiled on US Letter sheets.
export const PAPELES_DE_ETIQUETAS = ['etiqueta', 'carta'] as const;

export const ImprimirEtiquetas = z.object({
  idPerfil: z.uuid({ error: 'El perfil elegido no es válido' }).nullable().default(null),
  papel: z.enum(PAPELES_DE_ETIQUETAS, { error: 'El papel debe ser etiqueta o carta' }).default('etiqueta'),
  productos: z
    .array(
      z.object({
        idProducto: z.uuid({ error: 'El producto no es válido' }),
        cantidad: z
          .number({ error: 'La cantidad de etiquetas debe ser un número entero' })
          .int('La cantidad de etiquetas debe ser un número entero')
          .min(1, 'La cantidad de etiquetas debe ser al menos 1')
          .max(1000, 'No se pueden imprimir más de 1000 etiquetas de un producto')
          .default(1),
      }),
      { error: 'Debes elegir los productos' },
    )
    .min(1, 'Debes elegir al menos un producto')
    .max(500, 'No se pueden elegir más de 500 productos a la vez'),
});
export type ImprimirEtiquetas = z.infer<typeof ImprimirEtiquetas>;

const PerfilCreado = z.intersection(PerfilBarcode, SolicitudDuplicada);

export const perfilesBarcode = {
  listar: endpoint({
    method: 'GET',
    path: '/perfil-barcode/',
    body: Vacio,
    params: SinParams,
    respuesta: z.array(PerfilBarcode),
  }),
  obtener: endpoint({
    method: 'GET',
    path: '/perfil-barcode/:id',
    body: Vacio,
    params: ParamsId,
    respuesta: PerfilBarcode,
  }),
  crear: endpoint({
    method: 'POST',
    path: '/perfil-barcode/',
    body: CrearPerfilBarcode,
    params: SinParams,
    respuesta: PerfilCreado,
  }),
  cambiar: endpoint({
    method: 'PATCH',
    path: '/perfil-barcode/:id',
    body: CambiarPerfilBarcode,
    params: ParamsId,
    respuesta: PerfilBarcode,
  }),
  eliminar: endpoint({
    method: 'DELETE',
    path: '/perfil-barcode/:id',
    body: Vacio,
    params: ParamsId,
    respuesta: Mensaje,
  }),
  // The print dialog starts from the first profile (by name); null when the company has none.
  primero: endpoint({
    method: 'POST',
    path: '/perfil-barcode/findOneFirst',
    efecto: 'lee',
    body: Vacio,
    params: SinParams,
    respuesta: PerfilBarcode.nullable(),
  }),
  etiquetas: endpoint({
    method: 'POST',
    path: '/perfil-barcode/etiquetas',
    efecto: 'lee',
    body: ImprimirEtiquetas,
    params: SinParams,
    respuesta: Archivo,
  }),
};
