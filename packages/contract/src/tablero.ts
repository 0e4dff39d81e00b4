import { z } from 'zod';
import { SinParams } from './comun.ts';
import { endpoint } from './endpoint.ts';
import { FiltroDePeriodo } from './exportar.ts';
import { AlertaDeNumeracion } from './numeracion.ts';

// The dashboard (/inicio, spec 000 §2, 002 §2): the figures a shop owner looks at every morning. Two calls
// answer it besides the invoice list (spec 002 §7: page 1, limit 25): POST /factura/productos-destacados/
// (spec path, body and answer ours) and POST /reportes/tablero (ours), each answered from a few
// period-bounded queries. Every section is null when the user may not see its module.

/**
 * The period of the charts and best sellers (a spec 002 §7 preset): this month by default, so the
 * per-day chart has a shape; today, this week and this month are always shown as figures.
 */
export const PERIODO_INICIAL_DEL_TABLERO = 4;

/** The days a figure covers (AAAA-MM-DD, Santo Domingo, both inclusive). */
export const DiasDelTablero = z.object({ desde: z.string(), hasta: z.string() });

/** A figure and the same stretch of the period before it. `variacion` in %, null when before was 0. */
export const Comparacion = z.object({
  actual: z.number(),
  anterior: z.number(),
  variacion: z.number().nullable(),
  dias: DiasDelTablero,
  diasAnteriores: DiasDelTablero,
});
export type Comparacion = z.infer<typeof Comparacion>;

export const VentasDelTablero = z.object({
  /** Today vs yesterday; this week (Monday to today) and this month (1st to today) vs the same days before. */
  hoy: Comparacion,
  semana: Comparacion,
  mes: Comparacion,
  /** Net sales of the chosen period (invoices − credit notes). */
  totalDelPeriodo: z.number(),
  cantidadDeFacturas: z.number().int(),
  /** One point per day of the period, or per month when it spans more than 62 days. */
  agrupadoPor: z.enum(['dia', 'mes']),
  porDia: z.array(z.object({ fecha: z.string(), total: z.number() })),
  /** What the period's invoices were paid with at the sale; the rest is 'Crédito' (still owed or paid later). */
  porMetodo: z.array(z.object({ metodo: z.string(), total: z.number() })),
});
export type VentasDelTablero = z.infer<typeof VentasDelTablero>;

/** Balances owed: not yet due and overdue (due before today, Santo Domingo). */
export const SaldosDelTablero = z.object({
  porVencer: z.number(),
  cantidadPorVencer: z.number().int(),
  vencido: z.number(),
  cantidadVencidos: z.number().int(),
});
export type SaldosDelTablero = z.infer<typeof SaldosDelTablero>;

export const TurnoAbiertoDelTablero = z.object({
  _id: z.string(),
  nombreUsuario: z.string(),
  nombreTerminal: z.string(),
  fechaDeInicio: z.string(),
});

export const Tablero = z.object({
  periodo: z.number().int(),
  dias: DiasDelTablero,
  ventas: VentasDelTablero.nullable(),
  cuentasPorCobrar: SaldosDelTablero.nullable(),
  cuentasPorPagar: SaldosDelTablero.nullable(),
  /** Product × warehouse rows at or under their minimum, and those with nothing left. */
  existencia: z.object({ bajos: z.number().int(), agotados: z.number().int() }).nullable(),
  turnos: z.object({ abiertos: z.array(TurnoAbiertoDelTablero), cantidad: z.number().int() }).nullable(),
  numeracion: z.array(AlertaDeNumeracion).nullable(),
});
export type Tablero = z.infer<typeof Tablero>;

const Periodo = z
  .number({ error: 'El periodo debe ser un número de 0 a 7' })
  .int('El periodo debe ser un número de 0 a 7')
  .min(0, 'El periodo debe ser un número de 0 a 7')
  .max(7, 'El periodo debe ser un número de 0 a 7');

export const FiltroDelTablero = z.object({ periodo: Periodo.default(PERIODO_INICIAL_DEL_TABLERO) });
export type FiltroDelTablero = z.infer<typeof FiltroDelTablero>;

/** POST /factura/productos-destacados/: a period (preset or range) and how many products. */
export const FiltroProductosDestacados = FiltroDePeriodo.extend({
  limit: z
    .number()
    .int()
    .min(1, 'Pide al menos 1 producto')
    .max(50, 'Se pueden pedir hasta 50 productos')
    .default(5),
});

export const ProductoDestacado = z.object({
  idProducto: z.string(),
  nombre: z.string(),
  cantidad: z.number(),
  total: z.number(),
});
export type ProductoDestacado = z.infer<typeof ProductoDestacado>;

export const tablero = {
  cifras: endpoint({
    method: 'POST',
    path: '/reportes/tablero',
    efecto: 'lee',
    body: FiltroDelTablero,
    params: SinParams,
    respuesta: Tablero,
  }),
  // Spec 002 §7 "Reports (all POST)": the body and answer are not shown; ours.
  productosDestacados: endpoint({
    method: 'POST',
    path: '/factura/productos-destacados/',
    efecto: 'lee',
    body: FiltroProductosDestacados,
    params: SinParams,
    respuesta: z.object({ productos: z.array(ProductoDestacado), dias: DiasDelTablero }),
  }),
};
