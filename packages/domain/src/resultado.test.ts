import { describe, expect, it } from 'vitest';
import { aceptar, rechazar } from './resultado.ts';

describe('resultado', () => {
  it('wraps values and refusals', () => {
    expect(aceptar(3)).toEqual({ ok: true, valor: 3 });
    expect(rechazar('Mensaje')).toEqual({ ok: false, mensaje: 'Mensaje' });
    expect(rechazar('Mensaje', 'Título')).toEqual({ ok: false, mensaje: 'Mensaje', titulo: 'Título' });
  });
});
