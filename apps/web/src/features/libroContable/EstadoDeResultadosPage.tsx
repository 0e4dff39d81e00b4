import { libroContable } from '@pos/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { fecha } from '../../ui/formato.ts';
import { filtroDePeriodo, type Periodo } from '../../ui/periodo.ts';
import { SelectorDePeriodo } from '../../ui/SelectorDePeriodo.tsx';
import { exportar } from '../inventario/archivos.ts';
import { EstadoFinanciero } from './EstadoFinanciero.tsx';
import { SelectorDeCentro } from './Filtros.tsx';
import { libroQueries } from './queries.ts';

const rango = (p: { desde: string | null; hasta: string }) =>
  `${p.desde ? fecha(p.desde) : ''} – ${fecha(p.hasta)}`;

/** /reportes/r-estado-de-resultado: ingresos − costos − gastos of the period against the previous one. */
export default function EstadoDeResultadosPage() {
  const [periodo, setPeriodo] = useState<Periodo>({ tipo: 'preset', preset: 4 });
  const [centro, setCentro] = useState<string | null>(null);
  const filtro = { ...filtroDePeriodo(periodo), ...(centro ? { idCentroDeCosto: centro } : {}) };
  const consulta = useQuery(libroQueries.resultados(filtro));
  const d = consulta.data;
  const t = d?.totales;
  return (
    <EstadoFinanciero
      titulo="Estado de resultados"
      filtros={
        <>
          <SelectorDePeriodo valor={periodo} alCambiar={setPeriodo} />
          <SelectorDeCentro valor={centro} alCambiar={setCentro} />
        </>
      }
      columnas={d ? [rango(d.periodo), rango(d.periodoAnterior)] : ['Periodo', 'Periodo anterior']}
      filas={d?.filas}
      cargando={consulta.isFetching}
      totales={
        t
          ? [
              { titulo: 'Total ingresos', ...t.ingresos },
              { titulo: 'Total costos', ...t.costos },
              { titulo: 'Utilidad bruta', ...t.utilidadBruta },
              { titulo: 'Total gastos', ...t.gastos },
              { titulo: 'Resultado del periodo', ...t.resultado, fuerte: true },
            ]
          : []
      }
      alExportar={(opcion) =>
        exportar(libroContable.exportarEstadoDeResultados, { ...filtro, documentoOpcion: opcion }, opcion)
      }
    />
  );
}
