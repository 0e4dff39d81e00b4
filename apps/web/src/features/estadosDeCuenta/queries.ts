import {
  egresos,
  estadosDeCuenta,
  type FiltroAnticipos,
  type FiltroClientesConBalance,
  type FiltroEstadoDeCuenta,
  type FiltroEstadoDeCuentaProveedor,
  type FiltroTransaccionesDelContacto,
} from '@pos/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client.ts';

// Spec 001 §7 "Receipts in": customer statements, movements and advances (read-only calls).
export const estadoDeCuentaQueries = {
  all: () => ['estadosDeCuenta'] as const,
  estado: (filtro: z.input<typeof FiltroEstadoDeCuenta>) =>
    queryOptions({
      queryKey: [...estadoDeCuentaQueries.all(), 'estado', filtro],
      queryFn: ({ signal }) => api(estadosDeCuenta.clientes, { body: filtro, signal }),
      placeholderData: keepPreviousData,
    }),
  movimientos: (filtro: z.input<typeof FiltroTransaccionesDelContacto>) =>
    queryOptions({
      queryKey: [...estadoDeCuentaQueries.all(), 'movimientos', filtro],
      queryFn: ({ signal }) => api(estadosDeCuenta.transacciones, { body: filtro, signal }),
      placeholderData: keepPreviousData,
    }),
  anticipos: (filtro: z.input<typeof FiltroAnticipos>) =>
    queryOptions({
      queryKey: [...estadoDeCuentaQueries.all(), 'anticipos', filtro],
      queryFn: ({ signal }) => api(estadosDeCuenta.anticipos, { body: filtro, signal }),
    }),
  /** The supplier statement (spec 001 §7 "Payments out"), the mirror of the customer's. */
  proveedor: (filtro: z.input<typeof FiltroEstadoDeCuentaProveedor>) =>
    queryOptions({
      queryKey: [...estadoDeCuentaQueries.all(), 'proveedor', filtro],
      queryFn: ({ signal }) => api(egresos.estadoDeCuentaProveedores, { body: filtro, signal }),
      placeholderData: keepPreviousData,
    }),
  clientesConBalance: (filtro: z.input<typeof FiltroClientesConBalance>) =>
    queryOptions({
      queryKey: [...estadoDeCuentaQueries.all(), 'clientesConBalance', filtro],
      queryFn: ({ signal }) => api(estadosDeCuenta.clientesConBalance, { body: filtro, signal }),
      placeholderData: keepPreviousData,
    }),
};
