import { Anchor, Center, Group, Loader, Pagination, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  type ColumnaDeReporte,
  type CualquierReporte,
  type DocumentoEnlazable,
  exportarReporte,
  FILAS_POR_PAGINA_DE_REPORTE,
  type FormatoDeReporte,
} from '@pos/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../api/client.ts';
import { exportar } from '../../features/inventario/archivos.ts';
import { DisenoListaModulo } from '../../layouts/DisenoListaModulo.tsx';
import { cantidad, dinero, fecha, fechaHora, numero, porcentajeDeFraccion } from '../formato.ts';
import { filtroDePeriodo } from '../periodo.ts';
import { type EleccionDeReporte, eleccionInicial, FiltrosDeReporte } from './FiltrosDeReporte.tsx';
import { BotonesDeExportar, SinResultados, TotalesDeReporte } from './partes.tsx';

// The one screen of every declared report (contract reportes/kit.ts): its filters, the figures over the
// whole filter, the table with its totals row and document links, the exports (spec 002 §7
// documentoOpcion) and the empty state of spec 002 §8. 25 rows a page when the report pages (§9).

type Fila = Record<string, unknown>;

/** How a cell or figure reads (es-DO; dates in Santo Domingo). */
export function textoDeValor(valor: unknown, formato: FormatoDeReporte | undefined): string {
  if (valor === null || valor === undefined || valor === '') {
    return '';
  }
  if (typeof valor === 'number') {
    switch (formato) {
      case 'dinero':
        return dinero(valor);
      case 'cantidad':
        return cantidad(valor);
      case 'entero':
        return numero(valor);
      case 'porcentaje':
        return porcentajeDeFraccion(valor);
      default:
        return String(valor);
    }
  }
  if (typeof valor === 'string' && formato === 'fecha') {
    return fecha(valor);
  }
  if (typeof valor === 'string' && formato === 'fechaHora') {
    return fechaHora(valor);
  }
  if (typeof valor === 'boolean') {
    return valor ? 'Sí' : 'No';
  }
  return String(valor);
}

function textoDeCelda(fila: Fila, columna: ColumnaDeReporte<Fila>): string {
  const valor = fila[columna.clave];
  return columna.etiquetas?.[String(valor)] ?? textoDeValor(valor, columna.formato);
}

const alDerecha = (formato: FormatoDeReporte | undefined) =>
  formato === 'dinero' || formato === 'cantidad' || formato === 'entero' || formato === 'porcentaje';

/** The body the report's call receives for what the user chose (only the declared filters). */
export function cuerpoDeLaEleccion(
  declaracion: CualquierReporte,
  eleccion: EleccionDeReporte,
  input: string,
): Record<string, unknown> {
  const hay = (f: Parameters<typeof declaracion.filtros.includes>[0]) => declaracion.filtros.includes(f);
  return {
    ...(hay('periodo') ? filtroDePeriodo(eleccion.periodo) : {}),
    ...(hay('cliente') ? { idCliente: eleccion.cliente?._id ?? null } : {}),
    ...(hay('proveedor') ? { idProveedor: eleccion.proveedor?._id ?? null } : {}),
    ...(hay('usuario') ? { idUsuario: eleccion.idUsuario } : {}),
    ...(hay('terminal') ? { idTerminal: eleccion.idTerminal } : {}),
    ...(hay('almacen') ? { idAlmacen: eleccion.idAlmacen } : {}),
    ...(hay('centroDeCosto') ? { idCentroDeCosto: eleccion.idCentroDeCosto } : {}),
    ...(hay('categoria') ? { idCategoria: eleccion.idCategoria } : {}),
    ...(hay('estado') ? { estado: eleccion.estado } : {}),
    ...(hay('metodoDePago') ? { metodoDePago: eleccion.metodoDePago } : {}),
    ...(hay('texto') ? { input } : {}),
    ...Object.fromEntries(
      (declaracion.selecciones ?? []).map((s) => [
        s.campo,
        s.opciones[eleccion.selecciones[s.campo] ?? 0]?.valor ?? null,
      ]),
    ),
  };
}

type Props = {
  declaracion: CualquierReporte;
  /** The screen of a linked document (features/reportes/enlaces.ts), or null when it has none. */
  enlaceDe?: (documento: DocumentoEnlazable, id: string) => string | null;
  /** What goes under the table (the general summary's index of reports). */
  children?: ReactNode;
};

/** A declared report's screen. */
export function PaginaDeReporte({ declaracion, enlaceDe, children }: Props) {
  const [eleccion, setEleccion] = useState(() => eleccionInicial(declaracion));
  const [pagina, setPagina] = useState(1);
  const [input] = useDebouncedValue(eleccion.busqueda.trim(), 300);
  const cuerpo = cuerpoDeLaEleccion(declaracion, eleccion, input);
  const rangoIncompleto =
    declaracion.filtros.includes('periodo') &&
    eleccion.periodo.tipo === 'rango' &&
    (!eleccion.periodo.desde || !eleccion.periodo.hasta);
  const paginado = declaracion.paginado === true;
  const consulta = useQuery({
    queryKey: ['reportes', declaracion.id, cuerpo, paginado ? pagina : 0],
    queryFn: ({ signal }) =>
      api(declaracion.consulta, {
        body: { ...cuerpo, ...(paginado ? { page: pagina, limit: FILAS_POR_PAGINA_DE_REPORTE } : {}) },
        signal,
      }) as Promise<Fila>,
    enabled: !rangoIncompleto,
    placeholderData: keepPreviousData,
  });
  const datos = rangoIncompleto ? undefined : consulta.data;
  const filas = (datos?.[declaracion.filas] as Fila[] | undefined) ?? [];
  const total = paginado ? Number(datos?.totalRows ?? 0) : filas.length;
  const vacio = datos !== undefined && total === 0;
  const columnas: ReadonlyArray<ColumnaDeReporte<Fila>> = declaracion.columnas;
  const conTotales = columnas.some((c) => c.total);
  const rotulo = columnas.findIndex((c) => !c.total && !alDerecha(c.formato));

  // A row's key: its declared key, numbered when several rows share it (an adjustment's lines).
  const repetidas = new Map<string, number>();
  function claveDe(fila: Fila): string {
    const base = String(fila[declaracion.clave]);
    const veces = repetidas.get(base) ?? 0;
    repetidas.set(base, veces + 1);
    return veces === 0 ? base : `${base}-${veces}`;
  }

  function alCambiar(cambio: Partial<EleccionDeReporte>) {
    setEleccion((e) => ({ ...e, ...cambio }));
    setPagina(1);
  }

  function celda(fila: Fila, columna: ColumnaDeReporte<Fila>): ReactNode {
    const texto = textoDeCelda(fila, columna);
    const id = columna.enlace ? fila[columna.enlace.campo] : undefined;
    const ruta =
      columna.enlace && typeof id === 'string' && id ? enlaceDe?.(columna.enlace.documento, id) : null;
    return ruta ? (
      <Anchor component={Link} to={ruta} size="sm">
        {texto || '—'}
      </Anchor>
    ) : (
      texto
    );
  }

  return (
    <DisenoListaModulo
      titulo={declaracion.titulo}
      acciones={
        <BotonesDeExportar
          deshabilitado={!datos || vacio}
          alExportar={(opcion) =>
            exportar(exportarReporte(declaracion), { ...cuerpo, documentoOpcion: opcion }, opcion)
          }
        />
      }
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {declaracion.descripcion}
        </Text>
        <FiltrosDeReporte declaracion={declaracion} eleccion={eleccion} alCambiar={alCambiar} />
        {datos && !vacio && (declaracion.cifras ?? []).length > 0 && (
          <TotalesDeReporte
            cifras={(declaracion.cifras ?? []).map((c) => ({
              titulo: c.titulo,
              valor: textoDeValor(datos[c.clave], c.formato),
              ...(c.detalle ? { detalle: c.detalle } : {}),
            }))}
          />
        )}
        {rangoIncompleto ? (
          <Text c="dimmed" ta="center" py="lg">
            Elige el día inicial y el final del rango.
          </Text>
        ) : vacio ? (
          <SinResultados />
        ) : consulta.error ? (
          <Text c="red" ta="center" py="lg" role="alert">
            {consulta.error.message}
          </Text>
        ) : !datos ? (
          <Center py="lg">
            <Loader size="sm" aria-label="Cargando" />
          </Center>
        ) : (
          <>
            <ScrollArea type="auto">
              <Table striped verticalSpacing={6} fz="sm" miw={560} style={{ whiteSpace: 'nowrap' }}>
                <Table.Thead>
                  <Table.Tr>
                    {columnas.map((c) => (
                      <Table.Th key={c.clave} ta={alDerecha(c.formato) ? 'right' : 'left'}>
                        {c.titulo}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {filas.map((fila) => (
                    <Table.Tr key={claveDe(fila)}>
                      {columnas.map((c) => (
                        <Table.Td key={c.clave} ta={alDerecha(c.formato) ? 'right' : 'left'}>
                          {celda(fila, c)}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
                {conTotales && (
                  <Table.Tfoot>
                    <Table.Tr fw={700} bg="var(--mantine-color-gray-0)" aria-label="Totales">
                      {columnas.map((c, i) => (
                        <Table.Td key={c.clave} ta={alDerecha(c.formato) ? 'right' : 'left'}>
                          {c.total ? textoDeValor(datos[c.total], c.formato) : i === rotulo ? 'Total' : ''}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  </Table.Tfoot>
                )}
              </Table>
            </ScrollArea>
            {paginado && total > FILAS_POR_PAGINA_DE_REPORTE && (
              <Group justify="space-between" mt="sm">
                <Text size="sm" c="dimmed">
                  {total} {total === 1 ? 'registro' : 'registros'}
                </Text>
                <Pagination
                  size="sm"
                  total={Math.ceil(total / FILAS_POR_PAGINA_DE_REPORTE)}
                  value={pagina}
                  onChange={setPagina}
                />
              </Group>
            )}
          </>
        )}
        {children}
      </Stack>
    </DisenoListaModulo>
  );
}
