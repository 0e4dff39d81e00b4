import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useEffect, useState } from 'react';

type Base = Omit<NumberInputProps, 'value' | 'onChange' | 'clampBehavior' | 'allowNegative'> & {
  /** The number, or the text to show for it when the form derives it («100.00» from a shelf price). */
  valor: number | string | null;
};
type Props = Base &
  (
    | {
        vacio?: undefined;
        /** The number typed, or null while the field is empty or holds no number yet («-»). */
        alCambiar: (valor: number | null) => void;
      }
    | {
        /** What an empty field stands for (the contract's default, e.g. 0 for a price not given). */
        vacio: number;
        alCambiar: (valor: number) => void;
      }
  );

/** What a NumberInput hands over as a number: «1,500.5» → 1500.5; empty or «-» → null. */
export function numeroEscrito(valor: string | number): number | null {
  if (typeof valor === 'number') {
    return Number.isFinite(valor) ? valor : null;
  }
  const texto = valor.replace(/,/g, '').trim();
  const numero = Number(texto);
  return texto === '' || !Number.isFinite(numero) ? null : numero;
}

/**
 * The one numeric input of the forms. What the user types stands: no clamping to `min`/`max` on blur
 * and the minus sign is kept, so «150» or «-50» reach the form's validation (the contract's schema)
 * and its message shows next to the field, instead of silently becoming 100 or 50. `min`/`max` only
 * bound the step arrows. It keeps what is being typed («2.», «0.0») while the parent holds the number,
 * and follows the parent when it changes from outside (a scan adds 1 to the line).
 */
export function CampoNumerico(props: Props) {
  const { valor, alCambiar: _alCambiar, vacio, ...resto } = props;
  const [texto, setTexto] = useState<number | string>(valor ?? '');
  useEffect(() => {
    const numero = typeof valor === 'string' ? numeroEscrito(valor) : valor;
    setTexto((actual) => ((numeroEscrito(actual) ?? vacio ?? null) === numero ? actual : (valor ?? '')));
  }, [valor, vacio]);
  return (
    <NumberInput
      {...resto}
      clampBehavior="none"
      allowNegative
      value={texto}
      onChange={(v) => {
        setTexto(v);
        const numero = numeroEscrito(v);
        if (props.vacio === undefined) {
          props.alCambiar(numero);
        } else {
          props.alCambiar(numero ?? props.vacio);
        }
      }}
    />
  );
}
