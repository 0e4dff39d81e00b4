import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Center,
  Group,
  Modal,
  Pagination,
  Paper,
  ScrollArea,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { type Factura, LIMITE_FACTURAS } from '@pos/contract';
import { IconEye, IconPrinter, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAtajo } from '../../app/atajos.ts';
import { dinero } from '../../ui/formato.ts';
import {
  type FormatoDeRecibo,
  formatoDelUsuario,
  imprimirRecibo,
  ReciboFactura,
} from '../facturas/Recibo.tsx';
import { EncabezadoPos } from './EncabezadoPos.tsx';
import { obtenerFactura, posQueries } from './queries.ts';
import { FACTURACION_POS, VISTA_FACTURA_POS } from './rutas.ts';
import { usePuntoDeVenta } from './usePuntoDeVenta.ts';

type Alcance = 'turno' | 'hoy';

function EstadoDeFactura({ factura }: { factura: Factura }) {
  if (factura.estado !== 'Activo') {
    return (
      <Badge color={factura.estado === 'Anulado' ? 'red' : 'orange'} variant="light">
        {factura.estado}
      </Badge>
    );
  }
  return factura.estadoDelCobro ? (
    <Badge color={factura.estadoDelCobro === 'Cobrada' ? 'green' : 'yellow'} variant="light">
      {factura.estadoDelCobro}
    </Badge>
  ) : null;
}

function VistaDeFactura({
  id,
  formato,
  alCerrar,
}: {
  id: string | null;
  formato: FormatoDeRecibo;
  alCerrar: () => void;
}) {
  const consulta = useQuery({ ...posQueries.factura(id ?? ''), enabled: id !== null });
  return (
    <Modal opened={id !== null} onClose={alCerrar} title="Factura" size="md" centered>
      {consulta.isPending ? (
        <Center p="lg">
          <Text c="dimmed">Cargando…</Text>
        </Center>
      ) : consulta.isError ? (
        <Text c="red">{consulta.error.message}</Text>
      ) : (
        <Stack gap="sm">
          <ScrollArea.Autosize mah="60vh" type="auto">
            <Box bg="gray.1" p="md" style={{ display: 'flex', justifyContent: 'center', borderRadius: 8 }}>
              <ReciboFactura detalle={consulta.data} formato={formato} />
            </Box>
          </ScrollArea.Autosize>
          <Group justify="flex-end">
            <Button
              leftSection={<IconPrinter size={16} />}
              onClick={() => void imprimirRecibo(consulta.data, formato)}
            >
              Imprimir
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

// Spec 000 §2 F10, 001 §2 "lista_ventas", §9 (25 per page): the invoices of the open shift, or the user's
// invoices of today, with their receipt and a reprint.
/** /vistas_pos/lista_ventas: the POS sales list. */
export default function ListaVentasPage() {
  const pos = usePuntoDeVenta();
  const navegar = useNavigate();
  const [alcanceElegido, setAlcance] = useState<Alcance>('turno');
  const [pagina, setPagina] = useState(1);
  const [texto, setTexto] = useState('');
  const [buscado] = useDebouncedValue(texto.trim(), 300);
  const [viendo, setViendo] = useState<string | null>(null);
  const [reimprimiendo, setReimprimiendo] = useState<string | null>(null);
  const alcance: Alcance = pos.turno ? alcanceElegido : 'hoy';
  const formato = formatoDelUsuario(pos.perfil);

  useAtajo('F1', () => void navegar(FACTURACION_POS));

  const filtro =
    alcance === 'turno' && pos.turno
      ? { facturasDelTurno: true, idTurnoRef: pos.turno._id }
      : { periodo: 1, idUsuarioCreador: pos.perfil?._id ?? null };
  const consulta = useQuery({
    ...posQueries.ventas({
      ...filtro,
      input: buscado,
      page: pagina,
      limit: LIMITE_FACTURAS,
      revendedor: pos.perfil?.revendedor ?? false,
    }),
    enabled: pos.perfil !== undefined && !pos.cargandoTurno,
  });
  const filas = consulta.data?.res ?? [];
  const paginas = Math.max(1, Math.ceil((consulta.data?.totalRows ?? 0) / LIMITE_FACTURAS));

  async function reimprimir(id: string) {
    setReimprimiendo(id);
    try {
      await imprimirRecibo(await obtenerFactura(id), formato);
    } catch (error) {
      // imprimirRecibo reports its own failures; a failed read lands here.
      notifications.show({
        color: 'red',
        title: 'No se pudo leer la factura',
        message: error instanceof Error ? error.message : 'Intenta de nuevo.',
      });
    } finally {
      setReimprimiendo(null);
    }
  }

  return (
    <Stack p="sm" gap="sm" h="100%" style={{ display: 'flex' }}>
      <EncabezadoPos titulo="Lista de ventas">
        <Group gap="sm" wrap="wrap">
          <SegmentedControl
            value={alcance}
            onChange={(valor) => {
              setAlcance(valor as Alcance);
              setPagina(1);
            }}
            data={[
              { value: 'turno', label: 'Turno actual', disabled: !pos.turno },
              { value: 'hoy', label: 'Mis ventas de hoy' },
            ]}
          />
          <TextInput
            aria-label="Buscar venta"
            placeholder="Comprobante, número o cliente"
            leftSection={<IconSearch size={16} />}
            value={texto}
            onChange={(e) => {
              setTexto(e.currentTarget.value);
              setPagina(1);
            }}
            w={260}
          />
        </Group>
      </EncabezadoPos>
      <Paper withBorder radius="md" style={{ flex: 1, minHeight: 0, overflow: 'hidden' }}>
        <ScrollArea h="100%" type="auto">
          <Table stickyHeader highlightOnHover verticalSpacing={8} fz="sm" aria-label="Ventas">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Comprobante</Table.Th>
                <Table.Th>Hora</Table.Th>
                <Table.Th>Cliente</Table.Th>
                <Table.Th visibleFrom="sm">Método</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th>Estado</Table.Th>
                <Table.Th w={96} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {filas.map((factura) => (
                <Table.Tr
                  key={factura._id}
                  style={{ cursor: 'pointer' }}
                  onClick={() => void navegar(`${VISTA_FACTURA_POS}?id=${factura._id}`)}
                >
                  <Table.Td>
                    <Text size="sm" fw={600} ff="monospace">
                      {factura.comprobante ?? `#${factura.numeroFactura ?? ''}`}
                    </Text>
                    {factura.comprobante && (
                      <Text size="xs" c="dimmed">
                        Factura #{factura.numeroFactura}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{factura.hora.slice(0, 5)}</Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={1}>
                      {factura.nombre || 'Consumidor final'}
                    </Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">{factura.metodoDePago}</Table.Td>
                  <Table.Td ta="right" fw={700}>
                    {dinero(factura.total)}
                  </Table.Td>
                  <Table.Td>
                    <EstadoDeFactura factura={factura} />
                  </Table.Td>
                  <Table.Td onClick={(e) => e.stopPropagation()}>
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      <Tooltip label="Ver recibo">
                        <ActionIcon
                          variant="subtle"
                          size="lg"
                          aria-label="Ver recibo"
                          onClick={() => setViendo(factura._id)}
                        >
                          <IconEye size={18} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label="Reimprimir">
                        <ActionIcon
                          variant="subtle"
                          size="lg"
                          aria-label="Reimprimir"
                          loading={reimprimiendo === factura._id}
                          onClick={() => void reimprimir(factura._id)}
                        >
                          <IconPrinter size={18} />
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
              <Text c={consulta.isError ? 'red' : 'dimmed'}>
                {consulta.isPending
                  ? 'Cargando…'
                  : consulta.isError
                    ? consulta.error.message
                    : alcance === 'turno'
                      ? 'Todavía no hay ventas en este turno'
                      : 'No tienes ventas hoy'}
              </Text>
            </Center>
          )}
        </ScrollArea>
      </Paper>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {consulta.data
            ? `${consulta.data.totalRows} ${consulta.data.totalRows === 1 ? 'venta' : 'ventas'} · ${dinero(consulta.data.totalGeneral)}`
            : ''}
        </Text>
        <Pagination value={pagina} onChange={setPagina} total={paginas} size="sm" />
      </Group>
      <VistaDeFactura id={viendo} formato={formato} alCerrar={() => setViendo(null)} />
    </Stack>
  );
}
