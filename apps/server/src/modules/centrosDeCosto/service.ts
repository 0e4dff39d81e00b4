import type {
  CambiarCentroDeCosto,
  CambiarOpcionEntradaDeDiario,
  CentroDeCosto,
  ConsultaDeLista,
  CrearCentroDeCosto,
  CrearOpcionEntradaDeDiario,
  OpcionEntradaDeDiario,
} from '@pos/contract';
import { and, eq } from 'drizzle-orm';
import { exigirMismoId, maestro, respuestaDeCreacion } from '../../db/maestros.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx } from '../../http/handle.ts';
import { centrosDeCosto, opcionesEntradaDeDiario } from './tables.ts';

// ---------------------------------------------------------------- Cost centres (/centro-de-costo/)

const MENSAJE_CENTRO_INEXISTENTE = 'El centro de costo no existe';

const centro = maestro({
  tabla: centrosDeCosto,
  columnaNombre: centrosDeCosto.nombre,
  aJson: (fila): CentroDeCosto => ({
    _id: fila.id,
    identificadorUnico: fila.identificadorUnico,
    nombre: fila.nombre,
    descripcion: fila.descripcion,
  }),
  mensajes: {
    noExiste: MENSAJE_CENTRO_INEXISTENTE,
    // The journal keeps every line's centre (migration 0031): deleting it would orphan posted entries.
    vinculado:
      'El centro de costo no se puede eliminar porque tiene asientos contables o documentos vinculados.',
    eliminado: (fila) => `Centro de costo «${fila.nombre}» eliminado.`,
  },
});

export function listarCentrosDeCosto(ctx: Ctx, consulta: ConsultaDeLista) {
  return centro.listar(ctx, consulta);
}

export function obtenerCentroDeCosto(ctx: Ctx, id: string) {
  return centro.obtener(ctx, id);
}

export async function crearCentroDeCosto(ctx: Ctx, entrada: CrearCentroDeCosto) {
  const { identificadorUnico, ...campos } = entrada;
  const creado = await centro.insertar(ctx, identificadorUnico, campos);
  return respuestaDeCreacion(centro.aJson(creado.fila), creado);
}

export async function actualizarCentroDeCosto(ctx: Ctx, id: string, entrada: CambiarCentroDeCosto) {
  const { _id, ...campos } = entrada;
  exigirMismoId(id, _id);
  return centro.aJson(await centro.actualizarFila(ctx, id, campos));
}

export async function eliminarCentroDeCosto(ctx: Ctx, id: string) {
  return { message: (await centro.eliminar(ctx, id)).message };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The cost centre a document or journal entry names: null when none is given, its id when it exists in
 * the company, else a 400 (validated before the write so a bad id never reaches the journal's key).
 */
export async function exigirCentroDeCosto(ctx: Ctx, id: string | null | undefined): Promise<string | null> {
  if (id === null || id === undefined || id === '') {
    return null;
  }
  if (UUID.test(id)) {
    const [fila] = await ctx.tx
      .select({ id: centrosDeCosto.id })
      .from(centrosDeCosto)
      .where(and(eq(centrosDeCosto.tenantId, ctx.tenantId), eq(centrosDeCosto.id, id)))
      .limit(1);
    if (fila) {
      return fila.id;
    }
  }
  throw new AppError('solicitud_invalida', MENSAJE_CENTRO_INEXISTENTE, {
    errores: [{ campo: 'idCentroDeCosto', mensaje: MENSAJE_CENTRO_INEXISTENTE }],
  });
}

// ---------------------------------------------------------------- Entry options (/opciones-entrada-de-diario/)

const opcion = maestro({
  tabla: opcionesEntradaDeDiario,
  columnaNombre: opcionesEntradaDeDiario.nombre,
  aJson: (fila): OpcionEntradaDeDiario => ({
    _id: fila.id,
    identificadorUnico: fila.identificadorUnico,
    nombre: fila.nombre,
    codigo: fila.codigo,
    nota: fila.nota,
  }),
  mensajes: {
    noExiste: 'La opción de entrada de diario no existe',
    vinculado:
      'La opción de entrada de diario no se puede eliminar porque tiene entradas de diario vinculadas.',
    eliminado: (fila) => `Opción de entrada de diario «${fila.nombre}» eliminada.`,
  },
});

export function listarOpcionesEntradaDeDiario(ctx: Ctx, consulta: ConsultaDeLista) {
  return opcion.listar(ctx, consulta);
}

export function obtenerOpcionEntradaDeDiario(ctx: Ctx, id: string) {
  return opcion.obtener(ctx, id);
}

export async function crearOpcionEntradaDeDiario(ctx: Ctx, entrada: CrearOpcionEntradaDeDiario) {
  const { identificadorUnico, ...campos } = entrada;
  const creado = await opcion.insertar(ctx, identificadorUnico, campos);
  return respuestaDeCreacion(opcion.aJson(creado.fila), creado);
}

export async function actualizarOpcionEntradaDeDiario(
  ctx: Ctx,
  id: string,
  entrada: CambiarOpcionEntradaDeDiario,
) {
  const { _id, ...campos } = entrada;
  exigirMismoId(id, _id);
  return opcion.aJson(await opcion.actualizarFila(ctx, id, campos));
}

export async function eliminarOpcionEntradaDeDiario(ctx: Ctx, id: string) {
  return { message: (await opcion.eliminar(ctx, id)).message };
}
