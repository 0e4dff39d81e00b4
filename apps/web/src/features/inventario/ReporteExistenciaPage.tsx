import { Badge, Text } from '@mantine/core';
import { type ReporteExistenciaInventario, reportesDeProductos } from '@pos/contract';
import { useQuery } from '@tanstack/react-query';
import { cantidad } from '../../ui/formato.ts';
import type { Columna } from '../../ui/TablaLista.tsx';
import { exportar } from './archivos.ts';
import { FILAS_POR_PAGINA, FiltrosDeInventario, useFiltroDeInventario } from './FiltrosDeInventario.tsx';
import { ReportePaginado } from './partesDeReporte.tsx';
import { inventarioQueries } from './queries.ts';

type Fila = ReporteExistenciaInventario['res'][number];

const ESTADOS: Record<Fila['estadoDeExistencia'], { titulo: string; color: string }> = {
  agotado: { titulo: 'Agotado', color: 'red' },
  bajo: { titulo: 'Bajo', color: 'orange' },
  normal: { titulo: 'Normal', color: 'gray' },
  sobreexistencia: { titulo: 'Sobreexistencia', color: 'blue' },
};

function limite(valor: number): string {
  return valor > 0 ? cantidad(valor) : '—';
}

const COLUMNAS: Columna<Fila>[] = [
  {
    titulo: 'Código',
    celda: (f) => (
      <Text size="sm" ff="monospace">
        {f.idCodigoDeBarra && f.idCodigoDeBarra !== '0' ? f.idCodigoDeBarra : '—'}
      </Text>
    ),
  },
  {
    titulo: 'Producto',
    celda: (f) => (
      <Text size="sm" fw={500}>
        {f.nombre}
      </Text>
    ),
  },
  { titulo: 'Categoría', celda: (f) => f.categoria || '—' },
  { titulo: 'Almacén', celda: (f) => f.almacen },
  {
    titulo: 'Existencia',
    celda: (f) => (
      <Text size="sm" fw={600} c={f.disponibilidad < 0 ? 'red' : undefined}>
        {cantidad(f.disponibilidad)}
      </Text>
    ),
    alinear: 'right',
  },
  { titulo: 'Mínima', celda: (f) => limite(f.cantidadMinima), alinear: 'right' },
  { titulo: 'Máxima', celda: (f) => limite(f.cantidadMaxima), alinear: 'right' },
  {
    titulo: 'Estado',
    celda: (f) => (
      <Badge variant="light" size="sm" color={ESTADOS[f.estadoDeExistencia].color}>
        {ESTADOS[f.estadoDeExistencia].titulo}
      </Badge>
    ),
  },
];

/** /reportes/r-existencia-inventario: availability per product and warehouse, with low and out of stock. */
export default function ReporteExistenciaPage() {
  const { filtro, filtroDePagina, pagina, setPagina, controles } = useFiltroDeInventario(false);
  const consulta = useQuery(inventarioQueries.existencia(filtroDePagina));
  return (
    <ReportePaginado
      titulo="Existencia de inventario"
      filtros={<FiltrosDeInventario controles={controles} />}
      datos={consulta.data}
      cargando={consulta.isPending}
      error={consulta.error}
      cifras={(datos) => [
        { titulo: 'Filas', valor: cantidad(datos.totalRows), detalle: 'Producto y almacén' },
        { titulo: 'Unidades', valor: cantidad(datos.totalUnidades) },
        {
          titulo: 'Agotados',
          valor: cantidad(datos.agotados),
          color: datos.agotados > 0 ? 'red' : undefined,
          detalle: 'Existencia en 0 o menos',
        },
        {
          titulo: 'Bajo el mínimo',
          valor: cantidad(datos.bajos),
          color: datos.bajos > 0 ? 'orange' : undefined,
          detalle: 'Existencia ≤ cantidad mínima',
        },
      ]}
      columnas={COLUMNAS}
      clave={(f) => `${f.idProducto}-${f.idAlmacen}`}
      pagina={pagina}
      porPagina={FILAS_POR_PAGINA}
      alCambiarPagina={setPagina}
      alExportar={(opcion) =>
        exportar(
          reportesDeProductos.exportarExistenciaInventario,
          { ...filtro, documentoOpcion: opcion },
          opcion,
        )
      }
    />
  );
}
