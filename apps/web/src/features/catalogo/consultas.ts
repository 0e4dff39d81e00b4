import { catalogo, LIMITE_PRODUCTOS_DEL_CATALOGO } from '@pos/contract';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

// The catalogue's reads (docs/catalogo.md). The company is always the page's `?lista=`, sent explicitly:
// a visitor signed in to another company does not send that session (api/client.ts).

const UN_MINUTO = 60_000;

export function useEmpresaDelCatalogo(tenantId: number) {
  return useQuery({
    queryKey: ['catalogo', tenantId, 'empresa'],
    queryFn: ({ signal }) => api(catalogo.empresa, { tenantId, signal }),
    staleTime: UN_MINUTO,
    retry: false,
  });
}

export function useSeccionesDelCatalogo(tenantId: number, activa: boolean) {
  return useQuery({
    queryKey: ['catalogo', tenantId, 'secciones'],
    queryFn: ({ signal }) => api(catalogo.secciones, { tenantId, signal }),
    staleTime: UN_MINUTO,
    enabled: activa,
  });
}

export function useCategoriasDelCatalogo(tenantId: number, secciones: string[], activa = true) {
  return useQuery({
    queryKey: ['catalogo', tenantId, 'categorias', secciones.join(',')],
    queryFn: ({ signal }) =>
      api(catalogo.categorias, {
        tenantId,
        signal,
        ...(secciones.length > 0 ? { query: { secciones: secciones.join(',') } } : {}),
      }),
    staleTime: UN_MINUTO,
    enabled: activa,
  });
}

export type FiltroDeProductos = { categoria?: string; seccion?: string; buscar: string; ofertas: boolean };

/** Pages of 24 products, one after the other ("Ver más"). */
export function useProductosDelCatalogo(tenantId: number, filtro: FiltroDeProductos) {
  return useInfiniteQuery({
    queryKey: ['catalogo', tenantId, 'productos', filtro],
    queryFn: ({ signal, pageParam }) =>
      api(catalogo.productos, {
        tenantId,
        signal,
        query: {
          categoria: filtro.categoria,
          seccion: filtro.seccion,
          buscar: filtro.buscar.trim() || undefined,
          ofertas: filtro.ofertas ? 'true' : undefined,
          page: pageParam,
          limit: LIMITE_PRODUCTOS_DEL_CATALOGO,
        },
      }),
    initialPageParam: 1,
    getNextPageParam: (ultima, paginas) =>
      paginas.length * LIMITE_PRODUCTOS_DEL_CATALOGO < ultima.total ? paginas.length + 1 : undefined,
    staleTime: UN_MINUTO,
    placeholderData: keepPreviousData,
  });
}
