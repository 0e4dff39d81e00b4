import { Badge, Center, Group, Loader, Modal, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { dinero, fecha, fechaHora } from '../../ui/formato.ts';
import { estadoDeIngreso, nombreDeFormaDePago } from '../ingresos/etiquetas.ts';
import { AccionesDeEgreso } from './AccionesDeEgreso.tsx';
import { esRetiro } from './etiquetas.ts';
import { egresoQueries } from './queries.ts';

function Dato({ titulo, children }: { titulo: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {titulo}
      </Text>
      <Text size="sm">{children}</Text>
    </Stack>
  );
}

/** A payment out with its lines (spec 001 «view receipt»), and what can be done with it. */
export function ModalEgreso({ id, alCerrar }: { id: string | null; alCerrar: () => void }) {
  const consulta = useQuery({ ...egresoQueries.uno(id ?? ''), enabled: id !== null });
  const pos = useLocation().pathname.startsWith('/vistas_pos');
  const detalle = consulta.data;
  const cabecera = detalle?.egresoReferenciadoGral;
  // Receipts in and out share the document states (spec 001 §4), so their badge too.
  const estado = cabecera ? estadoDeIngreso(cabecera) : null;
  return (
    <Modal
      opened={id !== null}
      onClose={alCerrar}
      title={cabecera ? `Recibo de egreso ${cabecera.comprobante}` : 'Recibo de egreso'}
      size="lg"
      centered
    >
      {consulta.isPending ? (
        <Center p="lg">
          <Loader size="sm" />
        </Center>
      ) : consulta.isError ? (
        <Text c="red">{consulta.error.message}</Text>
      ) : (
        cabecera &&
        detalle && (
          <Stack gap="md">
            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
              <Dato titulo="Proveedor">
                {cabecera.nombreProveedor || (esRetiro(cabecera) ? 'Retiro de efectivo' : '—')}
              </Dato>
              <Dato titulo="Fecha">{fecha(cabecera.fechaDeEmision)}</Dato>
              <Dato titulo="Forma de pago">{nombreDeFormaDePago(cabecera.formaDePago)}</Dato>
              <Dato titulo="Sale de">{cabecera.cuentaContableCredito.nombre || '—'}</Dato>
              <Dato titulo="Creado por">
                {cabecera.creadoPor} · {fechaHora(cabecera.creadoEn)}
              </Dato>
              <Dato titulo="Estado">
                {estado && (
                  <Badge color={estado.color} variant="light" size="sm">
                    {estado.texto}
                  </Badge>
                )}
              </Dato>
            </SimpleGrid>
            <Table striped withTableBorder verticalSpacing={6} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{cabecera.tipoDeEgreso ? 'Compra' : 'Cuenta'}</Table.Th>
                  {cabecera.tipoDeEgreso && <Table.Th ta="right">Debía</Table.Th>}
                  <Table.Th ta="right">Importe</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {detalle.res.map((l) => (
                  <Table.Tr key={l._id}>
                    <Table.Td ff={l.idCompra ? 'monospace' : undefined}>
                      {l.idCompra ? l.comprobanteCompra : (l.cuentaContableDebito?.nombre ?? '—')}
                      {l.nota && (
                        <Text size="xs" c="dimmed">
                          {l.nota}
                        </Text>
                      )}
                    </Table.Td>
                    {cabecera.tipoDeEgreso && <Table.Td ta="right">{dinero(l.balancePendiente)}</Table.Td>}
                    <Table.Td ta="right">{dinero(l.importe)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {cabecera.notaAnular ? `Motivo de anulación: ${cabecera.notaAnular}` : cabecera.detalles}
              </Text>
              <Text fw={700}>Total {dinero(cabecera.total)}</Text>
            </Group>
            <AccionesDeEgreso detalle={detalle} pos={pos} alEliminar={alCerrar} />
          </Stack>
        )
      )}
    </Modal>
  );
}
