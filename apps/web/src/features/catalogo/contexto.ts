import type { EmpresaDelCatalogo } from '@pos/contract';
import { createContext, useContext } from 'react';
import type { AccionDelCarrito, LineaDelCarrito } from './carrito.ts';

/** What the catalogue layout gives its pages: the company of `?lista=`, and the visitor's order. */
export type ContextoDelCatalogo = {
  tenantId: number;
  empresa: EmpresaDelCatalogo;
  carrito: LineaDelCarrito[];
  cambiarCarrito: (accion: AccionDelCarrito) => void;
  /** A catalogue path with the company's `lista` and these parameters. */
  enlace: (ruta: string, parametros?: Record<string, string | undefined>) => string;
};

export const Catalogo = createContext<ContextoDelCatalogo | null>(null);

export function useCatalogo(): ContextoDelCatalogo {
  const valor = useContext(Catalogo);
  if (!valor) {
    throw new Error('useCatalogo fuera del diseño del catálogo');
  }
  return valor;
}

/** `ruta?lista=…&…`, leaving out empty parameters. */
export function rutaDelCatalogo(
  tenantId: number,
  ruta: string,
  parametros: Record<string, string | undefined> = {},
): string {
  const busqueda = new URLSearchParams({ lista: String(tenantId) });
  for (const [nombre, valor] of Object.entries(parametros)) {
    if (valor) {
      busqueda.set(nombre, valor);
    }
  }
  return `${ruta}?${busqueda}`;
}
