import { Badge, Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { ajustesInventario, type ReporteAjustes, tienePermiso } from '@pos/contract';
import { aCentavos, aPesos, type Centavos } from '@pos/domain';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { usePerfil } from '../../app/usePerfil.ts';
import { DisenoListaModulo } from '../../layouts/DisenoListaModulo.tsx';
import { cantidad, dinero, fecha, unidades } from '../../ui/formato.ts';
import { filtroDePeriodo, type Periodo } from '../../ui/periodo.ts';
import { SelectorDePeriodo } from '../../ui/SelectorDePeriodo.tsx';
import { type Columna, TablaLista } from '../../ui/TablaLista.tsx';
import { exportar } from './archivos.ts';
import { BotonesDeExportar, SinResultados, TotalesDeReporte } from './partesDeReporte.tsx';
import { ajusteQueries, seleccionQueries } from './queries.ts';
import { EDITAR_AJUSTE } from './rutas.ts';

type Fila = ReporteAjustes['lineas'][number];
type Tipo = 'todos' | 'entradas' | 'salidas';

/** Lines shown a page; the server answers every line of the period (the totals are over all of them). */
const LINEAS_POR_PAGINA = 50;

const COLUMNAS: Columna<Fila>[] = [
  { titulo: 'Fecha', celda: (f) => fecha(f.fechaDeAjuste), ancho: 100 },
  {
    titulo: 'Ajuste',
    celda: (f) => (
      <Text size="sm" fw={500}>
        {f.nombreAjuste}
      </Text>
    ),
  },
  { titulo: 'Almacén', celda: (f) => f.almacen },
  {
    titulo: 'Producto',
    celda: (f) => (
      <Stack gap={0}>
        <Text size="sm">{f.nombre}</Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {f.idCodigoDeBarra && f.idCodigoDeBarra !== '0' ? f.idCodigoDeBarra : 'Sin código'}
        </Text>
      </Stack>
    ),
  },
  {
    titulo: 'Tipo',
    celda: (f) => (
      <Badge size="sm" variant="light" color={f.tipoDeAjuste ? 'teal' : 'red'}>
        {f.tipoDeAjuste ? 'Entrada' : 'Salida'}
      </Badge>
    ),
  },
  { titulo: 'Cantidad', celda: (f) => cantidad(f.cantidad), alinear: 'right' },
  { titulo: 'Costo unitario', celda: (f) => dinero(f.costoUnitario), alinear: 'right' },
  {
    titulo: 'Costo total',
    celda: (f) => (
      <Text size="sm" fw={500} c={f.tipoDeAjuste ? undefined : 'red'}>
        {f.tipoDeAjuste ? '' : '−'}
        {dinero(f.costoTotal)}
      </Text>
    ),
    alinear: 'right',
  },
  { titulo: 'Usuario', celda: (f) => f.creadoPor || '—' },
];

/** /reportes/r-ajustes-inventario: adjustment lines of a period with entries, exits and their value. */
export default function ReporteAjustesPage() {
  const navegar = useNavigate();
  const { perfil } = usePerfil();
  const [periodo, setPeriodo] = useState<Periodo>({ tipo: 'preset', preset: 4 });
  const [idAlmacen, setIdAlmacen] = useState<string | null>(null);
  const [tipo, setTipo] = useState<Tipo>('todos');
  const [busqueda, setBusqueda] = useState('');
  const [input] = useDebouncedValue(busqueda.trim(), 300);
  const [pagina, setPagina] = useState(1);
  const almacenes = useQuery(seleccionQueries.almacenes());
  const rangoIncompleto = periodo.tipo === 'rango' && (!periodo.desde || !periodo.hasta);
  const filtro = {
    ...filtroDePeriodo(periodo),
    idAlmacen,
    tipoDeAjuste: tipo === 'todos' ? null : tipo === 'entradas',
    input,
  };
  const consulta = useQuery({ ...ajusteQueries.reporte(filtro), enabled: !rangoIncompleto });
  const datos = rangoIncompleto ? undefined : consulta.data;
  const vacio = datos !== undefined && datos.cantidadDeRegistros === 0;
  const pagina1 = datos?.lineas.slice((pagina - 1) * LINEAS_POR_PAGINA, pagina * LINEAS_POR_PAGINA);
  const puedeAbrir = !perfil || tienePermiso(perfil.privilegios, 'ajusteInventario', 'ver');
  const neto = datos
    ? aPesos((aCentavos(datos.totalEntradas) - aCentavos(datos.totalSalidas)) as Centavos)
    : 0;
  const reiniciar =
    <T,>(fn: (v: T) => void) =>
    (v: T) => {
      fn(v);
      setPagina(1);
    };
  return (
    <DisenoListaModulo
      titulo="Reporte de ajustes de inventario"
      acciones={
        <BotonesDeExportar
          deshabilitado={!datos || vacio}
          alExportar={(opcion) =>
            exportar(ajustesInventario.exportar, { ...filtro, documentoOpcion: opcion }, opcion)
          }
        />
      }
    >
      <Stack gap="sm">
        <Group gap="sm" wrap="wrap" align="flex-start">
          <SelectorDePeriodo valor={periodo} alCambiar={reiniciar(setPeriodo)} />
          <Select
            aria-label="Almacén"
            placeholder="Todos los almacenes"
            data={(almacenes.data ?? []).map((a) => ({ value: a._id, label: a.nombre }))}
            value={idAlmacen}
            onChange={reiniciar(setIdAlmacen)}
            clearable
            searchable
            w={{ base: '100%', sm: 210 }}
          />
          <SegmentedControl
            aria-label="Tipo de ajuste"
            data={[
              { value: 'todos', label: 'Todos' },
              { value: 'entradas', label: 'Entradas' },
              { value: 'salidas', label: 'Salidas' },
            ]}
            value={tipo}
            onChange={reiniciar((v: string) => setTipo(v as Tipo))}
          />
          <TextInput
            aria-label="Buscar"
            placeholder="Producto, código o ajuste"
            leftSection={<IconSearch size={16} />}
            value={busqueda}
            onChange={(e) => {
              setBusqueda(e.currentTarget.value);
              setPagina(1);
            }}
            w={{ base: '100%', sm: 230 }}
          />
        </Group>
        {datos && !vacio && (
          <TotalesDeReporte
            cifras={[
              {
                titulo: 'Líneas',
                valor: cantidad(datos.cantidadDeRegistros),
                detalle: 'Producto y dirección',
              },
              {
                titulo: 'Entradas',
                valor: dinero(datos.totalEntradas),
                color: 'teal',
                detalle: unidades(datos.cantidadEntradas),
              },
              {
                titulo: 'Salidas',
                valor: dinero(datos.totalSalidas),
                color: 'red',
                detalle: unidades(datos.cantidadSalidas),
              },
              { titulo: 'Efecto neto', valor: dinero(neto), detalle: 'Entradas − salidas, al costo' },
            ]}
          />
        )}
        {rangoIncompleto ? (
          <Text c="dimmed" ta="center" py="lg">
            Elige el día inicial y el final del rango.
          </Text>
        ) : vacio ? (
          <SinResultados />
        ) : (
          <TablaLista
            sinSalto
            columnas={COLUMNAS}
            filas={pagina1}
            clave={(f) => `${f.idAjuste}-${f.idProducto}-${f.tipoDeAjuste}`}
            cargando={consulta.isPending}
            error={consulta.error}
            total={datos?.cantidadDeRegistros}
            pagina={pagina}
            porPagina={LINEAS_POR_PAGINA}
            alCambiarPagina={setPagina}
            {...(puedeAbrir
              ? { alElegir: (f: Fila) => void navegar(`${EDITAR_AJUSTE}?id=${f.idAjuste}`) }
              : {})}
          />
        )}
      </Stack>
    </DisenoListaModulo>
  );
}
