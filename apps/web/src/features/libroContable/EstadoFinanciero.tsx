import { Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import type { DocumentoOpcion, FilaDeEstado } from '@pos/contract';
import type { ReactNode } from 'react';
import { DisenoListaModulo } from '../../layouts/DisenoListaModulo.tsx';
import { importe } from '../../ui/formato.ts';
import { BotonesDeExportar, SinResultados } from '../../ui/reporte/partes.tsx';

export type TotalDeEstado = { titulo: string; actual: number; anterior: number; fuerte?: boolean };

const numeroCelda = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * A financial statement: the chart as a tree (groups in bold summing what is under them, indented by
 * depth), the period's column against the previous one's, then the totals.
 */
export function EstadoFinanciero({
  titulo,
  filtros,
  columnas,
  filas,
  totales,
  cargando,
  alExportar,
}: {
  titulo: string;
  filtros: ReactNode;
  columnas: [string, string];
  filas: FilaDeEstado[] | undefined;
  totales: TotalDeEstado[];
  cargando: boolean;
  alExportar: (opcion: DocumentoOpcion) => Promise<void>;
}) {
  const vacio = filas !== undefined && filas.length === 0;
  return (
    <DisenoListaModulo
      titulo={titulo}
      acciones={<BotonesDeExportar deshabilitado={!filas || vacio} alExportar={alExportar} />}
    >
      <Stack gap="sm">
        <Group gap="xs" align="flex-start" wrap="wrap">
          {filtros}
        </Group>
        {vacio ? (
          <SinResultados />
        ) : (
          <ScrollArea type="auto">
            <Table verticalSpacing={4} fz="sm" miw={620} striped={false} aria-busy={cargando}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={120}>Código</Table.Th>
                  <Table.Th>Cuenta</Table.Th>
                  <Table.Th ta="right" w={200} style={numeroCelda}>
                    {columnas[0]}
                  </Table.Th>
                  <Table.Th ta="right" w={200} style={numeroCelda}>
                    {columnas[1]}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(filas ?? []).map((f) => (
                  <Table.Tr key={f.idCuenta} bg={f.nivel === 0 ? 'var(--mantine-color-gray-0)' : undefined}>
                    <Table.Td ff="monospace" c="dimmed">
                      {f.codigoDeCuenta}
                    </Table.Td>
                    <Table.Td fw={f.esGrupo ? 600 : 400} style={{ paddingLeft: 12 + f.nivel * 18 }}>
                      {f.nombre}
                    </Table.Td>
                    <Table.Td ta="right" fw={f.esGrupo ? 600 : 400} style={numeroCelda}>
                      {importe(f.actual)}
                    </Table.Td>
                    <Table.Td ta="right" c="dimmed" fw={f.esGrupo ? 600 : 400} style={numeroCelda}>
                      {importe(f.anterior)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                {totales.map((t) => (
                  <Table.Tr key={t.titulo} style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
                    <Table.Td />
                    <Table.Td fw={t.fuerte ? 700 : 600} tt="uppercase" fz="xs">
                      {t.titulo}
                    </Table.Td>
                    <Table.Td ta="right" fw={t.fuerte ? 700 : 600} style={numeroCelda}>
                      {importe(t.actual)}
                    </Table.Td>
                    <Table.Td ta="right" fw={t.fuerte ? 700 : 600} c="dimmed" style={numeroCelda}>
                      {importe(t.anterior)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tfoot>
            </Table>
          </ScrollArea>
        )}
        <Text size="xs" c="dimmed">
          Calculado a partir de los asientos contables. Montos en RD$.
        </Text>
      </Stack>
    </DisenoListaModulo>
  );
}
