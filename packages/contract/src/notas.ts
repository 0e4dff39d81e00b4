import { z } from 'zod';
import { FechaDeDocumento } from './documentos.ts';
import { textoOpcional } from './maestros.ts';
import { Dinero, Texto } from './tipos.ts';

// What credit notes (notasDeCredito.ts, on an invoice) and debit notes (notasDeDebito.ts, on a purchase)
// share (spec 001 §3 "Credit note", "Debit note", §4, §5, §7): the input pieces of their bodies and the
// one rule of their links. Each family names its own fields around them.

/** An account chosen on a note (returns account, refund account, inventory account of a line). */
export const CuentaDeNota = z
  .object({ idCuenta: z.uuid({ error: 'La cuenta contable no es válida' }) })
  .loose();

/** The ids of the saved lines an edit removes (PUT borrarLineas…). */
export const IdsQuitados = z
  .array(z.uuid({ error: 'La línea a borrar no es válida' }))
  .max(300)
  .default([]);

/** The client's totals (spec 001 §7 asientoContable): informative, the server computes its own. */
export const AsientoContableDeNota = z
  .object({ totalFacturado: Dinero().nullish(), subtotalFacturado: Dinero().nullish() })
  .loose();

/** The header fields both notes' forms send besides the modified document and the note's kind. */
export const CAMPOS_DE_CABECERA_DE_NOTA = {
  fechaEmision: FechaDeDocumento.nullish(),
  hora: z
    .string()
    .regex(/^\d{2}:\d{2}(:\d{2})?$/, 'La hora debe tener el formato HH:mm')
    .nullish(),
  metodoDePago: Texto(50).default(''),
  notaPieDePagina: textoOpcional(1000).default(''),
  notaInformacionInterna: textoOpcional(1000).default(''),
};

/** A notes list's page size (spec 001 §9: `porDefecto` rows). */
export function limiteDeNotas(porDefecto: number) {
  return z
    .number()
    .int()
    .min(1)
    .max(200, 'No se pueden pedir más de 200 filas por página')
    .default(porDefecto);
}

/**
 * The messages of a note's link rule (spec 001 §5): credit notes name invoices, debit notes purchases.
 */
export interface MensajesDeVinculos {
  /** Refunds present and a document linked. */
  devolucionesActivas: string;
  /** A document linked and a refund added (credit notes say devolucionesActivas both ways). */
  vinculoActivo: string;
  /** A second, different document linked. */
  unoSolo: string;
  /** The same document linked twice. */
  repetido: string;
}

/**
 * Spec 001 §4, §5: a linked document XOR money refunds, one document at most, never twice. The one rule
 * of credit notes (invoices) and debit notes (purchases), for the create body, the edit's final lines
 * (server) and the screens; null when it holds. `agregado` says which of the two came last (a screen
 * adding one, an edit adding to the saved note, a create body as its family decides).
 */
export function reglaDeVinculosCon(
  mensajes: MensajesDeVinculos,
  idsVinculados: readonly string[],
  devoluciones: readonly unknown[],
  agregado: 'vinculo' | 'devolucion' = 'vinculo',
): string | null {
  if (idsVinculados.length > 0 && devoluciones.length > 0) {
    return agregado === 'vinculo' ? mensajes.devolucionesActivas : mensajes.vinculoActivo;
  }
  if (new Set(idsVinculados).size < idsVinculados.length) {
    return mensajes.repetido;
  }
  if (idsVinculados.length > 1) {
    return mensajes.unoSolo;
  }
  return null;
}
