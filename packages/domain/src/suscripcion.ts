// The plan state of a registered company (spec 002 §3 "Plan and plan status", spec 000 §2 "Plan
// banners", §4 "Plan"), computed from its subscription invoices in the operator company (tenant 2),
// the plan's grace days and the trial. docs/empresas.md «Estado del plan» tells the whole rule.
import { diasEntre } from './antiguedad.ts';
import { aCentavos, aPesos, sumarCentavos } from './dinero.ts';

/** A subscription invoice that still owes: its balance and its due day (AAAA-MM-DD, Santo Domingo). */
export type FacturaDeSuscripcion = { pendiente: number; vence: string };

export type DatosDeLaSuscripcion = {
  /** Today in Santo Domingo (AAAA-MM-DD). */
  hoy: string;
  /** The active invoices of the company's customer that still owe. */
  facturasPendientes: readonly FacturaDeSuscripcion[];
  /** Days an invoice may stay unpaid after its due day before the plan is suspended (the plan's vigencia). */
  diasDeGracia: number;
  /** The trial: its first day and its length in days; null without one. */
  prueba: { inicio: string; dias: number } | null;
  /** Whether the company is a customer already: it has a plan or any subscription invoice (paid or not). */
  suscrita: boolean;
};

export type EstadoDeLaSuscripcion = {
  estadoDelPlan: 'Activo' | 'Suspendido';
  balancePendienteDelPlan: number;
  diasDePruebaDisponibles: number;
  /** Why it is Suspendido (for the task's summary and the docs); null when Activo. */
  motivo: 'facturaVencida' | 'pruebaTerminada' | null;
};

/** The trial days left on `hoy`: the trial's length less the days gone since its first day, never below 0. */
export function diasDePruebaRestantes(prueba: { inicio: string; dias: number } | null, hoy: string): number {
  if (!prueba) {
    return 0;
  }
  return Math.max(0, Math.min(prueba.dias, prueba.dias - diasEntre(prueba.inicio, hoy)));
}

/**
 * Suspendido when an invoice still owes more than `diasDeGracia` days after its due day, or when the
 * trial ran out and the company is not a customer yet; otherwise Activo. Paying the overdue invoices
 * (or becoming a customer after the trial) makes it Activo again. The balance is what every pending
 * invoice still owes, summed exactly in cents.
 */
export function estadoDeLaSuscripcion(datos: DatosDeLaSuscripcion): EstadoDeLaSuscripcion {
  const pendientes = datos.facturasPendientes.filter((f) => aCentavos(f.pendiente) > 0);
  const balance = sumarCentavos(pendientes.map((f) => aCentavos(f.pendiente)));
  const dias = diasDePruebaRestantes(datos.prueba, datos.hoy);
  const gracia = Math.max(0, datos.diasDeGracia);
  const vencida = pendientes.some((f) => diasEntre(f.vence, datos.hoy) > gracia);
  const pruebaTerminada = datos.prueba !== null && dias === 0 && !datos.suscrita;
  const motivo = vencida ? 'facturaVencida' : pruebaTerminada ? 'pruebaTerminada' : null;
  return {
    estadoDelPlan: motivo ? 'Suspendido' : 'Activo',
    balancePendienteDelPlan: aPesos(balance),
    diasDePruebaDisponibles: dias,
    motivo,
  };
}
