import type { NodoCuenta } from '@pos/contract';

/** The tree with the node `id` changed by `fn` (or removed when `fn` answers null). */
export function cambiarNodo(
  arbol: NodoCuenta[],
  id: string,
  fn: (nodo: NodoCuenta) => NodoCuenta | null,
): NodoCuenta[] {
  return arbol.flatMap((nodo) => {
    if (nodo.id === id) {
      const nuevo = fn(nodo);
      return nuevo ? [nuevo] : [];
    }
    return nodo.children.length === 0 ? [nodo] : [{ ...nodo, children: cambiarNodo(nodo.children, id, fn) }];
  });
}

/** The ids of every node with children (to expand the whole tree). */
export function idsConHijas(arbol: NodoCuenta[]): string[] {
  return arbol.flatMap((nodo) => (nodo.children.length > 0 ? [nodo.id, ...idsConHijas(nodo.children)] : []));
}

/** Nodes whose code or name contains `texto`, with their ancestors (for the search). */
export function filtrarArbol(arbol: NodoCuenta[], texto: string): NodoCuenta[] {
  const t = texto.trim().toLowerCase();
  if (t === '') {
    return arbol;
  }
  return arbol.flatMap((nodo) => {
    const hijas = filtrarArbol(nodo.children, t);
    const coincide = nodo.nombre.toLowerCase().includes(t) || nodo.codigoDeCuenta.startsWith(t);
    return coincide ? [nodo] : hijas.length > 0 ? [{ ...nodo, children: hijas }] : [];
  });
}
