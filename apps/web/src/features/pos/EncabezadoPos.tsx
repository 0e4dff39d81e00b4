import { Button, Group, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { FACTURACION_POS } from './rutas.ts';

/** The header of a POS screen other than billing: back to Facturación (F1), the title, its actions. */
export function EncabezadoPos({ titulo, children }: { titulo: string; children?: ReactNode }) {
  const navegar = useNavigate();
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
          onClick={() => void navegar(FACTURACION_POS)}
        >
          Facturación (F1)
        </Button>
        <Title order={3}>{titulo}</Title>
      </Group>
      {children}
    </Group>
  );
}
