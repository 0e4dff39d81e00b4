import {
  Accordion,
  Badge,
  Button,
  Group,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { Turno } from '@pos/contract';
import { IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { dinero } from '../../ui/formato.ts';
import type { FormatoDeRecibo } from '../facturas/CuerpoDelRecibo.tsx';
import { nombreDeMetodo } from '../facturas/etiquetas.ts';
import { imprimirConEmpresa } from '../facturas/Recibo.tsx';
import { turnoQueries } from './queries.ts';
import { type FacturaDelTurno, numero, ReporteEnRollo, sumar } from './ReporteEnRollo.tsx';

function TablaDeFacturas({ facturas }: { facturas: readonly FacturaDelTurno[] }) {
  if (facturas.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Ninguna.
      </Text>
    );
  }
  return (
    <ScrollArea type="auto" mah={260}>
      <Table fz="sm" verticalSpacing={2} striped miw={520}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Hora</Table.Th>
            <Table.Th>Número</Table.Th>
            <Table.Th>Cliente</Table.Th>
            <Table.Th>Método</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
            <Table.Th ta="right">Pendiente</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {facturas.map((f) => (
            <Table.Tr key={f._id}>
              <Table.Td>{f.hora.slice(0, 5)}</Table.Td>
              <Table.Td>
                <Stack gap={2} align="flex-start">
                  <Text span size="sm" ff="monospace">
                    {numero(f)}
                  </Text>
                  {/* Still counted in the shift until a supervisor approves the cancellation. */}
                  {f.estado === 'Por-Anular' && (
                    <Badge size="xs" variant="light" color="orange" style={{ flexShrink: 0 }}>
                      Por anular
                    </Badge>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td>{f.nombre}</Table.Td>
              <Table.Td>{nombreDeMetodo(f.metodoDePago)}</Table.Td>
              <Table.Td ta="right">{dinero(f.total)}</Table.Td>
              <Table.Td ta="right">{f.pendiente > 0 ? dinero(f.pendiente) : '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

/** The shift report (spec 002 §3, §7): totals per method, invoices by kind, products sold; printable. */
export function ReporteDelTurno({ turno, formato }: { turno: Turno; formato: FormatoDeRecibo }) {
  const documentos = useQuery(turnoQueries.documentos(turno._id));
  const productos = useQuery(turnoQueries.productos(turno._id));

  function imprimir() {
    const datos = documentos.data;
    if (!datos) {
      return;
    }
    void imprimirConEmpresa(
      `Turno-${turno.nombreUsuario}-${turno.fechaDeInicio.slice(0, 10)}`,
      formato,
      (empresa) => (
        <ReporteEnRollo
          documentos={datos}
          productos={productos.data ?? []}
          empresa={empresa}
          formato={formato}
        />
      ),
    );
  }

  if (documentos.isPending) {
    return (
      <Text size="sm" c="dimmed">
        Cargando el reporte del turno…
      </Text>
    );
  }
  if (documentos.error || !documentos.data) {
    return (
      <Text size="sm" c="red" role="alert">
        {documentos.error?.message ?? 'No se pudo cargar el reporte del turno.'}
      </Text>
    );
  }
  const d = documentos.data;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={4}>Reporte del turno</Title>
        <Button variant="default" size="xs" leftSection={<IconPrinter size={14} />} onClick={imprimir}>
          Imprimir reporte
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Table fz="sm" verticalSpacing={2}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Método</Table.Th>
              <Table.Th ta="right">Facturas</Table.Th>
              <Table.Th ta="right">Monto</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {d.porMetodoDePago.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={3} c="dimmed">
                  Todavía no hay ventas en este turno.
                </Table.Td>
              </Table.Tr>
            )}
            {d.porMetodoDePago.map((m) => (
              <Table.Tr key={m.metodo}>
                <Table.Td>{nombreDeMetodo(m.metodo)}</Table.Td>
                <Table.Td ta="right">{m.cantidad}</Table.Td>
                <Table.Td ta="right">{dinero(m.monto)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Stack gap={4}>
          <Group justify="space-between">
            <Text size="sm">ITBIS facturado</Text>
            <Text size="sm" ff="monospace">
              {dinero(d.totalItbis)}
            </Text>
          </Group>
          <Group justify="space-between">
            <Text size="sm" fw={700}>
              Total facturado
            </Text>
            <Text size="sm" fw={700} ff="monospace">
              {dinero(d.totalFacturado)}
            </Text>
          </Group>
        </Stack>
      </SimpleGrid>
      <Accordion variant="separated" multiple>
        {(
          [
            ['contado', 'Facturas al contado', d.facturasAlContado, 'green'],
            ['credito', 'Facturas a crédito', d.facturasACredito, 'orange'],
            ['anuladas', 'Facturas anuladas', d.facturasAnuladas, 'red'],
          ] as const
        ).map(([clave, titulo, facturas, color]) => (
          <Accordion.Item key={clave} value={clave}>
            <Accordion.Control>
              <Group justify="space-between" pr="sm">
                <Group gap="xs">
                  <Text size="sm" fw={500}>
                    {titulo}
                  </Text>
                  <Badge size="sm" variant="light" color={color}>
                    {facturas.length}
                  </Badge>
                </Group>
                <Text size="sm" ff="monospace">
                  {dinero(sumar(facturas))}
                </Text>
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <TablaDeFacturas facturas={facturas} />
            </Accordion.Panel>
          </Accordion.Item>
        ))}
        <Accordion.Item value="productos">
          <Accordion.Control>
            <Group gap="xs">
              <Text size="sm" fw={500}>
                Productos vendidos
              </Text>
              <Badge size="sm" variant="light">
                {productos.data?.length ?? 0}
              </Badge>
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            {(productos.data ?? []).length === 0 ? (
              <Text size="sm" c="dimmed">
                Ninguno.
              </Text>
            ) : (
              <ScrollArea type="auto" mah={260}>
                <Table fz="sm" verticalSpacing={2} striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Producto</Table.Th>
                      <Table.Th ta="right">Cantidad</Table.Th>
                      <Table.Th ta="right">Total</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {(productos.data ?? []).map((p) => (
                      <Table.Tr key={p.idProducto}>
                        <Table.Td>{p.descripcion}</Table.Td>
                        <Table.Td ta="right">{p.cantidad}</Table.Td>
                        <Table.Td ta="right">{dinero(p.total)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea>
            )}
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </Stack>
  );
}
