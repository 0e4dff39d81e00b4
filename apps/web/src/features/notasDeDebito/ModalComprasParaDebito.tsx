import { Center, Loader, Modal, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { comprasApi } from '@pos/contract';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client.ts';
import { dinero, fecha } from '../../ui/formato.ts';

type Props = {
  abierto: boolean;
  alCerrar: () => void;
  idProveedor: string;
  nombreProveedor: string;
  alElegir: (idCompra: string) => void;
};

/**
 * Spec 001 §2 modal «find purchases for debit»: the supplier's active purchases, most recent first; the
 * one picked is the purchase the note modifies, whose lines are proposed.
 */
export function ModalComprasParaDebito({ abierto, alCerrar, idProveedor, nombreProveedor, alElegir }: Props) {
  const [busqueda, setBusqueda] = useState('');
  const [input] = useDebouncedValue(busqueda.trim(), 300);
  const consulta = useQuery({
    queryKey: ['compras', 'paraDebito', idProveedor, input],
    queryFn: ({ signal }) =>
      api(comprasApi.lista, { body: { input, page: 1, limit: 25, idCliente: idProveedor }, signal }),
    enabled: abierto,
    placeholderData: keepPreviousData,
  });
  // Spec 001 §4: only an active purchase is modified by a note (the server checks it too).
  const activas = (consulta.data?.res ?? []).filter((c) => c.estado === 'Activo');
  return (
    <Modal opened={abierto} onClose={alCerrar} title="Buscar compras para débito" size="xl" centered>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Compras activas a {nombreProveedor}. Elige la compra cuya mercancía se devuelve.
        </Text>
        <TextInput
          aria-label="Buscar compra"
          placeholder="Buscar por número o NCF"
          leftSection={<IconSearch size={16} />}
          rightSection={consulta.isFetching ? <Loader size={14} /> : undefined}
          value={busqueda}
          onChange={(e) => setBusqueda(e.currentTarget.value)}
          data-autofocus
        />
        <ScrollArea.Autosize mah="55vh" type="auto">
          <Table highlightOnHover verticalSpacing={8} fz="sm" aria-label="Compras del proveedor">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Compra</Table.Th>
                <Table.Th>NCF</Table.Th>
                <Table.Th>Fecha</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th ta="right">Pendiente</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {activas.map((c) => (
                <Table.Tr
                  key={c._id}
                  style={{ cursor: 'pointer' }}
                  tabIndex={0}
                  aria-label={`Elegir la compra ${c.comprobante}`}
                  onClick={() => alElegir(c._id)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      alElegir(c._id);
                    }
                  }}
                >
                  <Table.Td ff="monospace" fw={600}>
                    {c.comprobante}
                  </Table.Td>
                  <Table.Td ff="monospace">{c.ncf || '—'}</Table.Td>
                  <Table.Td>{fecha(c.fechaEmision)}</Table.Td>
                  <Table.Td ta="right">{dinero(c.totalGral)}</Table.Td>
                  <Table.Td ta="right">{c.pendiente > 0 ? dinero(c.pendiente) : 'Pagada'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {activas.length === 0 && (
            <Center p="lg">
              <Text c={consulta.isError ? 'red' : 'dimmed'} size="sm">
                {consulta.isPending
                  ? 'Buscando…'
                  : consulta.isError
                    ? consulta.error.message
                    : 'El proveedor no tiene compras activas que coincidan.'}
              </Text>
            </Center>
          )}
        </ScrollArea.Autosize>
      </Stack>
    </Modal>
  );
}
