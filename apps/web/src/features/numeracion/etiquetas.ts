import { NOMBRES_DE_TIPO_DE_DOCUMENTO, type TipoDeDocumento } from '@pos/contract';

/** A document type as a list or select shows it: «Ventas», «Notas de crédito». */
export function tipoDeDocumento(tipo: TipoDeDocumento): string {
  const nombre = NOMBRES_DE_TIPO_DE_DOCUMENTO[tipo];
  return nombre.charAt(0).toUpperCase() + nombre.slice(1);
}

/** A typed date as Dominicans write it (31/12/2027, 31-12-2027) or ISO, to `YYYY-MM-DD`; null if not a date. */
export function leerFecha(texto: string): string | null {
  const dma = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(texto);
  const iso = /^\s*(\d{4})-(\d{2})-(\d{2})\s*$/.exec(texto);
  const [anio, mes, dia] = dma ? [dma[3], dma[2], dma[1]] : iso ? [iso[1], iso[2], iso[3]] : [];
  if (!anio || !mes || !dia) {
    return null;
  }
  const fecha = `${anio}-${mes.padStart(2, '0')}-${dia.padStart(2, '0')}`;
  const valor = new Date(`${fecha}T12:00:00Z`);
  return Number.isNaN(valor.getTime()) || valor.toISOString().slice(0, 10) !== fecha ? null : fecha;
}
