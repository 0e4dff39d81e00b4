import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useEffect, useState } from 'react';

type Props = Omit<NumberInputProps, 'value' | 'onChange'> & {
  valor: number | null;
  /** The number typed, or null while the field is empty. */
  alCambiar: (valor: number | null) => void;
};

/**
 * A NumberInput bound to a number: it keeps what is being typed («2.», «0.0») while the parent holds the
 * number, and follows the parent when it changes from outside (a scan adds 1 to the line).
 */
export function CampoNumerico({ valor, alCambiar, ...props }: Props) {
  const [texto, setTexto] = useState<number | string>(valor ?? '');
  useEffect(() => {
    setTexto((actual) =>
      (actual !== '' && Number(actual) === valor) || (actual === '' && valor === null)
        ? actual
        : (valor ?? ''),
    );
  }, [valor]);
  return (
    <NumberInput
      {...props}
      value={texto}
      onChange={(v) => {
        setTexto(v);
        const numero = typeof v === 'number' ? v : v.trim() === '' ? null : Number(v.replace(/,/g, ''));
        alCambiar(numero === null || Number.isFinite(numero) ? numero : null);
      }}
    />
  );
}
