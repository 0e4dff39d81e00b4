import {
  anulaciones,
  comprasApi,
  cotizacionesApi,
  despachosApi,
  egresos,
  entradasDeDiario,
  expedientesApi,
  type FiltroSolicitudes,
  facturas,
  gastosMenores,
  ingresos,
  notasDeDebitoApi,
  ordenesDeCompraApi,
  pedidosApi,
} from '@pos/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client.ts';

export const auditoriaQueries = {
  all: () => ['auditoria'] as const,
  solicitudes: (filtro: z.input<typeof FiltroSolicitudes>) =>
    queryOptions({
      queryKey: [...auditoriaQueries.all(), 'solicitudes', filtro],
      queryFn: ({ signal }) => api(anulaciones.solicitudes, { body: filtro, signal }),
      placeholderData: keepPreviousData,
    }),
};

/** A supervisor's decision on a pending request (spec 001 §4): approve cancels, reject restores. */
export type Decision = 'Aprobada' | 'Rechazada';

// Spec 001 §4, §7: the supervisor resolves a request through the document's own cancel call
// (invoices, receipts in, sales orders and quotations; other document types join with their modules).
export function useResolverSolicitud() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      tipoDocumento,
      idDocumento,
      decision,
      nota,
    }: {
      tipoDocumento: string;
      idDocumento: string;
      decision: Decision;
      nota: string;
    }): Promise<unknown> => {
      const estado = decision === 'Aprobada' ? 'Anulado' : 'Activo';
      if (tipoDocumento === 'notaDeDebito') {
        return api(notasDeDebitoApi.anular, {
          params: { id: idDocumento },
          body: { autorizacion: decision, notaAutorizacion: nota },
        });
      }
      if (tipoDocumento === 'ordenDeCompra') {
        return api(ordenesDeCompraApi.anular, {
          params: { id: idDocumento },
          body: { _id: idDocumento, estado, autorizacion: decision, notaAutorizacion: nota },
        });
      }
      if (tipoDocumento === 'cotizacion') {
        return api(cotizacionesApi.anular, {
          params: { id: idDocumento },
          body: { autorizacion: decision, notaAutorizacion: nota },
        });
      }
      if (tipoDocumento === 'conduceDespacho') {
        return api(despachosApi.anular, {
          params: { id: idDocumento },
          body: { autorizacion: decision, notaAutorizacion: nota },
        });
      }
      if (tipoDocumento === 'pedido') {
        return api(pedidosApi.anular, {
          params: { id: idDocumento },
          body: { estado, autorizacion: decision, notaAutorizacion: nota },
        });
      }
      if (tipoDocumento === 'compra') {
        return api(comprasApi.anular, {
          params: { id: idDocumento },
          body: { autorizacion: decision, notaAutorizacion: nota },
        });
      }
      if (tipoDocumento === 'gastoMenor') {
        return api(gastosMenores.anular, {
          params: { id: idDocumento },
          body: { autorizacion: decision, notaAutorizacion: nota },
        });
      }
      if (tipoDocumento === 'expediente') {
        return api(expedientesApi.anular, {
          params: { id: idDocumento },
          body: { autorizacion: decision, notaAutorizacion: nota },
        });
      }
      if (tipoDocumento === 'entradaDeDiario') {
        return api(entradasDeDiario.anular, {
          body: { idEntradaDeDiarioRef: idDocumento, estado, autorizacion: decision, notaAutorizacion: nota },
        });
      }
      if (tipoDocumento === 'egreso') {
        return api(egresos.anular, {
          body: { idEgresosRef: idDocumento, estado, autorizacion: decision, notaAutorizacion: nota },
        });
      }
      return tipoDocumento === 'ingreso'
        ? api(ingresos.anular, {
            body: { idIngresosRef: idDocumento, estado, autorizacion: decision, notaAutorizacion: nota },
          })
        : api(facturas.anular, {
            params: { id: idDocumento },
            body: { _id: idDocumento, estado, autorizacion: decision, notaAutorizacion: nota },
          });
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: auditoriaQueries.all() });
      await queryClient.invalidateQueries({ queryKey: ['facturas'] });
      await queryClient.invalidateQueries({ queryKey: ['ingresos'] });
      await queryClient.invalidateQueries({ queryKey: ['egresos'] });
      await queryClient.invalidateQueries({ queryKey: ['gastosMenores'] });
      await queryClient.invalidateQueries({ queryKey: ['compras'] });
      await queryClient.invalidateQueries({ queryKey: ['cotizaciones'] });
      await queryClient.invalidateQueries({ queryKey: ['ordenesDeCompra'] });
      await queryClient.invalidateQueries({ queryKey: ['notasDeDebito'] });
      await queryClient.invalidateQueries({ queryKey: ['despachos'] });
      await queryClient.invalidateQueries({ queryKey: ['entradasDeDiario'] });
      await queryClient.invalidateQueries({ queryKey: ['expedientes'] });
    },
  });
}
