import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { MENSAJE_LIMITE_DE_CREDITO } from '@pos/contract';
import { type FormEvent, useState } from 'react';

type Props = {
  abierto: boolean;
  /** The server's message (the customer and how much the limit is exceeded by). */
  mensaje: string;
  /** The last code was refused ('ingrese un cádigo válido :)'). */
  error: string | null;
  enviando: boolean;
  alCerrar: () => void;
  alConfirmar: (codigo: string) => void;
};

// Spec 001 §5 "Credit check": a sale over the customer's limiteCredito asks for permission; the invoice is
// sent again with the general configuration's authorization code (factura.codigoDeAutorizacion).
/** Asks for the authorization code of a sale over the customer's credit limit. */
export function ModalCodigoDeAutorizacion({
  abierto,
  mensaje,
  error,
  enviando,
  alCerrar,
  alConfirmar,
}: Props) {
  const [valor, setValor] = useState('');

  function confirmar(evento: FormEvent) {
    evento.preventDefault();
    if (valor.trim()) {
      alConfirmar(valor.trim());
    }
  }

  return (
    <Modal
      opened={abierto}
      onClose={() => {
        setValor('');
        alCerrar();
      }}
      title={MENSAJE_LIMITE_DE_CREDITO}
      centered
      size="sm"
    >
      <form onSubmit={confirmar}>
        <Stack gap="sm">
          {mensaje && mensaje !== MENSAJE_LIMITE_DE_CREDITO && <Text size="sm">{mensaje}</Text>}
          <Text size="sm" c="dimmed">
            Para facturar por encima del límite, un supervisor debe escribir el código de autorización.
          </Text>
          <PasswordInput
            label="Código de autorización"
            value={valor}
            onChange={(e) => setValor(e.currentTarget.value)}
            error={error}
            data-autofocus
            autoComplete="off"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={alCerrar} disabled={enviando}>
              Cancelar
            </Button>
            <Button type="submit" loading={enviando} disabled={!valor.trim()}>
              Autorizar y cobrar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
