import { Text, Textarea, type TextareaProps, TextInput, type TextInputProps } from '@mantine/core';
import type { ClipboardEvent, ReactNode } from 'react';

/** From this share of the limit on, the field shows how many characters it holds. */
const CERCA_DEL_LIMITE = 0.8;

function contador(valor: unknown, max: number, descripcion: ReactNode): ReactNode {
  const largo = typeof valor === 'string' ? valor.length : 0;
  if (largo < max * CERCA_DEL_LIMITE) {
    return descripcion;
  }
  return (
    <>
      {descripcion}
      {descripcion ? ' · ' : null}
      <Text span size="xs" c={largo > max ? 'red' : 'dimmed'} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {largo} de {max} caracteres
      </Text>
    </>
  );
}

/**
 * The browser cuts a paste at `maxLength` without a word. A paste that would not fit goes in whole
 * instead, so the contract's «No puede tener más de N caracteres» shows next to the field and the user
 * decides what to cut.
 */
function pegarEntero(evento: ClipboardEvent<HTMLInputElement | HTMLTextAreaElement>, max: number): void {
  const campo = evento.currentTarget;
  const pegado = evento.clipboardData.getData('text');
  const inicio = campo.selectionStart ?? campo.value.length;
  const fin = campo.selectionEnd ?? inicio;
  const nuevo = campo.value.slice(0, inicio) + pegado + campo.value.slice(fin);
  if (nuevo.length <= max) {
    return;
  }
  evento.preventDefault();
  const prototipo = campo instanceof HTMLTextAreaElement ? HTMLTextAreaElement : HTMLInputElement;
  // React tracks the value it last set; the native setter plus an input event make it see the change.
  Object.getOwnPropertyDescriptor(prototipo.prototype, 'value')?.set?.call(campo, nuevo);
  campo.dispatchEvent(new Event('input', { bubbles: true }));
}

type ConLimite = {
  /** The contract's maximum length for this field (exported with its schema, so the number lives once). */
  max: number;
};

/**
 * A TextInput with the contract's maximum length: typing stops there, a paste that does not fit is kept
 * whole and refused by the form's validation, and near the limit the field counts its characters.
 */
export function CampoDeTexto({ max, description, onPaste, ...props }: TextInputProps & ConLimite) {
  return (
    <TextInput
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      {...props}
      maxLength={max}
      description={contador(props.value, max, description)}
      onPaste={(evento) => {
        onPaste?.(evento);
        pegarEntero(evento, max);
      }}
    />
  );
}

/** A Textarea with the contract's maximum length, like CampoDeTexto. */
export function AreaDeTexto({ max, description, onPaste, ...props }: TextareaProps & ConLimite) {
  return (
    <Textarea
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      {...props}
      maxLength={max}
      description={contador(props.value, max, description)}
      onPaste={(evento) => {
        onPaste?.(evento);
        pegarEntero(evento, max);
      }}
    />
  );
}
