import { Badge, Button, Center, Group, Loader, Modal, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { AnularIngreso, type DetalleIngreso, ingresos, MENSAJE_MOTIVO_INGRESO } from '@pos/contract';
import { IconBan, IconPrinter } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client.ts';
import { usePerfil } from '../../app/usePerfil.ts';
import { AreaDeTexto } from '../../ui/CampoDeTexto.tsx';
import { largoMaximo } from '../../ui/esquemas.ts';
import { dinero, fecha, fechaHora } from '../../ui/formato.ts';
import { formatoDelUsuario, imprimirConEmpresa } from '../facturas/Recibo.tsx';
import { estadoDeIngreso, nombreDeFormaDePago } from './etiquetas.ts';
import { ingresoQueries } from './queries.ts';
import { ReciboDeIngresoEnRollo } from './ReciboDeIngresoEnRollo.tsx';

function Dato({ titulo, children }: { titulo: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {titulo}
      </Text>
      <Text size="sm">{children}</Text>
    </Stack>
  );
}

/** A receipt in with its lines (spec 001 «view receipt»), and its cancellation with a written reason. */
export function ModalIngreso({ id, alCerrar }: { id: string | null; alCerrar: () => void }) {
  const consulta = useQuery({ ...ingresoQueries.uno(id ?? ''), enabled: id !== null });
  const queryClient = useQueryClient();
  const [anulando, setAnulando] = useState(false);
  const [motivo, setMotivo] = useState('');
  const anular = useMutation({
    mutationFn: () => api(ingresos.anular, { body: { idIngresosRef: id ?? '', notaAnular: motivo.trim() } }),
    onSuccess: async (respuesta) => {
      notifications.show({
        color: 'green',
        message:
          respuesta.resultado === 'anulado'
            ? `Recibo ${respuesta.ingresoDb.comprobante} anulado.`
            : `Se envió la solicitud de anulación del recibo ${respuesta.ingresoDb.comprobante} al supervisor.`,
      });
      setAnulando(false);
      setMotivo('');
      await queryClient.invalidateQueries({ queryKey: ingresoQueries.all() });
      await queryClient.invalidateQueries({ queryKey: ['facturas'] });
    },
    onError: (error) => notifications.show({ color: 'red', title: 'No se anuló', message: error.message }),
  });
  const { perfil } = usePerfil();
  const formato = formatoDelUsuario(perfil);
  function imprimir(detalle: DetalleIngreso) {
    void imprimirConEmpresa(`Recibo-${detalle.ingresoReferenciadoGral.comprobante}`, formato, (empresa) => (
      <ReciboDeIngresoEnRollo detalle={detalle} empresa={empresa} formato={formato} />
    ));
  }
  const cerrar = () => {
    setAnulando(false);
    setMotivo('');
    alCerrar();
  };
  const detalle = consulta.data;
  const cabecera = detalle?.ingresoReferenciadoGral;
  const estado = cabecera ? estadoDeIngreso(cabecera) : null;
  return (
    <Modal
      opened={id !== null}
      onClose={cerrar}
      title={cabecera ? `Recibo ${cabecera.comprobante}` : 'Recibo de ingreso'}
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
              <Dato titulo="Cliente">{cabecera.nombreCliente || '—'}</Dato>
              <Dato titulo="Fecha">{fecha(cabecera.fechaDeEmision)}</Dato>
              <Dato titulo="Forma de pago">{nombreDeFormaDePago(cabecera.formaDePago)}</Dato>
              <Dato titulo="Cuenta">{cabecera.cuentaContableDebito.nombre || '—'}</Dato>
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
                  <Table.Th>{cabecera.tipoDeIngreso ? 'Factura' : 'Cuenta'}</Table.Th>
                  {cabecera.tipoDeIngreso && <Table.Th ta="right">Debía</Table.Th>}
                  <Table.Th ta="right">Importe</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {detalle.res.map((l) => (
                  <Table.Tr key={l._id}>
                    <Table.Td ff={cabecera.tipoDeIngreso ? 'monospace' : undefined}>
                      {cabecera.tipoDeIngreso
                        ? l.comprobanteFactura
                        : (l.cuentaContableCredito?.nombre ?? '—')}
                      {l.nota && (
                        <Text size="xs" c="dimmed">
                          {l.nota}
                        </Text>
                      )}
                    </Table.Td>
                    {cabecera.tipoDeIngreso && <Table.Td ta="right">{dinero(l.balancePendiente)}</Table.Td>}
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
            {anulando ? (
              <Stack gap="xs">
                <AreaDeTexto
                  label="Motivo de la anulación"
                  max={largoMaximo(AnularIngreso, 'notaAnular')}
                  placeholder="Por qué se anula este recibo"
                  value={motivo}
                  onChange={(e) => setMotivo(e.currentTarget.value)}
                  error={anular.isError && !motivo.trim() ? MENSAJE_MOTIVO_INGRESO : undefined}
                  autosize
                  minRows={2}
                  data-autofocus
                />
                <Group justify="flex-end">
                  <Button variant="default" onClick={() => setAnulando(false)}>
                    Cancelar
                  </Button>
                  <Button
                    color="red"
                    loading={anular.isPending}
                    disabled={!motivo.trim()}
                    onClick={() => anular.mutate()}
                  >
                    Anular recibo
                  </Button>
                </Group>
              </Stack>
            ) : (
              <Group justify="flex-end">
                {cabecera.estado === 'Activo' && (
                  <Button
                    variant="light"
                    color="red"
                    leftSection={<IconBan size={16} />}
                    onClick={() => setAnulando(true)}
                  >
                    Anular
                  </Button>
                )}
                <Button
                  variant="default"
                  leftSection={<IconPrinter size={16} />}
                  onClick={() => imprimir(detalle)}
                >
                  Imprimir
                </Button>
              </Group>
            )}
          </Stack>
        )
      )}
    </Modal>
  );
}
