import { Button, Group, ScrollArea, Stack, Title } from '@mantine/core';
import { IconArrowLeft, IconList } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { FACTURACION_POS } from '../pos/rutas.ts';
import { CobroDeFacturas } from './CobroDeFacturas.tsx';
import { LISTA_INGRESOS_POS } from './rutas.ts';

/** /vistas_pos/nuevo_ingreso: the cashier collects a customer's invoices on the open shift. */
export default function NuevoIngresoPosPage() {
  const navegar = useNavigate();
  return (
    <ScrollArea h="100%" type="auto">
      <Stack p="sm" gap="sm" maw={960} mx="auto">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={16} />}
              onClick={() => void navegar(FACTURACION_POS)}
            >
              Facturación (F1)
            </Button>
            <Title order={3}>Nuevo ingreso</Title>
          </Group>
          <Button
            variant="default"
            leftSection={<IconList size={16} />}
            onClick={() => void navegar(LISTA_INGRESOS_POS)}
          >
            Lista de ingresos
          </Button>
        </Group>
        <CobroDeFacturas pos />
      </Stack>
    </ScrollArea>
  );
}
