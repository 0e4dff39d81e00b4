import { Badge, Button, Center, Paper, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useConexion } from '../../app/Conexion.tsx';
import { dinero } from '../../ui/formato.ts';
import { EncabezadoPos } from '../pos/EncabezadoPos.tsx';
import { usePuntoDeVenta } from '../pos/usePuntoDeVenta.ts';
import { notaDeCreditoQueries } from './queries.ts';
import { NUEVA_DEVOLUCION_POS, VISTA_DEVOLUCION_POS } from './rutas.ts';

/** /vistas_pos/lista_devoluciones: the returns of the cashier's open shift (devolucionDelTurno, spec 001 §7). */
export default function DevolucionesPosPage() {
  const navegar = useNavigate();
  const pos = usePuntoDeVenta();
  const { enLinea } = useConexion();
  const idTurno = pos.turno?._id ?? null;
  const consulta = useQuery({
    ...notaDeCreditoQueries.lista({ devolucionDelTurno: true, idTurnoRef: idTurno, page: 1, limit: 200 }),
    enabled: idTurno !== null && enLinea,
  });
  const filas = consulta.data?.res ?? [];
  const vacio = !enLinea
    ? 'Sin conexión: las devoluciones necesitan conexión.'
    : idTurno === null
      ? pos.cargandoTurno
        ? 'Cargando…'
        : 'No hay un turno abierto.'
      : consulta.isPending
        ? 'Cargando…'
        : consulta.isError
          ? consulta.error.message
          : 'Todavía no hay devoluciones en este turno.';
  const devuelto = filas
    .filter((n) => n.estado !== 'Anulado')
    .reduce((s, n) => s + Math.round(n.montoDevuelto * 100), 0);
  return (
    <Stack p="sm" gap="sm" h="100%" style={{ display: 'flex' }}>
      <EncabezadoPos titulo="Devoluciones del turno">
        <Button leftSection={<IconPlus size={16} />} onClick={() => void navegar(NUEVA_DEVOLUCION_POS)}>
          Nueva devolución
        </Button>
      </EncabezadoPos>
      <Paper withBorder radius="md" style={{ flex: 1, minHeight: 0, overflow: 'hidden' }}>
        <ScrollArea h="100%" type="auto">
          <Table stickyHeader highlightOnHover verticalSpacing={8} fz="sm" aria-label="Devoluciones">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nota de crédito</Table.Th>
                <Table.Th>Factura</Table.Th>
                <Table.Th>Cliente</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th ta="right">Devuelto</Table.Th>
                <Table.Th>Estado</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {filas.map((n) => (
                <Table.Tr
                  key={n._id}
                  style={{ cursor: 'pointer' }}
                  onClick={() => void navegar(`${VISTA_DEVOLUCION_POS}?id=${n._id}`)}
                >
                  <Table.Td ff="monospace" fw={600}>
                    {n.comprobante}
                  </Table.Td>
                  <Table.Td ff="monospace">{n.ncfModificado}</Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={1}>
                      {n.nombre || 'Consumidor final'}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{dinero(n.totalGral)}</Table.Td>
                  <Table.Td ta="right" fw={700}>
                    {n.montoDevuelto > 0 ? dinero(n.montoDevuelto) : '—'}
                  </Table.Td>
                  <Table.Td>
                    {n.estado === 'Activo' ? (
                      <Badge color="green" variant="light">
                        Activa
                      </Badge>
                    ) : (
                      <Badge color={n.estado === 'Anulado' ? 'red' : 'yellow'} variant="light">
                        {n.estado === 'Anulado' ? 'Anulada' : 'Por anular'}
                      </Badge>
                    )}
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
          ? `${consulta.data.totalRows} ${consulta.data.totalRows === 1 ? 'devolución' : 'devoluciones'} · devuelto en dinero ${dinero(devuelto / 100)}`
          : ''}
      </Text>
    </Stack>
  );
}
