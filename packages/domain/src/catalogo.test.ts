import { describe, expect, it } from 'vitest';
import {
  CANTIDAD_MAXIMA_DEL_CATALOGO,
  debeMostrarseElBanner,
  enlaceDeWhatsApp,
  INTERVALO_DEL_BANNER_MS,
  importeDeLineaDelCatalogo,
  limitarCantidadDelCatalogo,
  mejorOferta,
  ofertaVigente,
  telefonoParaWhatsApp,
  textoDelPedidoDelCatalogo,
  totalDelPedidoDelCatalogo,
} from './catalogo.ts';

describe('catálogo público', () => {
  it('la cantidad va de 1 a 1000 en números enteros', () => {
    expect(limitarCantidadDelCatalogo(0)).toBe(1);
    expect(limitarCantidadDelCatalogo(-5)).toBe(1);
    expect(limitarCantidadDelCatalogo(2.7)).toBe(2);
    expect(limitarCantidadDelCatalogo(1000)).toBe(1000);
    expect(limitarCantidadDelCatalogo(1001)).toBe(CANTIDAD_MAXIMA_DEL_CATALOGO);
    expect(limitarCantidadDelCatalogo(Number.NaN)).toBe(1);
    expect(limitarCantidadDelCatalogo(Number.POSITIVE_INFINITY)).toBe(1);
  });

  it('el banner vuelve solo pasadas más de 3 horas desde que se cerró', () => {
    const ahora = 1_700_000_000_000;
    expect(debeMostrarseElBanner(null, ahora)).toBe(true);
    expect(debeMostrarseElBanner(ahora - INTERVALO_DEL_BANNER_MS, ahora)).toBe(false);
    expect(debeMostrarseElBanner(ahora - INTERVALO_DEL_BANNER_MS - 1, ahora)).toBe(true);
    expect(debeMostrarseElBanner(ahora - 60_000, ahora)).toBe(false);
  });

  it('normaliza el teléfono dominicano a 1809…, 1829… o 1849…', () => {
    expect(telefonoParaWhatsApp('809-555-0100')).toBe('18095550100');
    expect(telefonoParaWhatsApp('(829) 555 0100')).toBe('18295550100');
    expect(telefonoParaWhatsApp('1 849 555 0100')).toBe('18495550100');
    expect(telefonoParaWhatsApp('+1 (809) 555-0100')).toBe('18095550100');
    expect(telefonoParaWhatsApp('+34 612 345 678')).toBe('34612345678');
    // Without an area code, another North American area, or too short/long: no chat phone.
    expect(telefonoParaWhatsApp('555-0100')).toBeNull();
    expect(telefonoParaWhatsApp('305-555-0100')).toBeNull();
    expect(telefonoParaWhatsApp('1 305 555 0100')).toBeNull();
    expect(telefonoParaWhatsApp('+123')).toBeNull();
    expect(telefonoParaWhatsApp('+1234567890123456')).toBeNull();
    expect(telefonoParaWhatsApp('')).toBeNull();
  });

  it('una oferta rige hasta su vigencia y en sus días', () => {
    // 2025-06-02 was a Monday (1).
    expect(ofertaVigente({ vigencia: null, diasDisponibles: [] }, '2025-06-02')).toBe(true);
    expect(ofertaVigente({ vigencia: '2025-06-02', diasDisponibles: [] }, '2025-06-02')).toBe(true);
    expect(ofertaVigente({ vigencia: '2025-06-01', diasDisponibles: [] }, '2025-06-02')).toBe(false);
    expect(ofertaVigente({ vigencia: null, diasDisponibles: [1, 3] }, '2025-06-02')).toBe(true);
    expect(ofertaVigente({ vigencia: null, diasDisponibles: [0, 6] }, '2025-06-02')).toBe(false);
  });

  it('la mejor oferta es la más baja por debajo del precio normal', () => {
    const a = { precio: 90, vigencia: null };
    const b = { precio: 80, vigencia: '2030-01-01' };
    expect(mejorOferta(100, [a, b])).toBe(b);
    expect(mejorOferta(100, [b, a])).toBe(b);
    expect(
      mejorOferta(100, [
        { precio: 100, vigencia: null },
        { precio: 120, vigencia: null },
      ]),
    ).toBeNull();
    expect(mejorOferta(100, [])).toBeNull();
  });

  it('compone el mensaje del pedido con líneas, total y nombre', () => {
    const lineas = [
      { nombre: 'Arroz Campo 5 lb', cantidad: 2, precio: 225 },
      { nombre: 'Leche  Rica\n1 L', cantidad: 1, precio: 82.5 },
    ];
    expect(importeDeLineaDelCatalogo(lineas[0] as (typeof lineas)[0])).toBe(45000);
    expect(totalDelPedidoDelCatalogo(lineas)).toBe(53250);
    expect(
      textoDelPedidoDelCatalogo({ empresa: 'Colmado Demo SRL', visitante: ' Ana  Pérez ', lineas }),
    ).toBe(
      [
        'Hola, Colmado Demo SRL. Quiero hacer este pedido:',
        '',
        '• 2 × Arroz Campo 5 lb — RD$450.00 (RD$225.00 c/u)',
        '• 1 × Leche Rica 1 L — RD$82.50 (RD$82.50 c/u)',
        '',
        'Total: RD$532.50',
        'Nombre: Ana Pérez',
      ].join('\n'),
    );
    const conNumero = textoDelPedidoDelCatalogo({
      empresa: 'X',
      visitante: 'Ana',
      lineas: [{ nombre: 'A', cantidad: 3, precio: 0.1 }],
      nota: ' Entregar  en la tarde ',
      numeroPedido: 42,
    });
    expect(conNumero).toContain('• 3 × A — RD$0.30 (RD$0.10 c/u)');
    expect(conNumero.endsWith('Nombre: Ana\nNota: Entregar en la tarde\nPedido n.º 42')).toBe(true);
    expect(
      textoDelPedidoDelCatalogo({ empresa: 'X', visitante: 'Ana', lineas: [], nota: '  ' }),
    ).not.toContain('Nota');
  });

  it('el enlace de chat lleva el teléfono y el texto codificado', () => {
    expect(enlaceDeWhatsApp('18095550100', 'Hola & adiós\n2 × A')).toBe(
      'https://wa.me/18095550100?text=Hola%20%26%20adi%C3%B3s%0A2%20%C3%97%20A',
    );
  });
});
