import {
  type ActualizarCotizacion,
  type AnularCotizacion,
  type CotizacionEntrada,
  type CrearCotizacion,
  type DetalleCotizacion,
  type FiltroCotizaciones,
  MENSAJE_COTIZACION_FACTURADA,
  MENSAJE_COTIZACION_NO_EXISTE,
  MENSAJE_MOTIVO_COTIZACION,
} from '@pos/contract';
import type { FilaCabecera } from '../../documentos/columnas.ts';
import { type DetalleDe, documento } from '../../documentos/documento.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx, CtxConSesion } from '../../http/handle.ts';
import { cotizaciones, type FilaCotizacion, lineasCotizacion } from './tables.ts';

/** The document type of quotations in the shared cancellation requests. */
export const TIPO_DOCUMENTO_COTIZACION = 'cotizacion';

type ExtrasDeCotizacion = { idFactura: string | null; facturas_vinculadas: string[] };

// The kit hands its rows typed with its own columns; a quotation's row also has its invoice.
const comoCotizacion = (fila: FilaCabecera) => fila as FilaCotizacion;

// Spec 001 §3 "Quotation", §4, §7: a quotation is numbered from the 'cotizacion' numbering, moves no
// stock and posts nothing (no effects), and is cancelled with a free-text reason. Spec 001 §2: one or
// several become an invoice; a quotation is billed once, and is free again if that invoice is cancelled.
const kit = documento<'numeroCotizacion', 'idCotizacion', CotizacionEntrada, ExtrasDeCotizacion>({
  tipo: TIPO_DOCUMENTO_COTIZACION,
  tablas: { cabecera: cotizaciones, lineas: lineasCotizacion },
  numeracion: 'cotizacion',
  indiceIdentificador: 'cotizaciones_identificador_unico',
  nombre: 'cotización',
  femenino: true,
  campoNumero: 'numeroCotizacion',
  campoDocumento: 'idCotizacion',
  mensajes: { noExiste: MENSAJE_COTIZACION_NO_EXISTE, sinMotivo: MENSAJE_MOTIVO_COTIZACION },
  facturable: {},
  extras: {
    alCrear: async () => ({}),
    respuesta(fila) {
      const idFactura = comoCotizacion(fila).idFactura;
      return { idFactura, facturas_vinculadas: idFactura ? [idFactura] : [] };
    },
  },
  // Changing or cancelling a billed quotation would leave its invoice pointing at something else.
  async verificarCambio(_ctx, fila) {
    if (comoCotizacion(fila).idFactura) {
      throw new AppError('conflicto', MENSAJE_COTIZACION_FACTURADA);
    }
  },
});

const aDetalle = (
  detalle: DetalleDe<'numeroCotizacion', 'idCotizacion', ExtrasDeCotizacion>,
): DetalleCotizacion => ({
  cotizacionDb: detalle.cabecera,
  lineasCotizacion: detalle.lineas,
});

/** POST /cotizacion/. */
export async function crearCotizacion(
  ctx: CtxConSesion,
  [cabecera, lineas, identificadorUnico]: CrearCotizacion,
) {
  const creada = await kit.crear(ctx, cabecera, lineas, identificadorUnico);
  return { ...aDetalle(creada), solicitudDuplicada: creada.solicitudDuplicada };
}

/** PUT /cotizacion/{id}. */
export async function actualizarCotizacion(
  ctx: CtxConSesion,
  id: string,
  [cabecera, quitar, lineas]: ActualizarCotizacion,
): Promise<DetalleCotizacion> {
  return aDetalle(await kit.actualizar(ctx, id, cabecera, quitar, lineas));
}

/** GET /cotizacion/{id}. */
export async function obtenerCotizacion(ctx: Ctx, id: string): Promise<DetalleCotizacion> {
  return aDetalle(await kit.obtener(ctx, id));
}

/** POST /cotizacion/todas. */
export function listarCotizaciones(ctx: Ctx, filtro: FiltroCotizaciones) {
  return kit.listar(ctx, filtro);
}

/** POST /cotizacion/cliente/. */
export function cotizacionesDelCliente(ctx: Ctx, filtro: { id: string; page: number; limit: number }) {
  return kit.delCliente(ctx, filtro.id, filtro.page, filtro.limit);
}

/** POST /cotizacion/lineas/. */
export function lineasDeCotizaciones(ctx: Ctx, ids: readonly string[]) {
  return kit.lineasDeVarios(ctx, ids);
}

/** The quotations an invoice is made from, locked, with their lines (spec 001 §2). */
export async function cotizacionesParaFacturar(ctx: Ctx, ids: readonly string[]) {
  return (await kit.paraFacturar(ctx, ids)).map(aDetalle);
}

/** The invoice just written billed these quotations. */
export function facturarCotizaciones(ctx: Ctx, ids: readonly string[], idFactura: string) {
  return kit.facturar(ctx, ids, idFactura);
}

/** The invoice is cancelled, deleted or changed: its quotations can be billed again. */
export function liberarCotizaciones(ctx: Ctx, idFactura: string) {
  return kit.liberar(ctx, idFactura);
}

/** PUT /cotizacion/anular/{id}. */
export async function anularCotizacion(ctx: CtxConSesion, id: string, entrada: AnularCotizacion) {
  const { cabecera, resultado } = await kit.anular(ctx, id, entrada);
  const enFemenino = {
    directa: 'anulada',
    solicitada: 'solicitada',
    aprobada: 'aprobada',
    rechazada: 'rechazada',
  } as const;
  return { cotizacionDb: cabecera, resultado: enFemenino[resultado] };
}

/** DELETE /cotizacion/eliminar/{id}. */
export async function eliminarCotizacion(ctx: CtxConSesion, id: string) {
  return { cotizacionDb: await kit.eliminar(ctx, id) };
}
