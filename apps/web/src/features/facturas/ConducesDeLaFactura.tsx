import { Badge, Button, CloseButton, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type Conduce, conducesApi, type DetalleConduce, MENSAJE_CONDUCE_REPETIDO } from '@pos/contract';
import { IconTruckDelivery } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client.ts';
import { dinero, fecha } from '../../ui/formato.ts';
import { conduceQueries } from '../conduces/queries.ts';

/** A conduce linked to the invoice (spec 001 §2 conversions): its id and number. */
export type ConduceVinculado = { _id: string; comprobante: string };

/** Spec 001 §4: a pre-invoice conduce no invoice took yet can be billed. */
export function conduceFacturable(c: Conduce): boolean {
  return c.estado === 'Activo' && c.tipo === 'preFactura' && c.totalGraltemRetirados === 0 && !c.idFactura;
}

type Props = {
  idCliente: string | null;
  vinculados: ConduceVinculado[];
  /** The chosen conduce and its lines, as GET /conduce/agregar-conduce/{id} gave them. */
  alAgregar: (detalle: DetalleConduce) => void;
  alQuitar: (conduce: ConduceVinculado) => void;
};

/**
 * The invoice's linked conduces (spec 001 §2 modal «find delivery note», §4, §5): «Agregar conduce» opens
 * the customer's billable ones; each linked one shows as a chip whose ✕ removes it with its lines.
 */
export function ConducesDeLaFactura({ idCliente, vinculados, alAgregar, alQuitar }: Props) {
  const [abierto, setAbierto] = useState(false);
  const [trayendo, setTrayendo] = useState<string | null>(null);
  const consulta = useQuery({
    ...conduceQueries.delCliente(idCliente ?? ''),
    enabled: abierto && idCliente !== null,
  });
  const facturables = (consulta.data?.res ?? []).filter(conduceFacturable);

  async function elegir(c: Conduce) {
    // Spec 001 §4-§5: one conduce is never linked twice to the same invoice.
    if (vinculados.some((v) => v._id === c._id)) {
      notifications.show({ color: 'orange', message: MENSAJE_CONDUCE_REPETIDO, autoClose: 4500 });
      return;
    }
    setTrayendo(c._id);
    try {
      alAgregar(await api(conducesApi.paraFactura, { params: { id: c._id } }));
      setAbierto(false);
    } catch (e) {
      notifications.show({
        color: 'red',
        title: 'No se agregó el conduce',
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
          leftSection={<IconTruckDelivery size={16} />}
          disabled={idCliente === null}
          title={idCliente === null ? 'Elige primero el cliente' : undefined}
          onClick={() => setAbierto(true)}
        >
          Agregar conduce
        </Button>
        {vinculados.length > 0 && (
          <Group gap={6} wrap="wrap" aria-label="Conduces vinculados" role="list">
            <Text size="sm" c="dimmed">
              Conduces vinculados:
            </Text>
            {vinculados.map((c) => (
              <Badge
                key={c._id}
                role="listitem"
                variant="light"
                size="lg"
                tt="none"
                ff="monospace"
                rightSection={
                  <CloseButton
                    size="xs"
                    aria-label={`Quitar el conduce ${c.comprobante}`}
                    onClick={() => alQuitar(c)}
                  />
                }
              >
                {c.comprobante}
              </Badge>
            ))}
          </Group>
        )}
      </Group>
      <Modal opened={abierto} onClose={() => setAbierto(false)} title="Buscar conduce" size="lg" centered>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Conduces pre-factura del cliente que todavía no se han facturado.
          </Text>
          {consulta.isPending ? (
            <Text size="sm">Cargando conduces…</Text>
          ) : consulta.error ? (
            <Text size="sm" c="red">
              {consulta.error.message}
            </Text>
          ) : facturables.length === 0 ? (
            <Text size="sm">El cliente no tiene conduces por facturar.</Text>
          ) : (
            <Table striped highlightOnHover fz="sm" aria-label="Conduces por facturar">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Número</Table.Th>
                  <Table.Th>Fecha</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {facturables.map((c) => (
                  <Table.Tr key={c._id}>
                    <Table.Td ff="monospace">{c.comprobante}</Table.Td>
                    <Table.Td>{fecha(c.fechaEmision)}</Table.Td>
                    <Table.Td ta="right">{dinero(c.totalGral)}</Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="xs"
                        loading={trayendo === c._id}
                        aria-label={`Agregar el conduce ${c.comprobante}`}
                        onClick={() => void elegir(c)}
                      >
                        Agregar
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      </Modal>
    </>
  );
}
