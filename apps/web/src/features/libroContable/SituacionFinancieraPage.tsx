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

/** /reportes/r-situacion-financiera: the balance sheet at the period's end against the previous period's end. */
export default function SituacionFinancieraPage() {
  const [periodo, setPeriodo] = useState<Periodo>({ tipo: 'preset', preset: 4 });
  const [centro, setCentro] = useState<string | null>(null);
  const filtro = { ...filtroDePeriodo(periodo), ...(centro ? { idCentroDeCosto: centro } : {}) };
  const consulta = useQuery(libroQueries.situacion(filtro));
  const d = consulta.data;
  const t = d?.totales;
  return (
    <EstadoFinanciero
      titulo="Estado de situación financiera"
      filtros={
        <>
          <SelectorDePeriodo valor={periodo} alCambiar={setPeriodo} />
          <SelectorDeCentro valor={centro} alCambiar={setCentro} />
        </>
      }
      columnas={
        d ? [`Al ${fecha(d.periodo.hasta)}`, `Al ${fecha(d.periodoAnterior.hasta)}`] : ['Actual', 'Anterior']
      }
      filas={d?.filas}
      cargando={consulta.isFetching}
      totales={
        t
          ? [
              { titulo: 'Total activo', ...t.activo, fuerte: true },
              { titulo: 'Total pasivo', ...t.pasivo },
              { titulo: 'Total capital', ...t.capital },
              { titulo: 'Resultado del ejercicio', ...t.resultadoDelEjercicio },
              { titulo: 'Total pasivo + capital', ...t.totalPasivoYCapital, fuerte: true },
            ]
          : []
      }
      alExportar={(opcion) =>
        exportar(libroContable.exportarSituacionFinanciera, { ...filtro, documentoOpcion: opcion }, opcion)
      }
    />
  );
}
