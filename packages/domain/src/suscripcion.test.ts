import { describe, expect, it } from 'vitest';
import { type DatosDeLaSuscripcion, diasDePruebaRestantes, estadoDeLaSuscripcion } from './suscripcion.ts';

const base: DatosDeLaSuscripcion = {
  hoy: '2026-03-10',
  facturasPendientes: [],
  diasDeGracia: 0,
  prueba: null,
  suscrita: true,
};

describe('estado de la suscripción (spec 002 §3 "Plan and plan status")', () => {
  it('sin facturas pendientes ni prueba: Activo, sin balance', () => {
    expect(estadoDeLaSuscripcion(base)).toEqual({
      estadoDelPlan: 'Activo',
      balancePendienteDelPlan: 0,
      diasDePruebaDisponibles: 0,
      motivo: null,
    });
  });

  it('una factura emitida sin vencer: Activo con su balance, sumado exacto en centavos', () => {
    const estado = estadoDeLaSuscripcion({
      ...base,
      facturasPendientes: [
        { pendiente: 0.1, vence: '2026-04-01' },
        { pendiente: 0.2, vence: '2026-04-01' },
        { pendiente: 0, vence: '2026-01-01' },
      ],
    });
    expect(estado).toMatchObject({ estadoDelPlan: 'Activo', balancePendienteDelPlan: 0.3, motivo: null });
  });

  it('vencida: el día del vencimiento sigue Activo; el siguiente, Suspendido', () => {
    const factura = { pendiente: 1500, vence: '2026-03-10' };
    expect(estadoDeLaSuscripcion({ ...base, facturasPendientes: [factura] }).estadoDelPlan).toBe('Activo');
    expect(
      estadoDeLaSuscripcion({ ...base, hoy: '2026-03-11', facturasPendientes: [factura] }),
    ).toMatchObject({ estadoDelPlan: 'Suspendido', balancePendienteDelPlan: 1500, motivo: 'facturaVencida' });
  });

  it('los días de gracia (vigencia del plan) alargan el plazo; negativos cuentan como 0', () => {
    const factura = { pendiente: 100, vence: '2026-03-01' };
    const datos = { ...base, facturasPendientes: [factura] };
    expect(estadoDeLaSuscripcion({ ...datos, diasDeGracia: 9 }).estadoDelPlan).toBe('Activo');
    expect(estadoDeLaSuscripcion({ ...datos, diasDeGracia: 8 }).estadoDelPlan).toBe('Suspendido');
    expect(estadoDeLaSuscripcion({ ...datos, diasDeGracia: -5 }).estadoDelPlan).toBe('Suspendido');
  });

  it('una factura vencida ya pagada no suspende: al pagarse vuelve a Activo', () => {
    const pagada = { pendiente: 0, vence: '2026-01-01' };
    expect(estadoDeLaSuscripcion({ ...base, facturasPendientes: [pagada] })).toMatchObject({
      estadoDelPlan: 'Activo',
      balancePendienteDelPlan: 0,
    });
  });

  it('la prueba cuenta los días que quedan; terminada sin suscripción, Suspendido', () => {
    const prueba = { inicio: '2026-03-01', dias: 15 };
    const sinSuscribir = { ...base, prueba, suscrita: false };
    expect(estadoDeLaSuscripcion(sinSuscribir)).toMatchObject({
      estadoDelPlan: 'Activo',
      diasDePruebaDisponibles: 6,
    });
    expect(estadoDeLaSuscripcion({ ...sinSuscribir, hoy: '2026-03-16' })).toMatchObject({
      estadoDelPlan: 'Suspendido',
      diasDePruebaDisponibles: 0,
      motivo: 'pruebaTerminada',
    });
    // Once a customer (a plan or an invoice), the end of the trial no longer suspends.
    expect(estadoDeLaSuscripcion({ ...sinSuscribir, hoy: '2026-03-16', suscrita: true }).estadoDelPlan).toBe(
      'Activo',
    );
  });

  it('una factura vencida pesa más que la prueba como motivo', () => {
    const estado = estadoDeLaSuscripcion({
      ...base,
      hoy: '2026-04-01',
      prueba: { inicio: '2026-03-01', dias: 15 },
      suscrita: false,
      facturasPendientes: [{ pendiente: 10, vence: '2026-03-20' }],
    });
    expect(estado.motivo).toBe('facturaVencida');
  });

  it('días de prueba restantes: nunca más que la prueba ni menos que 0', () => {
    expect(diasDePruebaRestantes(null, '2026-03-01')).toBe(0);
    expect(diasDePruebaRestantes({ inicio: '2026-03-01', dias: 15 }, '2026-03-01')).toBe(15);
    expect(diasDePruebaRestantes({ inicio: '2026-03-01', dias: 15 }, '2026-02-20')).toBe(15);
    expect(diasDePruebaRestantes({ inicio: '2026-03-01', dias: 15 }, '2026-03-15')).toBe(1);
    expect(diasDePruebaRestantes({ inicio: '2026-03-01', dias: 15 }, '2026-05-01')).toBe(0);
  });
});
