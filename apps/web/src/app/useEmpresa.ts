import { type ConfiguracionGeneral, empresa } from '@pos/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client.ts';
import { useSesion } from './sesion.ts';

export const empresaQueries = {
  general: (tenantId: number | undefined) => ({
    queryKey: ['general', tenantId] as const,
    queryFn: () => api(empresa.obtenerGeneral, { params: { id: '1001' } }),
    enabled: tenantId !== undefined,
    staleTime: 5 * 60_000,
  }),
};

/** The company's general settings (name, phone, logo, scale barcodes…). */
export function useConfiguracionGeneral(): ConfiguracionGeneral | undefined {
  const sesion = useSesion();
  return useQuery(empresaQueries.general(sesion?.tenantId)).data;
}
