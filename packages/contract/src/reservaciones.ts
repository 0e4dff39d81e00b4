import { DIAS_DE_RESERVA, ESTADOS_DE_RESERVACION } from '@pos/domain';
import { z } from 'zod';
import { IdentificadorUnico, Paginacion, ParamsId, SinParams } from './comun.ts';
import { endpoint } from './endpoint.ts';
import { DiaDeTrabajo, ServicioReservable } from './productos.ts';
import { Fecha, Texto, TextoObligatorio } from './tipos.ts';

// Reservations of bookable services (spec 002 §2 /reservaciones/reservar and /reservaciones/servicios,
// §3 the product's reservation fields and "Reservation", §7 "Reservations" and the reservable-product
// calls, §8, §9; spec 000 §2, §6). The spec shows no field of a reservation beyond nuevoEstado and
// motivoCambio: the rest is designed here and documented in docs/reservaciones.md.

export type { EstadoDeReservacion } from '@pos/domain';
export { ESTADOS_DE_RESERVACION };

/** Spec 002 §8: the title of the dialog when a booking fails, and the hint that follows the server's message. */
export const TITULO_RESERVACION_NO_ENVIADA = 'No se envió la reservación';
export const SUGERENCIA_RESERVACION_NO_ENVIADA = 'Intente con una fecha distinta';
/** The server's message when the time is taken (a 409); the same however the race was lost. */
export const MENSAJE_HUECO_OCUPADO =
  'Ese horario ya está reservado para este servicio. Elija otro horario disponible.';
export const MENSAJE_RESERVACION_EN_EL_PASADO =
  'La fecha y hora elegidas ya pasaron; elija un horario futuro.';
export const MENSAJE_SERVICIO_NO_RESERVABLE = 'El servicio elegido no existe o no acepta reservaciones.';
export const MENSAJE_NOMBRE_CLIENTE_RESERVA = 'Escriba su nombre';
export const MENSAJE_TELEFONO_RESERVA = 'Escriba un teléfono válido (de 7 a 15 dígitos)';
export const MENSAJE_MOTIVO_CAMBIO = 'Escriba el motivo del cambio de estado';

/** Reservations listed per page (spec 002 §9 has no size for them: the accounting lists' 25). */
export const LIMITE_RESERVACIONES = 25;
/** Bookings one address may send per minute to the public page (docs/reservaciones.md). */
export const RESERVACIONES_POR_MINUTO = 10;
/** Days ahead a visitor may book. */
export const DIAS_MAXIMOS_DE_ANTICIPACION = 180;

const Hora = z.string({ error: 'La hora debe tener el formato HH:MM' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, {
  error: 'La hora debe tener el formato HH:MM',
});
const IdServicio = z.uuid({ error: 'Elija un servicio' });

// A Dominican phone is 10 digits; with a country code and extensions up to 15. Spaces, dashes,
// dots, parentheses and a leading + are allowed as written.
const Telefono = z
  .string({ error: MENSAJE_TELEFONO_RESERVA })
  .trim()
  .max(30, MENSAJE_TELEFONO_RESERVA)
  .regex(/^\+?[\d\s().-]+$/, MENSAJE_TELEFONO_RESERVA)
  .refine((valor) => {
    const digitos = valor.replace(/\D/g, '').length;
    return digitos >= 7 && digitos <= 15;
  }, MENSAJE_TELEFONO_RESERVA);

const EstadoDeReservacion = z.enum(ESTADOS_DE_RESERVACION, {
  error: `El estado debe ser ${ESTADOS_DE_RESERVACION.join(', ')}`,
});

/** POST /reservaciones/: a visitor books a slot of a service (public, no session). */
export const CrearReservacion = z.object({
  idServicio: IdServicio,
  fecha: Fecha,
  /** Start in Santo Domingo; the end is the start plus the service's duracionReserva. */
  horaDeInicio: Hora,
  nombreCliente: TextoObligatorio(MENSAJE_NOMBRE_CLIENTE_RESERVA, 200),
  telefonoCliente: Telefono,
  nota: Texto(500).default(''),
  identificadorUnico: IdentificadorUnico,
});
export type CrearReservacion = z.output<typeof CrearReservacion>;

/** One change of state, with its reason and who made it (the first entry is the creation). */
export const CambioDeReservacion = z.object({
  estadoAnterior: EstadoDeReservacion.nullable(),
  nuevoEstado: EstadoDeReservacion,
  motivoCambio: z.string(),
  fecha: z.string(),
  usuario: z.string(),
});
export type CambioDeReservacion = z.infer<typeof CambioDeReservacion>;

/** What a visitor gets back: their own booking, nothing of anyone else's. */
export const ReservacionPublica = z.object({
  _id: z.string(),
  identificadorUnico: z.string(),
  idServicio: z.string(),
  nombreServicio: z.string(),
  fecha: z.string(),
  horaDeInicio: z.string(),
  horaDeCierre: z.string(),
  inicio: z.string(),
  fin: z.string(),
  duracionReserva: z.number(),
  nombreCliente: z.string(),
  telefonoCliente: z.string(),
  nota: z.string(),
  estado: EstadoDeReservacion,
});
export type ReservacionPublica = z.infer<typeof ReservacionPublica>;

/** A reservation as the staff see it: who, the linked contact, and its history. */
export const Reservacion = ReservacionPublica.extend({
  idUsuarioProveedor: z.string().nullable(),
  idCliente: z.string().nullable(),
  historial: z.array(CambioDeReservacion),
  creadoEn: z.string(),
  actualizadoEn: z.string(),
});
export type Reservacion = z.infer<typeof Reservacion>;

export const ReservacionCreada = z.object({
  reservacion: ReservacionPublica,
  solicitudDuplicada: z.boolean(),
});
export type ReservacionCreada = z.infer<typeof ReservacionCreada>;

/** POST /reservaciones/cambiar-estado/{id} {nuevoEstado, motivoCambio} (spec 002 §7). */
export const CambiarEstadoDeReservacion = z.object({
  nuevoEstado: EstadoDeReservacion,
  motivoCambio: TextoObligatorio(MENSAJE_MOTIVO_CAMBIO, 500),
});
export type CambiarEstadoDeReservacion = z.output<typeof CambiarEstadoDeReservacion>;

export const MENSAJE_MOTIVO_REPROGRAMACION = 'Escriba el motivo de la reprogramación';

/**
 * POST /reservaciones/reprogramar/{id} (beyond the spec, docs/reservaciones.md «Reprogramar»): the staff
 * move a booking to another day or time of its service, with a reason; the same rules as booking.
 */
export const ReprogramarReservacion = z.object({
  fecha: Fecha,
  horaDeInicio: Hora,
  motivoCambio: TextoObligatorio(MENSAJE_MOTIVO_REPROGRAMACION, 500),
});
export type ReprogramarReservacion = z.output<typeof ReprogramarReservacion>;

/** POST /reservaciones/reservaciones: the staff list, by day (or from today on), state and service. */
export const FiltroDeReservaciones = Paginacion.extend({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(500, 'No se pueden pedir más de 500 filas por página')
    .default(LIMITE_RESERVACIONES),
  /** One day; without it, every booking from today on. */
  fecha: z.union([z.literal(''), Fecha]).nullish(),
  estado: z.union([z.literal(''), EstadoDeReservacion]).default(''),
  idServicio: z.union([z.literal(''), IdServicio]).nullish(),
  /** Part of the client's name or phone. */
  input: Texto(200).default(''),
});
export type FiltroDeReservaciones = z.output<typeof FiltroDeReservaciones>;

export const PaginaDeReservaciones = z.object({ res: z.array(Reservacion), totalRows: z.number() });
export type PaginaDeReservaciones = z.infer<typeof PaginaDeReservaciones>;

/** POST /reservaciones/consultar-disponibilidad {idServicio, fecha}. */
export const ConsultarDisponibilidad = z.object({ idServicio: IdServicio, fecha: Fecha });
export type ConsultarDisponibilidad = z.output<typeof ConsultarDisponibilidad>;

export const HuecoDeReserva = z.object({
  horaDeInicio: z.string(),
  horaDeCierre: z.string(),
  libre: z.boolean(),
});
export type HuecoDeReserva = z.infer<typeof HuecoDeReserva>;

/** The day's slots: free ones may be booked; taken ones are listed as not free; past ones are left out. */
export const Disponibilidad = z.object({
  idServicio: z.string(),
  fecha: z.string(),
  dia: z.enum(DIAS_DE_RESERVA),
  abierto: z.boolean(),
  horaDeInicio: z.string().nullable(),
  horaDeCierre: z.string().nullable(),
  duracionReserva: z.number(),
  huecos: z.array(HuecoDeReserva),
});
export type Disponibilidad = z.infer<typeof Disponibilidad>;

/** POST /registro-productos/obtener-rangos-ocupados {idProducto, fecha} (sic, spec 002 §7). */
export const ConsultarRangosOcupados = z.object({ idProducto: IdServicio, fecha: Fecha });
export const RangosOcupados = z.object({
  idProducto: z.string(),
  fecha: z.string(),
  rangos: z.array(
    z.object({ inicio: z.string(), fin: z.string(), horaDeInicio: z.string(), horaDeCierre: z.string() }),
  ),
});
export type RangosOcupados = z.infer<typeof RangosOcupados>;

/**
 * POST /registro-productos/agregarServicioReservacion (sic): makes a product a bookable service with its
 * reservation fields (spec 002 §3), from the services page.
 */
export const AgregarServicioReservacion = z.object({
  _id: z.uuid({ error: 'Elija el producto o servicio' }),
  tipoDeReserva: Texto(50).default('cita'),
  duracionReserva: z
    .number({ error: 'La duración debe ser un número de minutos' })
    .int('La duración debe ser un número entero de minutos')
    .min(5, 'La duración debe ser de al menos 5 minutos')
    .max(720, 'La duración no puede pasar de 720 minutos')
    .default(15),
  idUsuarioProveedor: z
    .union([z.literal(''), z.uuid({ error: 'El proveedor no es válido' })])
    .nullish()
    .transform((valor) => valor || null),
  horaDeInicioPorDefecto: Hora.default('08:00'),
  horaDeCierrePorDefecto: Hora.default('17:00'),
  horarioDeTrabajo: z.array(DiaDeTrabajo).max(7).optional(),
});
export type AgregarServicioReservacion = z.output<typeof AgregarServicioReservacion>;

export const reservaciones = {
  crear: endpoint({
    method: 'POST',
    path: '/reservaciones/',
    body: CrearReservacion,
    params: SinParams,
    respuesta: ReservacionCreada,
  }),
  cambiarEstado: endpoint({
    method: 'POST',
    path: '/reservaciones/cambiar-estado/:id',
    body: CambiarEstadoDeReservacion,
    params: ParamsId,
    respuesta: Reservacion,
  }),
  reprogramar: endpoint({
    method: 'POST',
    path: '/reservaciones/reprogramar/:id',
    body: ReprogramarReservacion,
    params: ParamsId,
    respuesta: Reservacion,
  }),
  lista: endpoint({
    method: 'POST',
    path: '/reservaciones/reservaciones',
    efecto: 'lee',
    body: FiltroDeReservaciones,
    params: SinParams,
    respuesta: PaginaDeReservaciones,
  }),
  disponibilidad: endpoint({
    method: 'POST',
    path: '/reservaciones/consultar-disponibilidad',
    efecto: 'lee',
    body: ConsultarDisponibilidad,
    params: SinParams,
    respuesta: Disponibilidad,
  }),
  rangosOcupados: endpoint({
    method: 'POST',
    path: '/registro-productos/obtener-rangos-ocupados',
    efecto: 'lee',
    body: ConsultarRangosOcupados,
    params: SinParams,
    respuesta: RangosOcupados,
  }),
  agregarServicio: endpoint({
    method: 'POST',
    path: '/registro-productos/agregarServicioReservacion',
    body: AgregarServicioReservacion,
    params: SinParams,
    respuesta: ServicioReservable,
  }),
};
