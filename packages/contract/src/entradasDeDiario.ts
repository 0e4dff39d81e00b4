import { z } from 'zod';
import { IdentificadorUnico, ParamsId, SinParams } from './comun.ts';
import { CuentaContableRef } from './contabilidad.ts';
import { AUTORIZACIONES } from './contactos.ts';
import { ESTADOS_DE_DOCUMENTO } from './documentos.ts';
import { endpoint } from './endpoint.ts';
import { FiltroDePeriodo } from './exportar.ts';
import { textoOpcional } from './maestros.ts';
import { Dinero, fecha, Texto } from './tipos.ts';

// Manual journal entries (spec 002 §3 "Accounting": journal entry header and lines; §4 "Journal
// entries follow the same cancellation lifecycle"; §7 "Accounting" /entrada-de-diario/…; §8; §9
// accounting lists 25). An entry is a document of type 'entradaDeDiario' (docs/accounting.md «Entradas de
// diario»): numbered from its internal numbering, posted to the journal with each line as given.

/** Spec 002 §9: accounting lists 25 per page. */
export const LIMITE_ENTRADAS_DE_DIARIO = 25;
/** Lines of one entry (a request stays bounded; a payroll entry has a few dozen). */
export const MAXIMO_LINEAS_ENTRADA_DE_DIARIO = 200;

/** Spec 002 §8 "Accounting failures". */
export const MENSAJE_ENTRADA_NO_CREADA = 'No se creo la entrada de diario';
export const MENSAJE_ENTRADA_NO_EXISTE = 'La entrada de diario no existe.';
export const MENSAJE_MOTIVO_ENTRADA = 'Debes escribir el motivo de la anulación de la entrada de diario.';

/** The journal's and audit screen's document type of manual entries (docs/accounting.md «Libro diario»). */
export const TIPO_DOCUMENTO_ENTRADA_DE_DIARIO = 'entradaDeDiario';

const FechaDeEntrada = Texto(40)
  .transform((valor) => valor.slice(0, 10))
  .pipe(fecha('La fecha de la entrada debe tener el formato AAAA-MM-DD'));

const IdContacto = z.uuid({ error: 'El contacto no es válido' });

/**
 * A line as the form sends it (spec 002 §3): the account (`cuentaContable`, only its idCuenta is read;
 * the rest is the server's), a debit or a credit, the cost centre (`idCentroDeCosto`; `centroDeCosto`
 * is its name, shown back, never read), the contact (its id, or an object with `_id`) and a note.
 */
export const LineaEntradaDeDiarioEntrada = z
  .object({
    cuentaContable: z
      .object(
        { idCuenta: z.uuid({ error: 'La cuenta contable no es válida' }) },
        {
          error: 'Elige la cuenta contable de la línea',
        },
      )
      .loose(),
    debito: Dinero('El débito').default(0),
    credito: Dinero('El crédito').default(0),
    idCentroDeCosto: z.uuid({ error: 'El centro de costo no es válido' }).nullish(),
    centroDeCosto: z.unknown().optional(),
    contacto: z.union([IdContacto, z.object({ _id: IdContacto }).loose()]).nullish(),
    nota: textoOpcional(500).default(''),
  })
  .loose();
export type LineaEntradaDeDiarioEntrada = z.output<typeof LineaEntradaDeDiarioEntrada>;

/** Spec 002 §3 journal entry header: fecha, descripcionGeneral, idNumeracion, idEntradaDeDiarioRef. */
export const CamposGeneralesEntrada = z
  .object({
    fecha: FechaDeEntrada,
    descripcionGeneral: textoOpcional(1000).default(''),
    idNumeracion: z.uuid({ error: 'La numeración no es válida' }).nullish(),
    /** Another entry this one refers to (a correction of it), if any. */
    idEntradaDeDiarioRef: z.uuid({ error: 'La entrada de diario de referencia no es válida' }).nullish(),
  })
  .loose();
export type CamposGeneralesEntrada = z.output<typeof CamposGeneralesEntrada>;

const Lineas = z
  .array(LineaEntradaDeDiarioEntrada, { error: 'Agrega las líneas de la entrada de diario' })
  .max(
    MAXIMO_LINEAS_ENTRADA_DE_DIARIO,
    `Una entrada de diario admite hasta ${MAXIMO_LINEAS_ENTRADA_DE_DIARIO} líneas`,
  );

/** POST /entrada-de-diario/ {camposGenerales, lineas, identificadorUnico} (spec 002 §7). */
export const CrearEntradaDeDiario = z.object({
  camposGenerales: CamposGeneralesEntrada,
  lineas: Lineas,
  identificadorUnico: IdentificadorUnico,
});
export type CrearEntradaDeDiario = z.output<typeof CrearEntradaDeDiario>;

/** PATCH /entrada-de-diario/{id}: the header and the entry's final lines (all of them; the number stays). */
export const ActualizarEntradaDeDiario = z.object({
  camposGenerales: CamposGeneralesEntrada,
  lineas: Lineas,
});
export type ActualizarEntradaDeDiario = z.output<typeof ActualizarEntradaDeDiario>;

export const LineaEntradaDeDiario = z.object({
  _id: z.string(),
  orden: z.number().int(),
  cuentaContable: CuentaContableRef,
  debito: z.number(),
  credito: z.number(),
  idCentroDeCosto: z.string().nullable(),
  /** The cost centre's name ('' without one). */
  centroDeCosto: z.string(),
  contacto: z.object({ _id: z.string(), nombre: z.string() }).nullable(),
  nota: z.string(),
});
export type LineaEntradaDeDiario = z.output<typeof LineaEntradaDeDiario>;

export const EntradaDeDiario = z.object({
  _id: z.string(),
  identificadorUnico: z.string(),
  idUsuarioCreador: z.string(),
  creadoPor: z.string(),
  fecha: z.string(),
  descripcionGeneral: z.string(),
  idNumeracion: z.string(),
  numeracionNombre: z.string(),
  numero: z.number(),
  /** The number as printed: ED00000001. */
  comprobante: z.string(),
  idEntradaDeDiarioRef: z.string().nullable(),
  totalDebito: z.number(),
  totalCredito: z.number(),
  estado: z.enum(ESTADOS_DE_DOCUMENTO),
  autorizacion: z.enum(AUTORIZACIONES).nullable(),
  /** Spec 000 §4: false once cancelled (approved or direct). */
  activo: z.boolean(),
  tipoDeAnulacion: z.string(),
  notaAnular: z.string(),
  notaAutorizacion: z.string(),
  creadoEn: z.string(),
});
export type EntradaDeDiario = z.output<typeof EntradaDeDiario>;

export const DetalleEntradaDeDiario = EntradaDeDiario.extend({ lineas: z.array(LineaEntradaDeDiario) });
export type DetalleEntradaDeDiario = z.output<typeof DetalleEntradaDeDiario>;

export const EntradaDeDiarioCreada = DetalleEntradaDeDiario.extend({ solicitudDuplicada: z.boolean() });

/**
 * POST /entrada-de-diario/todas {input, page, limit, periodo, estado}: without `estado` the list shows
 * what is in force (Activo and Por-Anular); with it, only that state; `buscarPorEstado` is the audit
 * view (Por-Anular and Anulado), as the other documents' lists.
 */
export const FiltroEntradasDeDiario = FiltroDePeriodo.extend({
  input: Texto(200).default(''),
  page: z.number().int().min(1).default(1),
  limit: z.number().int().min(1).max(200).default(LIMITE_ENTRADAS_DE_DIARIO),
  estado: z.enum(ESTADOS_DE_DOCUMENTO, { error: 'El estado no es válido' }).or(z.literal('')).nullish(),
  buscarPorEstado: z.boolean().default(false),
});
export type FiltroEntradasDeDiario = z.output<typeof FiltroEntradasDeDiario>;

export const ListaEntradasDeDiario = z.object({
  res: z.array(EntradaDeDiario),
  totalRows: z.number().int(),
});

/** PUT /entrada-de-diario/anular/ {idEntradaDeDiarioRef, estado, autorizacion} (spec 002 §7; 000 §4). */
export const AnularEntradaDeDiario = z
  .object({
    idEntradaDeDiarioRef: z.uuid({ error: 'La entrada de diario no es válida' }),
    estado: z.enum(ESTADOS_DE_DOCUMENTO).optional(),
    autorizacion: z.enum(AUTORIZACIONES).optional(),
    tipoDeAnulacion: Texto(100).default(''),
    notaAnular: textoOpcional(1000).default(''),
    notaAutorizacion: textoOpcional(1000).optional(),
  })
  .loose();
export type AnularEntradaDeDiario = z.output<typeof AnularEntradaDeDiario>;

export const RespuestaAnulacionEntradaDeDiario = z.object({
  entradaDeDiario: DetalleEntradaDeDiario,
  resultado: z.enum(['anulada', 'solicitada', 'aprobada', 'rechazada']),
});

export const entradasDeDiario = {
  crear: endpoint({
    method: 'POST',
    path: '/entrada-de-diario/',
    body: CrearEntradaDeDiario,
    params: SinParams,
    respuesta: EntradaDeDiarioCreada,
  }),
  todas: endpoint({
    method: 'POST',
    path: '/entrada-de-diario/todas',
    efecto: 'lee',
    body: FiltroEntradasDeDiario,
    params: SinParams,
    respuesta: ListaEntradasDeDiario,
  }),
  anular: endpoint({
    method: 'PUT',
    path: '/entrada-de-diario/anular/',
    body: AnularEntradaDeDiario,
    params: SinParams,
    respuesta: RespuestaAnulacionEntradaDeDiario,
  }),
  una: endpoint({
    method: 'GET',
    path: '/entrada-de-diario/:id',
    body: z.unknown(),
    params: ParamsId,
    respuesta: DetalleEntradaDeDiario,
  }),
  actualizar: endpoint({
    method: 'PATCH',
    path: '/entrada-de-diario/:id',
    body: ActualizarEntradaDeDiario,
    params: ParamsId,
    respuesta: DetalleEntradaDeDiario,
  }),
  // Spec 001 §4 "Deleted documents leave the list": the entry stays Anulado («Eliminado por …»).
  eliminar: endpoint({
    method: 'DELETE',
    path: '/entrada-de-diario/:id',
    body: z.unknown(),
    params: ParamsId,
    respuesta: z.object({ entradaDeDiario: DetalleEntradaDeDiario }),
  }),
};
