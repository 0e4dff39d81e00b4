import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';

// Spec 002 §5, §8: when the server answers a create with solicitudDuplicada, the document already existed
// (a retry or a double click with the same identificadorUnico); nothing new was written.
export const TITULO_DE_DUPLICIDAD = 'Protección de duplicidad';
export const MENSAJE_DE_DUPLICIDAD = 'Este documento ya fue creado, por favor verifique';

/** The 'Protección de duplicidad' dialog, shown when a create answers `solicitudDuplicada: true`. */
export function avisarDuplicado(): void {
  const id = modals.open({
    title: TITULO_DE_DUPLICIDAD,
    centered: true,
    children: (
      <Stack gap="md">
        <Text size="sm">{MENSAJE_DE_DUPLICIDAD}</Text>
        <Group justify="flex-end">
          <Button onClick={() => modals.close(id)} data-autofocus>
            Aceptar
          </Button>
        </Group>
      </Stack>
    ),
  });
}

/** Whether a create's answer is a duplicate; shows the dialog when it is. */
export function revisarDuplicado(respuesta: { solicitudDuplicada: boolean }): boolean {
  if (respuesta.solicitudDuplicada) {
    avisarDuplicado();
  }
  return respuesta.solicitudDuplicada;
}
