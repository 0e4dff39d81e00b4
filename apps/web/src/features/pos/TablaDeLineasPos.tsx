import {
  ActionIcon,
  Badge,
  Box,
  Center,
  Group,
  ScrollArea,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { aPesos, calcularLinea } from '@pos/domain';
import { IconBarcode, IconPencil, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { cantidad, dinero, porcentajeDeFraccion } from '../../ui/formato.ts';
import type { LineaPos } from './borrador.ts';

type Props = {
  lineas: readonly LineaPos[];
  seleccionada: string | null;
  alSeleccionar: (clave: string) => void;
  alEditar: (clave: string) => void;
  alQuitar: (clave: string) => void;
  /** Narrow screens (tablet portrait) leave out the price and discount columns. */
  compacta: boolean;
};

/** The lines of the sale: the newest scan is selected and scrolled into view. */
export function TablaDeLineasPos({
  lineas,
  seleccionada,
  alSeleccionar,
  alEditar,
  alQuitar,
  compacta,
}: Props) {
  const filaSeleccionada = useRef<HTMLTableRowElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when the selection or the lines change.
  useEffect(() => {
    filaSeleccionada.current?.scrollIntoView?.({ block: 'nearest' });
  }, [seleccionada, lineas.length]);

  if (lineas.length === 0) {
    return (
      <Center h="100%" p="xl">
        <Stack align="center" gap={6}>
          <IconBarcode size={48} stroke={1.2} color="var(--mantine-color-gray-5)" />
          <Text c="dimmed" fw={600}>
            Escanea un código o busca un producto para empezar la venta
          </Text>
          <Text c="dimmed" size="sm">
            F8 busca por nombre · F9 categorías · Inicio edita la línea elegida · F12 cobra
          </Text>
        </Stack>
      </Center>
    );
  }

  return (
    <ScrollArea h="100%" type="auto" offsetScrollbars>
      <Table
        stickyHeader
        highlightOnHover
        verticalSpacing={8}
        horizontalSpacing="sm"
        fz="sm"
        aria-label="Artículos de la venta"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36}>#</Table.Th>
            <Table.Th>Descripción</Table.Th>
            <Table.Th ta="right" w={90}>
              Cant.
            </Table.Th>
            {!compacta && (
              <Table.Th ta="right" w={110}>
                Precio
              </Table.Th>
            )}
            {!compacta && (
              <Table.Th ta="right" w={70}>
                Desc.
              </Table.Th>
            )}
            <Table.Th ta="right" w={120}>
              Total
            </Table.Th>
            <Table.Th w={80} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lineas.map((linea, indice) => {
            const calculada = calcularLinea(linea);
            const elegida = linea.clave === seleccionada;
            return (
              <Table.Tr
                key={linea.clave}
                ref={elegida ? filaSeleccionada : undefined}
                aria-selected={elegida}
                bg={elegida ? 'blue.0' : undefined}
                style={{
                  cursor: 'pointer',
                  boxShadow: elegida ? 'inset 3px 0 0 var(--mantine-color-blue-6)' : undefined,
                }}
                onClick={() => alSeleccionar(linea.clave)}
                onDoubleClick={() => alEditar(linea.clave)}
              >
                <Table.Td c="dimmed">{indice + 1}</Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600} lineClamp={2}>
                    {linea.descripcion}
                  </Text>
                  <Group gap={6} mt={2}>
                    {linea.idCodigoDeBarra && linea.idCodigoDeBarra !== '0' && (
                      <Text size="xs" c="dimmed" ff="monospace">
                        {linea.idCodigoDeBarra}
                      </Text>
                    )}
                    {linea.paquete && (
                      <Badge size="xs" variant="light" color="grape">
                        {linea.nombrePaquete || 'Paquete'}
                        {linea.cantidadPorPaquete > 0 ? ` × ${cantidad(linea.cantidadPorPaquete)}` : ''}
                      </Badge>
                    )}
                    {linea.itemPersonalizado && (
                      <Badge size="xs" variant="light" color="teal">
                        Balanza
                      </Badge>
                    )}
                    {linea.nota && (
                      <Text size="xs" c="dimmed" fs="italic" lineClamp={1}>
                        {linea.nota}
                      </Text>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td ta="right" fw={600} fz="md">
                  {cantidad(linea.cantidad)}
                </Table.Td>
                {!compacta && <Table.Td ta="right">{dinero(linea.precioDeVenta)}</Table.Td>}
                {!compacta && (
                  <Table.Td ta="right" c={linea.descuento > 0 ? 'green.8' : 'dimmed'}>
                    {linea.descuento > 0 ? porcentajeDeFraccion(linea.descuento) : '—'}
                  </Table.Td>
                )}
                <Table.Td ta="right" fw={700}>
                  {dinero(aPesos(calculada.total))}
                </Table.Td>
                <Table.Td>
                  <Box onClick={(e) => e.stopPropagation()}>
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      <Tooltip label="Editar (Inicio)">
                        <ActionIcon
                          variant="subtle"
                          size="lg"
                          aria-label={`Editar ${linea.descripcion}`}
                          onClick={() => alEditar(linea.clave)}
                        >
                          <IconPencil size={18} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label="Quitar">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          size="lg"
                          aria-label={`Quitar ${linea.descripcion}`}
                          onClick={() => alQuitar(linea.clave)}
                        >
                          <IconTrash size={18} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Box>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
