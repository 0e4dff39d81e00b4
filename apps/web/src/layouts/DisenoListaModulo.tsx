import { Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A module's list screen: title, actions (e.g. a BotonEscritura «Nuevo»), and the content in a card. */
export function DisenoListaModulo({
  titulo,
  acciones,
  children,
}: {
  titulo: string;
  acciones?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack gap="md" maw={1400} mx="auto">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2}>{titulo}</Title>
        {acciones && <Group gap="xs">{acciones}</Group>}
      </Group>
      <Paper withBorder radius="md" p="md">
        {children}
      </Paper>
    </Stack>
  );
}
