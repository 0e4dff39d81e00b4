import {
  ActionIcon,
  Anchor,
  Badge,
  Group,
  Pagination,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  type AsientoDelDiario,
  LIMITE_LIBRO_CONTABLE,
  libroContable,
  NOMBRES_DE_TIPO_DOCUMENTO,
} from '@pos/contract';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { DisenoListaModulo } from '../../layouts/DisenoListaModulo.tsx';
import { BuscadorDeLista } from '../../ui/BuscadorDeLista.tsx';
import { dinero, fecha, importe, numero } from '../../ui/formato.ts';
import { filtroDePeriodo, type Periodo } from '../../ui/periodo.ts';
import { BotonesDeExportar, SinResultados, TotalesDeReporte } from '../../ui/reporte/partes.tsx';
import { SelectorDePeriodo } from '../../ui/SelectorDePeriodo.tsx';
import { EstadoDeLista } from '../../ui/TablaLista.tsx';
import { exportar } from '../inventario/archivos.ts';
import { rutaDelDocumento } from './documentos.ts';
import { SelectorDeCentro, SelectorDeCuenta } from './Filtros.tsx';
import { libroQueries } from './queries.ts';
import { rutaDelMayor } from './rutas.ts';

const numeroCelda = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const TIPOS = Object.entries(NOMBRES_DE_TIPO_DOCUMENTO).map(([value, label]) => ({ value, label }));

/** The document an entry comes from, linked to its screen when it has one. */
function Documento({ asiento }: { asiento: AsientoDelDiario }) {
  const ruta = rutaDelDocumento(asiento.tipoDocumento, asiento.idDocumento);
  const texto = asiento.comprobante || asiento.nombreTipoDocumento;
  return (
    <Stack gap={0}>
      {ruta ? (
        <Anchor component={Link} to={ruta} size="sm" ff="monospace" onClick={(e) => e.stopPropagation()}>
          {texto}
        </Anchor>
      ) : (
        <Text size="sm" ff="monospace">
          {texto}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {asiento.nombreTipoDocumento}
      </Text>
    </Stack>
  );
}

/** The lines of one entry, under its row. */
function Lineas({ asiento }: { asiento: AsientoDelDiario }) {
  return (
    <Table fz="xs" verticalSpacing={2} withRowBorders={false} bg="var(--mantine-color-gray-0)">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Cuenta</Table.Th>
          <Table.Th>Centro de costo</Table.Th>
          <Table.Th>Nota</Table.Th>
          <Table.Th ta="right">Débito</Table.Th>
          <Table.Th ta="right">Crédito</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {asiento.lineas.map((l) => (
          <Table.Tr key={l._id}>
            <Table.Td pl={l.credito > 0 ? 28 : 8}>
              <Anchor component={Link} to={rutaDelMayor(l.idCuenta)} size="xs" c="dark">
                <Text span ff="monospace" size="xs" c="dimmed" mr={6}>
                  {l.codigoDeCuenta}
                </Text>
                {l.nombreCuenta}
              </Anchor>
            </Table.Td>
            <Table.Td>{l.centroDeCosto ?? '—'}</Table.Td>
            <Table.Td c="dimmed">{l.nota}</Table.Td>
            <Table.Td ta="right" style={numeroCelda}>
              {l.debito ? importe(l.debito) : ''}
            </Table.Td>
            <Table.Td ta="right" style={numeroCelda}>
              {l.credito ? importe(l.credito) : ''}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** /contabilidad/asientos_contables: the journal, every entry with its lines (spec 002 §7, lists of 25). */
export default function LibroDiarioPage() {
  const [periodo, setPeriodo] = useState<Periodo>({ tipo: 'preset', preset: 4 });
  const [cuenta, setCuenta] = useState<string | null>(null);
  const [centro, setCentro] = useState<string | null>(null);
  const [tipo, setTipo] = useState<string | null>(null);
  const [texto, setTexto] = useState('');
  const [input] = useDebouncedValue(texto, 300);
  const [pagina, setPagina] = useState(1);
  const [abiertos, setAbiertos] = useState<Set<string>>(new Set());
  const filtro = {
    ...filtroDePeriodo(periodo),
    ...(cuenta ? { idCuenta: cuenta } : {}),
    ...(centro ? { idCentroDeCosto: centro } : {}),
    ...(tipo ? { tipoDocumento: tipo } : {}),
    input,
  };
  const consulta = useQuery(libroQueries.diario({ ...filtro, page: pagina, limit: LIMITE_LIBRO_CONTABLE }));
  const datos = consulta.data;
  const vacio = datos !== undefined && datos.totalDocs === 0;
  // Every filter change goes back to page 1.
  const cambiar =
    <T,>(fijar: (valor: T) => void) =>
    (valor: T) => {
      fijar(valor);
      setPagina(1);
    };
  const alternar = (id: string) =>
    setAbiertos((actual) => {
      const nuevo = new Set(actual);
      if (nuevo.has(id)) {
        nuevo.delete(id);
      } else {
        nuevo.add(id);
      }
      return nuevo;
    });
  return (
    <DisenoListaModulo
      titulo="Asientos contables"
      acciones={
        <BotonesDeExportar
          deshabilitado={!datos || vacio}
          alExportar={(opcion) =>
            exportar(libroContable.exportarListado, { ...filtro, documentoOpcion: opcion }, opcion)
          }
        />
      }
    >
      <Stack gap="sm">
        <Group gap="xs" align="flex-start" wrap="wrap">
          <SelectorDePeriodo valor={periodo} alCambiar={cambiar(setPeriodo)} conTodo />
          <SelectorDeCuenta valor={cuenta} alCambiar={cambiar(setCuenta)} />
          <SelectorDeCentro valor={centro} alCambiar={cambiar(setCentro)} />
          <Select
            aria-label="Tipo de documento"
            placeholder="Todos los documentos"
            data={TIPOS}
            value={tipo}
            onChange={cambiar(setTipo)}
            clearable
            w={{ base: '100%', sm: 200 }}
          />
          <BuscadorDeLista
            valor={texto}
            alCambiar={cambiar(setTexto)}
            buscando={consulta.isFetching && !consulta.isPending}
            placeholder="Número, descripción o comprobante"
            etiqueta="Buscar asientos"
            ancho={260}
          />
        </Group>
        {datos && !vacio && (
          <TotalesDeReporte
            cifras={[
              { titulo: 'Asientos', valor: numero(datos.totalDocs) },
              { titulo: 'Total débitos', valor: dinero(datos.totalDebito) },
              { titulo: 'Total créditos', valor: dinero(datos.totalCredito) },
            ]}
          />
        )}
        {vacio ? (
          <SinResultados />
        ) : (
          <ScrollArea type="auto">
            <Table verticalSpacing={6} fz="sm" miw={760} highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={36} />
                  <Table.Th w={70}>No.</Table.Th>
                  <Table.Th w={100}>Fecha</Table.Th>
                  <Table.Th w={190}>Documento</Table.Th>
                  <Table.Th>Descripción</Table.Th>
                  <Table.Th ta="right" w={130}>
                    Débito
                  </Table.Th>
                  <Table.Th ta="right" w={130}>
                    Crédito
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(datos?.asientos ?? []).map((a) => {
                  const abierto = abiertos.has(a._id);
                  return (
                    <Fragment key={a._id}>
                      <Table.Tr onClick={() => alternar(a._id)} style={{ cursor: 'pointer' }}>
                        <Table.Td>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            size="sm"
                            aria-label={
                              abierto
                                ? `Ocultar líneas del asiento ${a.numero}`
                                : `Ver líneas del asiento ${a.numero}`
                            }
                            aria-expanded={abierto}
                          >
                            {abierto ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                          </ActionIcon>
                        </Table.Td>
                        <Table.Td ff="monospace">{a.numero}</Table.Td>
                        <Table.Td style={numeroCelda}>{fecha(a.fecha)}</Table.Td>
                        <Table.Td>
                          <Documento asiento={a} />
                        </Table.Td>
                        <Table.Td>
                          <Group gap={6} wrap="nowrap">
                            <Text size="sm" lineClamp={2}>
                              {a.descripcion}
                            </Text>
                            {a.idAsientoRevertido && (
                              <Badge size="xs" color="orange" variant="light">
                                Reverso
                              </Badge>
                            )}
                          </Group>
                        </Table.Td>
                        <Table.Td ta="right" style={numeroCelda}>
                          {importe(a.totalDebito)}
                        </Table.Td>
                        <Table.Td ta="right" style={numeroCelda}>
                          {importe(a.totalCredito)}
                        </Table.Td>
                      </Table.Tr>
                      {abierto && (
                        <Table.Tr>
                          <Table.Td />
                          <Table.Td colSpan={6} p={0} pb={6}>
                            <Lineas asiento={a} />
                          </Table.Td>
                        </Table.Tr>
                      )}
                    </Fragment>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
        <EstadoDeLista
          cargando={consulta.isPending}
          error={consulta.error}
          vacio="No hay asientos."
          cantidad={vacio ? undefined : datos?.asientos.length}
        />
        {datos && datos.totalDocs > LIMITE_LIBRO_CONTABLE && (
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {numero(datos.totalDocs)} asientos
            </Text>
            <Pagination
              size="sm"
              total={Math.ceil(datos.totalDocs / LIMITE_LIBRO_CONTABLE)}
              value={pagina}
              onChange={setPagina}
            />
          </Group>
        )}
      </Stack>
    </DisenoListaModulo>
  );
}
