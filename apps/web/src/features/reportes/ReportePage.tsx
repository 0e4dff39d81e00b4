import { reporteDe } from '@pos/contract';
import { useLocation } from 'react-router';
import { PaginaDeReporte } from '../../ui/reporte/PaginaDeReporte.tsx';
import { enlaceDe } from './enlaces.ts';

/** /reportes/{id}: the declared report of the path, drawn by the generic page. */
export default function ReportePage() {
  const { pathname } = useLocation();
  const id = pathname.replace(/\/+$/, '').split('/').at(-1) ?? '';
  const declaracion = reporteDe(id);
  if (!declaracion) {
    return null;
  }
  // A new key per report: moving from one report to another starts from its own filters.
  return <PaginaDeReporte key={declaracion.id} declaracion={declaracion} enlaceDe={enlaceDe} />;
}
