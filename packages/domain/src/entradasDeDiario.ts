import { type Centavos, formatearDinero, sumarCentavos } from './dinero.ts';

// Manual journal entries (spec 002 §3 "Accounting": journal entry header and lines). The rules the
// form shows live and the server enforces: at least two lines, each a debit OR a credit, and the
// entry balanced. Accounts, cost centres, contacts and the date are checked by the server.

/** A line of a journal entry as far as its amounts go. */
export type MontosDeLineaDeEntrada = { readonly debito: Centavos; readonly credito: Centavos };

export type TotalesDeEntrada = {
  readonly debitos: Centavos;
  readonly creditos: Centavos;
  /** debitos − creditos: 0 when the entry balances. */
  readonly diferencia: Centavos;
  readonly cuadrada: boolean;
};

/** A refusal of a journal entry: the line it is about (null for the whole entry) and the message. */
export type ErrorDeEntrada = {
  readonly indice: number | null;
  readonly campo: 'lineas' | 'debito' | 'credito';
  readonly mensaje: string;
};

export const MENSAJE_ENTRADA_MINIMO_DE_LINEAS = 'La entrada de diario necesita por lo menos dos líneas';
export const MENSAJE_LINEA_DEBITO_Y_CREDITO = 'Una línea no puede tener débito y crédito a la vez';
export const MENSAJE_LINEA_SIN_MONTO = 'Cada línea necesita un débito o un crédito';
export const MENSAJE_LINEA_NEGATIVA = 'El débito y el crédito no pueden ser negativos';
export const MENSAJE_ENTRADA_FECHA_FUTURA = 'La fecha de la entrada no puede ser futura';

/** 'La entrada de diario no está cuadrada: débitos RD$100.00, créditos RD$90.00'. */
export function mensajeEntradaDescuadrada(debitos: Centavos, creditos: Centavos): string {
  return `La entrada de diario no está cuadrada: débitos ${formatearDinero(debitos)}, créditos ${formatearDinero(creditos)}`;
}

/** Total debits, total credits and their difference (the running totals of the form). */
export function totalesDeEntrada(lineas: readonly MontosDeLineaDeEntrada[]): TotalesDeEntrada {
  const debitos = sumarCentavos(lineas.map((l) => l.debito));
  const creditos = sumarCentavos(lineas.map((l) => l.credito));
  const diferencia = (debitos - creditos) as Centavos;
  return { debitos, creditos, diferencia, cuadrada: diferencia === 0 };
}

/**
 * The first reason a journal entry's amounts are refused, or null (double entry: every line moves one
 * side of one account, and the entry's debits equal its credits; architecture invariant 6).
 */
export function revisarMontosDeEntrada(lineas: readonly MontosDeLineaDeEntrada[]): ErrorDeEntrada | null {
  for (const [indice, linea] of lineas.entries()) {
    if (linea.debito < 0 || linea.credito < 0) {
      return { indice, campo: linea.debito < 0 ? 'debito' : 'credito', mensaje: MENSAJE_LINEA_NEGATIVA };
    }
    if (linea.debito > 0 && linea.credito > 0) {
      return { indice, campo: 'credito', mensaje: MENSAJE_LINEA_DEBITO_Y_CREDITO };
    }
    if (linea.debito === 0 && linea.credito === 0) {
      return { indice, campo: 'debito', mensaje: MENSAJE_LINEA_SIN_MONTO };
    }
  }
  if (lineas.length < 2) {
    return { indice: null, campo: 'lineas', mensaje: MENSAJE_ENTRADA_MINIMO_DE_LINEAS };
  }
  const { debitos, creditos, cuadrada } = totalesDeEntrada(lineas);
  if (!cuadrada) {
    return { indice: null, campo: 'lineas', mensaje: mensajeEntradaDescuadrada(debitos, creditos) };
  }
  return null;
}

/** Whether a journal entry dated `fecha` (AAAA-MM-DD) is after `hoy` (today in Santo Domingo). */
export function esFechaFutura(fecha: string, hoy: string): boolean {
  return fecha > hoy;
}
