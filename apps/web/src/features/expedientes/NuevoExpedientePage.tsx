import { Button, Group, Stack, Title } from '@mantine/core';
import { IconList } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { ExpedienteFormulario } from './ExpedienteFormulario.tsx';
import { LISTA_EXPEDIENTES } from './rutas.ts';

/** /expediente/nuevo_expediente: a client's case file with its processes (spec 002 §2, §3). */
export default function NuevoExpedientePage() {
  const navegar = useNavigate();
  return (
    <Stack gap="md" maw={1400} mx="auto">
      <Group justify="space-between">
        <Title order={2}>Nuevo expediente</Title>
        <Button
          variant="default"
          leftSection={<IconList size={16} />}
          onClick={() => void navegar(LISTA_EXPEDIENTES)}
        >
          Ver expedientes
        </Button>
      </Group>
      <ExpedienteFormulario />
    </Stack>
  );
}
