import { describe, expect, it } from 'vitest';
import { crearLectorDeEscaner } from './lectorDeEscaner.ts';

function teclear(
  lector: ReturnType<typeof crearLectorDeEscaner>,
  texto: string,
  inicio: number,
  paso: number,
) {
  let tiempo = inicio;
  for (const caracter of texto) {
    lector.tecla(caracter, tiempo);
    tiempo += paso;
  }
  return lector.tecla('Enter', tiempo);
}

describe('crearLectorDeEscaner', () => {
  it('reconoce un escaneo: teclas rápidas y Enter', () => {
    expect(teclear(crearLectorDeEscaner(), '7460000000017', 1000, 8)).toBe('7460000000017');
  });

  it('lee las formas de código tal cual (PQT#, cantidad-código)', () => {
    const lector = crearLectorDeEscaner();
    expect(teclear(lector, 'PQT#7460000000017', 0, 5)).toBe('PQT#7460000000017');
    expect(teclear(lector, '3-7460000000017', 500, 5)).toBe('3-7460000000017');
  });

  it('no confunde a una persona que teclea despacio', () => {
    expect(teclear(crearLectorDeEscaner(), '1234', 0, 180)).toBeNull();
  });

  it('una pausa larga empieza un código nuevo', () => {
    const lector = crearLectorDeEscaner();
    lector.tecla('9', 0);
    expect(teclear(lector, '7460', 1000, 5)).toBe('7460');
  });

  it('códigos demasiado cortos o una tecla especial no cuentan', () => {
    const lector = crearLectorDeEscaner();
    expect(teclear(lector, '12', 0, 5)).toBeNull();
    lector.tecla('7', 100);
    lector.tecla('Shift', 102);
    lector.tecla('4', 104);
    expect(lector.tecla('Enter', 106)).toBeNull();
  });
});
