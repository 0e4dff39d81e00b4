import { type Centavos, sumarCentavos } from './dinero.ts';
import { type Exacto, escaladoATexto, escalar, exacto, restar, sumar } from './exacto.ts';

/** A tax as a product or line carries it: its name, its kind and its rate. */
export type Impuesto = { readonly name: string; readonly tipoDeImpuesto: string; readonly tasa: number };

/** A tax with the amount it adds to a line or a document. */
export type ImpuestoCalculado = Impuesto & { readonly total: Centavos };

/** One row of the tax summary (spec 000 §3 "Tax summary"). */
export type ResumenDeImpuesto = {
  readonly name: string;
  readonly tipoDeImpuesto: string;
  readonly total: Centavos;
};

// Spec 002 §9: tax options. The spec names the kind only for the two ITBIS rates; the other
// kinds are the lower-case first word of the name (docs/domain.md).
/** The tax options offered when configuring a tax. */
export const OPCIONES_DE_IMPUESTO = [
  { name: 'Itbis 18%', tipoDeImpuesto: 'itbis', tasa: 0.18 },
  { name: 'Itbis 16%', tipoDeImpuesto: 'itbis16', tasa: 0.16 },
  { name: 'Exento 0%', tipoDeImpuesto: 'exento', tasa: 0 },
  { name: 'Propina 10%', tipoDeImpuesto: 'propina', tasa: 0.1 },
  { name: 'Isc 10%', tipoDeImpuesto: 'isc', tasa: 0.1 },
  { name: 'otros 5%', tipoDeImpuesto: 'otros', tasa: 0.05 },
] as const satisfies readonly Impuesto[];

const UNO: Exacto = { n: 1n, d: 1n };

// Spec 000 §5, 002 §9: tax rate values 1.18 and 1.16 map to 0.18 and 0.16. Any rate of 1 or
// more is read the same way (a multiplier 1 + rate), exactly: 1.18 − 1 = 0.18, not 0.17999….
/** The rate as a fraction: 1.18 → 0.18, 0.18 → 0.18. */
export function normalizarTasa(tasa: number): number {
  return Number(escaladoATexto(escalar(tasaExacta(tasa), 15), 15));
}

/** The rate as an exact fraction, after `normalizarTasa`'s mapping. */
export function tasaExacta(tasa: number): Exacto {
  const valor = exacto(tasa);
  return tasa >= 1 ? restar(valor, UNO) : valor;
}

/** The sum of the rates of a list of taxes, exactly (ITBIS 18% + propina 10% → 0.28). */
export function tasaTotal(impuestos: readonly Impuesto[]): Exacto {
  let total: Exacto = { n: 0n, d: 1n };
  for (const impuesto of impuestos) {
    total = sumar(total, tasaExacta(impuesto.tasa));
  }
  return total;
}

/** True for the ITBIS kinds (18% and 16%), the base of non-ISR withholdings. */
export function esItbis(impuesto: Pick<Impuesto, 'tipoDeImpuesto'>): boolean {
  return impuesto.tipoDeImpuesto.toLowerCase().startsWith('itbis');
}

// Spec 000 §3 and 002 §3 (desgloseDeImpuestos): totals grouped by name and tipoDeImpuesto.
/** Groups computed taxes by name and kind, in order of first appearance. */
export function resumirImpuestos(impuestos: readonly ImpuestoCalculado[]): ResumenDeImpuesto[] {
  const grupos = new Map<string, { name: string; tipoDeImpuesto: string; montos: Centavos[] }>();
  for (const { name, tipoDeImpuesto, total } of impuestos) {
    const clave = JSON.stringify([name, tipoDeImpuesto]);
    const grupo = grupos.get(clave) ?? { name, tipoDeImpuesto, montos: [] };
    grupo.montos.push(total);
    grupos.set(clave, grupo);
  }
  return [...grupos.values()].map(({ name, tipoDeImpuesto, montos }) => ({
    name,
    tipoDeImpuesto,
    total: sumarCentavos(montos),
  }));
}
