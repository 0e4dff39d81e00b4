import { Anchor, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { libroContable } from '@pos/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { DisenoListaModulo } from '../../layouts/DisenoListaModulo.tsx';
import { importe } from '../../ui/formato.ts';
import { filtroDePeriodo, type Periodo } from '../../ui/periodo.ts';
import { BotonesDeExportar, SinResultados } from '../../ui/reporte/partes.tsx';
import { SelectorDePeriodo } from '../../ui/SelectorDePeriodo.tsx';
import { EstadoDeLista } from '../../ui/TablaLista.tsx';
import { exportar } from '../inventario/archivos.ts';
import { SelectorDeCentro } from './Filtros.tsx';
import { libroQueries } from './queries.ts';
import { rutaDelMayor } from './rutas.ts';

const numeroCelda = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** /contabilidad/balanza_de_comprobacion: each account's opening balance, debits, credits and closing balance. */
export default function BalanzaPage() {
  const [periodo, setPeriodo] = useState<Periodo>({ tipo: 'preset', preset: 4 });
  const [centro, setCentro] = useState<string | null>(null);
  const filtro = { ...filtroDePeriodo(periodo), ...(centro ? { idCentroDeCosto: centro } : {}) };
  const consulta = useQuery(libroQueries.balanza(filtro));
  const d = consulta.data;
  const vacio = d !== undefined && d.filas.length === 0;
  const cuadra =
    d !== undefined && Math.round(d.totales.debitos * 100) === Math.round(d.totales.creditos * 100);
  return (
    <DisenoListaModulo
      titulo="Balanza de comprobación"
      acciones={
        <BotonesDeExportar
          deshabilitado={!d || vacio}
          alExportar={(opcion) =>
            exportar(libroContable.exportarBalanza, { ...filtro, documentoOpcion: opcion }, opcion)
          }
        />
      }
    >
      <Stack gap="sm">
        <Group gap="xs" align="flex-start" wrap="wrap">
          <SelectorDePeriodo valor={periodo} alCambiar={setPeriodo} />
          <SelectorDeCentro valor={centro} alCambiar={setCentro} />
        </Group>
        {vacio ? (
          <SinResultados />
        ) : (
          <ScrollArea type="auto">
            <Table verticalSpacing={4} fz="sm" miw={760} striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={120}>Código</Table.Th>
                  <Table.Th>Cuenta</Table.Th>
                  <Table.Th ta="right">Saldo anterior</Table.Th>
                  <Table.Th ta="right">Débitos</Table.Th>
                  <Table.Th ta="right">Créditos</Table.Th>
                  <Table.Th ta="right">Saldo final</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(d?.filas ?? []).map((f) => (
                  <Table.Tr key={f.idCuenta}>
                    <Table.Td ff="monospace" c="dimmed">
                      {f.codigoDeCuenta}
                    </Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={rutaDelMayor(f.idCuenta)} size="sm" c="dark">
                        {f.nombre}
                      </Anchor>
                    </Table.Td>
                    <Table.Td ta="right" style={numeroCelda}>
                      {importe(f.saldoAnterior)}
                    </Table.Td>
                    <Table.Td ta="right" style={numeroCelda}>
                      {importe(f.debitos)}
                    </Table.Td>
                    <Table.Td ta="right" style={numeroCelda}>
                      {importe(f.creditos)}
                    </Table.Td>
                    <Table.Td ta="right" fw={500} style={numeroCelda}>
                      {importe(f.saldoFinal)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              {d && (
                <Table.Tfoot>
                  <Table.Tr>
                    <Table.Td />
                    <Table.Td fw={700} tt="uppercase" fz="xs">
                      Totales
                    </Table.Td>
                    <Table.Td />
                    <Table.Td ta="right" fw={700} style={numeroCelda}>
                      {importe(d.totales.debitos)}
                    </Table.Td>
                    <Table.Td ta="right" fw={700} style={numeroCelda}>
                      {importe(d.totales.creditos)}
                    </Table.Td>
                    <Table.Td />
                  </Table.Tr>
                </Table.Tfoot>
              )}
            </Table>
          </ScrollArea>
        )}
        <EstadoDeLista cargando={consulta.isPending} error={consulta.error} vacio="" cantidad={undefined} />
        {d && !vacio && (
          <Text size="xs" c={cuadra ? 'dimmed' : 'red'}>
            {cuadra ? 'Los débitos igualan a los créditos.' : 'Los débitos no igualan a los créditos.'} Saldos
            según la naturaleza de cada cuenta.
          </Text>
        )}
      </Stack>
    </DisenoListaModulo>
  );
}
