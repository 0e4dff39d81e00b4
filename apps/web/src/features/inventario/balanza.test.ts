import { leerCodigoDeBarras } from '@pos/domain';
import { describe, expect, it } from 'vitest';
import { etiquetaDeEjemplo, partesDeEtiqueta, problemasDeEtiqueta } from './balanza.ts';

describe('explicación de las etiquetas de balanza', () => {
  it('el ejemplo es una etiqueta válida que el dominio lee como producto 00101 y cantidad 1.25', () => {
    const ejemplo = etiquetaDeEjemplo();
    expect(ejemplo).toBe('2000101012504');
    expect(problemasDeEtiqueta(ejemplo)).toEqual([]);
    expect(leerCodigoDeBarras(ejemplo, { usoCodigoDeBalanza: true })).toMatchObject({
      codigo: '00101',
      cantidad: 1.25,
    });
    expect(partesDeEtiqueta(ejemplo)).toEqual({
      prefijo: '20',
      codigo: '00101',
      valor: '01250',
      verificador: '4',
    });
  });

  it('nombra el dígito verificador que corresponde', () => {
    expect(problemasDeEtiqueta('2000101012509')).toEqual([
      'El dígito verificador (el último) es 9, pero para los 12 anteriores debe ser 4: el código se leyó mal o la balanza lo calcula de otra forma.',
    ]);
  });

  it('explica el largo, el prefijo y las letras', () => {
    expect(problemasDeEtiqueta('200010101250')).toEqual([
      'Tiene 12 caracteres: falta uno (la etiqueta tiene 13, el último es el dígito verificador).',
    ]);
    expect(problemasDeEtiqueta('2300101012501')[0]).toBe(
      'Empieza con «23»; las etiquetas de balanza empiezan con 20, 21, 22 o 27.',
    );
    expect(problemasDeEtiqueta('20A0101012504')[0]).toMatch(/no son dígitos/);
    expect(problemasDeEtiqueta('')).toEqual([]);
  });
});
