import { abrirPestana, cerrarPestana, PESTANA_PREDETERMINADA, type Resultado } from '@pos/domain';
import { type Borrador, borradorNuevo } from './borrador.ts';

// Spec 000 §4 "POS tabs", 001 §4: up to 5 drafts, each numbered after the last one; clear, close and switch;
// closing a draft returns to tab 1 (the default, never closed). The numbering and the limit are the
// domain's (abrirPestana, cerrarPestana).

export type EstadoPos = {
  pestanas: Borrador[];
  /** The tab on screen; a number not in `pestanas` while a closed tab waits to return to tab 1. */
  activa: number;
};

/** The first state: one empty 'Venta 1'. */
export function estadoInicialPos(nuevoId: () => string): EstadoPos {
  return { pestanas: [borradorNuevo(PESTANA_PREDETERMINADA, nuevoId())], activa: PESTANA_PREDETERMINADA };
}

/** Opens a new tab after the last one and shows it, or refuses with the spec's message at 5. */
export function nuevaPestana(estado: EstadoPos, nuevoId: () => string): Resultado<EstadoPos> {
  const numero = abrirPestana(estado.pestanas.map((borrador) => borrador.numero));
  if (!numero.ok) {
    return numero;
  }
  return {
    ok: true,
    valor: { pestanas: [...estado.pestanas, borradorNuevo(numero.valor, nuevoId())], activa: numero.valor },
  };
}

/** Removes a tab (never tab 1); the screen shows tab 1 again after the spec's 2000 ms (see `volverATab1`). */
export function quitarPestana(estado: EstadoPos, numero: number): { estado: EstadoPos; volverA: number } {
  const { pestanas, activa } = cerrarPestana(
    estado.pestanas.map((borrador) => borrador.numero),
    numero,
  );
  return {
    estado: { ...estado, pestanas: estado.pestanas.filter((borrador) => pestanas.includes(borrador.numero)) },
    volverA: activa,
  };
}

/** Switches to a tab that exists. */
export function cambiarPestana(estado: EstadoPos, numero: number): EstadoPos {
  return estado.pestanas.some((borrador) => borrador.numero === numero)
    ? { ...estado, activa: numero }
    : estado;
}

/** The draft on screen, or undefined while a closed tab waits to return to tab 1. */
export function borradorActivo(estado: EstadoPos): Borrador | undefined {
  return estado.pestanas.find((borrador) => borrador.numero === estado.activa);
}

/** Changes one draft. */
export function actualizarBorrador(
  estado: EstadoPos,
  numero: number,
  cambio: (borrador: Borrador) => Borrador,
): EstadoPos {
  return {
    ...estado,
    pestanas: estado.pestanas.map((borrador) => (borrador.numero === numero ? cambio(borrador) : borrador)),
  };
}

/** Gives a tab a custom name ('' goes back to 'Venta N'). */
export function renombrarPestana(estado: EstadoPos, numero: number, nombre: string): EstadoPos {
  return actualizarBorrador(estado, numero, (borrador) => ({
    ...borrador,
    nombre: nombre.trim().slice(0, 40),
  }));
}

// A new sale in the same tab (F1, or after charging): empty lines and a new identificadorUnico; the
// tab keeps its number and name.
/** Clears a tab for a new sale. */
export function limpiarPestana(estado: EstadoPos, numero: number, nuevoId: () => string): EstadoPos {
  return actualizarBorrador(estado, numero, (borrador) => ({
    ...borradorNuevo(borrador.numero, nuevoId()),
    nombre: borrador.nombre,
  }));
}

/** Whether a stored state looks like ours: tab 1 present and every draft with its parts. */
function esEstadoValido(valor: unknown): valor is EstadoPos {
  if (typeof valor !== 'object' || valor === null) {
    return false;
  }
  const { pestanas, activa } = valor as Partial<EstadoPos>;
  return (
    typeof activa === 'number' &&
    Array.isArray(pestanas) &&
    pestanas.some((borrador) => borrador?.numero === PESTANA_PREDETERMINADA) &&
    pestanas.every(
      (borrador) =>
        typeof borrador?.numero === 'number' &&
        typeof borrador.identificadorUnico === 'string' &&
        Array.isArray(borrador.lineas) &&
        typeof borrador.pago === 'object' &&
        borrador.pago !== null,
    )
  );
}

// Drafts survive a reload (issue 7): the state is kept in localStorage per company and user. Anything
// unreadable starts over with an empty Venta 1; a tab left mid-close comes back on tab 1.
/** Reads a stored state, or the initial one. */
export function leerEstadoGuardado(texto: string | null, nuevoId: () => string): EstadoPos {
  try {
    const valor: unknown = texto === null ? null : JSON.parse(texto);
    if (esEstadoValido(valor)) {
      return borradorActivo(valor) ? valor : { ...valor, activa: PESTANA_PREDETERMINADA };
    }
  } catch {
    // A damaged value: start over.
  }
  return estadoInicialPos(nuevoId);
}
