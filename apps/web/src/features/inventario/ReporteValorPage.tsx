import { Text } from '@mantine/core';
import { type ReporteValorInventario, reportesDeProductos } from '@pos/contract';
import { useQuery } from '@tanstack/react-query';
import { cantidad, dinero } from '../../ui/formato.ts';
import type { Columna } from '../../ui/TablaLista.tsx';
import { exportar } from './archivos.ts';
import { FILAS_POR_PAGINA, FiltrosDeInventario, useFiltroDeInventario } from './FiltrosDeInventario.tsx';
import { ReportePaginado } from './partesDeReporte.tsx';
import { inventarioQueries } from './queries.ts';

type Fila = ReporteValorInventario['res'][number];

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
  { titulo: 'Existencia', celda: (f) => cantidad(f.disponibilidad), alinear: 'right' },
  { titulo: 'Costo promedio', celda: (f) => dinero(f.costoPromedio), alinear: 'right' },
  {
    titulo: 'Valor al costo',
    celda: (f) => (
      <Text size="sm" fw={500}>
        {dinero(f.valorAlCosto)}
      </Text>
    ),
    alinear: 'right',
  },
  { titulo: 'Precio de venta', celda: (f) => dinero(f.precioDeVenta), alinear: 'right' },
  { titulo: 'Valor al precio', celda: (f) => dinero(f.valorAlPrecio), alinear: 'right' },
];

/** /reportes/r-valor-inventario: stock valued at average cost and at the selling price. */
export default function ReporteValorPage() {
  const { filtro, filtroDePagina, pagina, setPagina, controles } = useFiltroDeInventario(true);
  const consulta = useQuery(inventarioQueries.valor(filtroDePagina));
  return (
    <ReportePaginado
      titulo="Valor del inventario"
      filtros={<FiltrosDeInventario controles={controles} />}
      datos={consulta.data}
      cargando={consulta.isPending}
      error={consulta.error}
      cifras={(datos) => [
        { titulo: 'Productos', valor: cantidad(datos.totalRows) },
        { titulo: 'Unidades', valor: cantidad(datos.totalUnidades) },
        {
          titulo: 'Valor al costo',
          valor: dinero(datos.totalAlCosto),
          detalle: 'Existencia × costo promedio',
        },
        {
          titulo: 'Valor al precio',
          valor: dinero(datos.totalAlPrecio),
          detalle: 'Existencia × precio de venta (con impuestos)',
        },
      ]}
      columnas={COLUMNAS}
      clave={(f) => f.idProducto}
      pagina={pagina}
      porPagina={FILAS_POR_PAGINA}
      alCambiarPagina={setPagina}
      alExportar={(opcion) =>
        exportar(reportesDeProductos.exportarValorInventario, { ...filtro, documentoOpcion: opcion }, opcion)
      }
    />
  );
}
