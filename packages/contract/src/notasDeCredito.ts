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
import { DesdeElPos } from './facturas.ts';
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

// Spec 001 §2, §3 "Credit note", §4, §5, §7 "Credit notes", §8, §9. A credit note (nota de crédito)
// returns goods of one invoice (`idFactura`, the invoice it modifies, whose NCF it keeps as
// `ncfModificado`): each product line returns a line of that invoice at the price, discount and taxes it
// was sold with. Its total either goes to a linked invoice (`lineasCreditoFacturas`, at most one) or is
// paid back in money (`lineasDevoluciones`), never both (§4); what neither takes becomes a credit in
// favour of the customer. Numbered from the 'notaDeCredito' numbering (B04).

/** Spec 001 §5: a refund already present and an invoice linked. */
export const MENSAJE_DEVOLUCIONES_ACTIVAS = 'TIENES DEVOLUCIONES ACTIVA';
/** Spec 001 §5: a second, different invoice linked. */
export const MENSAJE_UNA_SOLA_FACTURA = 'En una nota de crédito Solo puedes vincular una factura';
/** Spec 001 §5: the same invoice linked twice. */
export const MENSAJE_FACTURA_REPETIDA = 'FACTURA REPETIDA: Ya esta facura esta vinculada';
export const MENSAJE_NOTA_SIN_LINEAS = 'Agrega por lo menos un artículo devuelto a la nota de crédito.';
export const MENSAJE_MOTIVO_NOTA_DE_CREDITO = 'Debes ingresar un motivo para anular la nota de crédito';
export const MENSAJE_NOTA_DE_CREDITO_NO_EXISTE = 'La nota de crédito no existe.';
/** Spec 001 §8 "Credit note from POS, shift closed": added to the server's message by the screen. */
export const MENSAJE_TURNO_CERRADO_NOTA =
  'No se puede realizar la operación, hasta que haya un nuevo turno abierto';

/** Spec 001 §9: credit notes list 14 per page. */
export const LIMITE_NOTAS_DE_CREDITO = 14;

/** A returned product line: which line of the modified invoice, and how much of it comes back. */
export const LineaNotaDeCreditoEntrada = z
  .object({
    /** A saved line of the note (editing); without it the line is new. */
    _id: z.uuid().nullish(),
    idLineaFactura: z.uuid({ error: 'La línea de la factura no es válida' }),
    cantidad: Cantidad('La cantidad devuelta'),
    nota: textoOpcional(500).default(''),
  })
  .loose();
export type LineaNotaDeCreditoEntrada = z.output<typeof LineaNotaDeCreditoEntrada>;

/**
 * A money refund (spec 001 §3: fechaDeEmision, afectarCuenta, importe, nota, idTurnoRef,
 * cuentaContableCredito). `afectarCuenta` is the account the money leaves from (the terminal's cash box
 * when absent: a cash refund).
 */
export const LineaDevolucionEntrada = z
  .object({
    _id: z.uuid().nullish(),
    fechaDeEmision: FechaDeDocumento.nullish(),
    afectarCuenta: CuentaDeNota.nullish(),
    importe: DineroPositivo('El importe de la devolución'),
    nota: textoOpcional(500).default(''),
  })
  .loose();
export type LineaDevolucionEntrada = z.output<typeof LineaDevolucionEntrada>;

/**
 * A linked invoice (spec 001 §3: idFactura, monto). The amount applied is the server's: the note's
 * total, at most what the invoice owes; `monto` as the form showed it is not trusted.
 */
export const LineaCreditoFacturaEntrada = z
  .object({
    _id: z.uuid().nullish(),
    idFactura: z.uuid({ error: 'La factura vinculada no es válida' }),
    monto: Dinero('El monto').nullish(),
  })
  .loose();
export type LineaCreditoFacturaEntrada = z.output<typeof LineaCreditoFacturaEntrada>;

const MENSAJES_NOTA_DE_CREDITO: MensajesDeVinculos = {
  devolucionesActivas: MENSAJE_DEVOLUCIONES_ACTIVAS,
  vinculoActivo: MENSAJE_DEVOLUCIONES_ACTIVAS,
  unoSolo: MENSAJE_UNA_SOLA_FACTURA,
  repetido: MENSAJE_FACTURA_REPETIDA,
};

/** reglaDeVinculosCon with the credit note's messages (linked invoices). */
export function reglaDeVinculos(
  facturas: readonly { idFactura: string }[],
  devoluciones: readonly unknown[],
): string | null {
  return reglaDeVinculosCon(
    MENSAJES_NOTA_DE_CREDITO,
    facturas.map((f) => f.idFactura),
    devoluciones,
  );
}

/** The header as the form sends it; the customer's data are read from the modified invoice. */
export const NotaDeCreditoEntrada = z
  .object({
    /** The invoice the note modifies (its lines are the ones returned; its NCF is ncfModificado). */
    idFactura: z.uuid({ error: 'Elige la factura que modifica la nota de crédito' }),
    /** The numbering; the default 'notaDeCredito' one when absent. */
    idNumeracion: z.uuid({ error: 'La numeración no es válida' }).nullish(),
    /** Spec 001 §9: type 1 by default. */
    tipoDeNotasDeCredito: z.number().int().min(1).max(9).default(1),
    tipoDeNotasDeCreditoDgii: Texto(100).default(''),
    ...CAMPOS_DE_CABECERA_DE_NOTA,
    /** Spec 001 §3: the sales-returns account; the company's 'devolucionesEnVentas' when absent. */
    CuentaContableDevolucionesDeClientes: CuentaDeNota.nullish(),
  })
  .loose();
export type NotaDeCreditoEntrada = z.output<typeof NotaDeCreditoEntrada>;

const LineasNota = z
  .array(LineaNotaDeCreditoEntrada, { error: MENSAJE_NOTA_SIN_LINEAS })
  .max(300, 'Una nota de crédito admite hasta 300 líneas');

// Spec 001 §7 "POST /notas-de-credito/ {desdeElpos, notaDeCredito, lineasNotasDeCredito,
// lineasCreditoFacturas, lineasDevoluciones, idTurnoRef, asientoContable, identificadorUnico}".
export const CrearNotaDeCredito = z
  .object({
    desdeElpos: DesdeElPos.default({ desdePos: false }),
    notaDeCredito: NotaDeCreditoEntrada,
    lineasNotasDeCredito: LineasNota.min(1, MENSAJE_NOTA_SIN_LINEAS),
    lineasCreditoFacturas: z.array(LineaCreditoFacturaEntrada).max(10).default([]),
    lineasDevoluciones: z.array(LineaDevolucionEntrada).max(50).default([]),
    /** The POS shift; the server uses the user's open shift when desdePos. */
    idTurnoRef: z.uuid({ error: 'El turno no es válido' }).nullish(),
    asientoContable: AsientoContableDeNota.nullish(),
    identificadorUnico: IdentificadorUnico,
  })
  .loose()
  .superRefine((cuerpo, ctx) => {
    const mensaje = reglaDeVinculos(cuerpo.lineasCreditoFacturas, cuerpo.lineasDevoluciones);
    if (mensaje) {
      ctx.addIssue({ code: 'custom', message: mensaje, path: ['lineasCreditoFacturas'] });
    }
  });
export type CrearNotaDeCredito = z.output<typeof CrearNotaDeCredito>;

// Spec 001 §7 "PUT /notas-de-credito/{id} {notaDeCredito, actualizar/borrarLineasNotasDeCredito,
// actualizar/borrarLineasDevoluciones, actualizar/borrarLineasFacturasViculada (sic), idTurnoRef,
// asientoContable}". A line with `_id` changes in place, without it is added; the borrar lists are ids.
// The final lines obey reglaDeVinculos (checked by the server: it needs the saved ones).
export const ActualizarNotaDeCredito = z
  .object({
    notaDeCredito: NotaDeCreditoEntrada.omit({ idFactura: true }).extend({
      /** The modified invoice does not change on edit; when sent it must be the same. */
      idFactura: z.uuid().nullish(),
    }),
    actualizarLineasNotasDeCredito: LineasNota.default([]),
    borrarLineasNotasDeCredito: IdsQuitados,
    actualizarLineasDevoluciones: z.array(LineaDevolucionEntrada).max(50).default([]),
    borrarLineasDevoluciones: IdsQuitados,
    actualizarLineasFacturasViculada: z.array(LineaCreditoFacturaEntrada).max(10).default([]),
    borrarLineasFacturasViculada: IdsQuitados,
    idTurnoRef: z.uuid({ error: 'El turno no es válido' }).nullish(),
    asientoContable: AsientoContableDeNota.nullish(),
  })
  .loose();
export type ActualizarNotaDeCredito = z.output<typeof ActualizarNotaDeCredito>;

export const NotaDeCredito = CabeceraDeVenta.extend({
  numeroNotaDeCredito: z.number(),
  tipoDeNotasDeCredito: z.number(),
  tipoDeNotasDeCreditoDgii: z.string(),
  metodoDePago: z.string(),
  /** The invoice it modifies and that invoice's NCF (607/608, e-CF InformacionReferencia). */
  idFactura: z.string(),
  ncfModificado: z.string(),
  fechaFacturaModificada: z.string(),
  CuentaContableDevolucionesDeClientes: CuentaContableRef,
  desdePos: z.boolean(),
  idTerminal: z.string().nullable(),
  idTurno: z.string().nullable(),
  /** How the total went: applied to the linked invoice, refunded, left as credit in favour. */
  montoAplicado: z.number(),
  montoDevuelto: z.number(),
  montoCredito: z.number(),
  /** The credit in favour it made (area "créditos a favor"), when montoCredito > 0. */
  idCreditoAFavor: z.string().nullable(),
  /** The cost of the goods returned (what went back to inventory). */
  costoTotal: z.number(),
});
export type NotaDeCredito = z.output<typeof NotaDeCredito>;

export const LineaNotaDeCredito = LineaDeVenta.extend({
  idNotaDeCredito: z.string(),
  idLineaFactura: z.string(),
  /** Unit cost the goods left with (and come back with). */
  costo: z.string(),
});
export type LineaNotaDeCredito = z.output<typeof LineaNotaDeCredito>;

export const LineaDevolucion = z.object({
  _id: z.string(),
  idNotaDeCredito: z.string(),
  fechaDeEmision: z.string(),
  afectarCuenta: CuentaContableRef,
  /** Whether the money left the shift's cash box (counts in devolucionesDeEfectvo). */
  efectivo: z.boolean(),
  importe: z.number(),
  nota: z.string(),
  idTurnoRef: z.string().nullable(),
});
export type LineaDevolucion = z.output<typeof LineaDevolucion>;

export const LineaCreditoFactura = z.object({
  _id: z.string(),
  idNotaDeCredito: z.string(),
  idFactura: z.string(),
  comprobante: z.string(),
  /** What the note applied to the invoice (at most what it owed). */
  monto: z.number(),
});
export type LineaCreditoFactura = z.output<typeof LineaCreditoFactura>;

/** GET /notas-de-credito/{id}: header, product lines, refunds and the linked invoice. */
export const DetalleNotaDeCredito = z.object({
  notaDeCreditoDb: NotaDeCredito,
  lineasNotasDeCredito: z.array(LineaNotaDeCredito),
  lineasDevoluciones: z.array(LineaDevolucion),
  lineasCreditoFacturas: z.array(LineaCreditoFactura),
});
export type DetalleNotaDeCredito = z.output<typeof DetalleNotaDeCredito>;

export const NotaDeCreditoCreada = DetalleNotaDeCredito.extend({ solicitudDuplicada: z.boolean() });
export type NotaDeCreditoCreada = z.output<typeof NotaDeCreditoCreada>;

// "POST /notas-de-credito/todas {devolucionDelTurno, idTurnoRef, input, page, limit, periodo} or
// buscarPorEstado": devolucionDelTurno keeps the POS returns of the shift idTurnoRef.
export const FiltroNotasDeCredito = FiltroDeDocumentos.extend({
  limit: limiteDeNotas(LIMITE_NOTAS_DE_CREDITO),
  devolucionDelTurno: z.boolean().default(false),
  idTurnoRef: z.uuid({ error: 'El turno no es válido' }).nullish(),
});
export type FiltroNotasDeCredito = z.output<typeof FiltroNotasDeCredito>;

export const ListaNotasDeCredito = z.object({ res: z.array(NotaDeCredito), totalRows: z.number().int() });
export type ListaNotasDeCredito = z.output<typeof ListaNotasDeCredito>;

export const AnularNotaDeCredito = AnularDocumentoEntrada;
export type AnularNotaDeCredito = z.output<typeof AnularNotaDeCredito>;

export const RespuestaAnulacionNotaDeCredito = z.object({
  notaDeCreditoDb: NotaDeCredito,
  resultado: z.enum(['anulada', 'solicitada', 'aprobada', 'rechazada']),
});

export const DisponibleDelCliente = z.object({ idCliente: z.uuid({ error: 'El cliente no es válido' }) });
export const TotalPorAplicar = z.object({ totalGeneralPorAplicar: z.number() });

// GET /notas-de-credito/devuelto/{idFactura}?excepto=: what the credit notes in force (not Anulado; a
// pending cancellation still counts) already returned of each line of an invoice, by the server's own
// rule (the one a new note is checked with), so a form proposes what can still be returned in one read.
// `excepto`: the note being edited, left out as its edit leaves it out.
export const ParamsFacturaDevuelta = z.object({ idFactura: z.uuid({ error: 'La factura no es válida' }) });
export const ConsultaDevuelto = z.object({
  excepto: z.uuid({ error: 'La nota de crédito no es válida' }).optional(),
});
export const DevueltoDeLaFactura = z.object({
  /** What can still go back in money: paid at the sale and by receipts, less other notes' refunds. */
  dineroDevolvible: z.number(),
  lineas: z.array(
    z.object({
      idLineaFactura: z.string(),
      /** What the invoice line sold and what notes in force returned of it (4 decimals). */
      vendida: z.number(),
      devuelta: z.number(),
    }),
  ),
});
export type DevueltoDeLaFactura = z.output<typeof DevueltoDeLaFactura>;

/** Spec 001 §1: the failure of «Enviar por correo». */
export const MENSAJE_ERROR_CORREO_NOTA_DE_CREDITO = mensajeErrorDeCorreo('nota de crédito');

export const notasDeCreditoApi = {
  // Spec 001 §1 "PDF / e-mail", as the kit's families (docs/api.md): the PDF saved as
  // NotaDeCredito-{comprobante}.pdf, and the PDF sent by e-mail.
  pdf: endpoint({
    method: 'GET',
    path: '/notas-de-credito/pdf/:id',
    body: z.unknown(),
    params: ParamsId,
    respuesta: Archivo,
  }),
  enviarPorCorreo: endpoint({
    method: 'POST',
    path: '/notas-de-credito/correo/:id',
    // Sends an existing document, as its PDF download does: nothing is created or changed.
    efecto: 'lee',
    body: EnviarDocumentoPorCorreo,
    params: ParamsId,
    respuesta: z.object({ message: z.string() }),
  }),
  crear: endpoint({
    method: 'POST',
    path: '/notas-de-credito/',
    body: CrearNotaDeCredito,
    params: SinParams,
    respuesta: NotaDeCreditoCreada,
  }),
  todas: endpoint({
    method: 'POST',
    path: '/notas-de-credito/todas',
    efecto: 'lee',
    body: FiltroNotasDeCredito,
    params: SinParams,
    respuesta: ListaNotasDeCredito,
  }),
  disponibleDelCliente: endpoint({
    method: 'POST',
    path: '/notas-de-credito/notaDeCreditoDisponibleDelCliente',
    efecto: 'lee',
    body: DisponibleDelCliente,
    params: SinParams,
    respuesta: TotalPorAplicar,
  }),
  devuelto: endpoint({
    method: 'GET',
    path: '/notas-de-credito/devuelto/:idFactura',
    body: z.unknown(),
    params: ParamsFacturaDevuelta,
    query: ConsultaDevuelto,
    respuesta: DevueltoDeLaFactura,
  }),
  una: endpoint({
    method: 'GET',
    path: '/notas-de-credito/:id',
    body: z.unknown(),
    params: ParamsId,
    respuesta: DetalleNotaDeCredito,
  }),
  actualizar: endpoint({
    method: 'PUT',
    path: '/notas-de-credito/:id',
    body: ActualizarNotaDeCredito,
    params: ParamsId,
    respuesta: DetalleNotaDeCredito,
  }),
  anular: endpoint({
    method: 'PUT',
    path: '/notas-de-credito/anular/:id',
    body: AnularNotaDeCredito,
    params: ParamsId,
    respuesta: RespuestaAnulacionNotaDeCredito,
  }),
  eliminar: endpoint({
    method: 'DELETE',
    path: '/notas-de-credito/:id',
    body: z.unknown(),
    params: ParamsId,
    respuesta: z.object({ notaDeCreditoDb: NotaDeCredito }),
  }),
};
