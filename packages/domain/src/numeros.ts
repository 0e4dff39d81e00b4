// Spec 000 §5, 001 §1: numbers are shown as the es-DO locale writes them. Money has its own formatter
// (formatearDinero); these are the other numbers, shared by the screens and the server's PDFs.

const formatos = new Map<string, Intl.NumberFormat>();

function formato(opciones: Intl.NumberFormatOptions): Intl.NumberFormat {
  const clave = JSON.stringify(opciones);
  let encontrado = formatos.get(clave);
  if (!encontrado) {
    encontrado = new Intl.NumberFormat('es-DO', opciones);
    formatos.set(clave, encontrado);
  }
  return encontrado;
}

/** A number in es-DO with `minimo` to `maximo` decimals: (1234.5, 0, 2) → «1,234.5»; (0.25, 3, 3) → «0.250». */
export function formatearNumero(valor: number, minimo: number, maximo: number): string {
  return formato({ minimumFractionDigits: minimo, maximumFractionDigits: maximo }).format(valor);
}

// Stock and line quantities keep 4 decimals (products sold by weight).
/** A quantity in es-DO, up to 4 decimals: 1250.5 → «1,250.5». */
export function formatearCantidad(valor: number): string {
  return formatearNumero(valor, 0, 4);
}

// Percents are stored with up to 4 decimals (tax rates, price lists, withholdings; a discount fraction
// has 6), so none is hidden; ICU rounds there, so 0.1 * 3 shows «30%».
/** A fraction as an es-DO percent, up to 4 decimals: 0.075 → «7.5%». */
export function formatearPorcentaje(fraccion: number): string {
  return formato({ style: 'percent', maximumFractionDigits: 4 }).format(fraccion);
}
