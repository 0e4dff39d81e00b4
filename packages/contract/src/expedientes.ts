import { PLANTILLAS_DE_EXPEDIENTE } from '@pos/domain';
import { z } from 'zod';
import { IdentificadorUnico, ParamsId, SinParams } from './comun.ts';
import { EnviarDocumentoPorCorreo, MENSAJE_CORREO_INVALIDO } from './documentos.ts';
import { endpoint } from './endpoint.ts';
import { Archivo, FiltroDePeriodo } from './exportar.ts';
import { fecha, Texto, TextoObligatorio } from './tipos.ts';

// Spec 002 §2 "Case files", §3 "Case file (expediente)", §4 (line estado Pendiente / EnProceso /
// Finalizado; pending = Pendiente + EnProceso), §7 "POST /expediente/ {expedienteCabecera,
// lineasExpediente}; success message 'Expediente creado correctamente'. Other case-file calls: not
// shown" — the list, detail, update, cancel, attachments and PDF calls below are designed in
// docs/expedientes.md. A case file belongs to one client (a contact); its lines are processes, each
// with tasks, documents written from templates, attached files and a timeline of events.

export const ESTADOS_DE_EXPEDIENTE = ['Pendiente', 'EnProceso', 'Finalizado'] as const;
export const ESTADOS_DE_DOCUMENTO_EXPEDIENTE = ['Activo', 'Por-Anular', 'Anulado'] as const;

/** Spec 002 §7: the create's success message. */
export const MENSAJE_EXPEDIENTE_CREADO = 'Expediente creado correctamente';
export const MENSAJE_EXPEDIENTE_ACTUALIZADO = 'Expediente actualizado correctamente';
export const MENSAJE_EXPEDIENTE_NO_EXISTE = 'El expediente no existe.';
export const MENSAJE_SIN_CLIENTE_EXPEDIENTE = 'Debes elegir el cliente del expediente';
export const MENSAJE_NOMBRE_PROCESO = 'Debes poner el nombre del proceso';
export const MENSAJE_NOMBRE_TAREA = 'Debes poner el nombre de la tarea';
export const MENSAJE_NOMBRE_DOCUMENTO = 'Debes poner el nombre del documento';
export const MENSAJE_NOMBRE_ADJUNTO = 'Debes poner el nombre del archivo adjunto';
export const MENSAJE_DESCRIPCION_EVENTO = 'Debes describir el evento';
export const MENSAJE_MOTIVO_EXPEDIENTE = 'Debes escribir el motivo de la anulación del expediente.';
export const MENSAJE_VENCIMIENTO_EXPEDIENTE = 'El vencimiento no puede ser anterior a la fecha de emisión';
/** Spec 002 §8 "Update failures": 'No se actualizo' / 'hemos tenido un problema en los campos obligatorios'. */
export const MENSAJE_EXPEDIENTE_NO_ACTUALIZADO = 'hemos tenido un problema en los campos obligatorios';

/** Document lists page 14 (spec 001 §9 for the document families; spec 002 §9 names none for case files). */
export const LIMITE_EXPEDIENTES = 14;
// Bounds that keep one request small (the API's body limit is 1 MiB): a case file is a folder, not a store.
export const MAXIMO_PROCESOS_EXPEDIENTE = 50;
export const MAXIMO_TAREAS_PROCESO = 100;
export const MAXIMO_DOCUMENTOS_PROCESO = 20;
export const MAXIMO_ADJUNTOS_PROCESO = 20;
export const MAXIMO_EVENTOS_NUEVOS = 50;
/** Characters of one written document (a contract runs to a few thousand). */
export const MAXIMO_CONTENIDO_DOCUMENTO = 20_000;

/** The sample templates' ids (packages/domain plantillasDeExpediente), or '' for a free document. */
export const IDS_DE_PLANTILLA = PLANTILLAS_DE_EXPEDIENTE.map((p) => p.id) as [string, ...string[]];

/** Names the attachment upload gives files: a random id and the type read from the bytes. */
export const NOMBRE_DE_ADJUNTO =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(pdf|png|jpg|gif|webp)$/;

const HORA = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
const IdOpcional = z.uuid({ error: 'El identificador no es válido' }).optional();
const Estado = z.enum(ESTADOS_DE_EXPEDIENTE, {
  error: 'El estado debe ser Pendiente, EnProceso o Finalizado',
});

export const TareaEntrada = z
  .object({
    _id: IdOpcional,
    nombre: TextoObligatorio(MENSAJE_NOMBRE_TAREA, 200),
    nota: Texto(500).default(''),
    estado: Estado.default('Pendiente'),
  })
  .loose();

export const DocumentoExpedienteEntrada = z
  .object({
    _id: IdOpcional,
    nombre: TextoObligatorio(MENSAJE_NOMBRE_DOCUMENTO, 200),
    nota: Texto(500).default(''),
    /** The written text; empty with a template in `file`, the server fills the template. */
    contenido: z
      .string({ error: 'Debe ser un texto' })
      .max(MAXIMO_CONTENIDO_DOCUMENTO, `No puede tener más de ${MAXIMO_CONTENIDO_DOCUMENTO} caracteres`)
      .refine((v) => !v.includes('\u0000'), 'No puede contener el carácter nulo (\\u0000)')
      .default(''),
    /** The template it was written from. */
    file: z.union([z.literal(''), z.enum(IDS_DE_PLANTILLA)], { error: 'La plantilla no existe' }).default(''),
  })
  .loose();

export const AdjuntoEntrada = z
  .object({
    _id: IdOpcional,
    nombre: TextoObligatorio(MENSAJE_NOMBRE_ADJUNTO, 200),
    nota: Texto(500).default(''),
    /** The stored file's name, as POST /expediente/adjunto answered it. */
    contenido: z
      .string({ error: 'Falta el archivo' })
      .regex(NOMBRE_DE_ADJUNTO, 'El archivo adjunto no es válido'),
  })
  .loose();

/** A timeline entry added by hand; the ones already stored are kept as they are (the timeline only grows). */
export const EventoEntrada = z
  .object({
    _id: IdOpcional,
    // The day it happened; a stored entry sent back carries the instant it was recorded (ignored).
    fecha: z
      .union([fecha(), z.iso.datetime({ offset: true })], {
        error: 'La fecha del evento debe tener el formato AAAA-MM-DD',
      })
      .optional(),
    descripcion: TextoObligatorio(MENSAJE_DESCRIPCION_EVENTO, 500),
  })
  .loose();

export const LineaExpedienteEntrada = z
  .object({
    _id: IdOpcional,
    nombre: TextoObligatorio(MENSAJE_NOMBRE_PROCESO, 200),
    descripcion: Texto(1000).default(''),
    contenido: Texto(5000).default(''),
    estado: Estado.default('Pendiente'),
    tareas: z
      .array(TareaEntrada)
      .max(MAXIMO_TAREAS_PROCESO, `Un proceso admite hasta ${MAXIMO_TAREAS_PROCESO} tareas`)
      .default([]),
    documentContent: z
      .array(DocumentoExpedienteEntrada)
      .max(MAXIMO_DOCUMENTOS_PROCESO, `Un proceso admite hasta ${MAXIMO_DOCUMENTOS_PROCESO} documentos`)
      .default([]),
    archivosAdjunto: z
      .array(AdjuntoEntrada)
      .max(MAXIMO_ADJUNTOS_PROCESO, `Un proceso admite hasta ${MAXIMO_ADJUNTOS_PROCESO} archivos adjuntos`)
      .default([]),
    eventos: z
      .array(EventoEntrada)
      .max(MAXIMO_EVENTOS_NUEVOS, `Se pueden agregar hasta ${MAXIMO_EVENTOS_NUEVOS} eventos a la vez`)
      .default([]),
  })
  .loose();
export type LineaExpedienteEntrada = z.output<typeof LineaExpedienteEntrada>;

const Correo = z.union([z.literal(''), z.email({ error: MENSAJE_CORREO_INVALIDO }).max(200)], {
  error: MENSAJE_CORREO_INVALIDO,
});

/**
 * Spec 002 §3 header. The client is a contact (`idCliente`, required); nombre, numeroDeIdentificacion,
 * correo, telefono, movil and direccion are kept on the case file as given, and an absent one is taken
 * from the contact. creadaPor is the session's user; `date` (the moment it was recorded) is the server's.
 */
export const CabeceraExpedienteEntrada = z
  .object({
    idCliente: z.uuid({ error: MENSAJE_SIN_CLIENTE_EXPEDIENTE }),
    nombre: Texto(200).optional(),
    numeroDeIdentificacion: Texto(30).optional(),
    correo: Correo.optional(),
    telefono: Texto(30).optional(),
    movil: Texto(30).optional(),
    direccion: Texto(500).optional(),
    nota: Texto(2000).default(''),
    fechaEmision: fecha('La fecha de emisión debe tener el formato AAAA-MM-DD').optional(),
    hora: z.string().regex(HORA, 'La hora debe tener el formato HH:mm').optional(),
    vencimiento: fecha('El vencimiento debe tener el formato AAAA-MM-DD').nullish(),
    idNumeracion: z.uuid({ error: 'La numeración no es válida' }).nullish(),
    identificadorUnico: IdentificadorUnico.optional(),
  })
  .loose();

const Procesos = z
  .array(LineaExpedienteEntrada, { error: 'lineasExpediente debe ser una lista de procesos' })
  .max(MAXIMO_PROCESOS_EXPEDIENTE, `Un expediente admite hasta ${MAXIMO_PROCESOS_EXPEDIENTE} procesos`)
  .default([]);

function vencimientoValido(
  cabecera: { fechaEmision?: string | undefined; vencimiento?: string | null | undefined },
  ctx: z.RefinementCtx,
): void {
  if (cabecera.fechaEmision && cabecera.vencimiento && cabecera.vencimiento < cabecera.fechaEmision) {
    ctx.addIssue({
      code: 'custom',
      path: ['expedienteCabecera', 'vencimiento'],
      message: MENSAJE_VENCIMIENTO_EXPEDIENTE,
    });
  }
}

/** POST /expediente/: the spec's {expedienteCabecera, lineasExpediente}; identificadorUnico beside them or in the header. */
export const CrearExpediente = z
  .object({
    expedienteCabecera: CabeceraExpedienteEntrada,
    lineasExpediente: Procesos,
    identificadorUnico: IdentificadorUnico.optional(),
  })
  .loose()
  .superRefine((cuerpo, ctx) => {
    if (!cuerpo.identificadorUnico && !cuerpo.expedienteCabecera.identificadorUnico) {
      ctx.addIssue({
        code: 'custom',
        path: ['identificadorUnico'],
        message: 'Falta el identificadorUnico del documento',
      });
    }
    vencimientoValido(cuerpo.expedienteCabecera, ctx);
  });
export type CrearExpediente = z.output<typeof CrearExpediente>;

/**
 * PUT /expediente/{id}: the header and the final list of processes. A process or task with `_id` is the
 * stored one changed; without it, new; a stored one not sent is removed. The number never changes.
 */
export const ActualizarExpediente = z
  .object({
    expedienteCabecera: CabeceraExpedienteEntrada.omit({ idNumeracion: true, identificadorUnico: true }),
    lineasExpediente: Procesos,
  })
  .loose()
  .superRefine((cuerpo, ctx) => vencimientoValido(cuerpo.expedienteCabecera, ctx));
export type ActualizarExpediente = z.output<typeof ActualizarExpediente>;

export const Tarea = z.object({
  _id: z.string(),
  nombre: z.string(),
  nota: z.string(),
  estado: z.enum(ESTADOS_DE_EXPEDIENTE),
});
export type Tarea = z.output<typeof Tarea>;

export const DocumentoExpediente = z.object({
  _id: z.string(),
  nombre: z.string(),
  nota: z.string(),
  contenido: z.string(),
  file: z.string(),
});
export type DocumentoExpediente = z.output<typeof DocumentoExpediente>;

export const Adjunto = z.object({
  _id: z.string(),
  nombre: z.string(),
  nota: z.string(),
  contenido: z.string(),
  /** The MIME type read from the file (application/pdf, image/png …). */
  tipo: z.string(),
});
export type Adjunto = z.output<typeof Adjunto>;

export const Evento = z.object({
  _id: z.string(),
  /** An instant (ISO) for what the server recorded; the day given for one added by hand. */
  fecha: z.string(),
  descripcion: z.string(),
  usuario: z.string(),
  /** Recorded by the server (created, a task's state changed) rather than typed. */
  automatico: z.boolean(),
});
export type Evento = z.output<typeof Evento>;

export const Conteo = z.object({ pendientes: z.number().int(), finalizados: z.number().int() });

export const LineaExpediente = z.object({
  _id: z.string(),
  idExpediente: z.string(),
  /** The process's place in the case file, from 1. */
  numero: z.number().int(),
  nombre: z.string(),
  descripcion: z.string(),
  contenido: z.string(),
  estado: z.enum(ESTADOS_DE_EXPEDIENTE),
  tareas: z.array(Tarea),
  documentContent: z.array(DocumentoExpediente),
  archivosAdjunto: z.array(Adjunto),
  eventos: z.array(Evento),
  /** Its tasks counted (spec 002 §4: pending = Pendiente + EnProceso). */
  pendientes: z.number().int(),
  finalizados: z.number().int(),
});
export type LineaExpediente = z.output<typeof LineaExpediente>;

export const Expediente = z.object({
  _id: z.string(),
  identificadorUnico: z.string(),
  idNumeracion: z.string(),
  numeracionNombre: z.string(),
  numero: z.number().int(),
  /** The number as printed (EX00000001). */
  comprobante: z.string(),
  nombre: z.string(),
  numeroDeIdentificacion: z.string(),
  idCliente: z.string(),
  correo: z.string(),
  telefono: z.string(),
  movil: z.string(),
  direccion: z.string(),
  nota: z.string(),
  creadaPor: z.string(),
  idUsuarioCreador: z.string(),
  fechaEmision: z.string(),
  /** When it was recorded (ISO instant). */
  date: z.string(),
  hora: z.string(),
  vencimiento: z.string().nullable(),
  estado: z.enum(ESTADOS_DE_DOCUMENTO_EXPEDIENTE),
  autorizacion: z.enum(['Pendiente', 'Aprobada', 'Rechazada']).nullable(),
  activo: z.boolean(),
  notaAnular: z.string(),
  notaAutorizacion: z.string(),
  /** The processes and the tasks of all of them counted (spec 002 §4). */
  procesos: z.number().int(),
  pendientes: z.number().int(),
  finalizados: z.number().int(),
  actualizadoEn: z.string(),
});
export type Expediente = z.output<typeof Expediente>;

export const DetalleExpediente = z.object({
  expedienteCabecera: Expediente,
  lineasExpediente: z.array(LineaExpediente),
});
export type DetalleExpediente = z.output<typeof DetalleExpediente>;

export const ExpedienteCreado = DetalleExpediente.extend({
  message: z.string(),
  solicitudDuplicada: z.boolean(),
});

export const FiltroExpedientes = FiltroDePeriodo.extend({
  input: Texto(200).default(''),
  page: z.number().int().min(1, 'La página empieza en 1').default(1),
  limit: z
    .number()
    .int()
    .min(1)
    .max(200, 'No se pueden pedir más de 200 filas por página')
    .default(LIMITE_EXPEDIENTES),
  /** The audit view: only Por-Anular and Anulado. */
  buscarPorEstado: z.boolean().default(false),
  idCliente: z.uuid({ error: 'El cliente no es válido' }).nullish(),
  /** Only case files with tasks still pending, or with none pending. */
  tareas: z.enum(['', 'conPendientes', 'sinPendientes']).default(''),
});
export type FiltroExpedientes = z.output<typeof FiltroExpedientes>;

export const AnularExpediente = z
  .object({
    notaAnular: Texto(1000).default(''),
    autorizacion: z.enum(['Pendiente', 'Aprobada', 'Rechazada']).optional(),
    notaAutorizacion: Texto(1000).optional(),
  })
  .loose();
export type AnularExpediente = z.output<typeof AnularExpediente>;

export const ParamsDocumentoExpediente = z.object({
  id: z.uuid({ error: 'El identificador no es válido' }),
  idDocumento: z.uuid({ error: 'El documento no es válido' }),
});
export const ParamsAdjunto = z.object({
  archivo: z.string().regex(NOMBRE_DE_ADJUNTO, 'El nombre del archivo no es válido'),
});

export const expedientesApi = {
  crear: endpoint({
    method: 'POST',
    path: '/expediente/',
    body: CrearExpediente,
    params: SinParams,
    respuesta: ExpedienteCreado,
  }),
  todas: endpoint({
    method: 'POST',
    path: '/expediente/todas',
    efecto: 'lee',
    body: FiltroExpedientes,
    params: SinParams,
    respuesta: z.object({ res: z.array(Expediente), totalRows: z.number().int() }),
  }),
  uno: endpoint({
    method: 'GET',
    path: '/expediente/:id',
    body: z.unknown(),
    params: ParamsId,
    respuesta: DetalleExpediente,
  }),
  actualizar: endpoint({
    method: 'PUT',
    path: '/expediente/:id',
    body: ActualizarExpediente,
    params: ParamsId,
    respuesta: DetalleExpediente.extend({ message: z.string() }),
  }),
  anular: endpoint({
    method: 'PUT',
    path: '/expediente/anular/:id',
    body: AnularExpediente,
    params: ParamsId,
    respuesta: z.object({
      expedienteCabecera: Expediente,
      resultado: z.enum(['anulado', 'solicitado', 'aprobado', 'rechazado']),
    }),
  }),
  /** Multipart with the file in field `avatar` (the image upload's rules, spec 002 §7 "Images", PDF too). */
  subirAdjunto: endpoint({
    method: 'POST',
    path: '/expediente/adjunto',
    body: z.object({
      avatar: z.instanceof(Uint8Array, { error: 'Debes adjuntar el archivo en el campo avatar' }),
    }),
    params: SinParams,
    respuesta: z.object({ nombre: z.string(), tipo: z.string(), tamano: z.number().int() }),
  }),
  /** An attached file, to a signed-in user who may see case files (never public, unlike logos). */
  adjunto: endpoint({
    method: 'GET',
    path: '/expediente/adjunto/:archivo',
    body: z.unknown(),
    params: ParamsAdjunto,
    respuesta: Archivo,
  }),
  /** One written document of the case file as a PDF (inline, to print or save). */
  documentoPdf: endpoint({
    method: 'GET',
    path: '/expediente/documento-pdf/:id/:idDocumento',
    body: z.unknown(),
    params: ParamsDocumentoExpediente,
    respuesta: Archivo,
  }),
  // Beyond the spec (docs/expedientes.md): the document's PDF to the client by e-mail, through the
  // company's SMTP as every document's e-mail (spec 001 §1). Nothing is created or changed.
  enviarDocumentoPorCorreo: endpoint({
    method: 'POST',
    path: '/expediente/documento-correo/:id/:idDocumento',
    efecto: 'lee',
    body: EnviarDocumentoPorCorreo,
    params: ParamsDocumentoExpediente,
    respuesta: z.object({ message: z.string() }),
  }),
};
