import { Accordion, Badge, Group, ScrollArea, Table, Text } from '@mantine/core';
import type { Egreso } from '@pos/contract';
import { aCentavos, aPesos, type Centavos, fechaYHoraEnSantoDomingo, sumarCentavos } from '@pos/domain';
import { dinero } from '../../ui/formato.ts';
import { EstadoDeIngreso } from '../ingresos/IngresosPage.tsx';
import { destinoDeEgreso } from './etiquetas.ts';

function TablaDeEgresos({ egresos }: { egresos: readonly Egreso[] }) {
  if (egresos.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Ninguno.
      </Text>
    );
  }
  return (
    <ScrollArea type="auto" mah={260}>
      <Table fz="sm" verticalSpacing={2} striped miw={520} aria-label="Egresos del turno">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Hora</Table.Th>
            <Table.Th>Número</Table.Th>
            <Table.Th>Concepto</Table.Th>
            <Table.Th ta="right">Monto</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {egresos.map((e) => (
            <Table.Tr key={e._id} c={e.estado === 'Anulado' ? 'dimmed' : undefined}>
              <Table.Td>{fechaYHoraEnSantoDomingo(new Date(e.creadoEn)).hora.slice(0, 5)}</Table.Td>
              <Table.Td>
                <Text span size="sm" ff="monospace">
                  {e.comprobante}
                </Text>{' '}
                {e.estado !== 'Activo' && <EstadoDeIngreso ingreso={e} />}
              </Table.Td>
              <Table.Td>{e.detalles || destinoDeEgreso(e)}</Table.Td>
              <Table.Td ta="right">{dinero(e.total)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

function total(egresos: readonly Egreso[]): number {
  return aPesos(sumarCentavos(egresos.map((e) => aCentavos(e.total) as Centavos)));
}

/**
 * Spec 002 §3 shift summary groups «expenses» and «voided expenses»: the shift's payments out (its cash
 * withdrawals) in force, which left the drawer (retiroDeEfectivo), and those cancelled, which did not.
 * Two items of the shift report's accordion.
 */
export function EgresosDelTurno({
  egresos,
  anulados,
}: {
  egresos: readonly Egreso[];
  anulados: readonly Egreso[];
}) {
  return (
    <>
      {(
        [
          ['egresos', 'Retiros y egresos', egresos, 'red'],
          ['egresosAnulados', 'Egresos anulados', anulados, 'gray'],
        ] as const
      ).map(([clave, titulo, lista, color]) => (
        <Accordion.Item key={clave} value={clave}>
          <Accordion.Control>
            <Group justify="space-between" pr="sm">
              <Group gap="xs">
                <Text size="sm" fw={500}>
                  {titulo}
                </Text>
                <Badge size="sm" variant="light" color={color}>
                  {lista.length}
                </Badge>
              </Group>
              <Text size="sm" ff="monospace">
                {dinero(total(lista))}
              </Text>
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <TablaDeEgresos egresos={lista} />
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </>
  );
}
