import type {
  AnularDocumentoEntrada,
  CabeceraDeVenta,
  CabeceraDeVentaEntrada,
  FiltroDeDocumentos,
  LineaDeVenta,
  LineaDeVentaEntrada,
  TipoDeDocumento,
} from '@pos/contract';
import { and, asc, eq, getTableName, inArray, type SQL, sql } from 'drizzle-orm';
import { filas } from '../db/client.ts';
import { paginaDe } from '../db/paginas.ts';
import { crearUnaVez } from '../db/sinDuplicados.ts';
import { AppError } from '../http/errors.ts';
import type { Ctx, CtxConSesion } from '../http/handle.ts';
import { tomarNumero } from '../modules/numeracion/service.ts';
import {
  anularConMotivo,
  type DocumentoAnulable,
  eliminarConservandoNumero,
  exigirActivo,
} from './cambios.ts';
import type { FilaCabecera, FilaLinea, TablasDeVenta } from './columnas.ts';
import { cabeceraDeCompra, lineasDeCompra } from './compra.ts';
import { cabeceraDeVentaDe, condicionesDeLista, numero } from './lectura.ts';
import { cabeceraDeVenta, type LineaPreparada, lineasDeVenta, totalesDeVenta } from './venta.ts';

// The document kit (docs/documents.md): one declared way to create, read, list, change, cancel and
// delete a sales document. A family declares its tables, numbering, names and effects; the rules that
// are the same for every document (spec 000 §4, 001 §1-§5) live here once:
// - create: validate (the contract did), snapshot the customer, price and total the lines with the
//   domain, take the number from the family's numbering, insert header and lines and write the
//   family's effects, all in the request's transaction; a replayed identificadorUnico answers the
//   first document (`crearUnaVez`, also under concurrent replays);
// - list {res,totalRows} with filter, period and the audit view; detail; a customer's documents;
// - cancel: one flow (anulaciones) for direct cancel, request, approval and rejection; approval and
//   direct cancel undo exactly the effects the family wrote; delete keeps the number (gapless).

/** What a family's verificarCambio is asked to allow: an edit, a cancellation (or its approval), a deletion. */
export type AccionDeCambio = 'modificar' | 'anular' | 'eliminar';

/** What a family writes besides its rows, and how it undoes it (stock, journal, balances, links). */
export type Efectos = {
  escribir(ctx: CtxConSesion, documento: FilaCabecera, lineas: readonly FilaLinea[]): Promise<void>;
  deshacer(ctx: CtxConSesion, documento: FilaCabecera, lineas: readonly FilaLinea[]): Promise<void>;
};

/**
 * A family's own header columns (`tablasDeVenta`'s extras): their values when the document is created
 * (they stay on edit: a delivery note does not change kind) and how its answers show them.
 */
export type ExtrasDeCabecera<E extends CabeceraDeVentaEntrada, X extends object> = {
  alCrear(ctx: CtxConSesion, entrada: E): Promise<Record<string, unknown>>;
  respuesta(fila: FilaCabecera): X;
};

export type DefinicionDeDocumento<
  N extends string,
  D extends string,
  E extends CabeceraDeVentaEntrada = CabeceraDeVentaEntrada,
  X extends object = Record<never, never>,
> = {
  /** The document type of cancellation requests and journal entries ('cotizacion'). */
  tipo: string;
  tablas: TablasDeVenta;
  /** The numbering type its number comes from (spec 002 §4 numberings). */
  numeracion: TipoDeDocumento;
  /** The unique index on (tenant_id, identificador_unico) of its header table. */
  indiceIdentificador: string;
  /** How messages name it: 'cotización'. */
  nombre: string;
  femenino: boolean;
  /** The answer's number field ('numeroCotizacion') and the lines' document field ('idCotizacion'). */
  campoNumero: N;
  campoDocumento: D;
  mensajes: { noExiste: string; sinMotivo: string };
  /**
   * How its header and lines are priced: a sale's (customer, price list, the user's discount limit) or
   * a purchase's (supplier, each line at cost; documentos/compra.ts). Default 'venta'.
   */
  precios?: 'venta' | 'compra';
  efectos?: Efectos;
  extras?: ExtrasDeCabecera<E, X>;
  /**
   * Refuses a change, a cancellation (also its approval) or a deletion the family does not allow (a
   * delivery note whose lines were invoiced …). `accion` names what is refused, for the message.
   */
  verificarCambio?: (ctx: CtxConSesion, documento: FilaCabecera, accion: AccionDeCambio) => Promise<void>;
  /**
   * A family another document can be made from (spec 001 §2, §4: quotations and pre-invoice delivery
   * notes become an invoice, purchase orders a purchase): its header has a column naming the document
   * that took it (`id_factura`, an invoice, unless `destino` says otherwise), so it is taken once and is
   * free again when that document lets it go. `verificar` refuses one the family does not convert (a
   * post-invoice conduce); `alFacturar`/`alLiberar` set the family's own columns too.
   */
  facturable?: {
    destino?: DestinoDeConversion;
    verificar?: (documento: FilaCabecera) => void;
    /** Which of its rows the column means "taken by" (a post-invoice conduce's is the invoice it delivers). */
    condicion?: SQL;
    alFacturar?: SQL;
    alLiberar?: SQL;
  };
};

/** What a family's documents become (`facturable`): the target's table and the column naming one. */
export type DestinoDeConversion = {
  /** The target's header table ('facturas'); it has `comprobante`. */
  tabla: string;
  /** The family's header column naming the target document ('id_factura'). */
  columna: string;
  /** The verb of "no se puede facturar". */
  accion: string;
  /** The refusal of a document already taken ('La cotización COT1', the target's number when known). */
  yaTomado: (nombre: string, comprobante: string | null) => string;
};

export type CabeceraDe<N extends string, X extends object = Record<never, never>> = CabeceraDeVenta &
  Record<N, number> &
  X;
export type LineaDe<D extends string> = LineaDeVenta & Record<D, string>;
export type DetalleDe<N extends string, D extends string, X extends object = Record<never, never>> = {
  cabecera: CabeceraDe<N, X>;
  lineas: LineaDe<D>[];
};

export function documento<
  N extends string,
  D extends string,
  E extends CabeceraDeVentaEntrada = CabeceraDeVentaEntrada,
  X extends object = Record<never, never>,
>(def: DefinicionDeDocumento<N, D, E, X>) {
  const { cabecera: tabla, lineas: tablaLineas } = def.tablas;
  const articulo = def.femenino ? 'La' : 'El';
  const nombreDe = (fila: FilaCabecera) => `${articulo} ${def.nombre} ${fila.comprobante}`;
  const [cabeceraDe, lineasPreparadas] =
    def.precios === 'compra' ? [cabeceraDeCompra, lineasDeCompra] : [cabeceraDeVenta, lineasDeVenta];

  function aCabecera(fila: FilaCabecera): CabeceraDe<N, X> {
    const cabecera = cabeceraDeVentaDe(fila);
    return { ...cabecera, ...def.extras?.respuesta(fila), [def.campoNumero]: fila.numero } as CabeceraDe<
      N,
      X
    >;
  }

  function aLinea(fila: FilaLinea): LineaDe<D> {
    const linea: LineaDeVenta = {
      _id: fila.id,
      orden: fila.orden,
      idProducto: fila.idProducto,
      idCodigoDeBarra: fila.idCodigoDeBarra,
      descripcion: fila.descripcion,
      nota: fila.nota,
      cantidad: numero(fila.cantidad),
      precio: fila.precio,
      descuento: numero(fila.descuento),
      descuentoParaSocios: numero(fila.descuentoParaSocios),
      impuestos: fila.impuestos.map((i) => ({
        name: i.name ?? '',
        tipoDeImpuesto: i.tipoDeImpuesto ?? '',
        tasa: i.tasa,
      })),
      paquete: fila.paquete,
      variantes: fila.variantes,
      importe: numero(fila.importe),
      montoDescuento: numero(fila.montoDescuento),
      subtotal: numero(fila.subtotal),
      totalImpuestos: numero(fila.totalImpuestos),
      total: numero(fila.total),
    };
    return { ...linea, [def.campoDocumento]: fila.idDocumento } as LineaDe<D>;
  }

  async function fila(ctx: Ctx, id: string, bloquear = false): Promise<FilaCabecera> {
    const consulta = ctx.tx
      .select()
      .from(tabla)
      .where(and(eq(tabla.tenantId, ctx.tenantId), eq(tabla.id, id)))
      .limit(1);
    const [encontrada] = bloquear ? await consulta.for('update') : await consulta;
    if (!encontrada) {
      throw new AppError('no_encontrado', def.mensajes.noExiste);
    }
    return encontrada;
  }

  async function lineasDe(ctx: Ctx, ids: readonly string[]): Promise<FilaLinea[]> {
    if (ids.length === 0) {
      return [];
    }
    return ctx.tx
      .select()
      .from(tablaLineas)
      .where(and(eq(tablaLineas.tenantId, ctx.tenantId), inArray(tablaLineas.idDocumento, [...ids])))
      .orderBy(asc(tablaLineas.orden));
  }

  async function detalleDe(ctx: Ctx, cabecera: FilaCabecera): Promise<DetalleDe<N, D, X>> {
    return { cabecera: aCabecera(cabecera), lineas: (await lineasDe(ctx, [cabecera.id])).map(aLinea) };
  }

  async function porIdentificador(ctx: Ctx, identificadorUnico: string): Promise<FilaCabecera | undefined> {
    const [encontrada] = await ctx.tx
      .select()
      .from(tabla)
      .where(and(eq(tabla.tenantId, ctx.tenantId), eq(tabla.identificadorUnico, identificadorUnico)))
      .limit(1);
    return encontrada;
  }

  async function insertarLineas(ctx: Ctx, idDocumento: string, lineas: LineaPreparada[], desde: number) {
    if (lineas.length > 0) {
      await ctx.tx.insert(tablaLineas).values(
        // New lines never reuse ids sent by the browser.
        lineas.map(({ id: _id, ...linea }, i) => ({
          ...linea,
          tenantId: ctx.tenantId,
          idDocumento,
          orden: desde + i,
        })),
      );
    }
  }

  /** Creates a document once per identificadorUnico (spec 001 §1 'Protección de duplicidad'). */
  async function crear(
    ctx: CtxConSesion,
    entrada: E,
    entradas: readonly LineaDeVentaEntrada[],
    identificadorUnico: string,
  ): Promise<DetalleDe<N, D, X> & { solicitudDuplicada: boolean }> {
    const { fila: creada, solicitudDuplicada } = await crearUnaVez({
      indice: def.indiceIdentificador,
      buscar: () => porIdentificador(ctx, identificadorUnico),
      crear: async () => {
        const { cabecera, contexto } = await cabeceraDe(ctx, entrada);
        const lineas = await lineasPreparadas(ctx, entradas, cabecera.idAlmacen, contexto);
        const extras = (await def.extras?.alCrear(ctx, entrada)) ?? {};
        const tomado = await tomarNumero(ctx, def.numeracion, entrada.idNumeracion ?? undefined);
        const [insertada] = await ctx.tx
          .insert(tabla)
          .values({
            // The family's own columns, which the kit's view of its table does not name.
            ...(extras as object),
            ...cabecera,
            ...totalesDeVenta(lineas),
            tenantId: ctx.tenantId,
            identificadorUnico,
            idNumeracion: tomado.idNumeracion,
            numeracionNombre: tomado.numeracionNombre,
            numero: tomado.numero,
            comprobante: tomado.comprobante,
            idUsuarioCreador: ctx.usuario._id,
            creadaPor: ctx.usuario.username,
          })
          .returning();
        if (!insertada) {
          throw new Error(`La inserción de ${def.nombre} no devolvió fila`);
        }
        await insertarLineas(ctx, insertada.id, lineas, 0);
        await def.efectos?.escribir(ctx, insertada, await lineasDe(ctx, [insertada.id]));
        return insertada;
      },
    });
    return { ...(await detalleDe(ctx, creada)), solicitudDuplicada };
  }

  /**
   * Changes an active document: its header, the lines removed and the lines (with _id a saved one,
   * without a new one). The number stays; totals are computed again; the family's effects are undone
   * and written again from the final lines.
   */
  async function actualizar(
    ctx: CtxConSesion,
    id: string,
    entrada: CabeceraDeVentaEntrada,
    quitar: readonly string[],
    entradas: readonly LineaDeVentaEntrada[],
  ): Promise<DetalleDe<N, D, X>> {
    const actual = await fila(ctx, id, true);
    exigirActivo(actual, nombreDe(actual), def.femenino);
    await def.verificarCambio?.(ctx, actual, 'modificar');
    const guardadas = await lineasDe(ctx, [id]);
    const deEste = new Set(guardadas.map((l) => l.id));
    const { cabecera, contexto } = await cabeceraDe(ctx, entrada);
    const nuevas = await lineasPreparadas(ctx, entradas, cabecera.idAlmacen, contexto);
    const existentes = nuevas.filter((l): l is LineaPreparada & { id: string } => typeof l.id === 'string');
    const mencionadas = [...quitar, ...existentes.map((l) => l.id)];
    if (new Set(mencionadas).size !== mencionadas.length) {
      throw new AppError('solicitud_invalida', 'Una línea viene repetida o se quita y se cambia a la vez.');
    }
    if (mencionadas.some((idLinea) => !deEste.has(idLinea))) {
      throw new AppError(
        'no_encontrado',
        `Una línea no pertenece a ${def.femenino ? 'la' : 'el'} ${def.nombre}.`,
      );
    }
    await def.efectos?.deshacer(ctx, actual, guardadas);
    if (quitar.length > 0) {
      await ctx.tx
        .delete(tablaLineas)
        .where(and(eq(tablaLineas.tenantId, ctx.tenantId), inArray(tablaLineas.id, [...quitar])));
    }
    for (const { id: idLinea, ...campos } of existentes) {
      await ctx.tx
        .update(tablaLineas)
        .set(campos)
        .where(and(eq(tablaLineas.tenantId, ctx.tenantId), eq(tablaLineas.id, idLinea)));
    }
    const siguiente = Math.max(-1, ...guardadas.map((l) => l.orden)) + 1;
    await insertarLineas(
      ctx,
      id,
      nuevas.filter((l) => typeof l.id !== 'string'),
      siguiente,
    );
    const finales = await lineasDe(ctx, [id]);
    if (finales.length === 0) {
      throw new AppError('solicitud_invalida', 'Agrega por lo menos un artículo!!');
    }
    const [cambiada] = await ctx.tx
      .update(tabla)
      .set({ ...cabecera, ...totalesDeVenta(finales), actualizadoEn: new Date() })
      .where(and(eq(tabla.tenantId, ctx.tenantId), eq(tabla.id, id)))
      .returning();
    const resultado = cambiada ?? actual;
    await def.efectos?.escribir(ctx, resultado, finales);
    return { cabecera: aCabecera(resultado), lineas: finales.map(aLinea) };
  }

  /** A list of the family: active documents, or the audit view (Por-Anular and Anulado), newest first. */
  async function listar(
    ctx: Ctx,
    filtro: FiltroDeDocumentos,
  ): Promise<{ res: CabeceraDe<N, X>[]; totalRows: number }> {
    return pagina(ctx, sql.join(condicionesDeLista(ctx, filtro), sql` and `), filtro.page, filtro.limit);
  }

  const nombreTabla = sql.identifier(getTableName(tabla));
  // What its documents become (`facturable`): an invoice unless the family declares another target.
  const destino: DestinoDeConversion = def.facturable?.destino ?? {
    tabla: 'facturas',
    columna: 'id_factura',
    accion: 'facturar',
    yaTomado: (nombre, comprobante) =>
      `${nombre} ya está ${def.femenino ? 'facturada' : 'facturado'}${comprobante ? ` en la factura ${comprobante}` : ''}.`,
  };
  const tablaDestino = sql.identifier(destino.tabla);
  const columnaDestino = sql.identifier(destino.columna);

  async function pagina(ctx: Ctx, donde: SQL, page: number, limit: number) {
    const { filas: leidas, total } = await paginaDe(ctx, tabla, {
      donde,
      orden: sql`d.fecha_emision desc, d.numero desc`,
      page,
      limit,
    });
    return { res: leidas.map(aCabecera), totalRows: total };
  }

  /**
   * A customer's active documents (to convert them), newest first; `libres`: only those no target
   * (`facturable`'s) has taken yet.
   */
  async function delCliente(ctx: Ctx, idCliente: string, page: number, limit: number, libres = false) {
    return pagina(
      ctx,
      sql`d.tenant_id = ${ctx.tenantId} and d.id_cliente = ${idCliente} and d.estado = 'Activo'
          ${libres ? sql`and d.${columnaDestino} is null` : sql``}`,
      page,
      limit,
    );
  }

  /** The lines of several active documents, in the order of `ids` and then of each document. */
  async function lineasDeVarios(ctx: Ctx, ids: readonly string[]): Promise<LineaDe<D>[]> {
    const activas = await ctx.tx
      .select({ id: tabla.id, estado: tabla.estado, comprobante: tabla.comprobante })
      .from(tabla)
      .where(and(eq(tabla.tenantId, ctx.tenantId), inArray(tabla.id, [...ids])));
    const porId = new Map(activas.map((f) => [f.id, f]));
    for (const id of ids) {
      const encontrada = porId.get(id);
      if (!encontrada) {
        throw new AppError('no_encontrado', def.mensajes.noExiste);
      }
      if (encontrada.estado === 'Anulado') {
        throw new AppError(
          'conflicto',
          `${articulo} ${def.nombre} ${encontrada.comprobante} está ${def.femenino ? 'anulada' : 'anulado'}.`,
        );
      }
    }
    const lineas = await lineasDe(ctx, ids);
    const posicion = new Map(ids.map((id, i) => [id, i]));
    return lineas
      .sort(
        (a, b) =>
          (posicion.get(a.idDocumento) ?? 0) - (posicion.get(b.idDocumento) ?? 0) || a.orden - b.orden,
      )
      .map(aLinea);
  }

  /** The kit's families' share of `anularConMotivo` and `eliminarConservandoNumero`. */
  const anulable = (ctx: CtxConSesion, actual: FilaCabecera): DocumentoAnulable<FilaCabecera> => ({
    tabla,
    tipo: def.tipo,
    actual,
    nombre: nombreDe(actual),
    femenino: def.femenino,
    verificar: async (accion) => def.verificarCambio?.(ctx, actual, accion),
    deshacer: async () => def.efectos?.deshacer(ctx, actual, await lineasDe(ctx, [actual.id])),
  });

  async function anular(ctx: CtxConSesion, id: string, entrada: AnularDocumentoEntrada) {
    const actual = await fila(ctx, id, true);
    const { documento: guardado, resultado } = await anularConMotivo(
      ctx,
      { ...anulable(ctx, actual), mensajeSinMotivo: def.mensajes.sinMotivo },
      entrada,
    );
    return { cabecera: aCabecera(guardado), resultado };
  }

  async function eliminar(ctx: CtxConSesion, id: string): Promise<CabeceraDe<N, X>> {
    const actual = await fila(ctx, id, true);
    const eliminada = await eliminarConservandoNumero(ctx, {
      ...anulable(ctx, actual),
      enFrase: nombreDe(actual).toLowerCase(),
    });
    return aCabecera(eliminada);
  }

  // ------------------------------------------------------------ conversion (to an invoice, a purchase)

  /**
   * The documents a target (an invoice, a purchase) is being made from, locked until it commits (two
   * invoices made from one quotation at once take turns, and the second finds it taken), with their
   * lines, in the order of `ids`. Each must exist, be Activo and not taken yet.
   */
  async function paraFacturar(ctx: Ctx, ids: readonly string[]): Promise<DetalleDe<N, D, X>[]> {
    // Locked in one order (by id), so two targets made from the same documents never deadlock.
    const bloqueadas = new Map<string, FilaCabecera>();
    for (const id of [...new Set(ids)].sort()) {
      bloqueadas.set(id, await fila(ctx, id, true));
    }
    const detalles: DetalleDe<N, D, X>[] = [];
    for (const id of ids) {
      const actual = bloqueadas.get(id) ?? (await fila(ctx, id, true));
      if (actual.estado !== 'Activo') {
        const como = actual.estado === 'Anulado' ? (def.femenino ? 'anulada' : 'anulado') : 'por anular';
        throw new AppError('conflicto', `${nombreDe(actual)} está ${como}; no se puede ${destino.accion}.`);
      }
      const [tomada] = await filas<{ comprobante: string | null }>(
        ctx.tx,
        sql`select f.comprobante from ${nombreTabla} d join ${tablaDestino} f
              on f.tenant_id = d.tenant_id and f.id = d.${columnaDestino}
            where d.tenant_id = ${ctx.tenantId} and d.id = ${id}`,
      );
      def.facturable?.verificar?.(actual);
      if (tomada) {
        throw new AppError('conflicto', destino.yaTomado(nombreDe(actual), tomada.comprobante));
      }
      detalles.push(await detalleDe(ctx, actual));
    }
    return detalles;
  }

  /** Marks documents read by `paraFacturar` as taken by the target just written. */
  async function facturar(ctx: Ctx, ids: readonly string[], idDestino: string): Promise<void> {
    if (ids.length === 0) {
      return;
    }
    const extra = def.facturable?.alFacturar ? sql`, ${def.facturable.alFacturar}` : sql``;
    const marcados = await filas<{ id: string }>(
      ctx.tx,
      sql`update ${nombreTabla} set ${columnaDestino} = ${idDestino}, actualizado_en = now() ${extra}
          where tenant_id = ${ctx.tenantId} and ${columnaDestino} is null and estado = 'Activo'
            and id in (${sql.join(
              ids.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})
          returning id`,
    );
    // Read locked by paraFacturar in this transaction, they cannot have changed; two sales of one
    // offline batch made from the same document would, and the second is refused here.
    if (marcados.length !== new Set(ids).size) {
      throw new AppError('conflicto', destino.yaTomado(`${articulo} ${def.nombre}`, null));
    }
  }

  /** The documents one target took (a purchase's orders), newest first. */
  async function tomadosPor(ctx: Ctx, idDestino: string): Promise<CabeceraDe<N, X>[]> {
    const donde = sql`d.tenant_id = ${ctx.tenantId} and d.${columnaDestino} = ${idDestino}`;
    return (await pagina(ctx, donde, 1, 200)).res;
  }

  /** The target was cancelled, deleted or changed: the documents it took can be taken again. */
  async function liberar(ctx: Ctx, idDestino: string): Promise<void> {
    const extra = def.facturable?.alLiberar ? sql`, ${def.facturable.alLiberar}` : sql``;
    await ctx.tx.execute(
      sql`update ${nombreTabla} set ${columnaDestino} = null, actualizado_en = now() ${extra}
          where tenant_id = ${ctx.tenantId} and ${columnaDestino} = ${idDestino}
          ${def.facturable?.condicion ? sql`and ${def.facturable.condicion}` : sql``}`,
    );
  }

  return {
    crear,
    actualizar,
    paraFacturar,
    facturar,
    liberar,
    tomadosPor,
    obtener: async (ctx: Ctx, id: string) => detalleDe(ctx, await fila(ctx, id)),
    listar,
    delCliente,
    lineasDeVarios,
    anular,
    eliminar,
  };
}
