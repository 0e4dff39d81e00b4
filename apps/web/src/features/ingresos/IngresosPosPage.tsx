import { Button, Center, Paper, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useConexion } from '../../app/Conexion.tsx';
import { dinero } from '../../ui/formato.ts';
import { EncabezadoPos } from '../pos/EncabezadoPos.tsx';
import { usePuntoDeVenta } from '../pos/usePuntoDeVenta.ts';
import { nombreDeFormaDePago } from './etiquetas.ts';
import { EstadoDeIngreso } from './IngresosPage.tsx';
import { ModalIngreso } from './ModalIngreso.tsx';
import { ingresoQueries } from './queries.ts';
import { NUEVO_INGRESO_POS } from './rutas.ts';

/** /vistas_pos/lista_ingresos: the receipts of the cashier's open shift. */
export default function IngresosPosPage() {
  const navegar = useNavigate();
  const pos = usePuntoDeVenta();
  const { enLinea } = useConexion();
  const [viendo, setViendo] = useState<string | null>(null);
  const idTurno = pos.turno?._id ?? null;
  const consulta = useQuery({
    ...ingresoQueries.lista({ ingresosDelTurno: true, idTurnoRef: idTurno, page: 1, limit: 200 }),
    enabled: idTurno !== null && enLinea,
  });
  const filas = consulta.data?.res ?? [];
  const vacio = !enLinea
    ? 'Sin conexión: los recibos guardados sin conexión están en «Sincronización pendiente».'
    : idTurno === null
      ? 'No hay un turno abierto.'
      : consulta.isPending
        ? 'Cargando…'
        : consulta.isError
          ? consulta.error.message
          : 'Todavía no hay ingresos en este turno';
  return (
    <Stack p="sm" gap="sm" h="100%" style={{ display: 'flex' }}>
      <EncabezadoPos titulo="Lista de ingresos">
        <Button leftSection={<IconPlus size={16} />} onClick={() => void navegar(NUEVO_INGRESO_POS)}>
          Nuevo ingreso
        </Button>
      </EncabezadoPos>
      <Paper withBorder radius="md" style={{ flex: 1, minHeight: 0, overflow: 'hidden' }}>
        <ScrollArea h="100%" type="auto">
          <Table stickyHeader highlightOnHover verticalSpacing={8} fz="sm" aria-label="Ingresos">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Recibo</Table.Th>
                <Table.Th>Cliente</Table.Th>
                <Table.Th>Forma de pago</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th>Estado</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {filas.map((i) => (
                <Table.Tr key={i._id} style={{ cursor: 'pointer' }} onClick={() => setViendo(i._id)}>
                  <Table.Td ff="monospace" fw={600}>
                    {i.comprobante}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={1}>
                      {i.nombreCliente || '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>{nombreDeFormaDePago(i.formaDePago)}</Table.Td>
                  <Table.Td ta="right" fw={700}>
                    {dinero(i.total)}
                  </Table.Td>
                  <Table.Td>
                    <EstadoDeIngreso ingreso={i} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {filas.length === 0 && (
            <Center p="xl">
              <Text c={consulta.isError ? 'red' : 'dimmed'}>{vacio}</Text>
            </Center>
          )}
        </ScrollArea>
      </Paper>
      <Text size="sm" c="dimmed">
        {consulta.data
          ? `${consulta.data.totalRows} ${consulta.data.totalRows === 1 ? 'recibo' : 'recibos'}`
          : ''}
      </Text>
      <ModalIngreso id={viendo} alCerrar={() => setViendo(null)} />
    </Stack>
  );
}
