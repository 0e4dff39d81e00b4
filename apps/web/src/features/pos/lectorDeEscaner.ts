// A barcode scanner is a keyboard that types the code very fast and presses Enter. The barcode field
// has the focus by default and gets it directly; this detector catches a scan made while the focus is
// elsewhere (a button, the table), telling it apart from a person typing by the time between keys.

/** Longest pause between two keys of a scan, in ms (scanners send a key every few ms). */
export const INTERVALO_DE_ESCANER_MS = 50;
/** Shortest code taken as a scan. */
export const LONGITUD_MINIMA_DE_ESCANEO = 3;

export type LectorDeEscaner = {
  /** Feeds one key with its time; returns the scanned code when this key (Enter) completes a scan. */
  tecla: (tecla: string, tiempo: number) => string | null;
  reiniciar: () => void;
};

export function crearLectorDeEscaner(
  intervaloMaximo = INTERVALO_DE_ESCANER_MS,
  longitudMinima = LONGITUD_MINIMA_DE_ESCANEO,
): LectorDeEscaner {
  let caracteres = '';
  let ultimo = Number.NEGATIVE_INFINITY;
  const reiniciar = () => {
    caracteres = '';
    ultimo = Number.NEGATIVE_INFINITY;
  };
  return {
    reiniciar,
    tecla(tecla, tiempo) {
      const rapido = tiempo - ultimo <= intervaloMaximo;
      if (tecla === 'Enter') {
        const codigo = rapido && caracteres.length >= longitudMinima ? caracteres : null;
        reiniciar();
        return codigo;
      }
      if (tecla.length !== 1) {
        reiniciar();
        return null;
      }
      caracteres = rapido ? caracteres + tecla : tecla;
      ultimo = tiempo;
      return null;
    },
  };
}
