import { afterEach, describe, expect, it, vi } from 'vitest';
import { instalarAtajos, registrarAtajo } from './atajos.ts';

function presionar(key: string, extra: KeyboardEventInit = {}): KeyboardEvent {
  const evento = new KeyboardEvent('keydown', { key, cancelable: true, ...extra });
  window.dispatchEvent(evento);
  return evento;
}

describe('atajos de teclado', () => {
  const quitar: Array<() => void> = [];
  afterEach(() => {
    for (const q of quitar.splice(0)) {
      q();
    }
  });

  it('llama al manejador de la tecla y evita el comportamiento del navegador solo si está asignada', () => {
    quitar.push(instalarAtajos());
    const f2 = vi.fn();
    quitar.push(registrarAtajo('F2', f2));
    const conAtajo = presionar('F2');
    expect(f2).toHaveBeenCalledTimes(1);
    expect(conAtajo.defaultPrevented).toBe(true);
    const sinAtajo = presionar('F5');
    expect(sinAtajo.defaultPrevented).toBe(false);
    const conControl = presionar('F2', { ctrlKey: true });
    expect(conControl.defaultPrevented).toBe(false);
    expect(f2).toHaveBeenCalledTimes(1);
  });

  it('la última asignación gana y al quitarla vuelve la anterior', () => {
    quitar.push(instalarAtajos());
    const pantalla = vi.fn();
    const modal = vi.fn();
    quitar.push(registrarAtajo('F12', pantalla));
    const quitarModal = registrarAtajo('F12', modal);
    presionar('F12');
    expect(modal).toHaveBeenCalledTimes(1);
    expect(pantalla).not.toHaveBeenCalled();
    quitarModal();
    presionar('F12');
    expect(pantalla).toHaveBeenCalledTimes(1);
  });
});
