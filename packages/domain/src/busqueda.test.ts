import { describe, expect, it } from 'vitest';
import { normalizarBusqueda } from './busqueda.ts';

describe('normalizarBusqueda', () => {
  it('quita acentos, mayúsculas y espacios repetidos', () => {
    expect(normalizarBusqueda('  Habichuelas  ROJAS Goya® ')).toBe('habichuelas rojas goya®');
    expect(normalizarBusqueda('Café Santo Domingo, AÑEJO')).toBe('cafe santo domingo, anejo');
    expect(normalizarBusqueda('')).toBe('');
  });
});
