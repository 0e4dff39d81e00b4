import { date, integer, numeric, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { tablasDeVenta } from '../../documentos/columnas.ts';

// Spec 001 §3 "Debit note"; migration 0027. The kit's document header and lines plus the note's own
// columns: the purchase it modifies (id_compra, its NCF as ncf_modificado for the 606), how its total went
// (applied to the linked purchase, paid back by the supplier, left owed by the supplier) and, per product
// line, the purchase line it returns, the unit cost the stock left at and the account the line credits.
const dinero = (nombre: string) => numeric(nombre, { precision: 14, scale: 2 }).notNull().default('0');

export const { cabecera: notasDeDebito, lineas: lineasNotaDeDebito } = tablasDeVenta(
  'notas_de_debito',
  'lineas_nota_de_debito',
  {
    tipoDeNotasDeDebito: integer('tipo_de_notas_de_debito').notNull().default(2),
    tipoDeNotasDeDebitoDgii: text('tipo_de_notas_de_debito_dgii').notNull().default(''),
    metodoDePago: text('metodo_de_pago').notNull().default(''),
    idCompra: uuid('id_compra').notNull(),
    ncfModificado: text('ncf_modificado').notNull().default(''),
    fechaCompraModificada: date('fecha_compra_modificada', { mode: 'string' }).notNull(),
    idCuentaDevoluciones: uuid('id_cuenta_devoluciones').notNull(),
    idTurno: uuid('id_turno'),
    montoAplicado: dinero('monto_aplicado'),
    montoDevuelto: dinero('monto_devuelto'),
    montoPorCobrar: dinero('monto_por_cobrar'),
    /** The goods at the cost they were bought with (the lines' subtotal). */
    costoTotal: numeric('costo_total', { precision: 18, scale: 4 }).notNull().default('0'),
    /** What the goods left inventory at (the stock ledger's average); the journal credits this. */
    costoDeSalida: numeric('costo_de_salida', { precision: 18, scale: 4 }).notNull().default('0'),
  },
  {
    idLineaCompra: uuid('id_linea_compra').notNull(),
    /** Stock units that go back: cantidad × units per package of the product. */
    unidades: numeric('unidades', { precision: 18, scale: 4 }).notNull(),
    /** The unit cost the stock ledger recorded the return at (the current average). */
    costoUnitario: numeric('costo_unitario', { precision: 26, scale: 12 }).notNull().default('0'),
    /** cuentaContableParaInventario: the account this line credits. */
    idCuenta: uuid('id_cuenta').notNull(),
  },
);

/** Money the supplier pays back (spec 001 §3: fechaDeEmision, importe, nota, cuentaContableDebito). */
export const devolucionesNotaDeDebito = pgTable(
  'devoluciones_nota_de_debito',
  {
    tenantId: integer('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    idNotaDeDebito: uuid('id_nota_de_debito').notNull(),
    orden: integer('orden').notNull(),
    fechaDeEmision: date('fecha_de_emision', { mode: 'string' }).notNull(),
    idCuenta: uuid('id_cuenta').notNull(),
    importe: numeric('importe', { precision: 14, scale: 2 }).notNull(),
    nota: text('nota').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/** The linked purchase (spec 001 §3: idCompra, monto; at most one, §4). */
export const comprasNotaDeDebito = pgTable(
  'compras_nota_de_debito',
  {
    tenantId: integer('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    idNotaDeDebito: uuid('id_nota_de_debito').notNull(),
    idCompra: uuid('id_compra').notNull(),
    comprobante: text('comprobante').notNull().default(''),
    /** What the note applied to it: its total, at most what the purchase owed. */
    monto: numeric('monto', { precision: 14, scale: 2 }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export type FilaNotaDeDebito = typeof notasDeDebito.$inferSelect;
export type FilaLineaNotaDeDebito = typeof lineasNotaDeDebito.$inferSelect;
export type FilaDevolucionProveedor = typeof devolucionesNotaDeDebito.$inferSelect;
export type FilaCompraVinculada = typeof comprasNotaDeDebito.$inferSelect;
