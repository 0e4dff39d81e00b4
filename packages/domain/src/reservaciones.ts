import { DESFASE_SANTO_DOMINGO } from './fechas.ts';

// Reservations of bookable services (spec 002 §2 /reservaciones/*, §3 "Reservation" and the product's
// reservation fields, §7 "Reservations"; docs/reservaciones.md). Pure rules shared by the server and
// the booking page: the states and their transitions, a service's working day, its free slots.

/** States of a reservation; only a Cancelada one frees its time. */
export const ESTADOS_DE_RESERVACION = ['Pendiente', 'Confirmada', 'Cancelada', 'Completada'] as const;
export type EstadoDeReservacion = (typeof ESTADOS_DE_RESERVACION)[number];

// A pending booking is confirmed, attended or cancelled; a confirmed one is attended or cancelled.
// Cancelada and Completada are final: reopening a cancelled booking could land on a time taken since.
const TRANSICIONES: Record<EstadoDeReservacion, readonly EstadoDeReservacion[]> = {
  Pendiente: ['Confirmada', 'Completada', 'Cancelada'],
  Confirmada: ['Completada', 'Cancelada'],
  Cancelada: [],
  Completada: [],
};

/** The states a reservation in `estado` may move to. */
export function estadosSiguientes(estado: EstadoDeReservacion): readonly EstadoDeReservacion[] {
  return TRANSICIONES[estado];
}

/** Whether `actual` may become `nuevo`; when not, the reason in Spanish. */
export function cambioDeEstadoDeReservacion(
  actual: EstadoDeReservacion,
  nuevo: EstadoDeReservacion,
): { permitido: true } | { permitido: false; mensaje: string } {
  if (actual === nuevo) {
    return { permitido: false, mensaje: `La reservación ya está ${actual}.` };
  }
  if (TRANSICIONES[actual].length === 0) {
    return {
      permitido: false,
      mensaje: `La reservación está ${actual} y ya no cambia de estado.`,
    };
  }
  if (!TRANSICIONES[actual].includes(nuevo)) {
    return {
      permitido: false,
      mensaje: `Una reservación ${actual} solo puede pasar a ${TRANSICIONES[actual].join(' o ')}.`,
    };
  }
  return { permitido: true };
}

/**
 * Whether a reservation in `estado` may move to another time (docs/reservaciones.md «Reprogramar»): only
 * while it is still to be attended, Pendiente or Confirmada; it keeps its state.
 */
export function reprogramacionDeReservacion(
  estado: EstadoDeReservacion,
): { permitido: true } | { permitido: false; mensaje: string } {
  if (estado === 'Pendiente' || estado === 'Confirmada') {
    return { permitido: true };
  }
  return {
    permitido: false,
    mensaje: `La reservación está ${estado}: solo se reprograma una reservación Pendiente o Confirmada.`,
  };
}

/** Whether a reservation in this state holds its time (every state but Cancelada). */
export function ocupaHueco(estado: EstadoDeReservacion): boolean {
  return estado !== 'Cancelada';
}

/** Weekday names as a service's working week names them (spec 002 §3 horarioDeTrabajo.dia). */
export const DIAS_DE_RESERVA = [
  'Domingo',
  'Lunes',
  'Martes',
  'Miércoles',
  'Jueves',
  'Viernes',
  'Sábado',
] as const;
export type DiaDeReserva = (typeof DIAS_DE_RESERVA)[number];

/** The weekday of a calendar day 'AAAA-MM-DD'. */
export function diaDeLaSemana(fecha: string): DiaDeReserva {
  const dia = DIAS_DE_RESERVA[new Date(`${fecha}T12:00:00Z`).getUTCDay()];
  if (dia === undefined) {
    throw new RangeError(`Fecha no válida: ${fecha}`);
  }
  return dia;
}

/** Minutes since midnight of an 'HH:MM' time. */
export function minutosDeHora(hora: string): number {
  return Number(hora.slice(0, 2)) * 60 + Number(hora.slice(3, 5));
}

/** 'HH:MM' of minutes since midnight. */
export function horaDeMinutos(minutos: number): string {
  return `${String(Math.floor(minutos / 60)).padStart(2, '0')}:${String(minutos % 60).padStart(2, '0')}`;
}

/** The instant of a time of a calendar day in Santo Domingo (UTC−4 all year, fechas.ts). */
export function instanteEnSantoDomingo(fecha: string, minutos: number): Date {
  return new Date(Date.parse(`${fecha}T00:00:00${DESFASE_SANTO_DOMINGO}`) + minutos * 60_000);
}

/** A day of a service's working week (spec 002 §3). */
export type DiaDeTrabajoDeServicio = {
  dia: string;
  horaDeInicio: string;
  horaDeCierre: string;
  estado: boolean;
};

/** What of a bookable service decides its days: its week and the default hours (spec 002 §3). */
export type HorarioDeServicio = {
  horarioDeTrabajo: readonly DiaDeTrabajoDeServicio[];
  horaDeInicioPorDefecto: string;
  horaDeCierrePorDefecto: string;
};

/** Opening and closing of a working day, in minutes since midnight. */
export type Jornada = { abre: number; cierra: number };

/**
 * The service's working hours on `fecha`, or null when it does not attend that day. A day missing from
 * its week takes the default hours and the default week (spec 002 §3: Monday to Friday active).
 */
export function jornadaDelDia(horario: HorarioDeServicio, fecha: string): Jornada | null {
  const nombre = diaDeLaSemana(fecha);
  const dia = horario.horarioDeTrabajo.find((d) => d.dia === nombre) ?? {
    dia: nombre,
    horaDeInicio: horario.horaDeInicioPorDefecto,
    horaDeCierre: horario.horaDeCierrePorDefecto,
    estado: nombre !== 'Sábado' && nombre !== 'Domingo',
  };
  const abre = minutosDeHora(dia.horaDeInicio);
  const cierra = minutosDeHora(dia.horaDeCierre);
  return dia.estado && cierra > abre ? { abre, cierra } : null;
}

/** A span of one day in minutes since midnight, the end excluded. */
export type Rango = { inicio: number; fin: number };

/** Whether two spans share any minute (one ending when the other starts does not). */
export function seSolapan(a: Rango, b: Rango): boolean {
  return a.inicio < b.fin && b.inicio < a.fin;
}

/** A slot of a working day: its span and whether it can still be booked. */
export type Hueco = { horaDeInicio: string; horaDeCierre: string; libre: boolean };

/**
 * The slots of a working day: one every `duracion` minutes from opening while it ends by closing.
 * A slot that overlaps a taken span is not free; one starting before `desde` (now, on today) is left out.
 */
export function huecosDelDia(
  jornada: Jornada | null,
  duracion: number,
  ocupados: readonly Rango[],
  desde = 0,
): Hueco[] {
  if (jornada === null || duracion <= 0) {
    return [];
  }
  const huecos: Hueco[] = [];
  for (let inicio = jornada.abre; inicio + duracion <= jornada.cierra; inicio += duracion) {
    if (inicio < desde) {
      continue;
    }
    const rango = { inicio, fin: inicio + duracion };
    huecos.push({
      horaDeInicio: horaDeMinutos(rango.inicio),
      horaDeCierre: horaDeMinutos(rango.fin),
      libre: !ocupados.some((o) => seSolapan(o, rango)),
    });
  }
  return huecos;
}

/**
 * Why a booking of `duracion` minutes from `inicio` does not fit the service's day, or null when it
 * fits: the day is not worked, or the booking starts before opening or ends after closing.
 */
export function fueraDeHorario(jornada: Jornada | null, inicio: number, duracion: number): string | null {
  if (jornada === null) {
    return 'El servicio no atiende ese día; elija otro día.';
  }
  if (inicio < jornada.abre || inicio + duracion > jornada.cierra) {
    return `La hora está fuera del horario de trabajo del servicio (de ${horaDeMinutos(jornada.abre)} a ${horaDeMinutos(jornada.cierra)}, ${duracion} minutos por reserva).`;
  }
  return null;
}
