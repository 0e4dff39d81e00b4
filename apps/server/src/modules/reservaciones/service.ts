import {
  type CambiarEstadoDeReservacion,
  type CambioDeReservacion,
  type ConsultarDisponibilidad,
  type CrearReservacion,
  DIAS_MAXIMOS_DE_ANTICIPACION,
  type Disponibilidad,
  type FiltroDeReservaciones,
  MENSAJE_HUECO_OCUPADO,
  MENSAJE_RESERVACION_EN_EL_PASADO,
  type PaginaDeReservaciones,
  type RangosOcupados,
  type ReprogramarReservacion,
  type Reservacion,
  type ReservacionCreada,
  type ReservacionPublica,
  type ServicioReservable,
} from '@pos/contract';
import {
  cambioDeEstadoDeReservacion,
  DESFASE_SANTO_DOMINGO,
  diaDeLaSemana,
  fechaYHoraEnSantoDomingo,
  formatearFecha,
  fueraDeHorario,
  horaDeMinutos,
  huecosDelDia,
  instanteEnSantoDomingo,
  jornadaDelDia,
  minutosDeHora,
  type Rango,
  reprogramacionDeReservacion,
} from '@pos/domain';
import { and, asc, count, eq, gte, ilike, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { crearUnaVez } from '../../db/sinDuplicados.ts';
import { AppError, ReintentarSolicitud } from '../../http/errors.ts';
import type { Ctx, CtxConSesion } from '../../http/handle.ts';
import { contactoPorTelefono } from '../contactos/service.ts';
import { servicioReservable } from '../productos/reservables.ts';
import { reservaciones } from './tables.ts';

// Reservations (spec 002 §7 "Reservations"; docs/reservaciones.md). No two active reservations of one
// service, or of one provider, share a minute: bookings of a service take turns (an advisory lock) and
// check what is taken, which gives the clear answer; the exclusion constraints of migration 0042 make
// it hold whatever path writes.

type FilaReservacion = typeof reservaciones.$inferSelect;

const MINUTO_MS = 60_000;
const MINUTOS_DEL_DIA = 24 * 60;
// The two exclusion constraints of migration 0042.
const RESTRICCIONES_DE_SOLAPE = new Set([
  'reservaciones_sin_solape_servicio',
  'reservaciones_sin_solape_proveedor',
]);
/** Who appears in the history for a booking made on the public page (it has no session). */
const AUTOR_PUBLICO = 'Página de reservaciones';

/** The day `AAAA-MM-DD` and time `HH:MM` of an instant in Santo Domingo. */
function diaYHora(instante: Date): { fecha: string; hora: string } {
  const { fecha, hora } = fechaYHoraEnSantoDomingo(instante);
  return { fecha, hora: hora.slice(0, 5) };
}

export function aPublica(fila: FilaReservacion): ReservacionPublica {
  const inicio = diaYHora(fila.inicio);
  return {
    _id: fila.id,
    identificadorUnico: fila.identificadorUnico,
    idServicio: fila.idServicio,
    nombreServicio: fila.nombreServicio,
    fecha: inicio.fecha,
    horaDeInicio: inicio.hora,
    horaDeCierre: diaYHora(fila.fin).hora,
    inicio: fila.inicio.toISOString(),
    fin: fila.fin.toISOString(),
    duracionReserva: fila.duracionReserva,
    nombreCliente: fila.nombreCliente,
    telefonoCliente: fila.telefonoCliente,
    nota: fila.nota,
    estado: fila.estado,
  };
}

function aReservacion(fila: FilaReservacion): Reservacion {
  return {
    ...aPublica(fila),
    idUsuarioProveedor: fila.idUsuarioProveedor,
    idCliente: fila.idCliente,
    historial: fila.historial,
    creadoEn: fila.creadoEn.toISOString(),
    actualizadoEn: fila.actualizadoEn.toISOString(),
  };
}

/** The start and end (excluded) of a calendar day in Santo Domingo. */
function limitesDelDia(fecha: string): { desde: Date; hasta: Date } {
  const desde = new Date(`${fecha}T00:00:00${DESFASE_SANTO_DOMINGO}`);
  return { desde, hasta: new Date(desde.getTime() + MINUTOS_DEL_DIA * MINUTO_MS) };
}

// The active reservations that hold time of this service: its own, and its provider's in any service.
function condicionDeOcupacion(
  ctx: Ctx,
  servicio: ServicioReservable,
  desde: Date,
  hasta: Date,
  salvo?: string,
): SQL | undefined {
  const delServicio = eq(reservaciones.idServicio, servicio._id);
  return and(
    eq(reservaciones.tenantId, ctx.tenantId),
    ne(reservaciones.estado, 'Cancelada'),
    salvo ? ne(reservaciones.id, salvo) : undefined,
    servicio.idUsuarioProveedor
      ? or(delServicio, eq(reservaciones.idUsuarioProveedor, servicio.idUsuarioProveedor))
      : delServicio,
    lt(reservaciones.inicio, hasta),
    sql`${reservaciones.fin} > ${desde.toISOString()}::timestamptz`,
  );
}

/** The active reservations holding time of the service between two instants; `salvo` is left out. */
async function ocupadosEntre(
  ctx: Ctx,
  servicio: ServicioReservable,
  desde: Date,
  hasta: Date,
  salvo?: string,
) {
  return ctx.tx
    .select({ inicio: reservaciones.inicio, fin: reservaciones.fin })
    .from(reservaciones)
    .where(condicionDeOcupacion(ctx, servicio, desde, hasta, salvo))
    .orderBy(asc(reservaciones.inicio));
}

async function porIdentificador(ctx: Ctx, identificadorUnico: string): Promise<FilaReservacion | undefined> {
  const [fila] = await ctx.tx
    .select()
    .from(reservaciones)
    .where(
      and(eq(reservaciones.tenantId, ctx.tenantId), eq(reservaciones.identificadorUnico, identificadorUnico)),
    )
    .limit(1);
  return fila;
}

/**
 * Bookings of one service, and of one provider, take turns until the transaction ends: the check that
 * follows then sees every booking committed before, so whoever loses a race gets the clear 409. Keys
 * are taken in order, so two bookings never wait on each other. The exclusion constraints stay as the
 * guarantee (a write that skips this path is refused all the same).
 */
async function turnoDeReservar(ctx: Ctx, servicio: ServicioReservable): Promise<void> {
  const claves = [`reservaciones:${ctx.tenantId}:servicio:${servicio._id}`];
  if (servicio.idUsuarioProveedor) {
    claves.push(`reservaciones:${ctx.tenantId}:proveedor:${servicio.idUsuarioProveedor}`);
  }
  for (const clave of claves.sort()) {
    await ctx.tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${clave}, 0))`);
  }
}

function invalida(campo: string, mensaje: string): AppError {
  return new AppError('solicitud_invalida', mensaje, { errores: [{ campo, mensaje }] });
}

/**
 * POST /reservaciones/ (public): books `horaDeInicio` of `fecha` for the service's duration. Refused
 * when the service does not attend then, the time has passed, or the time is taken (409). A retry
 * with the same identificadorUnico answers the first booking (solicitudDuplicada).
 */
export async function crearReservacion(
  ctx: Ctx,
  entrada: CrearReservacion,
  ahora: Date = new Date(),
): Promise<ReservacionCreada> {
  const { fila, solicitudDuplicada } = await crearUnaVez({
    indice: 'reservaciones_identificador_unico',
    buscar: () => porIdentificador(ctx, entrada.identificadorUnico),
    crear: () => escribirReservacion(ctx, entrada, ahora),
  });
  return { reservacion: aPublica(fila), solicitudDuplicada };
}

/**
 * The span a booking of `servicio` at `horaDeInicio` of `fecha` takes, refused (400) when the service
 * does not attend then, the time has passed or is too far ahead: the rules of booking and of moving one.
 */
function espacioDeLaReservacion(
  servicio: ServicioReservable,
  fecha: string,
  horaDeInicio: string,
  ahora: Date,
): { inicio: Date; fin: Date } {
  const minutos = minutosDeHora(horaDeInicio);
  const fuera = fueraDeHorario(jornadaDelDia(servicio, fecha), minutos, servicio.duracionReserva);
  if (fuera) {
    throw invalida('horaDeInicio', fuera);
  }
  const inicio = instanteEnSantoDomingo(fecha, minutos);
  if (inicio.getTime() <= ahora.getTime()) {
    throw invalida('fecha', MENSAJE_RESERVACION_EN_EL_PASADO);
  }
  if (inicio.getTime() > ahora.getTime() + DIAS_MAXIMOS_DE_ANTICIPACION * MINUTOS_DEL_DIA * MINUTO_MS) {
    throw invalida('fecha', `Solo se puede reservar hasta ${DIAS_MAXIMOS_DE_ANTICIPACION} días antes.`);
  }
  return { inicio, fin: new Date(inicio.getTime() + servicio.duracionReserva * MINUTO_MS) };
}

/**
 * A write that hit the exclusion constraints of migration 0042: another booking of the same time
 * committed after this one's check. The retry `ruta` makes sees it and answers MENSAJE_HUECO_OCUPADO.
 */
function esSolape(error: unknown): boolean {
  const origen = ((error as { cause?: unknown })?.cause ?? error) as { code?: unknown; constraint?: unknown };
  return origen?.code === '23P01' && RESTRICCIONES_DE_SOLAPE.has(String(origen.constraint));
}

async function escribirReservacion(
  ctx: Ctx,
  entrada: CrearReservacion,
  ahora: Date,
): Promise<FilaReservacion> {
  const servicio = await servicioReservable(ctx, entrada.idServicio);
  const { inicio, fin } = espacioDeLaReservacion(servicio, entrada.fecha, entrada.horaDeInicio, ahora);
  await turnoDeReservar(ctx, servicio);
  // A twin with the same identificadorUnico committed while this one waited: answer it, not a 409.
  if (await porIdentificador(ctx, entrada.identificadorUnico)) {
    throw new ReintentarSolicitud();
  }
  if ((await ocupadosEntre(ctx, servicio, inicio, fin)).length > 0) {
    throw new AppError('conflicto', MENSAJE_HUECO_OCUPADO);
  }
  const momento = ahora.toISOString();
  const historial: CambioDeReservacion[] = [
    {
      estadoAnterior: null,
      nuevoEstado: 'Pendiente',
      motivoCambio: 'Reservación creada',
      fecha: momento,
      usuario: AUTOR_PUBLICO,
    },
  ];
  try {
    const [fila] = await ctx.tx
      .insert(reservaciones)
      .values({
        tenantId: ctx.tenantId,
        identificadorUnico: entrada.identificadorUnico,
        idServicio: servicio._id,
        nombreServicio: servicio.nombre,
        idUsuarioProveedor: servicio.idUsuarioProveedor,
        inicio,
        fin,
        duracionReserva: servicio.duracionReserva,
        nombreCliente: entrada.nombreCliente,
        telefonoCliente: entrada.telefonoCliente,
        idCliente: await contactoPorTelefono(ctx, entrada.telefonoCliente),
        nota: entrada.nota,
        estado: 'Pendiente',
        historial,
      })
      .returning();
    if (!fila) {
      throw new Error('La inserción de la reservación no devolvió fila');
    }
    return fila;
  } catch (error) {
    // The retry answers the clear 409 (or, for the same identificadorUnico, the first booking).
    if (esSolape(error)) {
      throw new ReintentarSolicitud();
    }
    throw error;
  }
}

/** The reservation, its row locked until the transaction ends (changes of one booking take turns). */
async function reservacionBloqueada(ctx: Ctx, id: string): Promise<FilaReservacion> {
  const [actual] = await ctx.tx
    .select()
    .from(reservaciones)
    .where(and(eq(reservaciones.tenantId, ctx.tenantId), eq(reservaciones.id, id)))
    .for('update')
    .limit(1);
  if (!actual) {
    throw new AppError('no_encontrado', 'La reservación no existe.');
  }
  return actual;
}

/**
 * POST /reservaciones/cambiar-estado/{id} {nuevoEstado, motivoCambio}: the change the domain allows,
 * written with its reason to the history. Cancelling frees the time.
 */
export async function cambiarEstadoDeReservacion(
  ctx: CtxConSesion,
  id: string,
  entrada: CambiarEstadoDeReservacion,
): Promise<Reservacion> {
  const actual = await reservacionBloqueada(ctx, id);
  const cambio = cambioDeEstadoDeReservacion(actual.estado, entrada.nuevoEstado);
  if (!cambio.permitido) {
    throw new AppError('conflicto', cambio.mensaje, {
      errores: [{ campo: 'nuevoEstado', mensaje: cambio.mensaje }],
    });
  }
  const entradaDeHistorial: CambioDeReservacion = {
    estadoAnterior: actual.estado,
    nuevoEstado: entrada.nuevoEstado,
    motivoCambio: entrada.motivoCambio,
    fecha: new Date().toISOString(),
    usuario: ctx.usuario.username,
  };
  const [fila] = await ctx.tx
    .update(reservaciones)
    .set({
      estado: entrada.nuevoEstado,
      historial: [...actual.historial, entradaDeHistorial],
      actualizadoEn: new Date(),
    })
    .where(and(eq(reservaciones.tenantId, ctx.tenantId), eq(reservaciones.id, id)))
    .returning();
  if (!fila) {
    throw new AppError('no_encontrado', 'La reservación no existe.');
  }
  return aReservacion(fila);
}

/**
 * POST /reservaciones/reprogramar/{id} {fecha, horaDeInicio, motivoCambio} (docs/reservaciones.md
 * «Reprogramar»): a Pendiente or Confirmada booking moves to another time of its service, with the
 * service's current duration and the same rules and turn as booking; its own old time does not count as
 * taken. The state stays; the history says from when to when and why. Asking for the time it already
 * has changes nothing (a retried request writes no second entry).
 */
export async function reprogramarReservacion(
  ctx: CtxConSesion,
  id: string,
  entrada: ReprogramarReservacion,
  ahora: Date = new Date(),
): Promise<Reservacion> {
  const actual = await reservacionBloqueada(ctx, id);
  const permitido = reprogramacionDeReservacion(actual.estado);
  if (!permitido.permitido) {
    throw new AppError('conflicto', permitido.mensaje);
  }
  const servicio = await servicioReservable(ctx, actual.idServicio);
  const { inicio, fin } = espacioDeLaReservacion(servicio, entrada.fecha, entrada.horaDeInicio, ahora);
  if (inicio.getTime() === actual.inicio.getTime() && fin.getTime() === actual.fin.getTime()) {
    return aReservacion(actual);
  }
  await turnoDeReservar(ctx, servicio);
  if ((await ocupadosEntre(ctx, servicio, inicio, fin, actual.id)).length > 0) {
    throw new AppError('conflicto', MENSAJE_HUECO_OCUPADO);
  }
  const antes = diaYHora(actual.inicio);
  const despues = diaYHora(inicio);
  const entradaDeHistorial: CambioDeReservacion = {
    estadoAnterior: actual.estado,
    nuevoEstado: actual.estado,
    motivoCambio: `Reprogramada del ${formatearFecha(antes.fecha)} ${antes.hora} al ${formatearFecha(despues.fecha)} ${despues.hora}: ${entrada.motivoCambio}`,
    fecha: ahora.toISOString(),
    usuario: ctx.usuario.username,
  };
  try {
    const [fila] = await ctx.tx
      .update(reservaciones)
      .set({
        inicio,
        fin,
        duracionReserva: servicio.duracionReserva,
        historial: [...actual.historial, entradaDeHistorial],
        actualizadoEn: ahora,
      })
      .where(and(eq(reservaciones.tenantId, ctx.tenantId), eq(reservaciones.id, id)))
      .returning();
    if (!fila) {
      throw new AppError('no_encontrado', 'La reservación no existe.');
    }
    return aReservacion(fila);
  } catch (error) {
    if (esSolape(error)) {
      throw new ReintentarSolicitud();
    }
    throw error;
  }
}

/** POST /reservaciones/reservaciones: the staff list, earliest first; a day, or from today on. */
export async function listarReservaciones(
  ctx: CtxConSesion,
  filtro: FiltroDeReservaciones,
  ahora: Date = new Date(),
): Promise<PaginaDeReservaciones> {
  const condiciones: (SQL | undefined)[] = [eq(reservaciones.tenantId, ctx.tenantId)];
  if (filtro.fecha) {
    const { desde, hasta } = limitesDelDia(filtro.fecha);
    condiciones.push(gte(reservaciones.inicio, desde), lt(reservaciones.inicio, hasta));
  } else {
    condiciones.push(gte(reservaciones.inicio, limitesDelDia(diaYHora(ahora).fecha).desde));
  }
  if (filtro.estado) {
    condiciones.push(eq(reservaciones.estado, filtro.estado));
  }
  if (filtro.idServicio) {
    condiciones.push(eq(reservaciones.idServicio, filtro.idServicio));
  }
  if (filtro.input) {
    const patron = `%${filtro.input.replace(/[\\%_]/g, '\\$&')}%`;
    condiciones.push(
      or(ilike(reservaciones.nombreCliente, patron), ilike(reservaciones.telefonoCliente, patron)),
    );
  }
  const donde = and(...condiciones);
  const [total] = await ctx.tx.select({ n: count() }).from(reservaciones).where(donde);
  const filas = await ctx.tx
    .select()
    .from(reservaciones)
    .where(donde)
    .orderBy(asc(reservaciones.inicio), asc(reservaciones.id))
    .limit(filtro.limit)
    .offset((filtro.page - 1) * filtro.limit);
  return { res: filas.map(aReservacion), totalRows: total?.n ?? 0 };
}

// The taken spans of a day in minutes since its midnight, clipped to the day.
async function rangosDelDia(ctx: Ctx, servicio: ServicioReservable, fecha: string) {
  const { desde, hasta } = limitesDelDia(fecha);
  const filas = await ocupadosEntre(ctx, servicio, desde, hasta);
  return filas.map((f) => ({
    inicioISO: f.inicio.toISOString(),
    finISO: f.fin.toISOString(),
    rango: {
      inicio: Math.max(0, Math.round((f.inicio.getTime() - desde.getTime()) / MINUTO_MS)),
      fin: Math.min(MINUTOS_DEL_DIA, Math.round((f.fin.getTime() - desde.getTime()) / MINUTO_MS)),
    } satisfies Rango,
  }));
}

/**
 * POST /reservaciones/consultar-disponibilidad {idServicio, fecha} (public): the day's slots by the
 * service's hours and duration; taken ones are not free, past ones are left out.
 */
export async function consultarDisponibilidad(
  ctx: Ctx,
  entrada: ConsultarDisponibilidad,
  ahora: Date = new Date(),
): Promise<Disponibilidad> {
  const servicio = await servicioReservable(ctx, entrada.idServicio);
  const jornada = jornadaDelDia(servicio, entrada.fecha);
  const hoy = diaYHora(ahora);
  // A past day offers nothing; today, only what starts after now.
  const desde =
    entrada.fecha < hoy.fecha
      ? MINUTOS_DEL_DIA
      : entrada.fecha === hoy.fecha
        ? minutosDeHora(hoy.hora) + 1
        : 0;
  const ocupados = (await rangosDelDia(ctx, servicio, entrada.fecha)).map((r) => r.rango);
  return {
    idServicio: servicio._id,
    fecha: entrada.fecha,
    dia: diaDeLaSemana(entrada.fecha),
    abierto: jornada !== null,
    horaDeInicio: jornada ? horaDeMinutos(jornada.abre) : null,
    horaDeCierre: jornada ? horaDeMinutos(jornada.cierra) : null,
    duracionReserva: servicio.duracionReserva,
    huecos: huecosDelDia(jornada, servicio.duracionReserva, ocupados, desde),
  };
}

/** POST /registro-productos/obtener-rangos-ocupados {idProducto, fecha} (public): the day's taken times. */
export async function obtenerRangosOcupados(
  ctx: Ctx,
  entrada: { idProducto: string; fecha: string },
): Promise<RangosOcupados> {
  const servicio = await servicioReservable(ctx, entrada.idProducto);
  const rangos = await rangosDelDia(ctx, servicio, entrada.fecha);
  return {
    idProducto: servicio._id,
    fecha: entrada.fecha,
    rangos: rangos.map((r) => ({
      inicio: r.inicioISO,
      fin: r.finISO,
      horaDeInicio: horaDeMinutos(r.rango.inicio),
      horaDeCierre: r.rango.fin === MINUTOS_DEL_DIA ? '24:00' : horaDeMinutos(r.rango.fin),
    })),
  };
}
