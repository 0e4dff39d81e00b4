import { ActionIcon, ScrollArea, SegmentedControl, Stack, Table, Text, Tooltip } from '@mantine/core';
import { aPesos } from '@pos/domain';
import { IconTrash } from '@tabler/icons-react';
import { CampoNumerico } from '../../ui/CampoNumerico.tsx';
import { cantidad, dinero } from '../../ui/formato.ts';
import { existenciaResultante, type LineaDelFormulario, valorDeLinea } from './lineasDeAjuste.ts';

/** One total under the lines: title, amount and what it counts. */
export function Total({
  titulo,
  detalle,
  monto,
  color,
}: {
  titulo: string;
  detalle?: string;
  monto: number;
  color?: string;
}) {
  return (
    <Stack gap={0} align="flex-end">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {titulo}
      </Text>
      <Text fw={700} c={color} ff="monospace">
        {dinero(monto)}
      </Text>
      {detalle && (
        <Text size="xs" c="dimmed">
          {detalle}
        </Text>
      )}
    </Stack>
  );
}

/** The lines of the adjustment: direction, quantity and cost editable; value and resulting stock shown. */
export function TablaDeLineas({
  lineas,
  errores,
  alCambiar,
  alCambiarTipo,
  alQuitar,
}: {
  lineas: LineaDelFormulario[];
  errores: Record<string, unknown>;
  alCambiar: (clave: string, cambios: Partial<LineaDelFormulario>) => void;
  alCambiarTipo: (clave: string, tipo: boolean) => void;
  alQuitar: (linea: LineaDelFormulario) => void;
}) {
  if (lineas.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg" size="sm">
        Todavía no hay productos: escanea un código o busca un producto por nombre.
      </Text>
    );
  }
  return (
    <ScrollArea type="auto">
      <Table verticalSpacing={4} fz="sm" miw={980} striped aria-label="Líneas del ajuste">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36}>#</Table.Th>
            <Table.Th>Producto</Table.Th>
            <Table.Th ta="right" w={90}>
              Existencia
            </Table.Th>
            <Table.Th w={150}>Tipo</Table.Th>
            <Table.Th w={120}>Cantidad</Table.Th>
            <Table.Th w={170}>Costo unitario</Table.Th>
            <Table.Th ta="right" w={120}>
              Valor
            </Table.Th>
            <Table.Th ta="right" w={90}>
              Queda
            </Table.Th>
            <Table.Th w={40} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lineas.map((linea, i) => {
            const queda = existenciaResultante(linea);
            const errorDeProducto = errores[`lineas.${i}.idProducto`];
            return (
              <Table.Tr key={linea.clave}>
                <Table.Td c="dimmed">{i + 1}</Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500} lh={1.3}>
                    {linea.nombre}
                  </Text>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {linea.idCodigoDeBarra && linea.idCodigoDeBarra !== '0'
                      ? linea.idCodigoDeBarra
                      : 'Sin código'}
                  </Text>
                  {typeof errorDeProducto === 'string' && (
                    <Text size="xs" c="red">
                      {errorDeProducto}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right" ff="monospace">
                  {cantidad(linea.disponibilidad)}
                </Table.Td>
                <Table.Td>
                  <SegmentedControl
                    size="xs"
                    aria-label={`Tipo de ajuste de ${linea.nombre}`}
                    data={[
                      { value: 'entrada', label: 'Entrada' },
                      { value: 'salida', label: 'Salida' },
                    ]}
                    value={linea.tipoDeAjuste ? 'entrada' : 'salida'}
                    onChange={(v) => alCambiarTipo(linea.clave, v === 'entrada')}
                    color={linea.tipoDeAjuste ? 'teal' : 'red'}
                  />
                </Table.Td>
                <Table.Td>
                  <CampoNumerico
                    size="xs"
                    aria-label={`Cantidad de ${linea.nombre}`}
                    valor={linea.cantidad}
                    min={0}
                    decimalScale={4}
                    thousandSeparator=","
                    hideControls
                    vacio={0}
                    alCambiar={(v) => alCambiar(linea.clave, { cantidad: v })}
                    error={errores[`lineas.${i}.cantidad`] as string | undefined}
                  />
                </Table.Td>
                <Table.Td>
                  {linea.tipoDeAjuste ? (
                    <CampoNumerico
                      size="xs"
                      aria-label={`Costo unitario de ${linea.nombre}`}
                      valor={linea.costoUnitario}
                      placeholder={`Prom. ${dinero(linea.costoPromedio)}`}
                      min={0}
                      decimalScale={2}
                      thousandSeparator=","
                      hideControls
                      alCambiar={(v) => alCambiar(linea.clave, { costoUnitario: v })}
                      error={errores[`lineas.${i}.costoUnitario`] as string | undefined}
                    />
                  ) : (
                    <Tooltip label="Las salidas se valoran al costo promedio">
                      <Text size="sm" c="dimmed" ff="monospace">
                        {dinero(linea.costoPromedio)}
                      </Text>
                    </Tooltip>
                  )}
                </Table.Td>
                <Table.Td ta="right" ff="monospace">
                  {dinero(aPesos(valorDeLinea(linea)))}
                </Table.Td>
                <Table.Td
                  ta="right"
                  ff="monospace"
                  c={queda < 0 ? 'red' : undefined}
                  fw={queda < 0 ? 600 : undefined}
                >
                  {cantidad(queda)}
                </Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Quitar ${linea.nombre}`}
                    onClick={() => alQuitar(linea)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
