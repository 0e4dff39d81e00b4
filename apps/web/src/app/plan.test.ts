import type { EstadoDelPlan } from '@pos/contract';
import { describe, expect, it } from 'vitest';
import { avisosDelPlan, enlaceActivarSuscripcion, enModoLectura } from './plan.ts';

const base: EstadoDelPlan = {
  estadoDelPlan: 'Activo',
  balancePendienteDelPlan: 0,
  cantidadDeUsuarios: 1,
  limiteCantidadDeUsuarios: 0,
  diasDePruebaDisponibles: 0,
  vigenciaDelPlan: 0,
};

describe('avisos del plan', () => {
  it('sin plan o con un plan al día no hay avisos', () => {
    expect(avisosDelPlan(null)).toEqual([]);
    expect(avisosDelPlan(base)).toEqual([]);
  });

  it('balance pendiente en un plan activo', () => {
    expect(avisosDelPlan({ ...base, balancePendienteDelPlan: 1500.5 })).toEqual([
      {
        tipo: 'saldo',
        texto: 'Se emitió la factura de tu suscripción con un balance pendiente de 1,500.50 pesos.',
      },
    ]);
  });

  it('plan suspendido: modo lectura', () => {
    const suspendido = { ...base, estadoDelPlan: 'Suspendido' as const, balancePendienteDelPlan: 900 };
    expect(avisosDelPlan(suspendido).map((a) => a.tipo)).toEqual(['suspendido']);
    expect(enModoLectura(suspendido)).toBe(true);
    expect(enModoLectura(base)).toBe(false);
  });

  it('días de prueba solo con vigencia', () => {
    expect(avisosDelPlan({ ...base, diasDePruebaDisponibles: 5 })).toEqual([]);
    expect(avisosDelPlan({ ...base, diasDePruebaDisponibles: 5, vigenciaDelPlan: 30 })).toEqual([
      { tipo: 'prueba', texto: 'Le quedan 5 días de prueba' },
    ]);
    expect(avisosDelPlan({ ...base, diasDePruebaDisponibles: 1, vigenciaDelPlan: 30 })[0]?.texto).toBe(
      'Le quedan 1 día de prueba',
    );
  });

  it('enlace de WhatsApp al teléfono de la empresa', () => {
    expect(enlaceActivarSuscripcion('(809) 555-0100', 'Colmado Demo')).toBe(
      'https://wa.me/18095550100?text=Hola%2C%20quiero%20activar%20la%20suscripci%C3%B3n%20de%20Colmado%20Demo.',
    );
    expect(enlaceActivarSuscripcion('', 'X')).toBeNull();
  });
});
