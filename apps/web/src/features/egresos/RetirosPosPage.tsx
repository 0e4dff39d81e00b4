import { Button, Center, Paper, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { aCentavos, aPesos, type Centavos, fechaYHoraEnSantoDomingo, sumarCentavos } from '@pos/domain';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useConexion } from '../../app/Conexion.tsx';
import { dinero } from '../../ui/formato.ts';
import { EstadoDeIngreso } from '../ingresos/IngresosPage.tsx';
import { EncabezadoPos } from '../pos/EncabezadoPos.tsx';
import { usePuntoDeVenta } from '../pos/usePuntoDeVenta.ts';
import { destinoDeEgreso } from './etiquetas.ts';
import { egresoQueries } from './queries.ts';
import { NUEVO_RETIRO_POS, rutaDelReciboDeRetiro } from './rutas.ts';

/** /vistas_pos/lista_retiros: the cash withdrawals (payments out) of the cashier's open shift (spec 000 §2). */
export default function RetirosPosPage() {
  const navegar = useNavigate();
  const pos = usePuntoDeVenta();
  const { enLinea } = useConexion();
  const idTurno = pos.turno?._id ?? null;
  const consulta = useQuery({
    ...egresoQueries.lista({ egresosDelTurno: true, idTurnoRef: idTurno, page: 1, limit: 200 }),
    enabled: idTurno !== null && enLinea,
  });
  const filas = consulta.data?.res ?? [];
  const vacio = !enLinea
    ? 'Sin conexión: los retiros de efectivo necesitan conexión.'
    : idTurno === null
      ? pos.cargandoTurno
        ? 'Cargando…'
        : 'No hay un turno abierto.'
      : consulta.isPending
        ? 'Cargando…'
        : consulta.isError
          ? consulta.error.message
          : 'Todavía no hay retiros en este turno.';
  // What left the drawer: the withdrawals in force (a cancelled one gave its cash back to the shift).
  const retirado = aPesos(
    sumarCentavos(
      filas
        .filter((e) => e.estado !== 'Anulado' && e.formaDePago === 'Efectivo')
        .map((e) => aCentavos(e.total) as Centavos),
    ),
  );
  return (
    <Stack p="sm" gap="sm" h="100%" style={{ display: 'flex' }}>
      <EncabezadoPos titulo="Retiros de efectivo">
        <Button leftSection={<IconPlus size={16} />} onClick={() => void navegar(NUEVO_RETIRO_POS)}>
          Nuevo retiro
        </Button>
      </EncabezadoPos>
      <Paper withBorder radius="md" style={{ flex: 1, minHeight: 0, overflow: 'hidden' }}>
        <ScrollArea h="100%" type="auto">
          <Table stickyHeader highlightOnHover verticalSpacing={8} fz="sm" aria-label="Retiros de efectivo">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Recibo</Table.Th>
                <Table.Th>Hora</Table.Th>
                <Table.Th>Concepto</Table.Th>
                <Table.Th ta="right">Monto</Table.Th>
                <Table.Th>Estado</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {filas.map((e) => (
                <Table.Tr
                  key={e._id}
                  style={{ cursor: 'pointer' }}
                  tabIndex={0}
                  onClick={() => void navegar(rutaDelReciboDeRetiro(e._id))}
                  onKeyDown={(evento) => {
                    if (evento.key === 'Enter') {
                      void navegar(rutaDelReciboDeRetiro(e._id));
                    }
                  }}
                >
                  <Table.Td ff="monospace" fw={600}>
                    {e.comprobante}
                  </Table.Td>
                  <Table.Td>{fechaYHoraEnSantoDomingo(new Date(e.creadoEn)).hora.slice(0, 5)}</Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={1}>
                      {e.detalles || destinoDeEgreso(e)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" fw={700}>
                    {dinero(e.total)}
                  </Table.Td>
                  <Table.Td>
                    <EstadoDeIngreso ingreso={e} />
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
          ? `${consulta.data.totalRows} ${consulta.data.totalRows === 1 ? 'retiro' : 'retiros'} · retirado en efectivo ${dinero(retirado)}`
          : ''}
      </Text>
    </Stack>
  );
}
