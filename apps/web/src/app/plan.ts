import type { EstadoDelPlan } from '@pos/contract';
import { useSyncExternalStore } from 'react';
import { importe } from '../ui/formato.ts';

let plan: EstadoDelPlan | null = null;
const oyentes = new Set<() => void>();

/** Stores the plan fields of the latest health check (spec 000 §4 "Plan"). */
export function actualizarPlan(nuevo: EstadoDelPlan | null): void {
  plan = nuevo;
  for (const oyente of oyentes) {
    oyente();
  }
}

export function usePlan(): EstadoDelPlan | null {
  return useSyncExternalStore(
    (fn) => {
      oyentes.add(fn);
      return () => oyentes.delete(fn);
    },
    () => plan,
    () => null,
  );
}

/** A suspended plan puts the app in read mode (spec 000 §4 "Plan"). */
export function enModoLectura(estado: EstadoDelPlan | null): boolean {
  return estado?.estadoDelPlan === 'Suspendido';
}

export type AvisoDelPlan = { tipo: 'saldo' | 'suspendido' | 'prueba'; texto: string };

// Spec 000 §2 "Plan banners".
/** The plan notices to show, in order. */
export function avisosDelPlan(estado: EstadoDelPlan | null): AvisoDelPlan[] {
  if (!estado) {
    return [];
  }
  const avisos: AvisoDelPlan[] = [];
  if (estado.estadoDelPlan === 'Activo' && estado.balancePendienteDelPlan > 0) {
    const monto = importe(estado.balancePendienteDelPlan);
    avisos.push({
      tipo: 'saldo',
      texto: `Se emitió la factura de tu suscripción con un balance pendiente de ${monto} pesos.`,
    });
  }
  if (estado.estadoDelPlan === 'Suspendido') {
    avisos.push({
      tipo: 'suspendido',
      texto: 'Tu suscripción está en modo LECTURA. Considera activarla para poder crear y editar documentos.',
    });
  }
  if (estado.vigenciaDelPlan > 0 && estado.diasDePruebaDisponibles > 0) {
    avisos.push({ tipo: 'prueba', texto: textoDeDiasDePrueba(estado.diasDePruebaDisponibles) });
  }
  return avisos;
}

/** Spec 000 §2 "Plan banners": the trial days a company has left, as the banner says them. */
export function textoDeDiasDePrueba(dias: number): string {
  return `Le quedan ${dias} ${dias === 1 ? 'día' : 'días'} de prueba`;
}

/** The WhatsApp chat to the company phone, with the activation message (spec 000 §6). */
export function enlaceActivarSuscripcion(telefono: string, empresa: string): string | null {
  let digitos = telefono.replace(/\D/g, '');
  if (digitos.length === 10) {
    // A Dominican number without the country code (809, 829, 849).
    digitos = `1${digitos}`;
  }
  if (digitos.length < 8) {
    return null;
  }
  const texto = `Hola, quiero activar la suscripción de ${empresa}.`;
  return `https://wa.me/${digitos}?text=${encodeURIComponent(texto)}`;
}
