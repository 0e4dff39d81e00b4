import type { Archivo, ExportarConciliacion, MovimientoConciliacion } from '@pos/contract';
import { formatearFecha } from '@pos/domain';
import { exportarTabla } from '../../http/exportar.ts';
import type { Ctx } from '../../http/handle.ts';
import { obtenerConfiguracionGeneral } from '../empresas/service.ts';
import { buscarConciliacion } from './operaciones.ts';

const ETIQUETA_DE_FILTRO = {
  todos: 'Todos los movimientos',
  ingresos: 'Solo ingresos',
  egresos: 'Solo egresos',
};

/**
 * POST /conciliacio/pdf/conciliacion (spec 002 §7): the reconciliation's movements as filtered on screen
 * (every page), its figures under the title, as PDF (print / pdf) or conciliacion.xlsx.
 */
export async function exportarConciliacion(ctx: Ctx, filtro: ExportarConciliacion): Promise<Archivo> {
  const { conciliacion, data } = await buscarConciliacion(ctx, { ...filtro, page: 1, limit: 100_000 });
  const empresa = (await obtenerConfiguracionGeneral(ctx)).configGeneral[0];
  const f = (valor: number) =>
    valor.toLocaleString('es-DO', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return exportarTabla(
    {
      titulo: `Conciliación bancaria — ${filtro.nombreBanco || conciliacion.nombreCuenta}`,
      encabezado: [
        empresa?.nombre ?? '',
        `Periodo: ${formatearFecha(conciliacion.fechaInicioConciliacion)} a ${formatearFecha(conciliacion.fechaFinConciliacion)} · ${conciliacion.estado}`,
        `Saldo inicial ${f(conciliacion.saldoInicial)} · Ingresos verificados ${f(conciliacion.totalIngresosVerificados)} · Intereses ${f(conciliacion.ingresosBancarios)} · Egresos verificados ${f(conciliacion.totalEgresosVerificados)} · Cargos ${f(conciliacion.gastosBancarios)}`,
        `Balance ${f(conciliacion.balance)} · Saldo final del estado ${f(conciliacion.saldoFinalDelEstado)} · Diferencia ${f(conciliacion.diferencia)}`,
        ETIQUETA_DE_FILTRO[filtro.filtrarPor],
      ],
      nombreArchivo: 'conciliacion',
      columnas: [
        { titulo: 'Fecha', valor: (m: MovimientoConciliacion) => formatearFecha(m.fecha), ancho: 0.8 },
        { titulo: 'Asiento', valor: (m) => m.numeroAsiento, formato: 'entero', ancho: 0.6 },
        { titulo: 'Comprobante', valor: (m) => m.comprobante, ancho: 1 },
        { titulo: 'Descripción', valor: (m) => m.descripcion || m.nota, ancho: 2.4 },
        {
          titulo: 'Ingreso',
          valor: (m) => (m.tipo === 'ingreso' ? m.monto : null),
          formato: 'dinero',
          ancho: 0.9,
        },
        {
          titulo: 'Egreso',
          valor: (m) => (m.tipo === 'egreso' ? m.monto : null),
          formato: 'dinero',
          ancho: 0.9,
        },
        { titulo: 'Verificado', valor: (m) => (m.conciliacionVerificada ? 'Sí' : 'No'), ancho: 0.6 },
      ],
      filas: data,
    },
    filtro.documentoOpcion,
  );
}
