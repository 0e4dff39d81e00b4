import { z } from 'zod';
import { IdentificadorUnico, ParamsId, SinParams } from './comun.ts';
import { CuentaContableRef } from './contabilidad.ts';
import {
  AnularDocumentoEntrada,
  CabeceraDeVenta,
  EnviarDocumentoPorCorreo,
  FechaDeDocumento,
  FiltroDeDocumentos,
  LineaDeVenta,
  mensajeErrorDeCorreo,
} from './documentos.ts';
import { endpoint } from './endpoint.ts';
import { Archivo } from './exportar.ts';
import { textoOpcional } from './maestros.ts';
import {
  AsientoContableDeNota,
  CAMPOS_DE_CABECERA_DE_NOTA,
  CuentaDeNota,
  IdsQuitados,
  limiteDeNotas,
  type MensajesDeVinculos,
  reglaDeVinculosCon,
} from './notas.ts';
import { Cantidad, Dinero, DineroPositivo, Texto } from './tipos.ts';

// Spec 001 §2, §3 "Debit note", §4, §5, §7 "Debit notes", §8, §9. A debit note (nota de débito) is the
// supplier-side mirror of a credit note: it returns goods of one purchase (`idCompra`, the purchase it
// modifies, whose NCF it keeps as `ncfModificado` for the 606): each product line returns a line of that
// purchase at the cost, discount and taxes it was bought with. Its total either lowers what a linked
// purchase owes (`lineasDebitoCompras`, at most one) or the supplier pays it back in money
// (`lineasDevoluciones`), never both (§4); what neither takes stays as the supplier's debt to the company
// (anticipos a proveedores). Numbered from the 'notaDeDebito' numbering.

/** Spec 001 §5: a purchase linked and a money return added. */
export const MENSAJE_DEBITO_A_COMPRA = 'TIENES UN DEBITO A COMPRA';
/** Spec 001 §5: money returns present and a purchase linked (the message as the product has it). */
export const MENSAJE_CREDITO_A_FACTURA = 'TIENES UN CREDITO A FACTURA';
/** Spec 001 §5: a second, different purchase linked. */
export const MENSAJE_UNA_SOLA_COMPRA = 'En una nota de débito solo puedes vincular una compra';
/** Spec 001 §5: the same purchase linked twice. */
export const MENSAJE_COMPRA_REPETIDA = 'COMPRA REPETIDA: Ya esta compra esta vinculada';
export const MENSAJE_NOTA_DE_DEBITO_SIN_LINEAS =
  'Agrega por lo menos un artículo devuelto a la nota de débito.';
export const MENSAJE_MOTIVO_NOTA_DE_DEBITO = 'Debes ingresar un motivo para anular la nota de débito';
export const MENSAJE_NOTA_DE_DEBITO_NO_EXISTE = 'La nota de débito no existe.';

/** Spec 001 §9: debit notes list 14 per page. */
export const LIMITE_NOTAS_DE_DEBITO = 14;

export const MENSAJES_VINCULOS_NOTA_DE_DEBITO: MensajesDeVinculos = {
  devolucionesActivas: MENSAJE_CREDITO_A_FACTURA,
  vinculoActivo: MENSAJE_DEBITO_A_COMPRA,
  unoSolo: MENSAJE_UNA_SOLA_COMPRA,
  repetido: MENSAJE_COMPRA_REPETIDA,
};

/**
 * Spec 001 §4, §5 for debit notes: the credit note's one rule with the debit note's messages. `agregado`:
 * 'devolucion' when a money return is added to a linked purchase ('TIENES UN DEBITO A COMPRA'), 'vinculo'
 * when a purchase is linked to present returns ('TIENES UN CREDITO A FACTURA'). Null when it holds.
 */
export function reglaDeVinculosDebito(
  compras: readonly { idCompra: string }[],
  devoluciones: readonly unknown[],
  agregado: 'vinculo' | 'devolucion',
): string | null {
  return reglaDeVinculosCon(
    MENSAJES_VINCULOS_NOTA_DE_DEBITO,
    compras.map((c) => c.idCompra),
    devoluciones,
    agregado,
  );
}

/** A returned product line: which line of the modified purchase, and how much of it goes back. */
export const LineaNotaDeDebitoEntrada = z
  .object({
    /** A saved line of the note (editing); without it the line is new. */
    _id: z.uuid().nullish(),
    idLineaCompra: z.uuid({ error: 'La línea de la compra no es válida' }),
    cantidad: Cantidad('La cantidad devuelta'),
    nota: textoOpcional(500).default(''),
    /**
     * Spec 001 §3: the account the returned goods leave (credited). Absent: the product's inventory
     * account when it keeps stock, else the account the purchase line was charged to.
     */
    cuentaContableParaInventario: CuentaDeNota.nullish(),
  })
  .loose();
export type LineaNotaDeDebitoEntrada = z.output<typeof LineaNotaDeDebitoEntrada>;

/**
 * A money return: the supplier pays back (spec 001 §3: fechaDeEmision, importe, nota, cuentaContableDebito
 * = the account the money comes into; the company's cash box when absent).
 */
export const LineaDevolucionProveedorEntrada = z
  .object({
    _id: z.uuid().nullish(),
    fechaDeEmision: FechaDeDocumento.nullish(),
    cuentaContableDebito: CuentaDeNota.nullish(),
    importe: DineroPositivo('El importe de la devolución'),
    nota: textoOpcional(500).default(''),
  })
  .loose();
export type LineaDevolucionProveedorEntrada = z.output<typeof LineaDevolucionProveedorEntrada>;

/**
 * A linked purchase (spec 001 §3: idCompra, monto). The amount applied is the server's: the note's
 * total, at most what the purchase owes; `monto` as the form showed it is not trusted.
 */
export const LineaDebitoCompraEntrada = z
  .object({
    _id: z.uuid().nullish(),
    idCompra: z.uuid({ error: 'La compra vinculada no es válida' }),
    monto: Dinero('El monto').nullish(),
  })
  .loose();
export type LineaDebitoCompraEntrada = z.output<typeof LineaDebitoCompraEntrada>;

/** The header as the form sends it; the supplier's data are read from the modified purchase. */
export const NotaDeDebitoEntrada = z
  .object({
    /** The purchase the note modifies (its lines are the ones returned; its NCF is ncfModificado). */
    idCompra: z.uuid({ error: 'Elige la compra que modifica la nota de débito' }),
    /** The numbering; the default 'notaDeDebito' one when absent. */
    idNumeracion: z.uuid({ error: 'La numeración no es válida' }).nullish(),
    /** Spec 001 §9: type 2 by default. */
    tipoDeNotasDeDebito: z.number().int().min(1).max(9).default(2),
    tipoDeNotasDeDebitoDgii: Texto(100).default(''),
    ...CAMPOS_DE_CABECERA_DE_NOTA,
    /**
     * Spec 001 §3: the purchase-returns account: it takes the difference between what the goods cost when
     * bought and what they leave inventory at (the current average); the company's 'devolucionesEnCompras'
     * when absent.
     */
    CuentaContableDevolucionesAProveedores: CuentaDeNota.nullish(),
  })
  .loose();
export type NotaDeDebitoEntrada = z.output<typeof NotaDeDebitoEntrada>;

const LineasNota = z
  .array(LineaNotaDeDebitoEntrada, { error: MENSAJE_NOTA_DE_DEBITO_SIN_LINEAS })
  .max(300, 'Una nota de débito admite hasta 300 líneas');

// Spec 001 §7 "POST /notas-de-debito/ {notaDeDebito, lineasNotasDeDebito, lineasDebitoCompras,
// lineasDevoluciones, idTurnoRef, asientoContable, identificadorUnico}".
export const CrearNotaDeDebito = z
  .object({
    notaDeDebito: NotaDeDebitoEntrada,
    lineasNotasDeDebito: LineasNota.min(1, MENSAJE_NOTA_DE_DEBITO_SIN_LINEAS),
    lineasDebitoCompras: z.array(LineaDebitoCompraEntrada).max(10).default([]),
    lineasDevoluciones: z.array(LineaDevolucionProveedorEntrada).max(50).default([]),
    /** The user's shift, kept on the note (informative: a supplier's money return is not the POS's). */
    idTurnoRef: z.uuid({ error: 'El turno no es válido' }).nullish(),
    asientoContable: AsientoContableDeNota.nullish(),
    identificadorUnico: IdentificadorUnico,
  })
  .loose()
  .superRefine((cuerpo, ctx) => {
    // A body with both: the purchase is the link, the returns were added to it.
    const mensaje = reglaDeVinculosDebito(
      cuerpo.lineasDebitoCompras,
      cuerpo.lineasDevoluciones,
      'devolucion',
    );
    if (mensaje) {
      ctx.addIssue({ code: 'custom', message: mensaje, path: ['lineasDebitoCompras'] });
    }
  });
export type CrearNotaDeDebito = z.output<typeof CrearNotaDeDebito>;

// Spec 001 §7 "PUT /notas-de-debito/{id} (analogous to credit notes)": {notaDeDebito,
// actualizar/borrarLineasNotasDeDebito, actualizar/borrarLineasDevoluciones,
// actualizar/borrarLineasComprasVinculadas, idTurnoRef, asientoContable}. A line with `_id` changes in
// place, without it is added; the borrar lists are ids. The final lines obey reglaDeVinculosDebito
// (checked by the server against the saved ones: what the edit adds is what comes last).
export const ActualizarNotaDeDebito = z
  .object({
    notaDeDebito: NotaDeDebitoEntrada.omit({ idCompra: true }).extend({
      /** The modified purchase does not change on edit; when sent it must be the same. */
      idCompra: z.uuid().nullish(),
    }),
    actualizarLineasNotasDeDebito: LineasNota.default([]),
    borrarLineasNotasDeDebito: IdsQuitados,
    actualizarLineasDevoluciones: z.array(LineaDevolucionProveedorEntrada).max(50).default([]),
    borrarLineasDevoluciones: IdsQuitados,
    actualizarLineasComprasVinculadas: z.array(LineaDebitoCompraEntrada).max(10).default([]),
    borrarLineasComprasVinculadas: IdsQuitados,
    idTurnoRef: z.uuid({ error: 'El turno no es válido' }).nullish(),
    asientoContable: AsientoContableDeNota.nullish(),
  })
  .loose();
export type ActualizarNotaDeDebito = z.output<typeof ActualizarNotaDeDebito>;

export const NotaDeDebito = CabeceraDeVenta.extend({
  numeroNotaDeDebito: z.number(),
  tipoDeNotasDeDebito: z.number(),
  tipoDeNotasDeDebitoDgii: z.string(),
  metodoDePago: z.string(),
  /** The purchase it modifies and that purchase's NCF (606). `idCliente`/`nombre` are the supplier. */
  idCompra: z.string(),
  ncfModificado: z.string(),
  fechaCompraModificada: z.string(),
  CuentaContableDevolucionesAProveedores: CuentaContableRef,
  idTurno: z.string().nullable(),
  /** How the total went: applied to the linked purchase, paid back by the supplier, left owed by them. */
  montoAplicado: z.number(),
  montoDevuelto: z.number(),
  montoPorCobrar: z.number(),
  /** What the goods cost as bought (the purchase's cost rule: subtotal plus the taxes that are not
   *  creditable ITBIS) and what they left inventory at (current average). */
  costoTotal: z.number(),
  costoDeSalida: z.number(),
});
export type NotaDeDebito = z.output<typeof NotaDeDebito>;

export const LineaNotaDeDebito = LineaDeVenta.extend({
  idNotaDeDebito: z.string(),
  idLineaCompra: z.string(),
  cuentaContableParaInventario: CuentaContableRef,
  /** Unit cost the stock left with (the product's average when the note was written). */
  costo: z.string(),
});
export type LineaNotaDeDebito = z.output<typeof LineaNotaDeDebito>;

export const LineaDevolucionProveedor = z.object({
  _id: z.string(),
  idNotaDeDebito: z.string(),
  fechaDeEmision: z.string(),
  cuentaContableDebito: CuentaContableRef,
  importe: z.number(),
  nota: z.string(),
});
export type LineaDevolucionProveedor = z.output<typeof LineaDevolucionProveedor>;

export const LineaDebitoCompra = z.object({
  _id: z.string(),
  idNotaDeDebito: z.string(),
  idCompra: z.string(),
  comprobante: z.string(),
  /** What the note applied to the purchase (at most what it owed). */
  monto: z.number(),
});
export type LineaDebitoCompra = z.output<typeof LineaDebitoCompra>;

/** GET /notas-de-debito/{id}: header, product lines, money returns and the linked purchase. */
export const DetalleNotaDeDebito = z.object({
  notaDeDebitoDb: NotaDeDebito,
  lineasNotasDeDebito: z.array(LineaNotaDeDebito),
  lineasDevoluciones: z.array(LineaDevolucionProveedor),
  lineasDebitoCompras: z.array(LineaDebitoCompra),
});
export type DetalleNotaDeDebito = z.output<typeof DetalleNotaDeDebito>;

export const NotaDeDebitoCreada = DetalleNotaDeDebito.extend({ solicitudDuplicada: z.boolean() });
export type NotaDeDebitoCreada = z.output<typeof NotaDeDebitoCreada>;

// "POST /notas-de-debito/todas {input, page, limit, periodo} or buscarPorEstado" (the audit view).
export const FiltroNotasDeDebito = FiltroDeDocumentos.extend({
  limit: limiteDeNotas(LIMITE_NOTAS_DE_DEBITO),
  /** Only the notes of one purchase (its detail view). */
  idCompra: z.uuid({ error: 'La compra no es válida' }).nullish(),
});
export type FiltroNotasDeDebito = z.output<typeof FiltroNotasDeDebito>;

export const ListaNotasDeDebito = z.object({ res: z.array(NotaDeDebito), totalRows: z.number().int() });
export type ListaNotasDeDebito = z.output<typeof ListaNotasDeDebito>;

export const AnularNotaDeDebito = AnularDocumentoEntrada;
export type AnularNotaDeDebito = z.output<typeof AnularNotaDeDebito>;

export const RespuestaAnulacionNotaDeDebito = z.object({
  notaDeDebitoDb: NotaDeDebito,
  resultado: z.enum(['anulada', 'solicitada', 'aprobada', 'rechazada']),
});

// GET /notas-de-debito/devuelto/{idCompra}?excepto=: what the debit notes in force (not Anulado; a
// pending cancellation still counts) already returned of each line of a purchase, by the server's own
// rule (the one a new note is checked with), so the form proposes what can still be returned in one read.
// `excepto`: the note being edited, left out as its edit leaves it out.
export const ParamsCompraDevuelta = z.object({ idCompra: z.uuid({ error: 'La compra no es válida' }) });
export const ConsultaDevueltoCompra = z.object({
  excepto: z.uuid({ error: 'La nota de débito no es válida' }).optional(),
});
export const DevueltoDeLaCompra = z.object({
  /** What the purchase still owes (a linked purchase takes at most this). */
  pendiente: z.number(),
  lineas: z.array(
    z.object({
      idLineaCompra: z.string(),
      /** What the purchase line bought and what debit notes in force returned of it (4 decimals). */
      comprada: z.number(),
      devuelta: z.number(),
    }),
  ),
});
export type DevueltoDeLaCompra = z.output<typeof DevueltoDeLaCompra>;

/** Spec 001 §1: the failure of «Enviar por correo». */
export const MENSAJE_ERROR_CORREO_NOTA_DE_DEBITO = mensajeErrorDeCorreo('nota de débito');

export const notasDeDebitoApi = {
  // Spec 001 §1 "PDF / e-mail", as the kit's families: NotaDeDebito-{comprobante}.pdf, and by e-mail.
  pdf: endpoint({
    method: 'GET',
    path: '/notas-de-debito/pdf/:id',
    body: z.unknown(),
    params: ParamsId,
    respuesta: Archivo,
  }),
  enviarPorCorreo: endpoint({
    method: 'POST',
    path: '/notas-de-debito/correo/:id',
    // Sends an existing document, as its PDF download does: nothing is created or changed.
    efecto: 'lee',
    body: EnviarDocumentoPorCorreo,
    params: ParamsId,
    respuesta: z.object({ message: z.string() }),
  }),
  crear: endpoint({
    method: 'POST',
    path: '/notas-de-debito/',
    body: CrearNotaDeDebito,
    params: SinParams,
    respuesta: NotaDeDebitoCreada,
  }),
  todas: endpoint({
    method: 'POST',
    path: '/notas-de-debito/todas',
    efecto: 'lee',
    body: FiltroNotasDeDebito,
    params: SinParams,
    respuesta: ListaNotasDeDebito,
  }),
  devuelto: endpoint({
    method: 'GET',
    path: '/notas-de-debito/devuelto/:idCompra',
    body: z.unknown(),
    params: ParamsCompraDevuelta,
    query: ConsultaDevueltoCompra,
    respuesta: DevueltoDeLaCompra,
  }),
  una: endpoint({
    method: 'GET',
    path: '/notas-de-debito/:id',
    body: z.unknown(),
    params: ParamsId,
    respuesta: DetalleNotaDeDebito,
  }),
  actualizar: endpoint({
    method: 'PUT',
    path: '/notas-de-debito/:id',
    body: ActualizarNotaDeDebito,
    params: ParamsId,
    respuesta: DetalleNotaDeDebito,
  }),
  anular: endpoint({
    method: 'PUT',
    path: '/notas-de-debito/anular/:id',
    body: AnularNotaDeDebito,
    params: ParamsId,
    respuesta: RespuestaAnulacionNotaDeDebito,
  }),
  eliminar: endpoint({
    method: 'DELETE',
    path: '/notas-de-debito/:id',
    body: z.unknown(),
    params: ParamsId,
    respuesta: z.object({ notaDeDebitoDb: NotaDeDebito }),
  }),
};
