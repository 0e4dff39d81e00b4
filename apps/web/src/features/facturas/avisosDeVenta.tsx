import { Button, Group, Stack, Table, Text, ThemeIcon } from '@mantine/core';
import { modals } from '@mantine/modals';
import { MENSAJE_BAJO_STOCK, type ProductoBajoStock } from '@pos/contract';
import { IconAlertTriangle, IconX } from '@tabler/icons-react';

// The dialogs a failed sale shows, the same at the POS and in the back office (spec 001 §8).

// Spec 001 §8 productoBajoStock: 'Alerta de Inventario' with the list of products.
/** The low-stock dialog listing what cannot be sold. */
export function avisarBajoStock(mensaje: string, productos: readonly ProductoBajoStock[]): void {
  const id = modals.open({
    title: (
      <Group gap="xs">
        <ThemeIcon color="orange" variant="light" radius="xl">
          <IconAlertTriangle size={16} />
        </ThemeIcon>
        <Text fw={650}>{MENSAJE_BAJO_STOCK}</Text>
      </Group>
    ),
    centered: true,
    size: 'lg',
    children: (
      <Stack gap="sm">
        <Text size="sm">{mensaje}</Text>
        <Table striped withTableBorder fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Producto</Table.Th>
              <Table.Th ta="right">Pedido</Table.Th>
              <Table.Th ta="right">Disponible</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {productos.map((p) => (
              <Table.Tr key={p.idProducto}>
                <Table.Td>{p.descripcion}</Table.Td>
                <Table.Td ta="right">{p.cantidad}</Table.Td>
                <Table.Td ta="right" c={p.disponibilidad <= 0 ? 'red' : undefined}>
                  {p.disponibilidad}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="flex-end">
          <Button onClick={() => modals.close(id)} data-autofocus>
            Aceptar
          </Button>
        </Group>
      </Stack>
    ),
  });
}

// Spec 001 §8 "Other invoice create error": 'No se guardo la factura' with the server's message and a
// retry. The retry sends the same body (same identificadorUnico), so it never sells twice.
/** The failed-save dialog with its retry. */
export function avisarFacturaNoGuardada(mensaje: string, reintentar: () => void): void {
  modals.openConfirmModal({
    title: (
      <Group gap="xs">
        <ThemeIcon color="red" variant="light" radius="xl">
          <IconX size={16} />
        </ThemeIcon>
        <Text fw={650}>No se guardo la factura</Text>
      </Group>
    ),
    centered: true,
    children: <Text size="sm">{mensaje}</Text>,
    labels: { confirm: 'Reintentar', cancel: 'Cerrar' },
    confirmProps: { 'data-autofocus': true },
    onConfirm: reintentar,
  });
}
