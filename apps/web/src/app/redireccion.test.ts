import { describe, expect, it } from 'vitest';
import { destinoTrasLogin, esRutaInternaSegura } from './redireccion.ts';

describe('redirección segura tras el login', () => {
  it.each([
    '/factura/lista_factura',
    '/cliente/lista?page=2',
    '/configuraciones/usuario/editar_usuario#permisos',
    '/inicio',
  ])('acepta la ruta interna %s', (ruta) => {
    expect(esRutaInternaSegura(ruta)).toBe(true);
  });

  it.each([
    '//evil.example',
    '//evil.example/login',
    '/\\evil.example',
    '/%2F%2Fevil.example',
    '/%5Cevil.example',
    'https://evil.example',
    'javascript:alert(1)',
    '/javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    ' /inicio',
    '/\tinicio',
    'inicio',
    '',
    null,
    undefined,
    '/%E0%A4%A',
  ])('rechaza %s', (ruta) => {
    expect(esRutaInternaSegura(ruta)).toBe(false);
  });

  it('toma ?redirect= solo si es seguro y no vuelve al login', () => {
    expect(destinoTrasLogin('?redirect=%2Ffactura%2Flista_factura')).toBe('/factura/lista_factura');
    expect(destinoTrasLogin('?redirect=//evil.example')).toBe('/');
    expect(destinoTrasLogin('?redirect=https%3A%2F%2Fevil.example')).toBe('/');
    expect(destinoTrasLogin('?redirect=/login')).toBe('/');
    expect(destinoTrasLogin('')).toBe('/');
  });
});
