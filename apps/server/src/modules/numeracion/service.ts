import {
  type ActualizarNumeracion,
  type AlertaDeNumeracion,
  buscarPerfilDeNumeracion,
  type CrearNumeracion,
  type FiltroNumeracionDashboard,
  NOMBRES_DE_TIPO_DE_DOCUMENTO,
  type Numeracion,
  PERFIL_INTERNO,
  PERFILES_DE_NUMERACION,
  type PerfilDeNumeracion,
  type TipoDeDocumento,
} from '@pos/contract';
import { formatearFecha, formatearNcf, hoyEnSantoDomingo } from '@pos/domain';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { filas, type Tx } from '../../db/client.ts';
import { crearUnaVez } from '../../db/sinDuplicados.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx } from '../../http/handle.ts';
import { numeraciones } from './tables.ts';

type FilaNumeracion = typeof numeraciones.$inferSelect;

/** A number taken for a document, ready to be stored on it. */
export type NumeroTomado = {
  idNumeracion: string;
  numeracionNombre: string;
  /** The sequence number itself (5). */
  numero: number;
  /** The number as printed: NCF 'B0100000005' / 'E310000000005', or internal 'D00000005'. */
  comprobante: string;
  fiscal: boolean;
  /** 'B01', 'E31', … or null for an internal numbering. */
  tipoNcf: string | null;
  fechaVencimiento: string | null;
};

const DIA_MS = 86_400_000;

/** Writes sequence number `numero` of a numbering as it is printed. */
export function formatearComprobante(
  numeracion: Pick<FilaNumeracion, 'fiscal' | 'prefijo' | 'prefijoNumerico' | 'digitos'>,
  numero: number,
): string {
  if (numeracion.fiscal) {
    // fiscal-do.md §1.1: B + type + 8 digits, E + type + 10 digits.
    return formatearNcf(numeracion.prefijo === 'E' ? 'E' : 'B', numeracion.prefijoNumerico, numero);
  }
  return `${numeracion.prefijo}${String(numero).padStart(numeracion.digitos, '0')}`;
}

function aNumeracion(fila: FilaNumeracion): Numeracion {
  const agotada = fila.hasta !== null && fila.seq > fila.hasta;
  return {
    _id: fila.id,
    identificadorUnico: fila.identificadorUnico,
    nombre: fila.nombre,
    nombreModel: fila.nombreModel,
    tipoDeDocumento: fila.tipoDeDocumento,
    perfilesDeTipos: fila.perfilesDeTipos,
    prefijo: fila.prefijo,
    prefijoNumerico: fila.prefijoNumerico,
    perfilNumericoOpciones: fila.digitos,
    fiscal: fila.fiscal,
    fechaVencimiento: fila.fechaVencimiento,
    desde: fila.desde,
    hasta: fila.hasta,
    seq: fila.seq,
    proximoComprobante: agotada ? '' : formatearComprobante(fila, fila.seq),
    predeterminado: fila.predeterminado,
    creadoEn: fila.creadoEn.toISOString(),
    actualizadoEn: fila.actualizadoEn.toISOString(),
  };
}

// The profile decides prefix, type code and digits of a fiscal numbering; an internal one keeps
// the prefix and digits it was given (spec 002 §9: default prefix D).
function camposDelPerfil(entrada: ActualizarNumeracion) {
  const perfil = buscarPerfilDeNumeracion(entrada.perfilesDeTipos) as PerfilDeNumeracion;
  return {
    nombre: entrada.nombre,
    nombreModel: entrada.nombreModel,
    tipoDeDocumento: entrada.tipoDeDocumento,
    perfilesDeTipos: perfil.perfilesDeTipos,
    fiscal: perfil.fiscal,
    prefijo: perfil.fiscal ? perfil.prefijo : entrada.prefijo,
    prefijoNumerico: perfil.prefijoNumerico,
    digitos: perfil.fiscal ? perfil.perfilNumericoOpciones : entrada.perfilNumericoOpciones,
    fechaVencimiento: entrada.fechaVencimiento,
    desde: entrada.desde,
    hasta: entrada.hasta,
  };
}

async function filaPorId(tx: Tx, tenantId: number, id: string): Promise<FilaNumeracion> {
  const [fila] = await tx
    .select()
    .from(numeraciones)
    .where(and(eq(numeraciones.tenantId, tenantId), eq(numeraciones.id, id)))
    .limit(1);
  if (!fila) {
    throw new AppError('no_encontrado', 'La numeración no existe.');
  }
  return fila;
}

// One default per document type: the unique partial index guards it, this clears the old one first.
async function hacerPredeterminada(tx: Tx, tenantId: number, fila: FilaNumeracion): Promise<FilaNumeracion> {
  await tx
    .update(numeraciones)
    .set({ predeterminado: false, actualizadoEn: new Date() })
    .where(
      and(
        eq(numeraciones.tenantId, tenantId),
        eq(numeraciones.tipoDeDocumento, fila.tipoDeDocumento),
        eq(numeraciones.predeterminado, true),
        ne(numeraciones.id, fila.id),
      ),
    );
  const [actualizada] = await tx
    .update(numeraciones)
    .set({ predeterminado: true })
    .where(and(eq(numeraciones.tenantId, tenantId), eq(numeraciones.id, fila.id)))
    .returning();
  return actualizada ?? fila;
}

type CamposDelPerfil = ReturnType<typeof camposDelPerfil>;

// How a range is written in messages: its first and last NCF, or the first one "en adelante" when it
// has no end (only a numbering written before the contract required one).
function rangoEscrito(
  n: Pick<FilaNumeracion, 'fiscal' | 'prefijo' | 'prefijoNumerico' | 'digitos' | 'desde' | 'hasta'>,
): string {
  const inicio = formatearComprobante(n, n.desde);
  return n.hasta === null ? `${inicio} en adelante` : `${inicio}–${formatearComprobante(n, n.hasta)}`;
}

/**
 * Creations and edits of one company's fiscal numberings of one NCF type take turns: a transaction
 * advisory lock (the style of dispatch notes and user seats) taken before anything is read, so two at
 * once cannot both pass `exigirRangoLibre`, and under READ COMMITTED the second one reads what the first
 * committed. Not an exclusion constraint: ranges that already cross would make the migration fail, the
 * message must name the other numbering, and PGlite would need btree_gist.
 */
async function turnoDelTipoNcf(ctx: Ctx, campos: CamposDelPerfil): Promise<void> {
  if (campos.fiscal) {
    await ctx.tx.execute(
      sql`select pg_advisory_xact_lock(${ctx.tenantId}, hashtext(${`numeracion-ncf:${campos.prefijo}${campos.prefijoNumerico}`}))`,
    );
  }
}

/**
 * fiscal-do.md §1: an NCF (B01 + sequence) is authorised once, so two fiscal numberings of the same NCF
 * type (prefix + type code: B01, E31; whatever their document type, B17 serves purchases and payments
 * out) must not share a number. Numberings have no state and are never deleted (spec 002 §7 has no
 * DELETE), so every one counts, expired or exhausted too: its numbers were issued or given up. Internal
 * numberings carry no NCF and stay free (their documents' numbers are unique per numbering).
 * Call it after `turnoDelTipoNcf`.
 */
async function exigirRangoLibre(ctx: Ctx, campos: CamposDelPerfil, excepto: string | null): Promise<void> {
  if (!campos.fiscal) {
    return;
  }
  const hasta = campos.hasta ?? Number.MAX_SAFE_INTEGER;
  const [otra] = await ctx.tx
    .select()
    .from(numeraciones)
    .where(
      and(
        eq(numeraciones.tenantId, ctx.tenantId),
        eq(numeraciones.fiscal, true),
        eq(numeraciones.prefijo, campos.prefijo),
        eq(numeraciones.prefijoNumerico, campos.prefijoNumerico),
        excepto === null ? undefined : ne(numeraciones.id, excepto),
        sql`${numeraciones.desde} <= ${hasta}`,
        sql`coalesce(${numeraciones.hasta}, ${Number.MAX_SAFE_INTEGER}) >= ${campos.desde}`,
      ),
    )
    .orderBy(asc(numeraciones.desde))
    .limit(1);
  if (otra) {
    throw new AppError(
      'conflicto',
      `El rango ${rangoEscrito(campos)} se cruza con la numeración «${otra.nombre}» (${rangoEscrito(otra)}).`,
      { errores: [{ campo: 'desde', mensaje: `El rango se cruza con la numeración «${otra.nombre}»` }] },
    );
  }
}

/** GET /numeracion/: every numbering, by document type and name. */
export async function listarNumeraciones(ctx: Ctx): Promise<Numeracion[]> {
  const filas = await ctx.tx
    .select()
    .from(numeraciones)
    .where(eq(numeraciones.tenantId, ctx.tenantId))
    .orderBy(asc(numeraciones.tipoDeDocumento), asc(numeraciones.nombre));
  return filas.map(aNumeracion);
}

/** GET /numeracion/{id}. */
export async function obtenerNumeracion(ctx: Ctx, id: string): Promise<Numeracion> {
  return aNumeracion(await filaPorId(ctx.tx, ctx.tenantId, id));
}

/** GET /numeracion/perfiles-de-numeracion/: the NCF types (B and E) and the internal numbering. */
export function perfilesDeNumeracion(): PerfilDeNumeracion[] {
  return PERFILES_DE_NUMERACION.map((perfil) => ({
    ...perfil,
    tiposDeDocumento: [...perfil.tiposDeDocumento],
  }));
}

function mensajeSinPredeterminada(tipo: TipoDeDocumento): string {
  return `No hay una numeración predeterminada para ${NOMBRES_DE_TIPO_DE_DOCUMENTO[tipo]}. Configúrala en Configuración › Numeraciones.`;
}

/** GET /numeracion/buscar-predeterminada/{documentType}. */
export async function buscarNumeracionPredeterminada(ctx: Ctx, tipo: TipoDeDocumento): Promise<Numeracion> {
  const [fila] = await ctx.tx
    .select()
    .from(numeraciones)
    .where(
      and(
        eq(numeraciones.tenantId, ctx.tenantId),
        eq(numeraciones.tipoDeDocumento, tipo),
        eq(numeraciones.predeterminado, true),
      ),
    )
    .limit(1);
  if (!fila) {
    throw new AppError('no_encontrado', mensajeSinPredeterminada(tipo));
  }
  return aNumeracion(fila);
}

/** POST /numeracion/: a retried create answers the first one with `solicitudDuplicada`. */
export async function crearNumeracion(
  ctx: Ctx,
  entrada: CrearNumeracion,
): Promise<Numeracion & { solicitudDuplicada: boolean }> {
  const campos = camposDelPerfil(entrada);
  // The turn comes first: a twin of this request that committed meanwhile is then found and answered
  // (solicitudDuplicada) instead of being taken for a crossing range.
  await turnoDelTipoNcf(ctx, campos);
  const creado = await crearUnaVez({
    indice: 'numeraciones_identificador_unico',
    buscar: async () => {
      const [previa] = await ctx.tx
        .select()
        .from(numeraciones)
        .where(
          and(
            eq(numeraciones.tenantId, ctx.tenantId),
            eq(numeraciones.identificadorUnico, entrada.identificadorUnico),
          ),
        )
        .limit(1);
      return previa;
    },
    crear: async () => {
      await exigirRangoLibre(ctx, campos, null);
      const [nueva] = await ctx.tx
        .insert(numeraciones)
        .values({
          tenantId: ctx.tenantId,
          identificadorUnico: entrada.identificadorUnico,
          ...campos,
          seq: entrada.seq ?? campos.desde,
          predeterminado: false,
        })
        .returning();
      if (!nueva) {
        throw new Error('La inserción en numeraciones no devolvió fila');
      }
      return nueva;
    },
  });
  if (creado.solicitudDuplicada) {
    return { ...aNumeracion(creado.fila), solicitudDuplicada: true };
  }
  const fila = entrada.predeterminado
    ? await hacerPredeterminada(ctx.tx, ctx.tenantId, creado.fila)
    : creado.fila;
  return { ...aNumeracion(fila), solicitudDuplicada: false };
}

/** PUT /numeracion/{id}: everything but `seq`, which only `tomarNumero` moves (spec 002 §3). */
export async function actualizarNumeracion(
  ctx: Ctx,
  id: string,
  entrada: ActualizarNumeracion,
): Promise<Numeracion> {
  const actual = await filaPorId(ctx.tx, ctx.tenantId, id);
  const campos = camposDelPerfil(entrada);
  // Only a change of range or NCF type is checked: ranges that already crossed before the check existed
  // can still be renamed or made the default. Taken before any row lock, as a creation takes it.
  const mismoRango =
    actual.fiscal === campos.fiscal &&
    actual.prefijo === campos.prefijo &&
    actual.prefijoNumerico === campos.prefijoNumerico &&
    actual.desde === campos.desde &&
    actual.hasta === campos.hasta;
  if (!mismoRango) {
    await turnoDelTipoNcf(ctx, campos);
    await exigirRangoLibre(ctx, campos, id);
  }
  if (entrada.predeterminado) {
    // This row and the type's current default, locked in id order as a sync batch locks its
    // numberings (migration 0012): taking them one after the other could deadlock with it.
    await filas(
      ctx.tx,
      sql`select id from numeraciones where tenant_id = ${ctx.tenantId}
          and (id = ${id} or (tipo_de_documento = ${actual.tipoDeDocumento} and predeterminado))
          order by id for update`,
    );
  }
  // Nothing issued yet: the sequence follows the new start of the range.
  const seq = actual.seq === actual.desde ? campos.desde : actual.seq;
  if (seq < campos.desde) {
    throw new AppError(
      'solicitud_invalida',
      `El inicio del rango no puede ser mayor que la secuencia actual (${actual.seq}).`,
      { errores: [{ campo: 'desde', mensaje: 'El inicio del rango no puede pasar la secuencia actual' }] },
    );
  }
  if (campos.hasta !== null && campos.hasta < seq - 1) {
    throw new AppError(
      'solicitud_invalida',
      `El final del rango no puede ser menor que el último número emitido (${seq - 1}).`,
      {
        errores: [{ campo: 'hasta', mensaje: 'El final del rango no puede ser menor que el último emitido' }],
      },
    );
  }
  const [fila] = await ctx.tx
    .update(numeraciones)
    .set({ ...campos, seq, predeterminado: false, actualizadoEn: new Date() })
    .where(and(eq(numeraciones.tenantId, ctx.tenantId), eq(numeraciones.id, id)))
    .returning();
  if (!fila) {
    throw new AppError('no_encontrado', 'La numeración no existe.');
  }
  return aNumeracion(entrada.predeterminado ? await hacerPredeterminada(ctx.tx, ctx.tenantId, fila) : fila);
}

/** A taken number as `numeracion_tomar` returns it. */
export type FilaNumeroTomado = {
  id: string;
  nombre: string;
  numero: string | number;
  comprobante: string;
  fiscal: boolean;
  tipo_ncf: string | null;
  fecha_vencimiento: string | null;
};

/** The number `numeracion_tomar` returned, ready to be stored on the document. */
export function numeroTomado(fila: FilaNumeroTomado): NumeroTomado {
  return {
    idNumeracion: fila.id,
    numeracionNombre: fila.nombre,
    numero: Number(fila.numero),
    comprobante: fila.comprobante,
    fiscal: fila.fiscal,
    tipoNcf: fila.tipo_ncf,
    fechaVencimiento: fila.fecha_vencimiento,
  };
}

/**
 * Takes the next number of a numbering inside the caller's transaction (architecture invariant 5):
 * the function `numeracion_tomar` (migration 0009) checks and moves the sequence in one UPDATE, so
 * concurrent takers get consecutive numbers and a rolled-back document gives its number back. Without
 * `idNumeracion` the default numbering of `tipoDeDocumento` is used.
 */
export async function tomarNumero(
  ctx: Pick<Ctx, 'tx' | 'tenantId'>,
  tipoDeDocumento: TipoDeDocumento,
  idNumeracion?: string,
): Promise<NumeroTomado> {
  const [fila] = await filas<FilaNumeroTomado>(
    ctx.tx,
    sql`select * from numeracion_tomar(${ctx.tenantId}, ${tipoDeDocumento}, ${idNumeracion ?? null}::uuid, ${hoyEnSantoDomingo()}::date)`,
  );
  if (!fila) {
    throw await rechazoDeNumeracion(ctx, tipoDeDocumento, idNumeracion);
  }
  return numeroTomado(fila);
}

/**
 * The next value of a company counter, for documents numbered without a numbering (sales orders,
 * dispatch notes, credits in favour and their transactions):
 * taken with one UPDATE … RETURNING in the caller's transaction, so it is gapless like a numbering and
 * a rolled-back document gives its number back. The counters live in `contadores` (migration 0008).
 */
export async function tomarDelContador(
  ctx: Pick<Ctx, 'tx' | 'tenantId'>,
  clave: 'pedidos' | 'conducesDeDespacho' | 'creditosAFavor' | 'transaccionesCreditoAFavor',
): Promise<number> {
  const [fila] = await filas<{ valor: string }>(
    ctx.tx,
    sql`insert into contadores as c (tenant_id, clave, valor) values (${ctx.tenantId}, ${clave}, 1)
        on conflict (tenant_id, clave) do update set valor = c.valor + 1 returning c.valor`,
  );
  return Number(fila?.valor);
}

/** Why `numeracion_tomar` matched nothing, in words the cashier can act on. */
export async function rechazoDeNumeracion(
  ctx: Pick<Ctx, 'tx' | 'tenantId'>,
  tipo: TipoDeDocumento,
  idNumeracion: string | undefined,
): Promise<AppError> {
  const hoy = hoyEnSantoDomingo();
  const [fila] = await ctx.tx
    .select()
    .from(numeraciones)
    .where(
      and(
        eq(numeraciones.tenantId, ctx.tenantId),
        idNumeracion
          ? eq(numeraciones.id, idNumeracion)
          : and(eq(numeraciones.tipoDeDocumento, tipo), eq(numeraciones.predeterminado, true)),
      ),
    )
    .limit(1);
  if (!fila) {
    return idNumeracion
      ? new AppError('no_encontrado', 'La numeración no existe.')
      : new AppError('conflicto', mensajeSinPredeterminada(tipo));
  }
  if (fila.tipoDeDocumento !== tipo) {
    return new AppError(
      'solicitud_invalida',
      `La numeración «${fila.nombre}» es de ${NOMBRES_DE_TIPO_DE_DOCUMENTO[fila.tipoDeDocumento]}, no de ${NOMBRES_DE_TIPO_DE_DOCUMENTO[tipo]}.`,
    );
  }
  const donde = fila.fiscal
    ? 'Solicita una nueva secuencia a la DGII y regístrala en Configuración › Numeraciones.'
    : 'Registra una nueva numeración en Configuración › Numeraciones.';
  if (fila.fechaVencimiento !== null && fila.fechaVencimiento < hoy) {
    return new AppError(
      'conflicto',
      `La numeración «${fila.nombre}» venció el ${formatearFecha(fila.fechaVencimiento)}. ${donde}`,
    );
  }
  if (fila.hasta !== null && fila.seq > fila.hasta) {
    return new AppError(
      'conflicto',
      `La numeración «${fila.nombre}» agotó su rango autorizado (último número: ${formatearComprobante(fila, fila.hasta)}). ${donde}`,
    );
  }
  return new AppError(
    'conflicto',
    `No se pudo tomar un número de la numeración «${fila.nombre}»; intenta de nuevo.`,
  );
}

function diasEntre(desde: string, hasta: string): number {
  return Math.round((Date.parse(`${hasta}T00:00:00Z`) - Date.parse(`${desde}T00:00:00Z`)) / DIA_MS);
}

/** POST /numeracion/buscar-numeracion-para-dashboard/: sequences exhausted, expired or close to either. */
export async function numeracionesParaDashboard(
  ctx: Ctx,
  filtro: z.output<typeof FiltroNumeracionDashboard>,
): Promise<AlertaDeNumeracion[]> {
  const hoy = hoyEnSantoDomingo();
  const filas = await ctx.tx
    .select()
    .from(numeraciones)
    .where(eq(numeraciones.tenantId, ctx.tenantId))
    .orderBy(asc(numeraciones.tipoDeDocumento), asc(numeraciones.nombre));
  const alertas: AlertaDeNumeracion[] = [];
  for (const fila of filas) {
    const restantes = fila.hasta === null ? null : Math.max(0, fila.hasta - fila.seq + 1);
    const total = fila.hasta === null ? null : fila.hasta - fila.desde + 1;
    const dias = fila.fechaVencimiento === null ? null : diasEntre(hoy, fila.fechaVencimiento);
    const tipos: AlertaDeNumeracion['alertas'] = [];
    const frases: string[] = [];
    if (restantes !== null && total !== null) {
      if (restantes === 0) {
        tipos.push('agotada');
        frases.push('agotó su rango autorizado');
      } else if (restantes * 100 <= filtro.porcentajeRestante * total) {
        tipos.push('porAgotarse');
        frases.push(restantes === 1 ? 'le queda 1 número' : `le quedan ${restantes} números`);
      }
    }
    if (dias !== null && fila.fechaVencimiento !== null) {
      const fecha = formatearFecha(fila.fechaVencimiento);
      if (dias < 0) {
        tipos.push('vencida');
        frases.push(`venció el ${fecha}`);
      } else if (dias <= filtro.diasParaVencer) {
        tipos.push('porVencer');
        frases.push(
          dias === 0 ? `vence hoy (${fecha})` : `vence en ${dias} ${dias === 1 ? 'día' : 'días'} (${fecha})`,
        );
      }
    }
    if (tipos.length > 0) {
      alertas.push({
        _id: fila.id,
        nombre: fila.nombre,
        tipoDeDocumento: fila.tipoDeDocumento,
        perfilesDeTipos: fila.perfilesDeTipos,
        seq: fila.seq,
        hasta: fila.hasta,
        restantes,
        fechaVencimiento: fila.fechaVencimiento,
        diasParaVencer: dias,
        alertas: tipos,
        mensaje: `La numeración «${fila.nombre}» ${frases.join(' y ')}.`,
      });
    }
  }
  return alertas;
}

/** The document types `sembrarNumeracionesIniciales` numbers: a new company needs no other default for them. */
export const TIPOS_CON_NUMERACION_INICIAL: readonly TipoDeDocumento[] = [
  'entradaDeDiario',
  'facturaRecurrente',
  'expediente',
];

/**
 * The numberings every company starts with (spec 002 §3 "Accounting", "Case file"): manual journal
 * entries, recurring invoices' templates and case files are internal documents, so a new company can
 * record them at once (ED00000001…, FR00000001…, EX00000001…) without configuring a numbering first.
 * Migrations 0032, 0039 and 0043 gave existing companies the same ones.
 */
export async function sembrarNumeracionesIniciales(tx: Tx, tenantId: number): Promise<void> {
  // Keep TIPOS_CON_NUMERACION_INICIAL in step with the rows below.
  const interna = {
    tenantId,
    perfilesDeTipos: PERFIL_INTERNO,
    prefijoNumerico: '',
    digitos: 8,
    fiscal: false,
    desde: 1,
    seq: 1,
    predeterminado: true,
  };
  await tx.insert(numeraciones).values([
    {
      ...interna,
      identificadorUnico: 'inicial-entradaDeDiario',
      nombre: 'Entradas de diario',
      tipoDeDocumento: 'entradaDeDiario',
      prefijo: 'ED',
    },
    // The template of recurring invoices (spec 001 §3): its invoices take the NCF, it an internal number.
    {
      ...interna,
      identificadorUnico: 'inicial-facturaRecurrente',
      nombre: 'Facturas recurrentes',
      tipoDeDocumento: 'facturaRecurrente',
      prefijo: 'FR',
    },
    // Case files are internal documents too (spec 002 §3 "Case file"; migration 0043): EX00000001…
    {
      ...interna,
      identificadorUnico: 'inicial-expediente',
      nombre: 'Expedientes',
      tipoDeDocumento: 'expediente',
      prefijo: 'EX',
    },
  ]);
}
