// Apart from baseLocal.ts, which loads Dexie: the queue and its panel name the kinds of documents
// without bringing the database library into the POS's first load (it loads after the first render).

/** The kinds of documents created offline, in the spec's sync order (000 §4 "Connection"). */
export const TIPOS_PENDIENTES = ['pedidos', 'facturas', 'contactos', 'ingresos'] as const;
export type TipoPendiente = (typeof TIPOS_PENDIENTES)[number];
