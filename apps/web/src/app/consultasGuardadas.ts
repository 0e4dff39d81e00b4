import { type DehydratedState, dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import { CLAVE_ALMACENAMIENTO, leerSesion } from './sesion.ts';

// Spec 000 §3 "a small state copy persists in local storage": what the POS needs to open
// with no network after a reload (the profile, the company's settings, the open shift, its terminal and
// warehouse, the price lists and categories) is kept in localStorage next to the session, through
// TanStack Query's own dehydrate/hydrate. Lists and documents are not: offline they come from
// IndexedDB (features/offline).

const PERSISTIDAS = new Set(['perfil', 'general', 'turnos', 'maestros']);
const SIETE_DIAS_MS = 7 * 24 * 60 * 60 * 1000;
export const CLAVE_CONSULTAS = `${CLAVE_ALMACENAMIENTO}-consultas`;

/** The copy belongs to the session it was saved under: another sign-in never starts from it. */
type Copia = { guardadaEn: number; token: string | null; estado: DehydratedState };

/** Whether a query's answer is kept for an offline reload. */
export function seGuarda(clave: readonly unknown[]): boolean {
  return PERSISTIDAS.has(String(clave[0]));
}

/**
 * Restores the kept answers (at most a week old, of the current session) into the client, then keeps
 * the copy current.
 */
export function guardarConsultas(
  queryClient: QueryClient,
  almacenamiento: Storage = localStorage,
  ahora: () => number = Date.now,
  tokenActual: () => string | null = () => leerSesion()?.token ?? null,
): () => void {
  for (const prefijo of PERSISTIDAS) {
    // A kept answer must outlive an idle week in memory too, or it would drop out of the copy.
    queryClient.setQueryDefaults([prefijo], { gcTime: SIETE_DIAS_MS });
  }
  try {
    const copia = JSON.parse(almacenamiento.getItem(CLAVE_CONSULTAS) ?? 'null') as Copia | null;
    const token = tokenActual();
    if (copia && token !== null && copia.token === token && ahora() - copia.guardadaEn < SIETE_DIAS_MS) {
      hydrate(queryClient, copia.estado);
    }
  } catch {
    almacenamiento.removeItem(CLAVE_CONSULTAS);
  }
  let pendiente: ReturnType<typeof setTimeout> | undefined;
  const guardar = () => {
    const estado = dehydrate(queryClient, {
      shouldDehydrateQuery: (consulta) => consulta.state.status === 'success' && seGuarda(consulta.queryKey),
    });
    const copia: Copia = { guardadaEn: ahora(), token: tokenActual(), estado };
    almacenamiento.setItem(CLAVE_CONSULTAS, JSON.stringify(copia));
  };
  // Saved at most once a second, not on every cache event.
  const quitar = queryClient.getQueryCache().subscribe(() => {
    if (pendiente === undefined) {
      pendiente = setTimeout(() => {
        pendiente = undefined;
        guardar();
      }, 1000);
    }
  });
  return () => {
    clearTimeout(pendiente);
    quitar();
  };
}
