import { Button, ScrollArea, Stack } from '@mantine/core';
import { IconList } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { EncabezadoPos } from '../pos/EncabezadoPos.tsx';
import { CobroDeFacturas } from './CobroDeFacturas.tsx';
import { LISTA_INGRESOS_POS } from './rutas.ts';

/** /vistas_pos/nuevo_ingreso: the cashier collects a customer's invoices on the open shift. */
export default function NuevoIngresoPosPage() {
  const navegar = useNavigate();
  return (
    <ScrollArea h="100%" type="auto">
      <Stack p="sm" gap="sm" maw={960} mx="auto">
        <EncabezadoPos titulo="Nuevo ingreso">
          <Button
            variant="default"
            leftSection={<IconList size={16} />}
            onClick={() => void navegar(LISTA_INGRESOS_POS)}
          >
            Lista de ingresos
          </Button>
        </EncabezadoPos>
        <CobroDeFacturas pos />
      </Stack>
    </ScrollArea>
  );
}
