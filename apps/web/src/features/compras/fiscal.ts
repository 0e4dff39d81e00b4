import { MENSAJE_NCF_OBLIGATORIO, NcfDelProveedor, TIPOS_BIENES_SERVICIOS } from '@pos/contract';
import { validarIdentificacionFiscal } from '@pos/domain';

// What a purchase carries for the 606 (fiscal-do.md §1, §3.1), as the form checks it before sending.

/** «09 · Compras y gastos…» for a DGII code (606 col. 3), or the code itself when unknown. */
export function nombreDeTipoDeBienes(codigo: string): string {
  const nombre = (TIPOS_BIENES_SERVICIOS as Record<string, string>)[codigo];
  return nombre ? `${codigo} · ${nombre}` : codigo;
}

/** The 11 DGII codes with their names, for a select. */
export const OPCIONES_DE_BIENES_Y_SERVICIOS = Object.keys(TIPOS_BIENES_SERVICIOS).map((codigo) => ({
  value: codigo,
  label: nombreDeTipoDeBienes(codigo),
}));

/**
 * The supplier's NCF as typed, checked with the contract's own rule (NcfDelProveedor: the domain's
 * analizarNcf for form and length, fiscal-do.md §1.1, and no buyer-issued type): the NCF to send
 * (upper case, without spaces or dashes), or why not. An empty one is refused: a purchase from a
 * formal supplier reports the supplier's NCF; an informal one takes our B11 numbering instead.
 */
export function revisarNcfDelProveedor(texto: string): { ncf: string } | { error: string } {
  const resultado = NcfDelProveedor.safeParse(texto);
  if (!resultado.success) {
    return { error: resultado.error.issues[0]?.message ?? 'El NCF no es válido' };
  }
  return resultado.data === '' ? { error: MENSAJE_NCF_OBLIGATORIO } : { ncf: resultado.data };
}

/**
 * fiscal-do.md §2.3: a wrong RNC or cédula check digit is a warning (DGII has issued numbers that fail
 * it), never a block; undefined when the number checks or there is none.
 */
export function avisoDeIdentificacion(rnc: string): string | undefined {
  if (rnc.trim() === '') {
    return undefined;
  }
  const resultado = validarIdentificacionFiscal(rnc);
  return resultado.ok ? resultado.valor.advertencia : resultado.mensaje;
}
