import { aPesos, type Centavos } from './dinero.ts';

// Spec 002 §7 "Accounting" (estado-de-resultados, situacion-finaciera) and docs/accounting.md
// «Estados financieros»: the statements are read from the journal only. The income statement is
// ingresos − costos − gastos over the period; the balance sheet is taken at the period's end, with
// activo = pasivo + capital + the accumulated result («Resultado del ejercicio»: every ingreso − costo
// − gasto up to that day), which holds for any set of balanced entries.
// Pure grouping and totals; the server sums the journal's lines per account and calls these.

export type TipoDeCuentaContable = 'activo' | 'pasivo' | 'capital' | 'ingresos' | 'costos' | 'gastos';

/** An account of the chart as the statements need it (a flat list; the tree is `idPadre`). */
export type CuentaDelEstado = {
  id: string;
  idPadre: string | null;
  codigoDeCuenta: string;
  nombre: string;
  tipo: TipoDeCuentaContable;
};

/** What the journal moved on one account (cents). */
export type Movido = { debito: Centavos; credito: Centavos };
export type SaldosPorCuenta = ReadonlyMap<string, Movido>;

export type FilaDelEstado = {
  idCuenta: string;
  codigoDeCuenta: string;
  nombre: string;
  tipo: TipoDeCuentaContable;
  nivel: number;
  esGrupo: boolean;
  actual: number;
  anterior: number;
};

export type Comparado = { actual: number; anterior: number };

const DEUDORES: readonly TipoDeCuentaContable[] = ['activo', 'costos', 'gastos'];

/**
 * An account's balance as its section of a statement reads it: debits − credits for activo, costos and
 * gastos, credits − debits for pasivo, capital and ingresos. A contra account (sales returns under
 * ingresos) therefore shows negative and subtracts from its group.
 */
export function saldoSegunTipo(tipo: TipoDeCuentaContable, movido: Movido | undefined): Centavos {
  if (!movido) {
    return 0 as Centavos;
  }
  const neto = movido.debito - movido.credito;
  return (DEUDORES.includes(tipo) ? neto : -neto) as Centavos;
}

/** The total of one type over every account of the chart (cents). */
export function totalDelTipo(
  cuentas: readonly CuentaDelEstado[],
  saldos: SaldosPorCuenta,
  tipo: TipoDeCuentaContable,
): Centavos {
  let total = 0;
  for (const cuenta of cuentas) {
    if (cuenta.tipo === tipo) {
      total += saldoSegunTipo(tipo, saldos.get(cuenta.id));
    }
  }
  return total as Centavos;
}

/** Orders account codes as numbers per segment (1.2 before 1.10). */
export function compararCodigosDeCuenta(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const diferencia = (pa[i] ?? -1) - (pb[i] ?? -1);
    if (diferencia !== 0) {
      return diferencia;
    }
  }
  return 0;
}

/**
 * The rows of a statement for the given types: the chart in code order, each group summing its own
 * lines and those of every account under it, indented by depth. Accounts with nothing now and nothing
 * in the previous period are left out (a group stays when anything under it moved).
 */
export function filasDelEstado(
  cuentas: readonly CuentaDelEstado[],
  tipos: readonly TipoDeCuentaContable[],
  actual: SaldosPorCuenta,
  anterior: SaldosPorCuenta,
): FilaDelEstado[] {
  const hijas = new Map<string | null, CuentaDelEstado[]>();
  const ids = new Set(cuentas.map((c) => c.id));
  for (const cuenta of cuentas) {
    // A parent missing from the list makes the account a root, so nothing it holds is lost.
    const padre = cuenta.idPadre !== null && ids.has(cuenta.idPadre) ? cuenta.idPadre : null;
    const lista = hijas.get(padre) ?? [];
    lista.push(cuenta);
    hijas.set(padre, lista);
  }
  for (const lista of hijas.values()) {
    lista.sort((a, b) => compararCodigosDeCuenta(a.codigoDeCuenta, b.codigoDeCuenta));
  }
  const filas: FilaDelEstado[] = [];
  // Returns the subtree's sums; pushes its rows (the group's row before its children's).
  function recorrer(
    cuenta: CuentaDelEstado,
    nivel: number,
  ): { actual: number; anterior: number; movio: boolean } {
    const posicion = filas.length;
    const propioActual = actual.get(cuenta.id);
    const propioAnterior = anterior.get(cuenta.id);
    let sumaActual: number = saldoSegunTipo(cuenta.tipo, propioActual);
    let sumaAnterior: number = saldoSegunTipo(cuenta.tipo, propioAnterior);
    let movio = movimiento(propioActual) || movimiento(propioAnterior);
    const debajo = hijas.get(cuenta.id) ?? [];
    filas.push({
      idCuenta: cuenta.id,
      codigoDeCuenta: cuenta.codigoDeCuenta,
      nombre: cuenta.nombre,
      tipo: cuenta.tipo,
      nivel,
      esGrupo: debajo.length > 0,
      actual: 0,
      anterior: 0,
    });
    for (const hija of debajo) {
      const suma = recorrer(hija, nivel + 1);
      sumaActual += suma.actual;
      sumaAnterior += suma.anterior;
      movio ||= suma.movio;
    }
    if (!movio && sumaActual === 0 && sumaAnterior === 0) {
      filas.length = posicion;
    } else {
      const fila = filas[posicion] as FilaDelEstado;
      fila.actual = aPesos(sumaActual as Centavos);
      fila.anterior = aPesos(sumaAnterior as Centavos);
    }
    return { actual: sumaActual, anterior: sumaAnterior, movio };
  }
  for (const raiz of hijas.get(null) ?? []) {
    if (tipos.includes(raiz.tipo)) {
      recorrer(raiz, 0);
    }
  }
  return filas;
}

function movimiento(movido: Movido | undefined): boolean {
  return movido !== undefined && (movido.debito !== 0 || movido.credito !== 0);
}

/** Income statement totals of one period (cents). */
export function totalesDeResultados(
  cuentas: readonly CuentaDelEstado[],
  saldos: SaldosPorCuenta,
): { ingresos: Centavos; costos: Centavos; utilidadBruta: Centavos; gastos: Centavos; resultado: Centavos } {
  const ingresos = totalDelTipo(cuentas, saldos, 'ingresos');
  const costos = totalDelTipo(cuentas, saldos, 'costos');
  const gastos = totalDelTipo(cuentas, saldos, 'gastos');
  const utilidadBruta = (ingresos - costos) as Centavos;
  return { ingresos, costos, utilidadBruta, gastos, resultado: (utilidadBruta - gastos) as Centavos };
}

/** Balance sheet totals at one day, from the balances accumulated up to it (cents). */
export function totalesDeSituacion(
  cuentas: readonly CuentaDelEstado[],
  saldos: SaldosPorCuenta,
): {
  activo: Centavos;
  pasivo: Centavos;
  capital: Centavos;
  resultadoDelEjercicio: Centavos;
  totalPasivoYCapital: Centavos;
} {
  const activo = totalDelTipo(cuentas, saldos, 'activo');
  const pasivo = totalDelTipo(cuentas, saldos, 'pasivo');
  const capital = totalDelTipo(cuentas, saldos, 'capital');
  const resultadoDelEjercicio = totalesDeResultados(cuentas, saldos).resultado;
  return {
    activo,
    pasivo,
    capital,
    resultadoDelEjercicio,
    totalPasivoYCapital: (pasivo + capital + resultadoDelEjercicio) as Centavos,
  };
}

function comparar<K extends string>(
  actual: Record<K, Centavos>,
  anterior: Record<K, Centavos>,
): Record<K, Comparado> {
  return Object.fromEntries(
    (Object.keys(actual) as K[]).map((clave) => [
      clave,
      { actual: aPesos(actual[clave]), anterior: aPesos(anterior[clave]) },
    ]),
  ) as Record<K, Comparado>;
}

/** The income statement: rows of ingresos, costos and gastos plus the totals, now and before. */
export function estadoDeResultados(
  cuentas: readonly CuentaDelEstado[],
  actual: SaldosPorCuenta,
  anterior: SaldosPorCuenta,
): {
  filas: FilaDelEstado[];
  totales: Record<'ingresos' | 'costos' | 'utilidadBruta' | 'gastos' | 'resultado', Comparado>;
} {
  return {
    filas: filasDelEstado(cuentas, ['ingresos', 'costos', 'gastos'], actual, anterior),
    totales: comparar(totalesDeResultados(cuentas, actual), totalesDeResultados(cuentas, anterior)),
  };
}

/** The balance sheet: rows of activo, pasivo and capital at both ends plus the totals. */
export function situacionFinanciera(
  cuentas: readonly CuentaDelEstado[],
  actual: SaldosPorCuenta,
  anterior: SaldosPorCuenta,
): {
  filas: FilaDelEstado[];
  totales: Record<
    'activo' | 'pasivo' | 'capital' | 'resultadoDelEjercicio' | 'totalPasivoYCapital',
    Comparado
  >;
} {
  return {
    filas: filasDelEstado(cuentas, ['activo', 'pasivo', 'capital'], actual, anterior),
    totales: comparar(totalesDeSituacion(cuentas, actual), totalesDeSituacion(cuentas, anterior)),
  };
}

const DIA_MS = 86_400_000;
const aDia = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The period a statement compares with (docs/accounting.md «Estados financieros»): whole calendar months
 * (a month, a year, or several) compare with as many whole months right before; any other range with as
 * many days right before. So each preset of spec 002 §7 compares with the previous preset (today with
 * yesterday, this week with last week, this month with last month, this year with last year).
 */
export function periodoAnterior(desde: string, hasta: string): { desde: string; hasta: string } {
  const inicio = Date.parse(`${desde}T00:00:00Z`);
  const fin = Date.parse(`${hasta}T00:00:00Z`);
  const a = new Date(inicio);
  const b = new Date(fin);
  const finDeMes = new Date(fin + DIA_MS).getUTCDate() === 1;
  if (a.getUTCDate() === 1 && finDeMes) {
    const meses = (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + (b.getUTCMonth() - a.getUTCMonth()) + 1;
    const desdeAnterior = Date.UTC(a.getUTCFullYear(), a.getUTCMonth() - meses, 1);
    return { desde: aDia(desdeAnterior), hasta: aDia(inicio - DIA_MS) };
  }
  const dias = Math.round((fin - inicio) / DIA_MS) + 1;
  return { desde: aDia(inicio - dias * DIA_MS), hasta: aDia(inicio - DIA_MS) };
}
