// Accent-insensitive search, the same on the server (productos.nombre_busqueda) and in the offline
// POS (spec 000 §7): both sides must normalise a name and an input alike.

/** Lower case, without accents or repeated spaces: "Habichuelas  ROJAS Goya®" → "habichuelas rojas goya®". */
export function normalizarBusqueda(texto: string): string {
  return texto.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}
