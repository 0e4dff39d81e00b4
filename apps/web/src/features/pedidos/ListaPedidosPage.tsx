import {
  ActionIcon,
  Badge,
  Button,
  Center,
  Group,
  Modal,
  Pagination,
  Paper,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  AnularPedido,
  LIMITE_PEDIDOS,
  MENSAJE_MOTIVO_PEDIDO,
  type Pedido,
  pedidosApi,
  productos,
} from '@pos/contract';
import { MOTIVOS_ANULACION_PEDIDO } from '@pos/domain';
import { IconBan, IconReceipt, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../api/client.ts';
import { useConexion } from '../../app/Conexion.tsx';
import { AreaDeTexto } from '../../ui/CampoDeTexto.tsx';
import { largoMaximo } from '../../ui/esquemas.ts';
import { dinero } from '../../ui/formato.ts';
import { useBorradores } from '../pos/almacen.ts';
import { EncabezadoPos } from '../pos/EncabezadoPos.tsx';
import { actualizarBorrador, nuevaPestana } from '../pos/pestanas.ts';
import { FACTURACION_POS } from '../pos/rutas.ts';
import { usePuntoDeVenta } from '../pos/usePuntoDeVenta.ts';
import { borradorDesdePedido } from './pedidoDelBorrador.ts';

function nuevoId(): string {
  return crypto.randomUUID();
}

function ModalAnularPedido({ pedido, alCerrar }: { pedido: Pedido | null; alCerrar: () => void }) {
  const queryClient = useQueryClient();
  const [motivo, setMotivo] = useState<string | null>(null);
  const [nota, setNota] = useState('');
  const anular = useMutation({
    mutationFn: () =>
      api(pedidosApi.anular, {
        params: { id: pedido?._id ?? '' },
        body: { tipoDeAnulacion: motivo ?? '', notaAnular: nota.trim() },
      }),
    onSuccess: async (r) => {
      notifications.show({
        color: 'green',
        message:
          r.resultado === 'anulado'
            ? `Pedido ${r.pedidoDb.numeroPedido} anulado.`
            : `Se envió la solicitud de anulación del pedido ${r.pedidoDb.numeroPedido} al supervisor.`,
      });
      setMotivo(null);
      setNota('');
      alCerrar();
      await queryClient.invalidateQueries({ queryKey: ['pedidos'] });
    },
    onError: (error) => notifications.show({ color: 'red', title: 'No se anuló', message: error.message }),
  });
  return (
    <Modal
      opened={pedido !== null}
      onClose={alCerrar}
      title={`Anular el pedido ${pedido?.numeroPedido ?? ''}`}
      centered
    >
      <Stack gap="sm">
        <Select
          label="Motivo"
          placeholder="Elige el motivo"
          data={[...MOTIVOS_ANULACION_PEDIDO]}
          value={motivo}
          onChange={setMotivo}
          error={anular.isError && !motivo ? MENSAJE_MOTIVO_PEDIDO : undefined}
          data-autofocus
        />
        <AreaDeTexto
          label="Nota"
          max={largoMaximo(AnularPedido, 'notaAnular')}
          value={nota}
          onChange={(e) => setNota(e.currentTarget.value)}
          autosize
          minRows={2}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={alCerrar}>
            Cancelar
          </Button>
          <Button color="red" disabled={!motivo} loading={anular.isPending} onClick={() => anular.mutate()}>
            Anular pedido
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * /vistas_pos/lista_pedidos (F4): the open orders (active, not invoiced), newest first, 14 a page. An
 * order opens in a new POS tab to change it («Guardar pedido») or bill it («Cobrar»), which marks it
 * invoiced (spec 001 §4 order mode editar / facturar).
 */
export default function ListaPedidosPage() {
  const navegar = useNavigate();
  const pos = usePuntoDeVenta();
  const [, cambiar] = useBorradores(pos.clave);
  const { enLinea } = useConexion();
  const [texto, setTexto] = useState('');
  const [input] = useDebouncedValue(texto.trim(), 300);
  const [pagina, setPagina] = useState(1);
  const [anulando, setAnulando] = useState<Pedido | null>(null);
  const [abriendo, setAbriendo] = useState<string | null>(null);
  const consulta = useQuery({
    queryKey: ['pedidos', 'abiertos', input, pagina],
    queryFn: ({ signal }) =>
      api(pedidosApi.todas, {
        body: { input, page: pagina, limit: LIMITE_PEDIDOS, estadoFacturado: false },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled: enLinea,
  });
  const filas = consulta.data?.res ?? [];
  const paginas = Math.max(1, Math.ceil((consulta.data?.totalRows ?? 0) / LIMITE_PEDIDOS));

  async function abrir(pedido: Pedido) {
    setAbriendo(pedido._id);
    try {
      const detalle = await api(pedidosApi.uno, { params: { id: pedido._id } });
      const convertidas = await api(productos.convertir, {
        body: {
          lineas: detalle.lineasDelPedido.map((l) => ({
            idProducto: l.idProducto,
            cantidad: l.cantidad,
            paquete: l.paquete,
          })),
          Almacen: pos.idAlmacen,
        },
      });
      let abierta = false;
      let faltan: string[] = [];
      cambiar((estado) => {
        const resultado = nuevaPestana(estado, nuevoId);
        if (!resultado.ok) {
          return estado;
        }
        abierta = true;
        const numero = resultado.valor.activa;
        const desdePedido = borradorDesdePedido(detalle, convertidas, numero, nuevoId());
        faltan = desdePedido.faltan;
        return actualizarBorrador(resultado.valor, numero, () => desdePedido.borrador);
      });
      if (!abierta) {
        notifications.show({ color: 'orange', message: 'Cierra una venta: ya tienes 5 abiertas.' });
        return;
      }
      if (faltan.length > 0) {
        notifications.show({
          color: 'orange',
          title: 'Artículos que ya no existen',
          message: `No se agregaron: ${faltan.join(', ')}.`,
          autoClose: 6000,
        });
      }
      void navegar(FACTURACION_POS);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'No se abrió el pedido',
        message: error instanceof Error ? error.message : '',
      });
    } finally {
      setAbriendo(null);
    }
  }

  const vacio = !enLinea
    ? 'Sin conexión: los pedidos guardados sin conexión están en «Sincronización pendiente».'
    : consulta.isPending
      ? 'Cargando…'
      : consulta.isError
        ? consulta.error.message
        : input
          ? 'Ningún pedido coincide con la búsqueda'
          : 'No hay pedidos abiertos';

  return (
    <Stack p="sm" gap="sm" h="100%" style={{ display: 'flex' }}>
      <EncabezadoPos titulo="Lista de pedidos">
        <TextInput
          aria-label="Buscar pedido"
          placeholder="Número, cliente o nombre"
          leftSection={<IconSearch size={16} />}
          value={texto}
          onChange={(e) => {
            setTexto(e.currentTarget.value);
            setPagina(1);
          }}
          w={260}
        />
      </EncabezadoPos>
      <Paper withBorder radius="md" style={{ flex: 1, minHeight: 0, overflow: 'hidden' }}>
        <ScrollArea h="100%" type="auto">
          <Table stickyHeader highlightOnHover verticalSpacing={8} fz="sm" aria-label="Pedidos">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Pedido</Table.Th>
                <Table.Th>Hora</Table.Th>
                <Table.Th>Cliente</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th visibleFrom="sm">Creado por</Table.Th>
                <Table.Th>Estado</Table.Th>
                <Table.Th w={110} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {filas.map((p) => (
                <Table.Tr key={p._id}>
                  <Table.Td ff="monospace" fw={600}>
                    {p.numeroPedido}
                  </Table.Td>
                  <Table.Td>{p.hora.slice(0, 5)}</Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={1}>
                      {[p.alias, p.nombre].filter(Boolean).join(' · ') || 'Consumidor final'}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" fw={700}>
                    {dinero(p.totalGral)}
                  </Table.Td>
                  <Table.Td visibleFrom="sm">{p.creadaPor}</Table.Td>
                  <Table.Td>
                    <Badge color={p.estado === 'Activo' ? 'blue' : 'orange'} variant="light">
                      {p.estado === 'Activo' ? 'Abierto' : 'Por anular'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      <Tooltip label="Abrir en una venta">
                        <ActionIcon
                          variant="light"
                          size="lg"
                          aria-label={`Abrir el pedido ${p.numeroPedido}`}
                          loading={abriendo === p._id}
                          disabled={p.estado !== 'Activo'}
                          onClick={() => void abrir(p)}
                        >
                          <IconReceipt size={18} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label="Anular">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          size="lg"
                          aria-label={`Anular el pedido ${p.numeroPedido}`}
                          disabled={p.estado !== 'Activo'}
                          onClick={() => setAnulando(p)}
                        >
                          <IconBan size={18} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
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
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {consulta.data
            ? `${consulta.data.totalRows} ${consulta.data.totalRows === 1 ? 'pedido abierto' : 'pedidos abiertos'}`
            : ''}
        </Text>
        <Pagination value={pagina} onChange={setPagina} total={paginas} size="sm" />
      </Group>
      <ModalAnularPedido pedido={anulando} alCerrar={() => setAnulando(null)} />
    </Stack>
  );
}
