import { randomUUID } from 'node:crypto';
import {
  type ActualizarEntradaDeDiario,
  type AnularEntradaDeDiario,
  type CamposGeneralesEntrada,
  type CrearEntradaDeDiario,
  type DetalleEntradaDeDiario,
  type EntradaDeDiario,
  type FiltroEntradasDeDiario,
  type LineaEntradaDeDiario,
  type LineaEntradaDeDiarioEntrada,
  MENSAJE_ENTRADA_NO_EXISTE,
  MENSAJE_MOTIVO_ENTRADA,
  TIPO_DOCUMENTO_ENTRADA_DE_DIARIO,
} from '@pos/contract';
import {
  aCentavos,
  aPesos,
  type Centavos,
  esFechaFutura,
  hoyEnSantoDomingo,
  MENSAJE_ENTRADA_FECHA_FUTURA,
  revisarMontosDeEntrada,
  totalesDeEntrada,
} from '@pos/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import { paginaDe } from '../../db/paginas.ts';
import { crearUnaVez } from '../../db/sinDuplicados.ts';
import {
  anularConMotivo,
  type DocumentoAnulable,
  eliminarConservandoNumero,
  exigirActivo,
} from '../../documentos/cambios.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx, CtxConSesion } from '../../http/handle.ts';
import { diasDelFiltro, entreDias } from '../../http/periodo.ts';
import { RESULTADO_EN_FEMENINO } from '../anulaciones/service.ts';
import { exigirCentroDeCosto } from '../centrosDeCosto/service.ts';
import { registrarAsiento, revertirAsientos } from '../contabilidad/asientos.service.ts';
import { cuentaDeDetalle, referenciasDeCuentas } from '../contabilidad/service.ts';
import { obtenerContacto } from '../contactos/service.ts';
import { tomarNumero } from '../numeracion/service.ts';
import { entradasDeDiario, lineasEntradaDeDiario } from './tables.ts';

// Manual journal entries (spec 002 §3 "Accounting", §4, §7 /entrada-de-diario/…; docs/accounting.md
// «Entradas de diario»). An entry is a document of type 'entradaDeDiario':
// checked, numbered from its internal numbering and posted to the journal with each line as given
// (`netear: false`: its centre, contact and note stay on the journal line), all in the request's
// transaction. Editing reverses the posting and posts it again under the same number; cancelling and
// deleting go through the kit's shared flows (documentos/cambios.ts) and reverse it. A posted entry
// is never edited in the journal: every change is a reversal plus a new posting.

type FilaEntrada = typeof entradasDeDiario.$inferSelect;
type FilaLinea = typeof lineasEntradaDeDiario.$inferSelect;

/** A line checked and ready to be written and posted. */
type LineaPreparada = {
  idCuenta: string;
  debito: Centavos;
  credito: Centavos;
  idCentroDeCosto: string | null;
  idContacto: string | null;
  nota: string;
};

const NOMBRE = 'La entrada de diario';

function invalido(campo: string, mensaje: string): AppError {
  return new AppError('solicitud_invalida', mensaje, { errores: [{ campo, mensaje }] });
}

/** Runs a check of line `indice`; its refusal names the line's field. */
async function enLinea<T>(indice: number, campo: string, revisar: () => Promise<T>): Promise<T> {
  try {
    return await revisar();
  } catch (error) {
    if (error instanceof AppError && error.codigo !== 'prohibido') {
      throw invalido(`lineas.${indice}.${campo}`, error.message);
    }
    throw error;
  }
}

/**
 * The rules of an entry (spec 002 §3; docs/accounting.md «Entradas de diario»): its date not after today in
 * Santo Domingo; the amounts (packages/domain: two lines at least, a debit OR a credit each, balanced);
 * each account an active detail account of the chart; each cost centre and contact existing.
 */
async function prepararEntrada(
  ctx: Ctx,
  campos: CamposGeneralesEntrada,
  entradas: readonly LineaEntradaDeDiarioEntrada[],
  idPropia?: string,
): Promise<LineaPreparada[]> {
  if (esFechaFutura(campos.fecha, hoyEnSantoDomingo())) {
    throw invalido('camposGenerales.fecha', MENSAJE_ENTRADA_FECHA_FUTURA);
  }
  const montos = entradas.map((l) => ({ debito: aCentavos(l.debito), credito: aCentavos(l.credito) }));
  const error = revisarMontosDeEntrada(montos);
  if (error) {
    throw invalido(error.indice === null ? 'lineas' : `lineas.${error.indice}.${error.campo}`, error.mensaje);
  }
  if (campos.idEntradaDeDiarioRef) {
    if (campos.idEntradaDeDiarioRef === idPropia) {
      throw invalido(
        'camposGenerales.idEntradaDeDiarioRef',
        'Una entrada de diario no puede referirse a sí misma.',
      );
    }
    const [referida] = await ctx.tx
      .select({ id: entradasDeDiario.id })
      .from(entradasDeDiario)
      .where(
        and(
          eq(entradasDeDiario.tenantId, ctx.tenantId),
          eq(entradasDeDiario.id, campos.idEntradaDeDiarioRef),
        ),
      );
    if (!referida) {
      throw invalido('camposGenerales.idEntradaDeDiarioRef', 'La entrada de diario de referencia no existe.');
    }
  }
  const lineas: LineaPreparada[] = [];
  for (const [indice, linea] of entradas.entries()) {
    const cuenta = await enLinea(indice, 'cuentaContable', () =>
      cuentaDeDetalle(ctx, linea.cuentaContable.idCuenta, `la línea ${indice + 1} de la entrada de diario`),
    );
    const idCentroDeCosto = await enLinea(indice, 'idCentroDeCosto', () =>
      exigirCentroDeCosto(ctx, linea.idCentroDeCosto),
    );
    const idContacto = typeof linea.contacto === 'string' ? linea.contacto : (linea.contacto?._id ?? null);
    if (idContacto) {
      await obtenerContacto(ctx, idContacto).catch((e: unknown) => {
        throw e instanceof AppError && e.codigo === 'no_encontrado'
          ? invalido(`lineas.${indice}.contacto`, `El contacto de la línea ${indice + 1} no existe.`)
          : e;
      });
    }
    lineas.push({
      idCuenta: cuenta.idCuenta,
      debito: montos[indice]?.debito ?? (0 as Centavos),
      credito: montos[indice]?.credito ?? (0 as Centavos),
      idCentroDeCosto,
      idContacto,
      nota: linea.nota,
    });
  }
  return lineas;
}

async function insertarLineas(ctx: Ctx, idEntrada: string, lineas: readonly LineaPreparada[]): Promise<void> {
  await ctx.tx.insert(lineasEntradaDeDiario).values(
    lineas.map((l, orden) => ({
      tenantId: ctx.tenantId,
      idEntradaDeDiario: idEntrada,
      orden,
      idCuenta: l.idCuenta,
      debito: String(aPesos(l.debito)),
      credito: String(aPesos(l.credito)),
      idCentroDeCosto: l.idCentroDeCosto,
      idContacto: l.idContacto,
      nota: l.nota,
    })),
  );
}

/**
 * The entry's posting (docs/accounting.md «Entradas de diario»): tipoDocumento 'entradaDeDiario', its id and
 * number, each line as given (not netted) with its centre, contact and note.
 */
async function asentar(ctx: Ctx, entrada: FilaEntrada, lineas: readonly LineaPreparada[]): Promise<void> {
  await registrarAsiento(ctx, {
    tipoDocumento: TIPO_DOCUMENTO_ENTRADA_DE_DIARIO,
    idDocumento: entrada.id,
    fecha: entrada.fecha,
    descripcion: `Entrada de diario ${entrada.comprobante}${entrada.descripcionGeneral ? ` · ${entrada.descripcionGeneral}` : ''}`,
    comprobante: entrada.comprobante,
    netear: false,
    lineas: lineas.map((l) => ({
      idCuenta: l.idCuenta,
      debito: l.debito,
      credito: l.credito,
      nota: l.nota,
      idCentroDeCosto: l.idCentroDeCosto,
      idContacto: l.idContacto,
    })),
  });
}

function totalesGuardados(lineas: readonly LineaPreparada[]) {
  const { debitos, creditos } = totalesDeEntrada(lineas);
  return { totalDebito: String(aPesos(debitos)), totalCredito: String(aPesos(creditos)) };
}

// ------------------------------------------------------------------------------------------ reading

async function fila(ctx: Ctx, id: string, bloquear = false): Promise<FilaEntrada> {
  const consulta = ctx.tx
    .select()
    .from(entradasDeDiario)
    .where(and(eq(entradasDeDiario.tenantId, ctx.tenantId), eq(entradasDeDiario.id, id)))
    .limit(1);
  const [encontrada] = bloquear ? await consulta.for('update') : await consulta;
  if (!encontrada) {
    throw new AppError('no_encontrado', MENSAJE_ENTRADA_NO_EXISTE);
  }
  return encontrada;
}

function aEntrada(f: FilaEntrada): EntradaDeDiario {
  return {
    _id: f.id,
    identificadorUnico: f.identificadorUnico,
    idUsuarioCreador: f.idUsuarioCreador,
    creadoPor: f.creadoPor,
    fecha: f.fecha,
    descripcionGeneral: f.descripcionGeneral,
    idNumeracion: f.idNumeracion,
    numeracionNombre: f.numeracionNombre,
    numero: f.numero,
    comprobante: f.comprobante,
    idEntradaDeDiarioRef: f.idEntradaDeDiarioRef,
    totalDebito: Number(f.totalDebito),
    totalCredito: Number(f.totalCredito),
    estado: f.estado,
    autorizacion: f.autorizacion,
    activo: f.estado !== 'Anulado',
    tipoDeAnulacion: f.tipoDeAnulacion,
    notaAnular: f.notaAnular,
    notaAutorizacion: f.notaAutorizacion,
    creadoEn: f.creadoEn.toISOString(),
  };
}

async function lineasDe(ctx: Ctx, idEntrada: string): Promise<FilaLinea[]> {
  return ctx.tx
    .select()
    .from(lineasEntradaDeDiario)
    .where(
      and(
        eq(lineasEntradaDeDiario.tenantId, ctx.tenantId),
        eq(lineasEntradaDeDiario.idEntradaDeDiario, idEntrada),
      ),
    )
    .orderBy(asc(lineasEntradaDeDiario.orden));
}

/** The names the view shows for the lines' cost centres and contacts. */
async function nombres(
  ctx: Ctx,
  lineas: readonly FilaLinea[],
): Promise<{ centros: Map<string, string>; contactos: Map<string, string> }> {
  const idsCentros = [...new Set(lineas.flatMap((l) => (l.idCentroDeCosto ? [l.idCentroDeCosto] : [])))];
  const idsContactos = [...new Set(lineas.flatMap((l) => (l.idContacto ? [l.idContacto] : [])))];
  const lista = (ids: string[]) =>
    sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
  const centros =
    idsCentros.length === 0
      ? []
      : await filas<{ id: string; nombre: string }>(
          ctx.tx,
          sql`select id, nombre from centros_de_costo where tenant_id = ${ctx.tenantId} and id in (${lista(idsCentros)})`,
        );
  const contactos =
    idsContactos.length === 0
      ? []
      : await filas<{ id: string; nombre: string }>(
          ctx.tx,
          sql`select id, nombre from contactos where tenant_id = ${ctx.tenantId} and id in (${lista(idsContactos)})`,
        );
  return {
    centros: new Map(centros.map((c) => [c.id, c.nombre])),
    contactos: new Map(contactos.map((c) => [c.id, c.nombre])),
  };
}

async function detalleDe(ctx: Ctx, f: FilaEntrada): Promise<DetalleEntradaDeDiario> {
  const lineas = await lineasDe(ctx, f.id);
  const cuentas = await referenciasDeCuentas(
    ctx,
    lineas.map((l) => l.idCuenta),
  );
  const { centros, contactos } = await nombres(ctx, lineas);
  return {
    ...aEntrada(f),
    lineas: lineas.map((l): LineaEntradaDeDiario => {
      const cuenta = cuentas.get(l.idCuenta);
      if (!cuenta) {
        throw new Error(`La cuenta ${l.idCuenta} de la entrada de diario no existe`);
      }
      return {
        _id: l.id,
        orden: l.orden,
        cuentaContable: cuenta,
        debito: Number(l.debito),
        credito: Number(l.credito),
        idCentroDeCosto: l.idCentroDeCosto,
        centroDeCosto: l.idCentroDeCosto ? (centros.get(l.idCentroDeCosto) ?? '') : '',
        contacto: l.idContacto ? { _id: l.idContacto, nombre: contactos.get(l.idContacto) ?? '' } : null,
        nota: l.nota,
      };
    }),
  };
}

/** GET /entrada-de-diario/{id}: the header with its lines. */
export async function obtenerEntradaDeDiario(ctx: Ctx, id: string): Promise<DetalleEntradaDeDiario> {
  return detalleDe(ctx, await fila(ctx, id));
}

/**
 * POST /entrada-de-diario/todas (spec 002 §7, §9: 25 per page): newest first; by period, by number or
 * description, and by state (without one, what is in force: Activo and Por-Anular; buscarPorEstado is
 * the audit view, Por-Anular and Anulado).
 */
export async function listarEntradasDeDiario(
  ctx: Ctx,
  filtro: FiltroEntradasDeDiario,
): Promise<{ res: EntradaDeDiario[]; totalRows: number }> {
  const condiciones = [sql`d.tenant_id = ${ctx.tenantId}`];
  if (filtro.estado) {
    condiciones.push(sql`d.estado = ${filtro.estado}`);
  } else {
    condiciones.push(
      filtro.buscarPorEstado ? sql`d.estado in ('Por-Anular', 'Anulado')` : sql`d.estado <> 'Anulado'`,
    );
  }
  const dias = entreDias(sql`d.fecha`, diasDelFiltro(filtro));
  if (dias) {
    condiciones.push(dias);
  }
  if (filtro.input) {
    const patron = `%${filtro.input.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    condiciones.push(
      sql`(d.comprobante ilike ${patron} or d.descripcion_general ilike ${patron} or d.numero::text = ${filtro.input})`,
    );
  }
  const { filas: leidas, total } = await paginaDe(ctx, entradasDeDiario, {
    donde: sql.join(condiciones, sql` and `),
    orden: sql`d.fecha desc, d.numero desc`,
    page: filtro.page,
    limit: filtro.limit,
  });
  return { res: leidas.map(aEntrada), totalRows: total };
}

// ------------------------------------------------------------------------------------------ writing

/**
 * POST /entrada-de-diario/ (spec 002 §7): one transaction; a replayed identificadorUnico answers the
 * entry already created (solicitudDuplicada) and writes nothing (db/sinDuplicados.ts).
 */
export async function crearEntradaDeDiario(
  ctx: CtxConSesion,
  entrada: CrearEntradaDeDiario,
): Promise<DetalleEntradaDeDiario & { solicitudDuplicada: boolean }> {
  const { fila: creada, solicitudDuplicada } = await crearUnaVez({
    indice: 'entradas_de_diario_identificador_unico',
    buscar: async () => {
      const [existente] = await ctx.tx
        .select()
        .from(entradasDeDiario)
        .where(
          and(
            eq(entradasDeDiario.tenantId, ctx.tenantId),
            eq(entradasDeDiario.identificadorUnico, entrada.identificadorUnico),
          ),
        )
        .limit(1);
      return existente;
    },
    crear: async () => {
      const { camposGenerales: campos } = entrada;
      const lineas = await prepararEntrada(ctx, campos, entrada.lineas);
      // Taken last, once everything is checked; a refusal after it rolls the number back (invariant 5).
      const numero = await tomarNumero(ctx, 'entradaDeDiario', campos.idNumeracion ?? undefined);
      const [insertada] = await ctx.tx
        .insert(entradasDeDiario)
        .values({
          tenantId: ctx.tenantId,
          id: randomUUID(),
          identificadorUnico: entrada.identificadorUnico,
          idNumeracion: numero.idNumeracion,
          numeracionNombre: numero.numeracionNombre,
          numero: numero.numero,
          comprobante: numero.comprobante,
          fecha: campos.fecha,
          descripcionGeneral: campos.descripcionGeneral,
          idEntradaDeDiarioRef: campos.idEntradaDeDiarioRef ?? null,
          ...totalesGuardados(lineas),
          idUsuarioCreador: ctx.usuario._id,
          creadoPor: ctx.usuario.username,
        })
        .returning();
      if (!insertada) {
        throw new Error('La inserción de la entrada de diario no devolvió fila');
      }
      await insertarLineas(ctx, insertada.id, lineas);
      await asentar(ctx, insertada, lineas);
      return insertada;
    },
  });
  return { ...(await detalleDe(ctx, creada)), solicitudDuplicada };
}

/**
 * PATCH /entrada-de-diario/{id}: only an Activo entry. In one transaction its posting is reversed (dated
 * as it was, so its period shows only the new version), the header and the final lines are written and
 * posted again; the number does not change.
 */
export async function actualizarEntradaDeDiario(
  ctx: CtxConSesion,
  id: string,
  entrada: ActualizarEntradaDeDiario,
): Promise<DetalleEntradaDeDiario> {
  const actual = await fila(ctx, id, true);
  exigirActivo(actual, `${NOMBRE} ${actual.comprobante}`, true);
  const { camposGenerales: campos } = entrada;
  const lineas = await prepararEntrada(ctx, campos, entrada.lineas, id);
  await revertirAsientos(
    ctx,
    TIPO_DOCUMENTO_ENTRADA_DE_DIARIO,
    id,
    actual.fecha,
    `Modificación de la entrada de diario ${actual.comprobante}`,
  );
  const [cambiada] = await ctx.tx
    .update(entradasDeDiario)
    .set({
      fecha: campos.fecha,
      descripcionGeneral: campos.descripcionGeneral,
      idEntradaDeDiarioRef: campos.idEntradaDeDiarioRef ?? null,
      ...totalesGuardados(lineas),
      actualizadoEn: new Date(),
    })
    .where(and(eq(entradasDeDiario.tenantId, ctx.tenantId), eq(entradasDeDiario.id, id)))
    .returning();
  if (!cambiada) {
    throw new Error('La actualización de la entrada de diario no devolvió fila');
  }
  await ctx.tx
    .delete(lineasEntradaDeDiario)
    .where(
      and(eq(lineasEntradaDeDiario.tenantId, ctx.tenantId), eq(lineasEntradaDeDiario.idEntradaDeDiario, id)),
    );
  await insertarLineas(ctx, id, lineas);
  await asentar(ctx, cambiada, lineas);
  return detalleDe(ctx, cambiada);
}

/** The entry as the kit's shared cancel and delete flows need it: undoing it reverses its posting today. */
function anulable(ctx: CtxConSesion, actual: FilaEntrada, accion: string): DocumentoAnulable<FilaEntrada> {
  return {
    tabla: entradasDeDiario,
    tipo: TIPO_DOCUMENTO_ENTRADA_DE_DIARIO,
    actual,
    nombre: `${NOMBRE} ${actual.comprobante}`,
    femenino: true,
    deshacer: async () => {
      await revertirAsientos(
        ctx,
        TIPO_DOCUMENTO_ENTRADA_DE_DIARIO,
        actual.id,
        hoyEnSantoDomingo(),
        `${accion} de la entrada de diario ${actual.comprobante}`,
      );
    },
  };
}

/**
 * PUT /entrada-de-diario/anular/ (spec 002 §4 "Journal entries follow the same cancellation lifecycle";
 * 000 §4): a user with anularYEliminarDocumentos cancels at once (the posting reversed), anyone else files
 * a request the audit screen approves (reversed then) or rejects (back to Activo, 'Solicitud Denegada').
 */
export async function anularEntradaDeDiario(
  ctx: CtxConSesion,
  entrada: AnularEntradaDeDiario,
): Promise<{
  entradaDeDiario: DetalleEntradaDeDiario;
  resultado: 'anulada' | 'solicitada' | 'aprobada' | 'rechazada';
}> {
  const actual = await fila(ctx, entrada.idEntradaDeDiarioRef, true);
  const { documento, resultado } = await anularConMotivo(
    ctx,
    { ...anulable(ctx, actual, 'Anulación'), mensajeSinMotivo: MENSAJE_MOTIVO_ENTRADA },
    entrada,
  );
  return { entradaDeDiario: await detalleDe(ctx, documento), resultado: RESULTADO_EN_FEMENINO[resultado] };
}

/**
 * DELETE /entrada-de-diario/{id} (docs/documents.md «Eliminar»): only a user who cancels directly; the
 * posting is reversed and the entry stays Anulado («Eliminado por …»), so its number leaves no gap.
 */
export async function eliminarEntradaDeDiario(
  ctx: CtxConSesion,
  id: string,
): Promise<{ entradaDeDiario: DetalleEntradaDeDiario }> {
  const actual = await fila(ctx, id, true);
  const eliminada = await eliminarConservandoNumero(ctx, {
    ...anulable(ctx, actual, 'Eliminación'),
    enFrase: `la entrada de diario ${actual.comprobante}`,
  });
  return { entradaDeDiario: await detalleDe(ctx, eliminada) };
}
