import { MENSAJE_LIMITE_DE_PESTANAS } from '@pos/domain';
import { describe, expect, it } from 'vitest';
import { agregarAlBorrador } from './borrador.ts';
import { productoAgregado } from './datosDePrueba.ts';
import {
  actualizarBorrador,
  borradorActivo,
  cambiarPestana,
  type EstadoPos,
  estadoInicialPos,
  leerEstadoGuardado,
  limpiarPestana,
  nuevaPestana,
  quitarPestana,
  renombrarPestana,
} from './pestanas.ts';

let n = 0;
const nuevoId = () => `id-${++n}-xxxxxxxx`;

function abrir(estado: EstadoPos): EstadoPos {
  const resultado = nuevaPestana(estado, nuevoId);
  if (!resultado.ok) {
    throw new Error(resultado.mensaje);
  }
  return resultado.valor;
}

describe('pestañas del POS', () => {
  it('empieza con Venta 1 y numera cada nueva después de la última', () => {
    let estado = estadoInicialPos(nuevoId);
    expect(estado.pestanas.map((b) => b.numero)).toEqual([1]);
    estado = abrir(abrir(estado));
    expect(estado.pestanas.map((b) => b.numero)).toEqual([1, 2, 3]);
    expect(estado.activa).toBe(3);
  });

  it('la sexta pestaña se rechaza con el mensaje del spec', () => {
    let estado = estadoInicialPos(nuevoId);
    for (let i = 0; i < 4; i++) {
      estado = abrir(estado);
    }
    const sexta = nuevaPestana(estado, nuevoId);
    expect(sexta).toEqual({ ok: false, mensaje: MENSAJE_LIMITE_DE_PESTANAS });
  });

  it('cerrar quita la pestaña, vuelve a la 1 y nunca cierra la 1', () => {
    const estado = abrir(abrir(estadoInicialPos(nuevoId)));
    const { estado: sinDos, volverA } = quitarPestana(estado, 2);
    expect(sinDos.pestanas.map((b) => b.numero)).toEqual([1, 3]);
    expect(volverA).toBe(1);
    expect(quitarPestana(estado, 1).estado.pestanas).toHaveLength(3);
    // While the closed tab waits, there is no active draft; then tab 1 comes back.
    const cerrando = quitarPestana({ ...estado, activa: 2 }, 2).estado;
    expect(borradorActivo(cerrando)).toBeUndefined();
    expect(borradorActivo(cambiarPestana(cerrando, 1))?.numero).toBe(1);
  });

  it('renombrar y limpiar conservan el número; limpiar da un identificadorUnico nuevo', () => {
    let estado = renombrarPestana(estadoInicialPos(nuevoId), 1, '  Mesa 4 ');
    estado = actualizarBorrador(estado, 1, (b) => agregarAlBorrador(b, productoAgregado(), 'l1').borrador);
    const antes = estado.pestanas[0];
    const despues = limpiarPestana(estado, 1, nuevoId).pestanas[0];
    expect(antes?.nombre).toBe('Mesa 4');
    expect(despues).toMatchObject({ numero: 1, nombre: 'Mesa 4', lineas: [] });
    expect(despues?.identificadorUnico).not.toBe(antes?.identificadorUnico);
  });

  it('lee lo guardado (sobrevive a una recarga) y descarta lo dañado', () => {
    const estado = actualizarBorrador(
      abrir(estadoInicialPos(nuevoId)),
      2,
      (b) => agregarAlBorrador(b, productoAgregado(), 'l1').borrador,
    );
    const leido = leerEstadoGuardado(JSON.stringify(estado), nuevoId);
    expect(leido).toEqual(estado);
    expect(leerEstadoGuardado('{no es json', nuevoId).pestanas).toHaveLength(1);
    expect(leerEstadoGuardado(JSON.stringify({ pestanas: [], activa: 1 }), nuevoId).pestanas).toHaveLength(1);
    // A tab closed just before the reload comes back on tab 1.
    expect(leerEstadoGuardado(JSON.stringify({ ...estado, activa: 7 }), nuevoId).activa).toBe(1);
  });
});
