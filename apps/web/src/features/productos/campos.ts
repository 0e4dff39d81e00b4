import type { UseFormReturnType } from '@mantine/form';
import type { Valores } from './formulario.ts';

export type FormularioDeProducto = UseFormReturnType<Valores>;

/** A NumberInput's value as a number: it may hand over a string while typing («1,500.5», «»). */
export function aNumero(valor: string | number): number {
  if (typeof valor === 'number') {
    return valor;
  }
  const numero = Number(valor.replace(/,/g, ''));
  return Number.isFinite(numero) ? numero : 0;
}

/** Props of a money CampoNumerico: 2 decimals, thousands separator; `min` bounds the arrows only. */
export const PROPS_DE_MONTO = {
  min: 0,
  decimalScale: 2,
  thousandSeparator: ',',
  leftSection: 'RD$',
  leftSectionWidth: 44,
} as const;

/** Props of a quantity CampoNumerico (stock may have 4 decimals: cheese by the pound). */
export const PROPS_DE_CANTIDAD = { min: 0, decimalScale: 4, thousandSeparator: ',' } as const;
