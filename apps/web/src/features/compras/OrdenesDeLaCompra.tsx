import { Badge, Button, CloseButton, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  type DetalleOrdenDeCompra,
  MENSAJE_ORDEN_DE_COMPRA_YA_EXISTE,
  type OrdenDeCompra,
  ordenesDeCompraApi,
} from '@pos/contract';
import { IconClipboardList } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client.ts';
import { dinero, fecha } from '../../ui/formato.ts';

/** An order the purchase takes (spec 001 §4): its id and number. */
export type OrdenVinculada = { _id: string; comprobante: string };

/** Spec 001 §4: an active order no purchase took yet can be received. */
export function ordenComprable(o: OrdenDeCompra): boolean {
  return o.estado === 'Activo' && !o.idCompra;
}

type Props = {
  idProveedor: string | null;
  vinculadas: OrdenVinculada[];
  /** The chosen order and its lines, as GET /orden-de-compra/vincular_orden_compra/{id} gave them. */
  alAgregar: (detalle: DetalleOrdenDeCompra) => void;
  alQuitar: (orden: OrdenVinculada) => void;
};

/**
 * The purchase's linked orders (spec 001 §4, §5, §7 "Purchases"): «Agregar orden de compra» lists the
 * supplier's orders (GET /orden-de-compra/cliente/{id}); the chosen one brings its lines; each linked
 * one shows as a chip whose ✕ removes it with the lines it brought.
 */
export function OrdenesDeLaCompra({ idProveedor, vinculadas, alAgregar, alQuitar }: Props) {
  const [abierto, setAbierto] = useState(false);
  const [trayendo, setTrayendo] = useState<string | null>(null);
  const consulta = useQuery({
    queryKey: ['ordenesDeCompra', 'delProveedor', idProveedor],
    queryFn: ({ signal }) =>
      api(ordenesDeCompraApi.delProveedor, { params: { id: idProveedor ?? '' }, signal }),
    enabled: abierto && idProveedor !== null,
  });
  const ordenes = (consulta.data?.res ?? []).filter(
    (o) => ordenComprable(o) || vinculadas.some((v) => v._id === o._id),
  );

  async function elegir(o: OrdenDeCompra) {
    // Spec 001 §4-§5: an order is taken once; the same one twice is refused here as on the server.
    if (vinculadas.some((v) => v._id === o._id)) {
      notifications.show({ color: 'orange', message: MENSAJE_ORDEN_DE_COMPRA_YA_EXISTE, autoClose: 4500 });
      return;
    }
    setTrayendo(o._id);
    try {
      alAgregar(await api(ordenesDeCompraApi.paraVincular, { params: { id: o._id } }));
      setAbierto(false);
    } catch (e) {
      notifications.show({
        color: 'red',
        title: 'No se agregó la orden de compra',
        message: e instanceof Error ? e.message : 'Ocurrió un error inesperado.',
        autoClose: 6000,
      });
    } finally {
      setTrayendo(null);
    }
  }

  return (
    <>
      <Group gap="xs" wrap="wrap">
        <Button
          variant="default"
          leftSection={<IconClipboardList size={16} />}
          disabled={idProveedor === null}
          title={idProveedor === null ? 'Elige primero el proveedor' : undefined}
          onClick={() => setAbierto(true)}
        >
          Agregar orden de compra
        </Button>
        {vinculadas.length > 0 && (
          <Group gap={6} wrap="wrap" aria-label="Órdenes de compra vinculadas" role="list">
            <Text size="sm" c="dimmed">
              Órdenes vinculadas:
            </Text>
            {vinculadas.map((o) => (
              <Badge
                key={o._id}
                role="listitem"
                variant="light"
                size="lg"
                ff="monospace"
                rightSection={
                  <CloseButton
                    size="xs"
                    aria-label={`Quitar la orden ${o.comprobante}`}
                    onClick={() => alQuitar(o)}
                  />
                }
              >
                {o.comprobante}
              </Badge>
            ))}
          </Group>
        )}
      </Group>
      <Modal
        opened={abierto}
        onClose={() => setAbierto(false)}
        title="Órdenes de compra del proveedor"
        size="lg"
      >
        {consulta.isPending ? (
          <Text size="sm" c="dimmed">
            Buscando órdenes…
          </Text>
        ) : consulta.error ? (
          <Text size="sm" c="red" role="alert">
            {consulta.error.message}
          </Text>
        ) : ordenes.length === 0 ? (
          <Text size="sm" c="dimmed">
            El proveedor no tiene órdenes de compra pendientes de recibir.
          </Text>
        ) : (
          <Stack gap="xs">
            <Table striped fz="sm" verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Orden</Table.Th>
                  <Table.Th>Fecha</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                  <Table.Th w={110} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {ordenes.map((o) => (
                  <Table.Tr key={o._id}>
                    <Table.Td ff="monospace">{o.comprobante}</Table.Td>
                    <Table.Td>{fecha(o.fechaEmision)}</Table.Td>
                    <Table.Td ta="right">{dinero(o.totalGral)}</Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="xs"
                        variant="light"
                        loading={trayendo === o._id}
                        aria-label={`Agregar la orden ${o.comprobante}`}
                        onClick={() => void elegir(o)}
                      >
                        Agregar
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        )}
      </Modal>
    </>
  );
}
