import { z } from 'zod';

// The shared value types of the request schemas: one rule each, used by every body, path and query
// that carries such a value, and by the web forms through the same schemas (architecture invariant 8:
// a malformed value is refused with its field named, in Spanish, before it reaches the database).

/** Message of a text that carries the NUL character (PostgreSQL cannot store it in text or jsonb). */
export const MENSAJE_CARACTER_NULO = 'No puede contener el carácter nulo (\\u0000)';

/** Whether a text is free of NUL (for a text that must not be trimmed, such as a password). */
export const sinNulo = (valor: string) => !valor.includes('\u0000');

/**
 * A text of at most `max` characters, trimmed, without NUL. Every free text of a request has a maximum:
 * names 200, notes 500, long descriptions 2000.
 */
export function Texto(max: number) {
  return z
    .string({ error: 'Debe ser un texto' })
    .trim()
    .max(max, `No puede tener más de ${max} caracteres`)
    .refine(sinNulo, MENSAJE_CARACTER_NULO);
}

/** A required text: `mensaje` when it is missing or empty. */
export function TextoObligatorio(mensaje: string, max: number) {
  return z
    .string({ error: mensaje })
    .trim()
    .min(1, mensaje)
    .max(max, `No puede tener más de ${max} caracteres`)
    .refine(sinNulo, MENSAJE_CARACTER_NULO);
}

const FORMATO_DE_FECHA = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `AAAA-MM-DD` names a day of the calendar (2026-02-30 and 9999-99-99 do not). */
export function esFechaDelCalendario(valor: string): boolean {
  const partes = FORMATO_DE_FECHA.exec(valor);
  if (!partes) {
    return false;
  }
  const [anio, mes, dia] = [Number(partes[1]), Number(partes[2]), Number(partes[3])];
  const fecha = new Date(Date.UTC(anio, mes - 1, dia));
  return (
    anio >= 1900 &&
    fecha.getUTCFullYear() === anio &&
    fecha.getUTCMonth() === mes - 1 &&
    fecha.getUTCDate() === dia
  );
}

/** A calendar day `AAAA-MM-DD`; `formato` is the message of a value without that shape. */
export function fecha(formato = 'La fecha debe tener el formato AAAA-MM-DD') {
  return (
    z
      .string({ error: formato })
      .regex(FORMATO_DE_FECHA, formato)
      // A value without the shape gets only the format message, not the calendar one too.
      .refine(
        (valor) => !FORMATO_DE_FECHA.test(valor) || esFechaDelCalendario(valor),
        'La fecha no existe en el calendario',
      )
  );
}

/** A calendar day `AAAA-MM-DD` (from 1900), with the general messages. */
export const Fecha = fecha();

// A number's decimals compared with a tolerance: in binary 19.99 × 100 is 1998.9999… A value other
// than 0 that its scale rounds to 0 (5e-324, 1e-9) has too many decimals: the numeric column would
// store it as 0.
const conDecimales = (valor: number, decimales: number) => {
  const escalado = valor * 10 ** decimales;
  const redondeado = Math.round(escalado);
  return (
    (valor === 0 || redondeado !== 0) &&
    Math.abs(escalado - redondeado) < 1e-6 * Math.max(1, Math.abs(escalado) / 1e9)
  );
};

/** Largest amount of money: numeric(14, 2) columns hold 12 integer digits; one less leaves room for sums. */
export const DINERO_MAXIMO = 99_999_999_999;
/** Largest quantity: numeric(18, 4) columns; a billion units is more than any stock. */
export const CANTIDAD_MAXIMA = 999_999_999;

/** An amount of money: 0 or more, at most 2 decimals, below `DINERO_MAXIMO`. */
export function Dinero(nombre = 'El monto') {
  return z
    .number({ error: `${nombre} debe ser un número` })
    .min(0, `${nombre} no puede ser menor que 0`)
    .max(DINERO_MAXIMO, `${nombre} es demasiado grande`)
    .refine((valor) => conDecimales(valor, 2), `${nombre} admite hasta 2 decimales`);
}

/** An amount of money that must be more than 0 (a cent at least: 5e-324 is refused, not rounded to 0). */
export function DineroPositivo(nombre = 'El monto') {
  return Dinero(nombre).refine((valor) => Math.round(valor * 100) >= 1, `${nombre} debe ser mayor que 0`);
}

/**
 * A unit price before tax or a unit cost (architecture invariant 3): 0 or more, below `DINERO_MAXIMO`; its decimals are
 * not limited (a shelf price of 100 at ITBIS 18 % has a base of 84.7457…), but the numeric column keeps
 * 12, so a value other than 0 below 1e-12 (5e-324) is refused rather than stored as 0.
 */
export function PrecioUnitario(nombre = 'El precio') {
  return z
    .number({ error: `${nombre} debe ser un número` })
    .min(0, `${nombre} no puede ser menor que 0`)
    .max(DINERO_MAXIMO, `${nombre} es demasiado grande`)
    .refine((valor) => valor === 0 || valor >= 1e-12, `${nombre} admite hasta 12 decimales`);
}

const esPositiva = (valor: number) => valor > 0 && Math.round(valor * 10_000) >= 1;

/** A quantity of goods: more than 0, at most 4 decimals (sold by weight), below `CANTIDAD_MAXIMA`. */
export function Cantidad(nombre = 'La cantidad') {
  return (
    z
      .number({ error: `${nombre} debe ser un número` })
      .max(CANTIDAD_MAXIMA, `${nombre} es demasiado grande`)
      .refine((valor) => esPositiva(valor), `${nombre} debe ser mayor que 0`)
      // Not aborted, so a union around it still names the field; a value ≤ 0 gets only the message above.
      .refine((valor) => !esPositiva(valor) || conDecimales(valor, 4), `${nombre} admite hasta 4 decimales`)
  );
}

/** A quantity that may be 0 (an opening stock): never negative, at most 4 decimals. */
export function CantidadOCero(nombre = 'La cantidad') {
  return z
    .number({ error: `${nombre} debe ser un número` })
    .min(0, `${nombre} no puede ser menor que 0`)
    .max(CANTIDAD_MAXIMA, `${nombre} es demasiado grande`)
    .refine((valor) => conDecimales(valor, 4), `${nombre} admite hasta 4 decimales`);
}
