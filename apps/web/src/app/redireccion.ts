// Spec 000 §5: redirect targets are accepted only if they are a safe internal path.
/** Whether `destino` is a path of this app: starts with one '/', no scheme, host, backslash or control character. */
export function esRutaInternaSegura(destino: string | null | undefined): destino is string {
  if (!destino || destino.length > 2000 || !destino.startsWith('/')) {
    return false;
  }
  let decodificado: string;
  try {
    decodificado = decodeURIComponent(destino);
  } catch {
    return false;
  }
  for (const texto of [destino, decodificado]) {
    // "//host" and "/\host" are protocol-relative URLs in browsers; control characters hide them.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
    if (texto.startsWith('//') || texto.includes('\\') || /[\u0000-\u001f\u007f]/.test(texto)) {
      return false;
    }
    if (/^\/*[a-z][a-z0-9+.-]*:/i.test(texto)) {
      return false;
    }
  }
  // The browser must resolve it to this same origin.
  const base = 'http://pos.invalido';
  return new URL(destino, base).origin === base;
}

/** The page to return to after login, from `?redirect=`, or home. */
export function destinoTrasLogin(busqueda: string): string {
  const destino = new URLSearchParams(busqueda).get('redirect');
  return esRutaInternaSegura(destino) && !destino.startsWith('/login') ? destino : '/';
}
