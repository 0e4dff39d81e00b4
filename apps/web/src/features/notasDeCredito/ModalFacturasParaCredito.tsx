import { Center, Loader, Modal, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { facturas } from '@pos/contract';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client.ts';
import { dinero, fecha } from '../../ui/formato.ts';
import { facturaQueries } from '../facturas/queries.ts';

type Props = {
  abierto: boolean;
  alCerrar: () => void;
  idCliente: string;
  nombreCliente: string;
  alElegir: (idFactura: string) => void;
};

/**
 * Spec 001 §2 modal «find invoices for credit»: the customer's active invoices, most recent first; the
 * one picked is the invoice the note modifies, whose lines are proposed.
 */
export function ModalFacturasParaCredito({ abierto, alCerrar, idCliente, nombreCliente, alElegir }: Props) {
  const [busqueda, setBusqueda] = useState('');
  const [input] = useDebouncedValue(busqueda.trim(), 300);
  const consulta = useQuery({
    queryKey: [...facturaQueries.all(), 'paraCredito', idCliente, input],
    queryFn: ({ signal }) => api(facturas.lista, { body: { input, page: 1, limit: 25, idCliente }, signal }),
    enabled: abierto,
    placeholderData: keepPreviousData,
  });
  // Spec 001 §4: only an active invoice is modified by a note (the server checks it too).
  const activas = (consulta.data?.res ?? []).filter((f) => f.estado === 'Activo');
  return (
    <Modal opened={abierto} onClose={alCerrar} title="Buscar facturas para crédito" size="xl" centered>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Facturas activas de {nombreCliente}. Elige la que recibe la devolución.
        </Text>
        <TextInput
          aria-label="Buscar factura"
          placeholder="Buscar por NCF o número"
          leftSection={<IconSearch size={16} />}
          rightSection={consulta.isFetching ? <Loader size={14} /> : undefined}
          value={busqueda}
          onChange={(e) => setBusqueda(e.currentTarget.value)}
          data-autofocus
        />
        <ScrollArea.Autosize mah="55vh" type="auto">
          <Table highlightOnHover verticalSpacing={8} fz="sm" aria-label="Facturas del cliente">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Factura</Table.Th>
                <Table.Th>Fecha</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th ta="right">Pendiente</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {activas.map((f) => (
                <Table.Tr
                  key={f._id}
                  style={{ cursor: 'pointer' }}
                  tabIndex={0}
                  aria-label={`Elegir la factura ${f.comprobante ?? f.numeroFactura}`}
                  onClick={() => alElegir(f._id)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      alElegir(f._id);
                    }
                  }}
                >
                  <Table.Td ff="monospace" fw={600}>
                    {f.comprobante ?? `No. ${f.numeroFactura}`}
                  </Table.Td>
                  <Table.Td>{fecha(f.fechaEmision)}</Table.Td>
                  <Table.Td ta="right">{dinero(f.total)}</Table.Td>
                  <Table.Td ta="right">{f.pendiente > 0 ? dinero(f.pendiente) : 'Saldada'}</Table.Td>
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
                    : 'El cliente no tiene facturas activas que coincidan.'}
              </Text>
            </Center>
          )}
        </ScrollArea.Autosize>
      </Stack>
    </Modal>
  );
}
