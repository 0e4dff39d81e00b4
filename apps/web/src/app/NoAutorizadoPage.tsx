import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';

/** The page a user sees when opening a module their privileges do not include. */
export function NoAutorizadoPage({ titulo }: { titulo: string }) {
  return (
    <Center mih="60vh">
      <Stack align="center" gap="sm" maw={460} ta="center">
        <IconLock size={48} stroke={1.5} color="var(--mantine-color-gray-6)" />
        <Title order={2}>No autorizado</Title>
        <Text c="dimmed">
          Tu usuario no tiene permiso para abrir «{titulo}». Si lo necesitas, pídele a un administrador que te
          dé acceso en Configuración › Usuarios.
        </Text>
        <Button component={Link} to="/" variant="light">
          Ir al inicio
        </Button>
      </Stack>
    </Center>
  );
}
