/** Status of a case-file line (spec 002 §4). */
export type EstadoDeExpediente = 'Pendiente' | 'EnProceso' | 'Finalizado';

// Spec 002 §4: pending = Pendiente + EnProceso; finished = Finalizado.
/** Counts a case file's pending and finished lines. */
export function contarExpediente(lineas: readonly { readonly estado: EstadoDeExpediente }[]): {
  readonly pendientes: number;
  readonly finalizados: number;
} {
  const finalizados = lineas.filter((linea) => linea.estado === 'Finalizado').length;
  return { pendientes: lineas.length - finalizados, finalizados };
}
