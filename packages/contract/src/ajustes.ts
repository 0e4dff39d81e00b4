import { z } from 'zod';
import { IdentificadorUnico, Mensaje, ParamsId, SinParams } from './comun.ts';
import { endpoint } from './endpoint.ts';
import { FiltroDePeriodo } from './exportar.ts';
import { Porcentaje, SolicitudDuplicada, textoOpcional } from './maestros.ts';
import { CANTIDAD_MAXIMA, Cantidad, fecha, PrecioUnitario, Texto, TextoObligatorio } from './tipos.ts';

// Spec 002 §5: "Adjustment creation errors: 'Debes poner el nombre del cliente'" (sic: the original
// app reuses the client message for the adjustment's name).
export const MENSAJE_NOMBRE_DEL_AJUSTE = 'Debes poner el nombre del cliente';
// Spec 002 §8: adjustment delete failure.
export const MENSAJE_AJUSTE_NO_ELIMINADO = 'El ajuste de inventario no ha sido eliminado.';
// Spec 002 §8: update failure of an adjustment ("the form was refreshed and lacks the id").
export const MENSAJE_AJUSTE_NO_ACTUALIZADO =
  'No se actualizo: el formulario se refrescó y no tiene el identificador del ajuste; recárgalo.';
// Spec 002 §4: only inventoriable products can be adjusted.
export const MENSAJE_PRODUCTO_NO_INVENTARIABLE = 'Solo se pueden ajustar productos inventariables';
export const MENSAJE_ALMACEN_DEL_AJUSTE = 'Debes elegir el almacén del ajuste';
export const MENSAJE_SIN_LINEAS = 'Debes agregar al menos un producto al ajuste';

/** Spec 002 §9: adjustments list 14 per page. */
export const LIMITE_AJUSTES = 14;

const HORA = /^\d{2}:\d{2}(:\d{2})?$/;

// Spec 002 §3 "Inventory adjustment": _id, identificadorUnico, nombre, fechaDeAjuste, nota, hora,
// creadoPor, idUsuarioCreador, idAlmacen, text. creadoPor / idUsuarioCreador come from the session.
export const EncabezadoAjuste = z.object({
  _id: z.uuid({ error: 'El _id no es válido' }).optional(),
  nombre: TextoObligatorio(MENSAJE_NOMBRE_DEL_AJUSTE, 200),
  /** The adjustment's day (AAAA-MM-DD); today in Santo Domingo when absent. */
  fechaDeAjuste: Texto(40)
    .transform((valor) => valor.slice(0, 10))
    .pipe(fecha('La fecha del ajuste debe tener el formato AAAA-MM-DD'))
    .nullable()
    .optional(),
  hora: z.string().regex(HORA, 'La hora debe tener el formato HH:mm').nullable().optional(),
  nota: textoOpcional(1000).default(''),
  idAlmacen: z.uuid({ error: MENSAJE_ALMACEN_DEL_AJUSTE }),
  /** The warehouse's name as the form's selector showed it. */
  text: textoOpcional(200).default(''),
});
export type EncabezadoAjuste = z.infer<typeof EncabezadoAjuste>;

// Spec 002 §3 "Adjustment line". The server reads name, code, price and availability from the product;
// idAlmacen is always the adjustment's. tipoDeAjuste true = entrada (adds stock), false = salida.
export const LineaAjuste = z.object({
  _id: z.uuid({ error: 'El _id de la línea no es válido' }).optional(),
  idProducto: z.uuid({ error: 'El producto de la línea no es válido' }),
  idProductoOriginal: z.uuid({ error: 'El producto original no es válido' }).nullable().optional(),
  idAlmacen: Texto(100).nullable().optional(),
  text: textoOpcional(200).default(''),
  nombre: textoOpcional(300).optional(),
  /** Positive, up to 4 decimals (products sold by weight; the ledger keeps 4). */
  cantidad: Cantidad(),
  tipoDeAjuste: z
    .boolean({ error: 'tipoDeAjuste debe ser verdadero (entrada) o falso (salida)' })
    .default(true),
  /** Cost of an entry; the product's average cost when absent. Exits always leave at average cost. */
  costoUnitario: PrecioUnitario('El costo unitario').nullable().optional(),
  /** What the form showed; the server reads the availability again. */
  disponibilidad: z
    .number({ error: 'La disponibilidad debe ser un número' })
    .min(-CANTIDAD_MAXIMA, 'La disponibilidad está fuera de rango')
    .max(CANTIDAD_MAXIMA, 'La disponibilidad está fuera de rango')
    .nullable()
    .optional(),
  idCodigoDeBarra: textoOpcional(100).nullable().optional(),
  precio: PrecioUnitario('El precio').nullable().optional(),
  descripcion: textoOpcional(500).nullable().optional(),
  variantes: z.array(z.unknown()).max(50).default([]),
  impuestos: z.array(z.unknown()).max(20).default([]),
  descuento: Porcentaje.nullable().optional(),
});
export type LineaAjuste = z.infer<typeof LineaAjuste>;

const Lineas = z
  .array(LineaAjuste, { error: 'Las líneas del ajuste deben ser una lista' })
  .max(2000, 'Un ajuste no puede tener más de 2000 líneas');

/** POST /ajuste-inventario/: `[ajuste, lineas, identificadorUnico]` (spec 002 §7). */
export const CrearAjuste = z.tuple([EncabezadoAjuste, Lineas, IdentificadorUnico], {
  error: 'El cuerpo debe ser [ajuste, lineas, identificadorUnico]',
});
export type CrearAjuste = z.infer<typeof CrearAjuste>;

/** PUT /ajuste-inventario/{id}: `[ajuste, lineas, lineasAEliminar]` (ids of saved lines). */
export const ActualizarAjuste = z.tuple(
  [
    EncabezadoAjuste,
    Lineas,
    z
      .array(z.union([z.uuid(), z.object({ _id: z.uuid() }).transform((l) => l._id)]), {
        error: 'Las líneas a eliminar deben ser una lista de ids',
      })
      .max(2000)
      .default([]),
  ],
  { error: 'El cuerpo debe ser [ajuste, lineas, lineasAEliminar]' },
);
export type ActualizarAjuste = z.infer<typeof ActualizarAjuste>;

export const Ajuste = z.object({
  _id: z.string(),
  identificadorUnico: z.string(),
  nombre: z.string(),
  fechaDeAjuste: z.string(),
  hora: z.string(),
  nota: z.string(),
  creadoPor: z.string(),
  idUsuarioCreador: z.string().nullable(),
  idAlmacen: z.string(),
  text: z.string(),
  cantidadDeLineas: z.number().int(),
  /** Sum of quantity × unit cost of entries and exits. */
  totalEntradas: z.number(),
  totalSalidas: z.number(),
  creadoEn: z.string(),
  actualizadoEn: z.string(),
});
export type Ajuste = z.infer<typeof Ajuste>;

export const LineaDeAjusteGuardada = z.object({
  _id: z.string(),
  idAjuste: z.string(),
  idProducto: z.string(),
  idProductoOriginal: z.string(),
  idAlmacen: z.string(),
  text: z.string(),
  nombre: z.string(),
  cantidad: z.number(),
  tipoDeAjuste: z.boolean(),
  costoUnitario: z.number(),
  /** Availability in the warehouse before this adjustment was saved. */
  disponibilidad: z.number(),
  idCodigoDeBarra: z.string(),
  precio: z.number(),
  descripcion: z.string(),
  variantes: z.array(z.unknown()),
  impuestos: z.array(z.unknown()),
  descuento: z.number(),
});
export type LineaDeAjusteGuardada = z.infer<typeof LineaDeAjusteGuardada>;

export const FiltroAjustes = FiltroDePeriodo.extend({
  input: textoOpcional(100).default(''),
  page: z.number().int().min(1, 'La página empieza en 1').default(1),
  limit: z
    .number()
    .int()
    .min(1)
    .max(500, 'No se pueden pedir más de 500 filas por página')
    .default(LIMITE_AJUSTES),
  idAlmacen: z.uuid({ error: 'El almacén no es válido' }).nullable().optional(),
});
export type FiltroAjustes = z.infer<typeof FiltroAjustes>;

export const ProductoACero = z.object({
  ajuste: z.object({
    idAlmacen: z.uuid({ error: MENSAJE_ALMACEN_DEL_AJUSTE }),
    nombre: textoOpcional(200).optional(),
    nota: textoOpcional(1000).optional(),
    text: textoOpcional(200).optional(),
    /** Duplicate protection of the zeroing document; one is generated when absent. */
    identificadorUnico: IdentificadorUnico.optional(),
  }),
  lineas: z
    .array(z.object({ idProducto: z.uuid({ error: 'El producto de la línea no es válido' }) }).loose())
    .min(1, 'Debes elegir al menos un producto')
    .max(2000),
});
export type ProductoACero = z.infer<typeof ProductoACero>;

export const FiltroReporteAjustes = FiltroDePeriodo.extend({
  /** One adjustment only (its printout from the adjustment screen). */
  idAjuste: z.uuid({ error: 'El ajuste no es válido' }).nullable().optional(),
  idAlmacen: z.uuid({ error: 'El almacén no es válido' }).nullable().optional(),
  idProducto: z.uuid({ error: 'El producto no es válido' }).nullable().optional(),
  /** true: only entries; false: only exits; absent or null: both. */
  tipoDeAjuste: z.boolean().nullable().optional(),
  input: textoOpcional(100).default(''),
});
export type FiltroReporteAjustes = z.infer<typeof FiltroReporteAjustes>;

export const FilaReporteAjustes = z.object({
  idAjuste: z.string(),
  nombreAjuste: z.string(),
  fechaDeAjuste: z.string(),
  hora: z.string(),
  creadoPor: z.string(),
  idAlmacen: z.string(),
  almacen: z.string(),
  idProducto: z.string(),
  nombre: z.string(),
  idCodigoDeBarra: z.string(),
  tipoDeAjuste: z.boolean(),
  cantidad: z.number(),
  costoUnitario: z.number(),
  costoTotal: z.number(),
});

export const ReporteAjustes = z.object({
  lineas: z.array(FilaReporteAjustes),
  cantidadDeRegistros: z.number().int(),
  cantidadEntradas: z.number(),
  cantidadSalidas: z.number(),
  totalEntradas: z.number(),
  totalSalidas: z.number(),
});
export type ReporteAjustes = z.infer<typeof ReporteAjustes>;

export const ajustesInventario = {
  todos: endpoint({
    method: 'POST',
    path: '/ajuste-inventario/todos',
    efecto: 'lee',
    body: FiltroAjustes,
    params: SinParams,
    respuesta: z.object({ res: z.array(Ajuste), totalRows: z.number().int() }),
  }),
  uno: endpoint({
    method: 'POST',
    path: '/ajuste-inventario/un-inventario',
    efecto: 'lee',
    body: z.object({ _id: z.uuid({ error: 'El identificador no es válido' }) }),
    params: SinParams,
    respuesta: z.object({ ajuste: Ajuste, lineasDelAjuste: z.array(LineaDeAjusteGuardada) }),
  }),
  crear: endpoint({
    method: 'POST',
    path: '/ajuste-inventario/',
    body: CrearAjuste,
    params: SinParams,
    respuesta: z.object({ _id: z.string(), nombre: z.string(), ...SolicitudDuplicada.shape }),
  }),
  actualizar: endpoint({
    method: 'PUT',
    path: '/ajuste-inventario/:id',
    body: ActualizarAjuste,
    params: ParamsId,
    respuesta: z.object({ ajuste: Ajuste, lineasDelAjuste: z.array(LineaDeAjusteGuardada) }),
  }),
  eliminar: endpoint({
    method: 'DELETE',
    path: '/ajuste-inventario/:id',
    body: z.undefined().or(z.null()).or(z.object({})),
    params: ParamsId,
    respuesta: Mensaje,
  }),
  productoACero: endpoint({
    method: 'POST',
    path: '/ajuste-inventario/producto-a-cero',
    body: ProductoACero,
    params: SinParams,
    respuesta: z.object({
      /** The adjustment written to bring the products to zero; null when all already were at zero. */
      ajuste: Ajuste.nullable(),
      lineas: z.array(
        z.object({
          idProducto: z.string(),
          nombre: z.string(),
          disponibilidadAnterior: z.number(),
          disponibilidad: z.number(),
        }),
      ),
      solicitudDuplicada: z.boolean(),
    }),
  }),
};
