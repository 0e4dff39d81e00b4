// Exact arithmetic for money (architecture invariant 3): a value is a fraction of two BigInts.
// Decimal inputs are parsed from their text (String(1.005) is "1.005"), so binary artefacts never
// enter, and a price before tax such as 100 / 1.18 stays exact until the one rounding.

/** An exact rational number `n / d` with `d > 0`. */
export type Exacto = { readonly n: bigint; readonly d: bigint };

const FORMATO_DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/** Parses a number, a decimal text (also `1e-7`) or a BigInt into an exact value. */
export function exacto(valor: number | string | bigint | Exacto): Exacto {
  if (typeof valor === 'object') {
    return valor;
  }
  if (typeof valor === 'bigint') {
    return { n: valor, d: 1n };
  }
  if (Number.isSafeInteger(valor)) {
    return { n: BigInt(valor), d: 1n };
  }
  const texto = String(valor).trim();
  const partes = FORMATO_DECIMAL.exec(texto);
  const enteros = partes?.[2] ?? '';
  const decimales = partes?.[3] ?? '';
  if (partes === null || enteros + decimales === '') {
    throw new RangeError(`Número inválido: '${texto}'`);
  }
  const exponente = Number(partes[4] ?? '0') - decimales.length;
  const magnitud = BigInt(enteros + decimales);
  const n = partes[1] === '-' ? -magnitud : magnitud;
  return exponente >= 0 ? { n: n * 10n ** BigInt(exponente), d: 1n } : { n, d: 10n ** BigInt(-exponente) };
}

/** a + b, exactly. */
export function sumar(a: Exacto, b: Exacto): Exacto {
  return a.d === b.d ? { n: a.n + b.n, d: a.d } : { n: a.n * b.d + b.n * a.d, d: a.d * b.d };
}

/** a − b, exactly. */
export function restar(a: Exacto, b: Exacto): Exacto {
  return sumar(a, { n: -b.n, d: b.d });
}

/** a × b, exactly. */
export function multiplicar(a: Exacto, b: Exacto): Exacto {
  return { n: a.n * b.n, d: a.d * b.d };
}

/** a ÷ b, exactly; throws on division by zero. */
export function dividir(a: Exacto, b: Exacto): Exacto {
  if (b.n === 0n) {
    throw new RangeError('División por cero');
  }
  return b.n < 0n ? { n: -a.n * b.d, d: a.d * -b.n } : { n: a.n * b.d, d: a.d * b.n };
}

/** Compares a and b: −1, 0 or 1. */
export function comparar(a: Exacto, b: Exacto): -1 | 0 | 1 {
  const diferencia = a.n * b.d - b.n * a.d;
  return diferencia < 0n ? -1 : diferencia > 0n ? 1 : 0;
}

/**
 * The integer `round(valor × 10^decimales)`: half away from zero by default, or away from zero
 * whenever anything is left over (`'alejando'`).
 */
export function escalar(valor: Exacto, decimales: number, modo: 'mitad' | 'alejando' = 'mitad'): bigint {
  const numerador = valor.n * 10n ** BigInt(decimales);
  const magnitud = numerador < 0n ? -numerador : numerador;
  const cociente = magnitud / valor.d;
  const resto = magnitud % valor.d;
  const sube = modo === 'mitad' ? 2n * resto >= valor.d : resto > 0n;
  const redondeado = sube ? cociente + 1n : cociente;
  return numerador < 0n ? -redondeado : redondeado;
}

/** Writes a scaled integer as decimal text with a fixed number of decimals: (12345n, 2) → "123.45". */
export function escaladoATexto(escalado: bigint, decimales: number): string {
  const signo = escalado < 0n ? '-' : '';
  const digitos = (escalado < 0n ? -escalado : escalado).toString().padStart(decimales + 1, '0');
  const corte = digitos.length - decimales;
  return decimales === 0 ? signo + digitos : `${signo}${digitos.slice(0, corte)}.${digitos.slice(corte)}`;
}
