import {
  Badge,
  Button,
  Drawer,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ClienteConBalance, estadosDeCuenta, tienePermiso } from '@pos/contract';
import { IconFileTypePdf, IconPrinter, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useConexion } from '../../app/Conexion.tsx';
import { usePerfil } from '../../app/usePerfil.ts';
import { mostrarErrorDeGuardado } from '../../ui/errores.ts';
import { dinero, fecha } from '../../ui/formato.ts';
import { NUEVO_INGRESO_POS } from '../ingresos/rutas.ts';
import { exportar } from '../inventario/archivos.ts';
import { EncabezadoPos } from '../pos/EncabezadoPos.tsx';
import { cuerpoDelEstado, EstadoDeCuenta, type FiltroDelEstado, filtroInicial } from './EstadoDeCuenta.tsx';
import { estadoDeCuentaQueries } from './queries.ts';

/**
 * /vistas_pos/cuentas-por-cobrar (spec 000 §2): the customers who owe, most first; one opens its
 * statement, and «Cobrar» goes to the POS's new receipt with that customer and invoice.
 */
export default function CuentasPorCobrarPosPage() {
  const navegar = useNavigate();
  const { enLinea } = useConexion();
  const { perfil } = usePerfil();
  const puedeCobrar = !perfil || tienePermiso(perfil.privilegios, 'puntoDeVentas', 'crear');
  const [busqueda, setBusqueda] = useState('');
  const [input] = useDebouncedValue(busqueda.trim(), 300);
  const [abierto, setAbierto] = useState<ClienteConBalance | null>(null);
  const [filtro, setFiltro] = useState<FiltroDelEstado>(filtroInicial);
  const consulta = useQuery({ ...estadoDeCuentaQueries.clientesConBalance({ input }), enabled: enLinea });
  const filas = consulta.data?.res ?? [];
  const vacio = !enLinea
    ? 'Sin conexión: las cuentas por cobrar se consultan en línea.'
    : consulta.isPending
      ? 'Cargando…'
      : consulta.isError
        ? consulta.error.message
        : input
          ? 'Ningún cliente con balance coincide con la búsqueda.'
          : 'Ningún cliente tiene balance pendiente.';

  function cobrar(idCliente: string, idFactura?: string) {
    const parametros = new URLSearchParams({ cliente: idCliente });
    if (idFactura) {
      parametros.set('factura', idFactura);
    }
    void navegar(`${NUEVO_INGRESO_POS}?${parametros}`);
  }

  async function exportarEstado(opcion: 'print' | 'pdf') {
    if (!abierto) {
      return;
    }
    try {
      await exportar(
        estadosDeCuenta.exportar,
        { ...cuerpoDelEstado(abierto.idCliente, filtro), documentoOpcion: opcion },
        opcion,
      );
    } catch (error) {
      mostrarErrorDeGuardado(error, undefined, 'No se pudo generar el estado de cuenta');
    }
  }

  return (
    <Stack p="sm" gap="sm" h="100%" style={{ display: 'flex' }}>
      <EncabezadoPos titulo="Cuentas por cobrar">
        <Group gap="sm">
          <TextInput
            aria-label="Buscar cliente"
            placeholder="Buscar por nombre o RNC"
            leftSection={<IconSearch size={16} />}
            value={busqueda}
            onChange={(e) => setBusqueda(e.currentTarget.value)}
            w={260}
          />
          <Paper withBorder radius="sm" px="sm" py={4}>
            <Text size="xs" c="dimmed">
              Total por cobrar
            </Text>
            <Text fw={700} ff="monospace">
              {dinero(consulta.data?.totalPendiente ?? 0)}
            </Text>
          </Paper>
        </Group>
      </EncabezadoPos>
      <Paper withBorder radius="md" style={{ flex: 1, minHeight: 0, overflow: 'hidden' }}>
        <ScrollArea h="100%" type="auto">
          <Table stickyHeader highlightOnHover verticalSpacing={8} fz="sm" aria-label="Clientes con balance">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Cliente</Table.Th>
                <Table.Th>RNC / Cédula</Table.Th>
                <Table.Th>Teléfono</Table.Th>
                <Table.Th ta="right">Facturas</Table.Th>
                <Table.Th>Vence desde</Table.Th>
                <Table.Th ta="right">Vencido</Table.Th>
                <Table.Th ta="right">Pendiente</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {filas.map((c) => (
                <Table.Tr key={c.idCliente} style={{ cursor: 'pointer' }} onClick={() => setAbierto(c)}>
                  <Table.Td fw={600}>{c.nombre}</Table.Td>
                  <Table.Td ff="monospace">{c.rnc || '—'}</Table.Td>
                  <Table.Td>{c.telefono || '—'}</Table.Td>
                  <Table.Td ta="right">{c.facturas}</Table.Td>
                  <Table.Td>{fecha(c.vencimientoMasAntiguo)}</Table.Td>
                  <Table.Td ta="right">
                    {c.vencido > 0 ? (
                      <Badge color="red" variant="light">
                        {dinero(c.vencido)}
                      </Badge>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                  <Table.Td ta="right" fw={700}>
                    {dinero(c.totalPendiente)}
                  </Table.Td>
                </Table.Tr>
              ))}
              {filas.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={7}>
                    <Text c="dimmed" ta="center" py="lg">
                      {vacio}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </Paper>
      <Drawer
        opened={abierto !== null}
        onClose={() => setAbierto(null)}
        position="right"
        size="min(1100px, 100%)"
        title={
          <Group gap="sm">
            <Text fw={700}>{abierto?.nombre}</Text>
            <Button
              size="compact-sm"
              variant="default"
              leftSection={<IconPrinter size={14} />}
              onClick={() => void exportarEstado('print')}
            >
              Imprimir
            </Button>
            <Button
              size="compact-sm"
              variant="default"
              leftSection={<IconFileTypePdf size={14} />}
              onClick={() => void exportarEstado('pdf')}
            >
              PDF
            </Button>
          </Group>
        }
      >
        {abierto && (
          <EstadoDeCuenta
            idCliente={abierto.idCliente}
            filtro={filtro}
            alCambiarFiltro={setFiltro}
            alCobrar={puedeCobrar ? (idFactura) => cobrar(abierto.idCliente, idFactura) : undefined}
          />
        )}
      </Drawer>
    </Stack>
  );
}
