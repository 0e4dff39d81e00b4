import { Anchor, Group, Pagination, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { LIMITE_LIBRO_CONTABLE, libroContable } from '@pos/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DisenoListaModulo } from '../../layouts/DisenoListaModulo.tsx';
import { dinero, fecha, importe, numero } from '../../ui/formato.ts';
import { filtroDePeriodo, type Periodo } from '../../ui/periodo.ts';
import { BotonesDeExportar, SinResultados, TotalesDeReporte } from '../../ui/reporte/partes.tsx';
import { SelectorDePeriodo } from '../../ui/SelectorDePeriodo.tsx';
import { EstadoDeLista } from '../../ui/TablaLista.tsx';
import { exportar } from '../inventario/archivos.ts';
import { rutaDelDocumento } from './documentos.ts';
import { SelectorDeCentro, SelectorDeCuenta } from './Filtros.tsx';
import { libroQueries } from './queries.ts';

const numeroCelda = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** /contabilidad/libro_mayor?cuenta=<id>: one account line by line with its running balance. */
export default function LibroMayorPage() {
  const [parametros, setParametros] = useSearchParams();
  const cuenta = parametros.get('cuenta');
  const [periodo, setPeriodo] = useState<Periodo>({ tipo: 'preset', preset: 4 });
  const [centro, setCentro] = useState<string | null>(null);
  const [pagina, setPagina] = useState(1);
  const filtro = { ...filtroDePeriodo(periodo), ...(centro ? { idCentroDeCosto: centro } : {}) };
  const consulta = useQuery({
    ...libroQueries.mayor({ ...filtro, idCuenta: cuenta ?? '', page: pagina, limit: LIMITE_LIBRO_CONTABLE }),
    enabled: Boolean(cuenta),
  });
  const d = consulta.data;
  const vacio = d !== undefined && d.totalDocs === 0;
  return (
    <DisenoListaModulo
      titulo="Libro mayor"
      acciones={
        <BotonesDeExportar
          deshabilitado={!d || !cuenta}
          alExportar={(opcion) =>
            exportar(
              libroContable.exportarMayor,
              { ...filtro, idCuenta: cuenta ?? '', documentoOpcion: opcion },
              opcion,
            )
          }
        />
      }
    >
      <Stack gap="sm">
        <Group gap="xs" align="flex-start" wrap="wrap">
          <SelectorDeCuenta
            valor={cuenta}
            limpiable={false}
            alCambiar={(id) => {
              setPagina(1);
              setParametros(id ? { cuenta: id } : {}, { replace: true });
            }}
          />
          <SelectorDePeriodo
            valor={periodo}
            alCambiar={(p) => {
              setPagina(1);
              setPeriodo(p);
            }}
          />
          <SelectorDeCentro
            valor={centro}
            alCambiar={(c) => {
              setPagina(1);
              setCentro(c);
            }}
          />
        </Group>
        {!cuenta && (
          <Text c="dimmed" ta="center" py="lg">
            Elige una cuenta para ver sus movimientos.
          </Text>
        )}
        {d && (
          <TotalesDeReporte
            cifras={[
              { titulo: 'Saldo inicial', valor: dinero(d.saldoInicial) },
              { titulo: 'Débitos', valor: dinero(d.totales.debitos) },
              { titulo: 'Créditos', valor: dinero(d.totales.creditos) },
              {
                titulo: 'Saldo final',
                valor: dinero(d.totales.saldoFinal),
                detalle: `Cuenta ${d.cuenta.naturaleza}`,
              },
            ]}
          />
        )}
        {vacio ? (
          <SinResultados />
        ) : (
          d && (
            <ScrollArea type="auto">
              <Table verticalSpacing={4} fz="sm" miw={820} striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={100}>Fecha</Table.Th>
                    <Table.Th w={80}>Asiento</Table.Th>
                    <Table.Th w={180}>Documento</Table.Th>
                    <Table.Th>Descripción</Table.Th>
                    <Table.Th ta="right">Débito</Table.Th>
                    <Table.Th ta="right">Crédito</Table.Th>
                    <Table.Th ta="right">Saldo</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {d.movimientos.map((m) => {
                    const ruta = rutaDelDocumento(m.tipoDocumento, m.idDocumento);
                    const texto = m.comprobante || m.nombreTipoDocumento;
                    return (
                      <Table.Tr key={m._id}>
                        <Table.Td style={numeroCelda}>{fecha(m.fecha)}</Table.Td>
                        <Table.Td ff="monospace">{m.numero}</Table.Td>
                        <Table.Td>
                          {ruta ? (
                            <Anchor component={Link} to={ruta} size="sm" ff="monospace">
                              {texto}
                            </Anchor>
                          ) : (
                            <Text size="sm" ff="monospace">
                              {texto}
                            </Text>
                          )}
                          <Text size="xs" c="dimmed">
                            {m.nombreTipoDocumento}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{m.descripcion}</Text>
                          {m.nota && (
                            <Text size="xs" c="dimmed">
                              {m.nota}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td ta="right" style={numeroCelda}>
                          {m.debito ? importe(m.debito) : ''}
                        </Table.Td>
                        <Table.Td ta="right" style={numeroCelda}>
                          {m.credito ? importe(m.credito) : ''}
                        </Table.Td>
                        <Table.Td ta="right" fw={500} style={numeroCelda}>
                          {importe(m.saldo)}
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </ScrollArea>
          )
        )}
        <EstadoDeLista
          cargando={Boolean(cuenta) && consulta.isPending}
          error={consulta.error}
          vacio=""
          cantidad={undefined}
        />
        {d && d.totalDocs > LIMITE_LIBRO_CONTABLE && (
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {numero(d.totalDocs)} movimientos
            </Text>
            <Pagination
              size="sm"
              total={Math.ceil(d.totalDocs / LIMITE_LIBRO_CONTABLE)}
              value={pagina}
              onChange={setPagina}
            />
          </Group>
        )}
      </Stack>
    </DisenoListaModulo>
  );
}
