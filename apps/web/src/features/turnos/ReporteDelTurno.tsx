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
import { EgresosDelTurno } from '../egresos/EgresosDelTurno.tsx';
import type { FormatoDeRecibo } from '../facturas/CuerpoDelRecibo.tsx';
import { nombreDeMetodo } from '../facturas/etiquetas.ts';
import { imprimirConEmpresa } from '../facturas/Recibo.tsx';
import { turnoQueries } from './queries.ts';
import {
  type CreditoDelTurno,
  type FacturaDelTurno,
  type NotaDelTurno,
  numero,
  ReporteEnRollo,
  sumar,
  totalesDeDevoluciones,
} from './ReporteEnRollo.tsx';

/** A cancelled document, or one whose cancellation waits, is marked (it is listed in all states). */
function EstadoAnulacion({ estado }: { estado: string }) {
  if (estado === 'Anulado') {
    return (
      <Badge size="xs" variant="light" color="red" style={{ flexShrink: 0 }}>
        Anulada
      </Badge>
    );
  }
  if (estado === 'Por-Anular') {
    return (
      <Badge size="xs" variant="light" color="orange" style={{ flexShrink: 0 }}>
        Por anular
      </Badge>
    );
  }
  return null;
}

/** Spec 002 §3: the shift's credit notes (POS returns) with the cash each paid back from the drawer. */
function TablaDeNotas({ notas }: { notas: readonly NotaDelTurno[] }) {
  if (notas.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Ninguna.
      </Text>
    );
  }
  return (
    <ScrollArea type="auto" mah={260}>
      <Table fz="sm" verticalSpacing={2} striped miw={560}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Hora</Table.Th>
            <Table.Th>Número</Table.Th>
            <Table.Th>Factura</Table.Th>
            <Table.Th>Cliente</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
            <Table.Th ta="right">Efectivo</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {notas.map((n) => (
            <Table.Tr key={n._id} c={n.estado === 'Anulado' ? 'dimmed' : undefined}>
              <Table.Td>{n.hora.slice(0, 5)}</Table.Td>
              <Table.Td>
                <Stack gap={2} align="flex-start">
                  <Text span size="sm" ff="monospace">
                    {n.comprobante}
                  </Text>
                  <EstadoAnulacion estado={n.estado} />
                </Stack>
              </Table.Td>
              <Table.Td ff="monospace">{n.ncfModificado || '—'}</Table.Td>
              <Table.Td>{n.nombre}</Table.Td>
              <Table.Td ta="right">{dinero(n.totalGral)}</Table.Td>
              <Table.Td ta="right">{n.devueltoEnEfectivo > 0 ? dinero(n.devueltoEnEfectivo) : '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

/** Spec 002 §3: the credit-in-favour transactions that paid the shift's invoices (no money came in). */
function TablaDeCreditos({ creditos }: { creditos: readonly CreditoDelTurno[] }) {
  if (creditos.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Ninguno.
      </Text>
    );
  }
  return (
    <ScrollArea type="auto" mah={260}>
      <Table fz="sm" verticalSpacing={2} striped miw={480}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Transacción</Table.Th>
            <Table.Th>Crédito</Table.Th>
            <Table.Th>Factura</Table.Th>
            <Table.Th>Cliente</Table.Th>
            <Table.Th ta="right">Monto</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {creditos.map((c) => (
            <Table.Tr key={c._id} c={c.estado === 'Anulado' ? 'dimmed' : undefined}>
              <Table.Td>
                <Stack gap={2} align="flex-start">
                  <Text span size="sm" ff="monospace">
                    No. {c.numeroTransasccionDelCreditoAfavor}
                  </Text>
                  <EstadoAnulacion estado={c.estado} />
                </Stack>
              </Table.Td>
              <Table.Td ff="monospace">No. {c.numeroCredito}</Table.Td>
              <Table.Td ff="monospace">{c.comprobanteFactura}</Table.Td>
              <Table.Td>{c.nombreCliente}</Table.Td>
              <Table.Td ta="right">{dinero(c.monto)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

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
  const devoluciones = totalesDeDevoluciones(d);
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
                  {/* A sale paid all by credit in favour has no payment method but is a sale. */}
                  {d.totalFacturado > 0
                    ? 'Ninguna venta cobrada en dinero.'
                    : 'Todavía no hay ventas en este turno.'}
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
          <Group justify="space-between">
            <Text size="sm" c={devoluciones.creditos === 0 ? 'dimmed' : undefined}>
              Pagado con créditos a favor
            </Text>
            <Text size="sm" ff="monospace" c={devoluciones.creditos === 0 ? 'dimmed' : undefined}>
              {dinero(devoluciones.creditos)}
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
        <Accordion.Item value="notas">
          <Accordion.Control>
            <Group justify="space-between" pr="sm">
              <Group gap="xs">
                <Text size="sm" fw={500}>
                  Notas de crédito y devoluciones
                </Text>
                <Badge size="sm" variant="light" color="grape">
                  {d.notasDeCredito.length}
                </Badge>
              </Group>
              <Text size="sm" ff="monospace">
                {dinero(devoluciones.notas)}
              </Text>
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <TablaDeNotas notas={d.notasDeCredito} />
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="creditos">
          <Accordion.Control>
            <Group justify="space-between" pr="sm">
              <Group gap="xs">
                <Text size="sm" fw={500}>
                  Créditos a favor aplicados
                </Text>
                <Badge size="sm" variant="light" color="teal">
                  {d.creditosAFavor.length}
                </Badge>
              </Group>
              <Text size="sm" ff="monospace">
                {dinero(devoluciones.creditos)}
              </Text>
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <TablaDeCreditos creditos={d.creditosAFavor} />
          </Accordion.Panel>
        </Accordion.Item>
        <EgresosDelTurno egresos={d.egresos} anulados={d.egresosAnulados} />
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
