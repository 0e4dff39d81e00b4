import { Badge, Button, Center, Group, Loader, Modal, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  AnularIngreso,
  type DetalleIngreso,
  ingresos,
  MENSAJE_MOTIVO_INGRESO,
  tienePermiso,
} from '@pos/contract';
import { IconBan, IconEdit, IconFileTypePdf, IconPrinter, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { api } from '../../api/client.ts';
import { usePerfil } from '../../app/usePerfil.ts';
import { AreaDeTexto } from '../../ui/CampoDeTexto.tsx';
import { descargarPdf } from '../../ui/documento/pdfYCorreo.tsx';
import { largoMaximo } from '../../ui/esquemas.ts';
import { dinero, fecha, fechaHora } from '../../ui/formato.ts';
import { formatoDelUsuario, imprimirConEmpresa } from '../facturas/Recibo.tsx';
import { estadoDeIngreso, nombreDeFormaDePago } from './etiquetas.ts';
import { ingresoQueries } from './queries.ts';
import { ReciboDeIngresoEnRollo } from './ReciboDeIngresoEnRollo.tsx';
import { rutaDeEdicion } from './rutas.ts';

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

/**
 * A receipt in with its lines (spec 001 «view receipt»): print on the roll, its PDF (letter size),
 * edit an active one, cancel it with a written reason, or delete it (who cancels directly).
 */
export function ModalIngreso({ id, alCerrar }: { id: string | null; alCerrar: () => void }) {
  const consulta = useQuery({ ...ingresoQueries.uno(id ?? ''), enabled: id !== null });
  const queryClient = useQueryClient();
  const navegar = useNavigate();
  const pos = useLocation().pathname.startsWith('/vistas_pos');
  const [anulando, setAnulando] = useState(false);
  const [eliminando, setEliminando] = useState(false);
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
  const eliminar = useMutation({
    mutationFn: () => api(ingresos.eliminar, { params: { id: id ?? '' } }),
    onSuccess: async (respuesta) => {
      notifications.show({
        color: 'green',
        message: `Recibo ${respuesta.ingresoDb.comprobante} eliminado.`,
        autoClose: 1500,
      });
      setEliminando(false);
      await queryClient.invalidateQueries({ queryKey: ingresoQueries.all() });
      await queryClient.invalidateQueries({ queryKey: ['facturas'] });
      alCerrar();
    },
    onError: (error) => notifications.show({ color: 'red', title: 'No se eliminó', message: error.message }),
  });
  const pdf = useMutation({
    mutationFn: (detalle: DetalleIngreso) =>
      descargarPdf(
        ingresos.imprimir.path.replace(':id', detalle.ingresoReferenciadoGral._id),
        `Recibo-${detalle.ingresoReferenciadoGral.comprobante}.pdf`,
      ),
    onError: (error) =>
      notifications.show({ color: 'red', title: 'No se generó el PDF', message: error.message }),
  });
  const { perfil } = usePerfil();
  const puedeEditar =
    !perfil || tienePermiso(perfil.privilegios, pos ? 'puntoDeVentas' : 'ingresos', 'crear');
  const puedeEliminar = Boolean(perfil?.anularYEliminarDocumentos);
  const formato = formatoDelUsuario(perfil);
  function imprimir(detalle: DetalleIngreso) {
    void imprimirConEmpresa(`Recibo-${detalle.ingresoReferenciadoGral.comprobante}`, formato, (empresa) => (
      <ReciboDeIngresoEnRollo detalle={detalle} empresa={empresa} formato={formato} />
    ));
  }
  const cerrar = () => {
    setAnulando(false);
    setEliminando(false);
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
                  {cabecera.creditoAFavor > 0 && <Table.Th ta="right">A crédito</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {detalle.res.map((l) => (
                  <Table.Tr key={l._id}>
                    <Table.Td ff={cabecera.tipoDeIngreso && l.idFactura ? 'monospace' : undefined}>
                      {!cabecera.tipoDeIngreso
                        ? (l.cuentaContableCredito?.nombre ?? '—')
                        : l.idFactura
                          ? l.comprobanteFactura
                          : 'Anticipo'}
                      {l.nota && (
                        <Text size="xs" c="dimmed">
                          {l.nota}
                        </Text>
                      )}
                    </Table.Td>
                    {cabecera.tipoDeIngreso && (
                      <Table.Td ta="right">{l.idFactura ? dinero(l.balancePendiente) : '—'}</Table.Td>
                    )}
                    <Table.Td ta="right">{dinero(l.importe)}</Table.Td>
                    {cabecera.creditoAFavor > 0 && (
                      <Table.Td ta="right">{l.creditoAFavor > 0 ? dinero(l.creditoAFavor) : '—'}</Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {cabecera.notaAnular ? `Motivo de anulación: ${cabecera.notaAnular}` : cabecera.detalles}
              </Text>
              <Stack gap={0} align="flex-end">
                <Text fw={700}>Total {dinero(cabecera.total)}</Text>
                {cabecera.creditoAFavor > 0 && (
                  <Text size="sm" c="teal">
                    Crédito a favor {dinero(cabecera.creditoAFavor)}
                  </Text>
                )}
              </Stack>
            </Group>
            {eliminando ? (
              <Stack gap="xs">
                <Text size="sm">
                  ¿Eliminar el recibo {cabecera.comprobante}? Sus facturas vuelven a deber lo que pagó
                  {cabecera.creditoAFavor > 0 ? ' y se anula su crédito a favor' : ''}; el número queda
                  anulado.
                </Text>
                <Group justify="flex-end">
                  <Button variant="default" onClick={() => setEliminando(false)}>
                    Cancelar
                  </Button>
                  <Button color="red" loading={eliminar.isPending} onClick={() => eliminar.mutate()}>
                    Eliminar recibo
                  </Button>
                </Group>
              </Stack>
            ) : anulando ? (
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
              <Group justify="space-between" gap="xs">
                <Group gap="xs">
                  {cabecera.estado === 'Activo' && puedeEliminar && (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      leftSection={<IconTrash size={16} />}
                      onClick={() => setEliminando(true)}
                    >
                      Eliminar
                    </Button>
                  )}
                  {cabecera.estado === 'Activo' && (
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      leftSection={<IconBan size={16} />}
                      onClick={() => setAnulando(true)}
                    >
                      Anular
                    </Button>
                  )}
                </Group>
                <Group gap="xs">
                  {cabecera.estado === 'Activo' && puedeEditar && (
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconEdit size={16} />}
                      onClick={() => void navegar(rutaDeEdicion(cabecera._id, pos))}
                    >
                      Editar
                    </Button>
                  )}
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconFileTypePdf size={16} />}
                    loading={pdf.isPending}
                    onClick={() => pdf.mutate(detalle)}
                  >
                    PDF (carta)
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconPrinter size={16} />}
                    onClick={() => imprimir(detalle)}
                  >
                    Imprimir
                  </Button>
                </Group>
              </Group>
            )}
          </Stack>
        )
      )}
    </Modal>
  );
}
