import {
  bigint,
  boolean,
  date,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { tablasDeVenta } from '../../documentos/columnas.ts';

// Spec 001 §3 "Credit note"; migration 0021. The kit's sales-document header and lines plus the note's
// own columns: the invoice it modifies (id_factura, its NCF as ncf_modificado for the 607/608), the
// POS shift, how its total went (applied to the linked invoice, refunded, left as credit in favour) and,
// per product line, the invoice line it returns and the unit cost the goods come back at.
const dinero = (nombre: string) => numeric(nombre, { precision: 14, scale: 2 }).notNull().default('0');

export const { cabecera: notasDeCredito, lineas: lineasNotaDeCredito } = tablasDeVenta(
  'notas_de_credito',
  'lineas_nota_de_credito',
  {
    tipoDeNotasDeCredito: integer('tipo_de_notas_de_credito').notNull().default(1),
    tipoDeNotasDeCreditoDgii: text('tipo_de_notas_de_credito_dgii').notNull().default(''),
    metodoDePago: text('metodo_de_pago').notNull().default(''),
    idFactura: uuid('id_factura').notNull(),
    ncfModificado: text('ncf_modificado').notNull().default(''),
    fechaFacturaModificada: date('fecha_factura_modificada', { mode: 'string' }).notNull(),
    idCuentaDevoluciones: uuid('id_cuenta_devoluciones').notNull(),
    desdePos: boolean('desde_pos').notNull().default(false),
    idTerminal: uuid('id_terminal'),
    idTurno: uuid('id_turno'),
    montoAplicado: dinero('monto_aplicado'),
    montoDevuelto: dinero('monto_devuelto'),
    montoCredito: dinero('monto_credito'),
    idCreditoAFavor: uuid('id_credito_a_favor'),
    costoTotal: numeric('costo_total', { precision: 18, scale: 4 }).notNull().default('0'),
  },
  {
    idLineaFactura: uuid('id_linea_factura').notNull(),
    /** Stock units that come back: cantidad × units per package of the sale. */
    unidades: numeric('unidades', { precision: 18, scale: 4 }).notNull(),
    costoUnitario: numeric('costo_unitario', { precision: 26, scale: 12 }).notNull().default('0'),
  },
);

/** Money refunds (spec 001 §3: fechaDeEmision, afectarCuenta, importe, nota, idTurnoRef). */
export const devolucionesNotaDeCredito = pgTable(
  'devoluciones_nota_de_credito',
  {
    tenantId: integer('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    idNotaDeCredito: uuid('id_nota_de_credito').notNull(),
    orden: integer('orden').notNull(),
    fechaDeEmision: date('fecha_de_emision', { mode: 'string' }).notNull(),
    idCuenta: uuid('id_cuenta').notNull(),
    /** The money left the terminal's cash box: it counts in the shift's devolucionesDeEfectvo. */
    efectivo: boolean('efectivo').notNull().default(false),
    importe: numeric('importe', { precision: 14, scale: 2 }).notNull(),
    nota: text('nota').notNull().default(''),
    idTurno: uuid('id_turno'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/** The linked invoice (spec 001 §3: idFactura, monto; at most one, §4). */
export const facturasNotaDeCredito = pgTable(
  'facturas_nota_de_credito',
  {
    tenantId: integer('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    idNotaDeCredito: uuid('id_nota_de_credito').notNull(),
    idFactura: uuid('id_factura').notNull(),
    comprobante: text('comprobante').notNull().default(''),
    numeroFactura: bigint('numero_factura', { mode: 'number' }),
    /** What the note applied to it: its total, at most what the invoice owed. */
    monto: numeric('monto', { precision: 14, scale: 2 }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export type FilaNotaDeCredito = typeof notasDeCredito.$inferSelect;
export type FilaLineaNotaDeCredito = typeof lineasNotaDeCredito.$inferSelect;
export type FilaDevolucion = typeof devolucionesNotaDeCredito.$inferSelect;
export type FilaFacturaVinculada = typeof facturasNotaDeCredito.$inferSelect;
