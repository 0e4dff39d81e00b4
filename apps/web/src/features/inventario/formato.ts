// Stock quantities: the ledger keeps 4 decimals (products sold by weight), shown as es-DO writes them.
const formatoCantidad = new Intl.NumberFormat('es-DO', {
  minimumFractionDigits: 0,
  maximumFractionDigits: 4,
});

/** A stock quantity as es-DO writes it: 1,250.5 · 0.125 · 12. */
export function cantidad(valor: number): string {
  return formatoCantidad.format(valor);
}

/** «1 unidad», «2.5 unidades». */
export function unidades(valor: number): string {
  return `${cantidad(valor)} ${valor === 1 ? 'unidad' : 'unidades'}`;
}
