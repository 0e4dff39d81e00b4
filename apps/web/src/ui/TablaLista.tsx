import { Center, Group, Loader, Pagination, ScrollArea, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A column of a list: its header and how to show one row. */
export type Columna<T> = {
  titulo: string;
  celda: (fila: T) => ReactNode;
  /** Money and numbers align right. */
  alinear?: 'left' | 'right' | 'center';
  ancho?: number | string;
};

type Props<T> = {
  columnas: Columna<T>[];
  filas: T[] | undefined;
  clave: (fila: T) => string;
  cargando?: boolean;
  error?: Error | null;
  /** Text when there are no rows. */
  vacio?: string;
  total?: number;
  pagina?: number;
  porPagina?: number;
  alCambiarPagina?: (pagina: number) => void;
  alElegir?: (fila: T) => void;
  /** Cells keep to one line (short master-data rows; narrow screens scroll instead of wrapping). */
  sinSalto?: boolean;
};

/** The one list table of the app: dense rows, loading and empty states, paging by the spec's page/limit. */
export function TablaLista<T>({
  columnas,
  filas,
  clave,
  cargando,
  error,
  vacio = 'No hay registros.',
  total,
  pagina = 1,
  porPagina = 10,
  alCambiarPagina,
  alElegir,
  sinSalto,
}: Props<T>) {
  const paginas = total !== undefined ? Math.max(1, Math.ceil(total / porPagina)) : 1;
  return (
    <>
      <ScrollArea type="auto">
        <Table
          striped
          highlightOnHover={Boolean(alElegir)}
          verticalSpacing={6}
          fz="sm"
          miw={560}
          style={sinSalto ? { whiteSpace: 'nowrap' } : undefined}
        >
          <Table.Thead>
            <Table.Tr>
              {columnas.map((columna) => (
                <Table.Th key={columna.titulo} ta={columna.alinear} w={columna.ancho}>
                  {columna.titulo}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(filas ?? []).map((fila) => (
              <Table.Tr
                key={clave(fila)}
                onClick={alElegir ? () => alElegir(fila) : undefined}
                style={alElegir ? { cursor: 'pointer' } : undefined}
              >
                {columnas.map((columna) => (
                  <Table.Td key={columna.titulo} ta={columna.alinear}>
                    {columna.celda(fila)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      <EstadoDeLista cargando={cargando ?? false} error={error} vacio={vacio} cantidad={filas?.length} />
      {total !== undefined && total > porPagina && alCambiarPagina && (
        <Group justify="space-between" mt="sm">
          <Text size="sm" c="dimmed">
            {total} {total === 1 ? 'registro' : 'registros'}
          </Text>
          <Pagination size="sm" total={paginas} value={pagina} onChange={alCambiarPagina} />
        </Group>
      )}
    </>
  );
}

/**
 * What a list shows instead of rows: loading, the error, or the empty text (null when there are rows).
 * Shared by the tables and the phone card lists.
 */
export function EstadoDeLista({
  cargando,
  error,
  vacio,
  cantidad,
}: {
  cargando: boolean;
  error: Error | null | undefined;
  vacio: string;
  cantidad: number | undefined;
}) {
  if (cargando) {
    return (
      <Center py="lg">
        <Loader size="sm" aria-label="Cargando" />
      </Center>
    );
  }
  if (error) {
    return (
      <Text c="red" ta="center" py="lg" role="alert">
        {error.message}
      </Text>
    );
  }
  if (cantidad === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg">
        {vacio}
      </Text>
    );
  }
  return null;
}
