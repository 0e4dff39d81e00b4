import type { Autorizacion, EstadoDocumento } from './estados.ts';
import { aceptar, type Resultado, rechazar } from './resultado.ts';

/** The cancellation fields of a document (spec 000 §4, 001 §4, 002 §4). */
export type EstadoDeAnulacion = {
  readonly estado: EstadoDocumento;
  readonly autorizacion?: Autorizacion;
  readonly activo: boolean;
  readonly notaAnular?: string;
  readonly notaAutorizacion?: string;
};

/** A step of the cancellation lifecycle. */
export type AccionDeAnulacion =
  | { readonly tipo: 'anular'; readonly anularYEliminarDocumentos: boolean; readonly nota: string }
  | { readonly tipo: 'aprobar'; readonly nota: string }
  | { readonly tipo: 'rechazar' };

/** The note written on a rejected request (spec 000 §4). */
export const NOTA_SOLICITUD_DENEGADA = 'Solicitud Denegada';

// Spec 000 §4, 001 §4, 002 §4. A user with anularYEliminarDocumentos cancels directly
// (Anulado, Aprobada); anyone else requests it (Por-Anular, Pendiente, notaAnular). A
// supervisor approves (Anulado, Aprobada, activo false, notaAutorizacion) or rejects (Activo,
// Rechazada, activo true, 'Solicitud Denegada', notaAnular cleared). Refusing steps that make no
// sense in the current state (and their messages) is our decision: the spec is silent.
/** Applies a cancellation step to a document's status, or refuses it. */
export function transicionDeAnulacion(
  documento: EstadoDeAnulacion,
  accion: AccionDeAnulacion,
): Resultado<EstadoDeAnulacion> {
  if (accion.tipo === 'anular') {
    if (documento.estado !== 'Activo') {
      return rechazar(
        documento.estado === 'Anulado'
          ? 'El documento ya está anulado'
          : 'El documento ya tiene una solicitud de anulación pendiente',
      );
    }
    if (accion.nota.trim() === '') {
      return rechazar(MENSAJE_MOTIVO_REQUERIDO);
    }
    return aceptar(
      accion.anularYEliminarDocumentos
        ? { ...documento, estado: 'Anulado', autorizacion: 'Aprobada', notaAnular: accion.nota }
        : { ...documento, estado: 'Por-Anular', autorizacion: 'Pendiente', notaAnular: accion.nota },
    );
  }
  if (documento.estado !== 'Por-Anular') {
    return rechazar('El documento no tiene una solicitud de anulación pendiente');
  }
  return aceptar(
    accion.tipo === 'aprobar'
      ? {
          ...documento,
          estado: 'Anulado',
          autorizacion: 'Aprobada',
          activo: false,
          notaAutorizacion: accion.nota,
        }
      : {
          ...documento,
          estado: 'Activo',
          autorizacion: 'Rechazada',
          activo: true,
          notaAutorizacion: NOTA_SOLICITUD_DENEGADA,
          notaAnular: '',
        },
  );
}

// Spec 000 §4, 002 §4: normal lists show activo true; the audit list shows Por-Anular or Anulado.
/** True when the document appears in its normal list. */
export function visibleEnLista(documento: Pick<EstadoDeAnulacion, 'activo'>): boolean {
  return documento.activo;
}

/** True when the document appears in the audit list. */
export function visibleEnAuditoria(documento: Pick<EstadoDeAnulacion, 'estado'>): boolean {
  return documento.estado === 'Por-Anular' || documento.estado === 'Anulado';
}

// Spec 000 §4, 002 §4: deactivating a master item (warehouse, category, tax, price list, ...)
// sends estado (e.g. Desactivado) with autorizacion Pendiente and a note; the row shows
// Autorizado locally; only non-Desactivado items appear in selectors.
/** What to send, and what to show locally, when deactivating a master item. */
export function desactivarElemento(
  nota: string,
  estado = 'Desactivado',
): {
  readonly enviar: {
    readonly estado: string;
    readonly autorizacion: 'Pendiente';
    readonly notaAnular: string;
  };
  readonly local: { readonly estado: string; readonly autorizacion: 'Autorizado' };
} {
  return {
    enviar: { estado, autorizacion: 'Pendiente', notaAnular: nota },
    local: { estado, autorizacion: 'Autorizado' },
  };
}

/** True when a master item may be offered in selectors (not Desactivado). */
export function visibleEnSelector(elemento: { readonly estado?: string }): boolean {
  return elemento.estado !== 'Desactivado';
}

// Spec 002 §4: active price lists are activo true and not Desactivado.
/** True for a price list that can be chosen. */
export function listaDePrecioActiva(lista: { readonly activo: boolean; readonly estado?: string }): boolean {
  return lista.activo && visibleEnSelector(lista);
}

// Spec 002 §4: Anulado products are hidden; favourites are favorito and not Anulado.
/** True for a product shown in product lists. */
export function productoVisible(producto: { readonly estado?: string }): boolean {
  return producto.estado !== 'Anulado';
}

/** True for a product shown among the favourites. */
export function esFavorito(producto: { readonly estado?: string; readonly favorito?: boolean }): boolean {
  return Boolean(producto.favorito) && productoVisible(producto);
}

// Spec 001 §4 and §8: documents that cannot be cancelled.
/** Refuses cancelling an invoice with payments (outside the POS) or a delivery note with invoiced items. */
export function validarAnulacion(
  documento:
    | { readonly tipo: 'factura'; readonly tienePagos: boolean; readonly desdeElPos: boolean }
    | { readonly tipo: 'conduce'; readonly totalGraltemRetirados: number },
): Resultado<true> {
  if (documento.tipo === 'factura' && documento.tienePagos && !documento.desdeElPos) {
    return rechazar('La factura tiene pagos asociados', 'NO SE PUEDE ANULAR');
  }
  if (documento.tipo === 'conduce' && documento.totalGraltemRetirados !== 0) {
    return rechazar(
      'Este conduce contiene productos facturados, primero elimine dichos productos de la factura vinculada.',
      'Solicitud de anulación denegada',
    );
  }
  return aceptar(true);
}

/** The message for a free-text cancellation without a reason (our wording; the spec has none). */
export const MENSAJE_MOTIVO_REQUERIDO = 'Debes ingresar un motivo de anulación';

/** Invoice cancellation reasons, 1-10 (spec 001 §5; the same codes as the DGII 608 list A). */
export const MOTIVOS_ANULACION_FACTURA = [
  { codigo: 1, motivo: 'Deterioro de factura preimpresa' },
  { codigo: 2, motivo: 'Errores de impresión (factura preimpresa)' },
  { codigo: 3, motivo: 'Impresión defectuosa' },
  { codigo: 4, motivo: 'Corrección de la información' },
  { codigo: 5, motivo: 'Cambio de productos' },
  { codigo: 6, motivo: 'Devolución de productos' },
  { codigo: 7, motivo: 'Omisión de productos' },
  { codigo: 8, motivo: 'Errores en secuencia de NCF' },
  { codigo: 9, motivo: 'Por cese de operaciones' },
  { codigo: 10, motivo: 'Pérdida o hurto de talonarios' },
] as const;

/** Credit-in-favour cancellation reasons (spec 001 §5). */
export const MOTIVOS_ANULACION_CREDITO_A_FAVOR = [
  'Error en el monto',
  'Cliente no autoriza',
  'Cliente no reconoce la transacción',
  'duplicidad de transacción',
  'credito a favor no solicitado',
  'Creado por error',
  'Cancelación de la transacción',
] as const;

/** Sales order void reasons (spec 001 §5). */
export const MOTIVOS_ANULACION_PEDIDO = [
  'Error en la orden',
  'Pedido duplicado',
  'Pedido incorrecto',
  'Pedido cancelado por el cliente',
  'Pedido no autorizado',
  'Restricciones de envío',
  'Producto agotado',
  'Problemas de pago',
  'Pedido facturado manualmente',
] as const;

const MOTIVOS = {
  factura: {
    validos: MOTIVOS_ANULACION_FACTURA.map(({ codigo }) => String(codigo)),
    mensaje: 'Debes selecionar un motivo de anulación :)',
  },
  creditoAFavor: {
    validos: [...MOTIVOS_ANULACION_CREDITO_A_FAVOR],
    mensaje: 'Debes ingresar un motivo para anular el crédito a favor',
  },
  pedido: {
    validos: [...MOTIVOS_ANULACION_PEDIDO],
    mensaje: 'Debes ingresar un motivo para anular el pedido',
  },
} as const;

// Spec 001 §5: invoices take a reason code 1-10, credits in favour and sales orders a reason
// from their lists, each with its message; other documents take free text.
/** Checks a cancellation reason: an invoice reason code, a listed reason, or free text. */
export function validarMotivoDeAnulacion(
  documento: 'factura' | 'creditoAFavor' | 'pedido' | 'otro',
  motivo: string | number | undefined,
): Resultado<string> {
  const texto = String(motivo ?? '').trim();
  if (documento === 'otro') {
    return texto === '' ? rechazar(MENSAJE_MOTIVO_REQUERIDO) : aceptar(texto);
  }
  const { validos, mensaje } = MOTIVOS[documento];
  return (validos as readonly string[]).includes(texto) ? aceptar(texto) : rechazar(mensaje);
}
