/** Median of a list of numbers. */
export function mediana(valores: number[]): number {
  const ordenados = [...valores].sort((a, b) => a - b);
  const medio = Math.floor(ordenados.length / 2);
  return ordenados.length % 2
    ? (ordenados[medio] ?? 0)
    : ((ordenados[medio - 1] ?? 0) + (ordenados[medio] ?? 0)) / 2;
}

/** Runs `operacion` `veces` times per round over `rondas` rounds; returns the median operations per second. */
export async function opsPorSegundo(operacion: () => unknown, veces: number, rondas = 7): Promise<number> {
  const tasas: number[] = [];
  for (let r = 0; r < rondas; r++) {
    const inicio = performance.now();
    for (let i = 0; i < veces; i++) {
      await operacion();
    }
    tasas.push((veces * 1000) / (performance.now() - inicio));
  }
  return mediana(tasas);
}
