import {
  type ErrorApi,
  MENSAJE_CONCILIACION_ABIERTA_EXISTE,
  MENSAJE_CUENTA_DE_OTRO_BANCO,
  MENSAJE_NCF_REPETIDO,
} from '@pos/contract';

export type CodigoError =
  | 'solicitud_invalida'
  | 'no_autenticado'
  | 'prohibido'
  | 'no_encontrado'
  | 'conflicto'
  | 'demasiado_grande'
  | 'no_procesable'
  | 'demasiadas_solicitudes';

export type CampoConError = { campo: string; mensaje: string };

/** An expected failure with a Spanish message for the user; mapped to HTTP once, in `respuestaDeError`. */
export class AppError extends Error {
  readonly codigo: CodigoError;
  readonly errores: CampoConError[] | undefined;
  /** Keep what the transaction wrote (e.g. a failed-login counter) before answering with this error. */
  readonly confirmarTransaccion: boolean;
  /** Flags the spec's clients read next to the message (estadoDelTurno, productoBajoStock, …). */
  readonly datos: Record<string, unknown> | undefined;

  constructor(
    codigo: CodigoError,
    mensaje: string,
    opciones: {
      errores?: CampoConError[];
      confirmarTransaccion?: boolean;
      datos?: Record<string, unknown>;
    } = {},
  ) {
    super(mensaje);
    this.name = 'AppError';
    this.codigo = codigo;
    this.errores = opciones.errores;
    this.confirmarTransaccion = opciones.confirmarTransaccion ?? false;
    this.datos = opciones.datos;
  }
}

// PostgreSQL errors that are the client's fault, answered as such instead of a 500.
const ERRORES_POSTGRES: Record<string, AppError> = {
  '23505': new AppError('conflicto', 'Ya existe un registro con esos datos.'),
  '23503': new AppError('conflicto', 'El registro está vinculado a otros documentos.'),
  '22P02': new AppError('solicitud_invalida', 'Un valor enviado no tiene el formato esperado.'),
  '22003': new AppError('solicitud_invalida', 'Un valor numérico enviado está fuera de rango.'),
  '40001': new AppError('conflicto', 'Otra operación modificó los mismos datos; intenta de nuevo.'),
  '40P01': new AppError(
    'conflicto',
    'Otra operación usaba los mismos datos al mismo tiempo; intenta de nuevo.',
  ),
  // Raised by the trigger that marks a sales order invoiced (migration 0014).
  U0001: new AppError(
    'conflicto',
    'El pedido ya fue facturado o anulado; ábrelo de nuevo desde la lista de pedidos.',
  ),
};

// Unique indexes whose violation is a race the code's own check before writing could not see (two
// requests at once): the user gets that check's message, not the general '23505' one.
const INDICES_UNICOS: Record<string, AppError> = {
  // A supplier's NCF is reported once (fiscal-do.md §3.1; exigirNcfUnico in modules/compras/efectos.ts).
  compras_ncf_vigente: new AppError('conflicto', MENSAJE_NCF_REPETIDO, {
    errores: [{ campo: 'ncf', mensaje: MENSAJE_NCF_REPETIDO }],
  }),
  // One open reconciliation per bank account (abrirConciliacion in modules/conciliaciones/operaciones.ts).
  conciliaciones_una_abierta: new AppError('conflicto', MENSAJE_CONCILIACION_ABIERTA_EXISTE),
  // One bank per ledger account (cuentaContableDelBanco in modules/bancos/service.ts).
  cuentas_banco_cuenta_contable: new AppError('conflicto', MENSAJE_CUENTA_DE_OTRO_BANCO, {
    errores: [{ campo: 'idCuentaContable', mensaje: MENSAJE_CUENTA_DE_OTRO_BANCO }],
  }),
};

// The SQLSTATE of an error the database raised (drizzle wraps it in `cause`), if it is one.
function codigoDePostgres(error: unknown): string | undefined {
  const origen = ((error as { cause?: unknown })?.cause ?? error) as { code?: unknown } | undefined;
  return typeof origen?.code === 'string' ? origen.code : undefined;
}

/** Whether the database raised it (a constraint, a deadlock…), rather than our code. */
export function esErrorDePostgres(error: unknown): boolean {
  return codigoDePostgres(error) !== undefined;
}

// Class 22 (data exception) is always a value the client sent that the contract let through: answered
// 400 here, once, whatever the route (architecture invariant 8). The codes a user can cause get their
// own message; any other of the class, the general one.
const ERRORES_DE_DATOS: Record<string, string> = {
  '22001': 'Un texto enviado es más largo de lo permitido.',
  '22007': 'Una fecha u hora enviada no es válida.',
  '22008': 'Una fecha u hora enviada está fuera de rango.',
  '22021': 'Un texto enviado contiene caracteres no permitidos (como el carácter nulo).',
  '22P05': 'Un texto enviado contiene caracteres no permitidos (como el carácter nulo).',
};
const ERROR_DE_DATOS_GENERAL = 'Un valor enviado no es válido.';

/** The user-facing error for a PostgreSQL error caused by the data sent. */
export function errorDePostgres(error: unknown): AppError | undefined {
  const codigo = codigoDePostgres(error);
  if (codigo === undefined) {
    return undefined;
  }
  const indice = ((error as { cause?: unknown })?.cause ?? error) as { constraint?: unknown };
  if (
    codigo === '23505' &&
    typeof indice.constraint === 'string' &&
    Object.hasOwn(INDICES_UNICOS, indice.constraint)
  ) {
    return INDICES_UNICOS[indice.constraint];
  }
  if (Object.hasOwn(ERRORES_POSTGRES, codigo)) {
    return ERRORES_POSTGRES[codigo];
  }
  if (codigo.startsWith('22')) {
    return new AppError('solicitud_invalida', ERRORES_DE_DATOS[codigo] ?? ERROR_DE_DATOS_GENERAL);
  }
  return undefined;
}

/**
 * The transaction lost a race that a fresh attempt settles (a twin committed the same idempotency key
 * first): `ruta` runs the request once more, and the new attempt finds the winner.
 */
export class ReintentarSolicitud extends Error {
  constructor() {
    super('La solicitud chocó con otra igual en curso.');
    this.name = 'ReintentarSolicitud';
  }
}

/** Whether `error` (or the driver's error drizzle wraps in `cause`) violates the unique index `indice`. */
export function violaIndiceUnico(error: unknown, indice: string): boolean {
  const origen = ((error as { cause?: unknown })?.cause ?? error) as { code?: unknown; constraint?: unknown };
  return origen?.code === '23505' && origen.constraint === indice;
}

function assertNever(valor: never): never {
  throw new Error(`Código de error no contemplado: ${String(valor)}`);
}

/** HTTP status and reason phrase of each error code. */
export function estadoHttp(codigo: CodigoError): { statusCode: number; error: string } {
  switch (codigo) {
    case 'solicitud_invalida':
      return { statusCode: 400, error: 'Bad Request' };
    case 'no_autenticado':
      return { statusCode: 401, error: 'Unauthorized' };
    case 'prohibido':
      return { statusCode: 403, error: 'Forbidden' };
    case 'no_encontrado':
      return { statusCode: 404, error: 'Not Found' };
    case 'conflicto':
      return { statusCode: 409, error: 'Conflict' };
    case 'demasiado_grande':
      return { statusCode: 413, error: 'Payload Too Large' };
    case 'no_procesable':
      return { statusCode: 422, error: 'Unprocessable Entity' };
    case 'demasiadas_solicitudes':
      return { statusCode: 429, error: 'Too Many Requests' };
    default:
      return assertNever(codigo);
  }
}

/** The single error body of the API. */
export function cuerpoDeError(error: AppError): ErrorApi {
  const cuerpo: ErrorApi = { ...error.datos, ...estadoHttp(error.codigo), message: error.message };
  if (error.errores) {
    cuerpo.errores = error.errores;
  }
  return cuerpo;
}

type ErrorDeFastify = { code?: string; statusCode?: number; message?: string };

/** Maps Fastify's own failures (bad JSON, body too large, wrong content type) to Spanish AppErrors. */
export function traducirErrorDeFastify(error: ErrorDeFastify): AppError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('solicitud_invalida', 'El cuerpo de la solicitud no es un JSON válido.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('demasiado_grande', 'El cuerpo de la solicitud es demasiado grande.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('solicitud_invalida', 'Tipo de contenido no admitido; envíe application/json.');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError(
        'solicitud_invalida',
        'La longitud del contenido no coincide con el cuerpo enviado.',
      );
    // The router's own refusals, before any route runs: a bare or broken `%` escape, a path segment
    // longer than the router reads (`maxParamLength`).
    case 'FST_ERR_BAD_URL':
      return new AppError('solicitud_invalida', 'La dirección de la solicitud no es válida.', {
        errores: [{ campo: 'ruta', mensaje: 'Contiene un carácter «%» que no forma un código válido' }],
      });
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new AppError('solicitud_invalida', 'La dirección de la solicitud no es válida.', {
        errores: [{ campo: 'ruta', mensaje: 'Un segmento de la dirección es demasiado largo' }],
      });
    default:
      break;
  }
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    return new AppError('solicitud_invalida', 'La solicitud no es válida.');
  }
  return undefined;
}
