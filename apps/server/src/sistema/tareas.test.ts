import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BaseDeDatos } from '../db/client.ts';
import { baseDePrueba, MOTORES } from '../testing/entorno.ts';

// The lock that keeps one run of a scheduled task per installation (sistema/tareas.ts).
describe.each(MOTORES)('bloqueo de las tareas programadas (%s)', (motor) => {
  let db: BaseDeDatos;
  let borrar: () => Promise<void>;
  beforeAll(async () => {
    ({ db, borrar } = await baseDePrueba(motor));
  });
  afterAll(async () => {
    await db.cerrar();
    await borrar();
  });

  it('una segunda corrida con la misma clave no se ejecuta mientras la primera sigue; después sí', async () => {
    let soltar: () => void = () => undefined;
    const enCurso = new Promise<void>((r) => {
      soltar = r;
    });
    const primera = db.conBloqueo('tarea:x', async () => {
      await enCurso;
      return 1;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(await db.conBloqueo('tarea:x', async () => 2)).toEqual({ obtenido: false });
    // Another key is not held by it.
    expect(await db.conBloqueo('tarea:y', async () => 3)).toEqual({ obtenido: true, valor: 3 });
    soltar();
    expect(await primera).toEqual({ obtenido: true, valor: 1 });
    expect(await db.conBloqueo('tarea:x', async () => 4)).toEqual({ obtenido: true, valor: 4 });
  });

  it('una corrida que falla suelta la clave', async () => {
    await expect(db.conBloqueo('tarea:z', async () => Promise.reject(new Error('caída')))).rejects.toThrow(
      'caída',
    );
    expect(await db.conBloqueo('tarea:z', async () => 5)).toEqual({ obtenido: true, valor: 5 });
  });
});
