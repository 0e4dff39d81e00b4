import { centrosDeCosto } from '@pos/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { maestroQueries } from '../maestros/queries.ts';

// The screens are a master-data family (features/maestros/familias.tsx); the selector's key lives under the
// family's, so creating, changing or deleting a centre there refreshes it.
const TODO = maestroQueries({ clave: 'centrosDeCosto', endpoints: centrosDeCosto }).all();

export const centrosDeCostoQueries = {
  /** Every centre, for the documents' selector (without `page` the server answers all rows). */
  todos: () =>
    queryOptions({
      queryKey: [...TODO, 'todos'],
      queryFn: ({ signal }) => api(centrosDeCosto.listar, { signal }),
      select: (lista) => lista.res,
      staleTime: 60_000,
    }),
};
