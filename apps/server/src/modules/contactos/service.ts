import {
  type ActualizarContacto,
  type Contacto,
  type ContactoGuardado,
  CrearContacto,
  type CuentaContableRef,
  type DocumentoRechazado,
  type FiltroContactos,
  type TipoDeContacto,
  tienePermiso,
} from '@pos/contract';
import {
  type EstadoDeAnulacion,
  MENSAJE_MOTIVO_REQUERIDO,
  transicionDeAnulacion,
  validarIdentificacionFiscal,
} from '@pos/domain';
import { and, asc, count, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { referenciasA, tablasQueUsan } from '../../db/referencias.ts';
import { insertarSinDuplicar } from '../../db/sinDuplicados.ts';
import { AppError } from '../../http/errors.ts';
import { type Ctx, type CtxConSesion, cadaPendiente, type SesionDeLote, validar } from '../../http/handle.ts';
import { obtenerListaDePrecio, obtenerRuta } from '../configuracion/service.ts';
import { cuentaAsignada, cuentaDeDetalle, referenciasDeCuentas } from '../contabilidad/service.ts';
import { buscarContribuyente, hayRegistroRnc } from './rnc.ts';
import { contactos } from './tables.ts';

type FilaContacto = typeof contactos.$inferSelect;

// Spec 002 §8: a client with documents cannot be deleted.
export const MENSAJE_CONTACTO_CON_DOCUMENTOS =
  'No se puede eliminar por que tienes documentos activos o anulados';
// Spec 002 §4, §8: a contact with invoices cannot be cancelled.
export const MENSAJE_CONTACTO_CON_FACTURAS = 'El contacto tiene facturas y no se puede anular.';
const NO_EXISTE = 'El contacto no existe.';

function aContacto(fila: FilaContacto, cuentas: Map<string, CuentaContableRef>): Contacto {
  return {
    _id: fila.id,
    identificadorUnico: fila.identificadorUnico,
    idUsuarioCreador: fila.idUsuarioCreador,
    nombre: fila.nombre,
    apellidos: fila.apellidos,
    avatar: fila.avatar,
    tipoDeIdentificacion: fila.tipoDeIdentificacion,
    rnc: fila.rnc,
    ncfPredeterminado: fila.ncfPredeterminado,
    tipoDeContacto: fila.tipoDeContacto,
    idListaDePrecio: fila.idListaDePrecio,
    idRuta: fila.idRuta,
    limiteCredito: Number(fila.limiteCredito),
    diasDeCredito: fila.diasDeCredito,
    socio: fila.socio,
    descuentoParaSocios: Number(fila.descuentoParaSocios),
    revendedor: fila.revendedor,
    funcionEnLaEmpresa: fila.funcionEnLaEmpresa,
    direccion: fila.direccion,
    location: fila.location ?? null,
    telefono: fila.telefono,
    movil: fila.movil,
    correo: fila.correo,
    nota: fila.nota,
    estado: fila.estado,
    autorizacion: fila.autorizacion,
    activo: fila.activo,
    notaAnular: fila.notaAnular,
    notaAutorizacion: fila.notaAutorizacion,
    cuentaPorCobrar: fila.idCuentaPorCobrar ? (cuentas.get(fila.idCuentaPorCobrar) ?? null) : null,
    cuentaPorPagar: fila.idCuentaPorPagar ? (cuentas.get(fila.idCuentaPorPagar) ?? null) : null,
    creadoEn: fila.creadoEn.toISOString(),
    actualizadoEn: fila.actualizadoEn.toISOString(),
  };
}

async function aContactos(ctx: Ctx, filas: FilaContacto[]): Promise<Contacto[]> {
  const ids = filas.flatMap((f) => [f.idCuentaPorCobrar, f.idCuentaPorPagar]).filter((id) => id !== null);
  const cuentas = await referenciasDeCuentas(ctx, ids);
  return filas.map((fila) => aContacto(fila, cuentas));
}

async function filaPor(
  ctx: Ctx,
  columna: typeof contactos.id | typeof contactos.identificadorUnico,
  valor: string,
): Promise<FilaContacto | undefined> {
  const [fila] = await ctx.tx
    .select()
    .from(contactos)
    .where(and(eq(contactos.tenantId, ctx.tenantId), eq(columna, valor)))
    .limit(1);
  return fila;
}

async function filaPorId(ctx: Ctx, id: string): Promise<FilaContacto> {
  const fila = await filaPor(ctx, contactos.id, id);
  if (!fila) {
    throw new AppError('no_encontrado', NO_EXISTE);
  }
  return fila;
}

function esCliente(tipo: TipoDeContacto): boolean {
  return tipo !== 'proveedor';
}

function esProveedor(tipo: TipoDeContacto): boolean {
  return tipo !== 'cliente';
}

async function referenciaValida(
  buscar: () => Promise<unknown>,
  campo: string,
  mensaje: string,
): Promise<void> {
  try {
    await buscar();
  } catch (error) {
    if (error instanceof AppError && error.codigo === 'no_encontrado') {
      throw new AppError('solicitud_invalida', mensaje, { errores: [{ campo, mensaje }] });
    }
    throw error;
  }
}

type CamposContacto = z.output<typeof CrearContacto>;

// The stored columns of a contact: RNC and cédula without dashes, the identification type read
// from the number when not given, and the receivable / payable accounts of the assignment by default.
async function columnas(ctx: Ctx, entrada: Omit<CamposContacto, 'identificadorUnico'>) {
  const identificacion =
    entrada.rnc !== '' && entrada.tipoDeIdentificacion !== 'Pasaporte'
      ? validarIdentificacionFiscal(entrada.rnc)
      : null;
  const rnc = identificacion?.ok ? identificacion.valor.numero : entrada.rnc;
  const tipoDeIdentificacion = identificacion?.ok
    ? identificacion.valor.tipo === 'rnc'
      ? 'RNC'
      : 'Cédula'
    : entrada.tipoDeIdentificacion;
  if (entrada.idRuta) {
    const idRuta = entrada.idRuta;
    await referenciaValida(() => obtenerRuta(ctx, idRuta), 'idRuta', 'La ruta elegida no existe.');
  }
  if (entrada.idListaDePrecio) {
    const idLista = entrada.idListaDePrecio;
    await referenciaValida(
      () => obtenerListaDePrecio(ctx, idLista),
      'idListaDePrecio',
      'La lista de precio elegida no existe.',
    );
  }
  const cuentaPorCobrar = entrada.cuentaPorCobrar
    ? await cuentaDeDetalle(ctx, entrada.cuentaPorCobrar.idCuenta, 'cuenta por cobrar')
    : esCliente(entrada.tipoDeContacto)
      ? await cuentaAsignada(ctx, 'cuentasPorCobrarClientes')
      : null;
  const cuentaPorPagar = entrada.cuentaPorPagar
    ? await cuentaDeDetalle(ctx, entrada.cuentaPorPagar.idCuenta, 'cuenta por pagar')
    : esProveedor(entrada.tipoDeContacto)
      ? await cuentaAsignada(ctx, 'cuentasPorPagarProveedores')
      : null;
  const { cuentaPorCobrar: _c, cuentaPorPagar: _p, limiteCredito, descuentoParaSocios, ...resto } = entrada;
  return {
    ...resto,
    rnc,
    tipoDeIdentificacion,
    limiteCredito: limiteCredito.toFixed(2),
    descuentoParaSocios: descuentoParaSocios.toFixed(2),
    idCuentaPorCobrar: cuentaPorCobrar?.idCuenta ?? null,
    idCuentaPorPagar: cuentaPorPagar?.idCuenta ?? null,
  };
}

// fiscal-do.md §2.3: a failed check digit warns and is looked up in the DGII registry; it never
// blocks. Another contact with the same number is worth a warning too.
async function advertencias(ctx: Ctx, fila: FilaContacto): Promise<string[]> {
  if (fila.rnc === '' || fila.tipoDeIdentificacion === 'Pasaporte') {
    return [];
  }
  const avisos: string[] = [];
  const resultado = validarIdentificacionFiscal(fila.rnc);
  if (resultado.ok && resultado.valor.advertencia) {
    const contribuyente = await buscarContribuyente(ctx.tx, fila.rnc);
    if (contribuyente) {
      avisos.push(
        `${resultado.valor.advertencia}. Aparece en el registro de la DGII como «${contribuyente.nombre}».`,
      );
    } else if (await hayRegistroRnc(ctx.tx)) {
      avisos.push(`${resultado.valor.advertencia}. Tampoco aparece en el registro de la DGII.`);
    } else {
      avisos.push(`${resultado.valor.advertencia}.`);
    }
  }
  const [otro] = await ctx.tx
    .select({ nombre: contactos.nombre })
    .from(contactos)
    .where(
      and(
        eq(contactos.tenantId, ctx.tenantId),
        eq(contactos.rnc, fila.rnc),
        ne(contactos.id, fila.id),
        ne(contactos.estado, 'Anulado'),
      ),
    )
    .limit(1);
  if (otro) {
    avisos.push(`Ya existe otro contacto con la identificación ${fila.rnc}: «${otro.nombre}».`);
  }
  return avisos;
}

async function guardado(
  ctx: Ctx,
  fila: FilaContacto,
  solicitudDuplicada: boolean,
): Promise<ContactoGuardado> {
  const [clientedb] = await aContactos(ctx, [fila]);
  return {
    clientedb: clientedb as Contacto,
    solicitudDuplicada,
    advertencias: solicitudDuplicada ? [] : await advertencias(ctx, fila),
  };
}

/**
 * POST /cliente/crear: a retried create answers the first contact with `solicitudDuplicada`. Without a
 * session (a company that signs itself up, modules/registro) the contact has no creator.
 */
export async function crearContacto(ctx: Ctx, entrada: CrearContacto): Promise<ContactoGuardado> {
  const { identificadorUnico, ...campos } = entrada;
  const creado = await insertarSinDuplicar(ctx.tx, contactos, {
    tenantId: ctx.tenantId,
    identificadorUnico,
    idUsuarioCreador: ctx.usuario?._id ?? null,
    ...(await columnas(ctx, campos)),
  });
  return guardado(ctx, creado.fila, creado.solicitudDuplicada);
}

/**
 * Spec 000 §7: a contact created offline travels inside the offline sale or order that names it
 * (`contactoPendiente` in the header, the body's first element). It is created first, idempotently, so
 * the document is linked to it whichever of the two syncs first. Its id; null when none travels.
 */
export async function contactoQueViajaConLaVenta(
  ctx: CtxConSesion,
  pendiente: unknown,
): Promise<string | null> {
  const cabecera = (pendiente as readonly unknown[] | null)?.[0] as { contactoPendiente?: unknown } | null;
  const contacto = cabecera?.contactoPendiente;
  if (contacto === undefined || contacto === null) {
    return null;
  }
  // The POS offers «Nuevo cliente» only with this right; the server holds to it whatever arrives.
  if (!tienePermiso(ctx.usuario.privilegios, 'clientes', 'crear')) {
    throw new AppError('prohibido', 'No tienes permiso para crear el cliente nuevo de este documento.', {
      datos: { sinPermiso: true },
    });
  }
  return (await crearContacto(ctx, validar(CrearContacto, contacto, 'contactoPendiente'))).clientedb._id;
}

/** GET /cliente/{id}. */
export async function obtenerContacto(ctx: Ctx, id: string): Promise<Contacto> {
  const [contacto] = await aContactos(ctx, [await filaPorId(ctx, id)]);
  return contacto as Contacto;
}

/**
 * The customer a sale names (spec 000 §7): by id, or by the identificadorUnico a POS draft still holds for
 * a contact created offline that has synced since (the draft was made before the server knew its id).
 */
export async function contactoDeUnaVenta(ctx: Ctx, id: string): Promise<Contacto> {
  // By id first: every sale but those few takes the primary key alone (one «or» slowed the sync).
  const fila =
    (await filaPor(ctx, contactos.id, id)) ?? (await filaPor(ctx, contactos.identificadorUnico, id));
  if (!fila) {
    throw new AppError('no_encontrado', NO_EXISTE);
  }
  const [contacto] = await aContactos(ctx, [fila]);
  return contacto as Contacto;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Locks, until the caller's transaction ends, the rows of the customers among `ids` that have a credit
 * limit, in id order (so two sales never wait on each other crosswise). A sale checking the credit
 * limit (spec 001 §5) takes it before reading what the customer owes: the next sale to the same
 * customer waits here and then reads this one's invoice, so concurrent sales cannot each see the
 * balance without the others. FOR NO KEY UPDATE: invoices referencing the customer (cash sales) and
 * its receipts do not wait for it. Returns the ids locked.
 */
export async function bloquearClientesConLimite(ctx: Ctx, ids: Iterable<string>): Promise<string[]> {
  const validos = [...new Set(ids)].filter((id) => UUID.test(id));
  if (validos.length === 0) {
    return [];
  }
  const bloqueados = await ctx.tx
    .select({ id: contactos.id })
    .from(contactos)
    .where(
      and(
        eq(contactos.tenantId, ctx.tenantId),
        inArray(contactos.id, validos),
        sql`${contactos.limiteCredito} > 0`,
      ),
    )
    .orderBy(asc(contactos.id))
    .for('no key update');
  return bloqueados.map((fila) => fila.id);
}

// Spec 000 §4, 002 §4: normal lists show activo contacts. A contact cancelled directly keeps
// activo (the lifecycle only clears it on a supervisor's approval) but is no longer offered.
function visibles(): SQL {
  return and(eq(contactos.activo, true), ne(contactos.estado, 'Anulado')) as SQL;
}

// Spec 000 §6: a reseller sees only the contacts they created, whatever the request asks.
function soloLosPropios(ctx: CtxConSesion): SQL | undefined {
  return ctx.usuario.revendedor ? eq(contactos.idUsuarioCreador, ctx.usuario._id) : undefined;
}

function escaparLike(texto: string): string {
  return texto.replace(/[\\%_]/g, '\\$&');
}

/** POST /cliente/contactos: one page (25 by default, spec 002 §9) with the spec's filters. */
export async function listarContactos(
  ctx: CtxConSesion,
  filtro: FiltroContactos,
): Promise<{ res: Contacto[]; totalRows: number }> {
  const condiciones: Array<SQL | undefined> = [eq(contactos.tenantId, ctx.tenantId), soloLosPropios(ctx)];
  condiciones.push(filtro.buscarPorEstado === '' ? visibles() : eq(contactos.estado, filtro.buscarPorEstado));
  if (filtro.tipoDeContacto === 'cliente' || filtro.tipoDeContacto === 'proveedor') {
    condiciones.push(inArray(contactos.tipoDeContacto, [filtro.tipoDeContacto, 'ambos']));
  } else if (filtro.tipoDeContacto === 'ambos') {
    condiciones.push(eq(contactos.tipoDeContacto, 'ambos'));
  }
  if (filtro.idRuta) {
    condiciones.push(eq(contactos.idRuta, filtro.idRuta));
  }
  if (filtro.revendedor && filtro.idUsuarioCreador) {
    condiciones.push(eq(contactos.idUsuarioCreador, filtro.idUsuarioCreador));
  }
  if (filtro.input !== '') {
    const patron = `%${escaparLike(filtro.input)}%`;
    const digitos = filtro.input.replace(/[\s-]/g, '');
    condiciones.push(
      or(
        ilike(sql`${contactos.nombre} || ' ' || ${contactos.apellidos}`, patron),
        ilike(contactos.rnc, `%${escaparLike(digitos)}%`),
        ilike(contactos.telefono, patron),
        ilike(contactos.movil, patron),
        ilike(contactos.correo, patron),
      ),
    );
  }
  const donde = and(...condiciones);
  const [total] = await ctx.tx.select({ total: count() }).from(contactos).where(donde);
  const filas = await ctx.tx
    .select()
    .from(contactos)
    .where(donde)
    .orderBy(asc(sql`lower(${contactos.nombre})`), asc(contactos.apellidos), asc(contactos.id))
    .limit(filtro.limit)
    .offset((filtro.page - 1) * filtro.limit);
  return { res: await aContactos(ctx, filas), totalRows: total?.total ?? 0 };
}

/** GET /cliente/: every contact still offered, for the offline download (spec 000 §7). */
export async function todosLosContactos(ctx: CtxConSesion): Promise<Contacto[]> {
  const filas = await ctx.tx
    .select()
    .from(contactos)
    .where(and(eq(contactos.tenantId, ctx.tenantId), visibles(), soloLosPropios(ctx)))
    .orderBy(asc(sql`lower(${contactos.nombre})`), asc(contactos.id));
  return aContactos(ctx, filas);
}

/** POST cliente/buscar-contacto-por-funcion: drivers, operators or stock keepers (spec 001 §7). */
export async function buscarContactosPorFuncion(ctx: Ctx, funcion: string): Promise<Contacto[]> {
  const filas = await ctx.tx
    .select()
    .from(contactos)
    .where(and(eq(contactos.tenantId, ctx.tenantId), visibles(), eq(contactos.funcionEnLaEmpresa, funcion)))
    .orderBy(asc(sql`lower(${contactos.nombre})`));
  return aContactos(ctx, filas);
}

/** Tables whose rows point at the contact (found through their foreign keys, whatever module owns them). */
export async function documentosDelContacto(ctx: Ctx, id: string): Promise<string[]> {
  return tablasQueUsan(ctx.tx, ctx.tenantId, await referenciasA(ctx.tx, 'contactos'), id);
}

/** GET /cliente/validar-existencia/{id}. */
export async function validarExistenciaDeDocumentos(
  ctx: Ctx,
  id: string,
): Promise<{ validacion: [{ tieneDocumentos: boolean }] }> {
  await filaPorId(ctx, id);
  return { validacion: [{ tieneDocumentos: (await documentosDelContacto(ctx, id)).length > 0 }] };
}

function estadoDeAnulacion(fila: FilaContacto): EstadoDeAnulacion {
  return {
    estado: fila.estado,
    ...(fila.autorizacion ? { autorizacion: fila.autorizacion } : {}),
    activo: fila.activo,
    notaAnular: fila.notaAnular,
    notaAutorizacion: fila.notaAutorizacion,
  };
}

async function guardarEstado(ctx: Ctx, id: string, nuevo: EstadoDeAnulacion): Promise<FilaContacto> {
  const [fila] = await ctx.tx
    .update(contactos)
    .set({
      estado: nuevo.estado,
      autorizacion: nuevo.autorizacion ?? null,
      activo: nuevo.activo,
      notaAnular: nuevo.notaAnular ?? '',
      notaAutorizacion: nuevo.notaAutorizacion ?? '',
      actualizadoEn: new Date(),
    })
    .where(and(eq(contactos.tenantId, ctx.tenantId), eq(contactos.id, id)))
    .returning();
  if (!fila) {
    throw new AppError('no_encontrado', NO_EXISTE);
  }
  return fila;
}

function rechazo(mensaje: string): AppError {
  return mensaje === MENSAJE_MOTIVO_REQUERIDO
    ? new AppError('solicitud_invalida', mensaje, { errores: [{ campo: 'notaAnular', mensaje }] })
    : new AppError('conflicto', mensaje);
}

/**
 * PUT /cliente/{id}: updates the contact, or moves it through the cancellation lifecycle
 * (spec 000 §4, 002 §4): asking to cancel is direct with anularYEliminarDocumentos, a request
 * otherwise; a pending request is approved or rejected by a user with that permission.
 */
export async function actualizarContacto(
  ctx: CtxConSesion,
  id: string,
  entrada: ActualizarContacto,
): Promise<ContactoGuardado> {
  const actual = await filaPorId(ctx, id);
  const { estado, notaAnular, autorizacion, notaAutorizacion, ...campos } = entrada;
  const puedeAnular = ctx.usuario.anularYEliminarDocumentos;

  if ((estado === 'Anulado' || estado === 'Por-Anular') && estado !== actual.estado) {
    if (actual.estado === 'Activo') {
      const documentos = await documentosDelContacto(ctx, id);
      if (documentos.some((tabla) => tabla.startsWith('factura'))) {
        throw new AppError('conflicto', MENSAJE_CONTACTO_CON_FACTURAS);
      }
    }
    const paso = transicionDeAnulacion(estadoDeAnulacion(actual), {
      tipo: 'anular',
      anularYEliminarDocumentos: puedeAnular,
      nota: notaAnular ?? '',
    });
    if (!paso.ok) {
      throw rechazo(paso.mensaje);
    }
    return guardado(ctx, await guardarEstado(ctx, id, paso.valor), false);
  }

  if (actual.estado === 'Por-Anular' && (autorizacion === 'Aprobada' || autorizacion === 'Rechazada')) {
    if (!puedeAnular) {
      throw new AppError(
        'prohibido',
        'Solo un supervisor puede aprobar o rechazar la anulación del contacto.',
      );
    }
    const paso = transicionDeAnulacion(
      estadoDeAnulacion(actual),
      autorizacion === 'Aprobada' ? { tipo: 'aprobar', nota: notaAutorizacion ?? '' } : { tipo: 'rechazar' },
    );
    if (!paso.ok) {
      throw rechazo(paso.mensaje);
    }
    return guardado(ctx, await guardarEstado(ctx, id, paso.valor), false);
  }

  if (actual.estado === 'Anulado') {
    throw new AppError('conflicto', 'El contacto está anulado y no se puede modificar.');
  }
  const [fila] = await ctx.tx
    .update(contactos)
    .set({ ...(await columnas(ctx, campos)), actualizadoEn: new Date() })
    .where(and(eq(contactos.tenantId, ctx.tenantId), eq(contactos.id, id)))
    .returning();
  if (!fila) {
    throw new AppError('no_encontrado', NO_EXISTE);
  }
  return guardado(ctx, fila, false);
}

/** DELETE /cliente/eliminar/{id}: only a contact without documents, by a user who may delete documents. */
export async function eliminarContacto(ctx: CtxConSesion, id: string): Promise<{ message: string }> {
  if (!ctx.usuario.anularYEliminarDocumentos) {
    throw new AppError('prohibido', 'No tienes permiso para eliminar contactos.');
  }
  const fila = await filaPorId(ctx, id);
  if ((await documentosDelContacto(ctx, id)).length > 0) {
    throw new AppError('conflicto', MENSAJE_CONTACTO_CON_DOCUMENTOS);
  }
  await ctx.tx.delete(contactos).where(and(eq(contactos.tenantId, ctx.tenantId), eq(contactos.id, id)));
  return { message: `Contacto «${[fila.nombre, fila.apellidos].join(' ').trim()}» eliminado.` };
}

/**
 * POST /cliente/sincronizar-contactos-offline: creates each pending contact in its own transaction.
 * A contact already synced comes back as created (its identificadorUnico), so the browser removes
 * it; one that fails validation is reported and the others still sync (spec 000 §4 "Sync").
 */
export async function sincronizarContactos(
  sesion: SesionDeLote,
  pendientes: Array<{ identificadorUnico: string } & Record<string, unknown>>,
): Promise<{ contactoCreados: Contacto[]; rechazados: DocumentoRechazado[] }> {
  const { creados, rechazados } = await cadaPendiente(
    sesion,
    pendientes,
    (pendiente) => (pendiente as { identificadorUnico: string }).identificadorUnico,
    async (ctx, pendiente) =>
      (await crearContacto(ctx, validar(CrearContacto, pendiente, 'contacto'))).clientedb,
    // A twin synced by another device at the same time won: its contact is the answer.
    (ctx, identificadorUnico) => contactoDeUnaVenta(ctx, identificadorUnico),
  );
  return { contactoCreados: creados, rechazados };
}

/**
 * The active contact whose phone or mobile has the same digits as `telefono` (a booking names its
 * client by phone; docs/reservaciones.md), or null. The oldest one when several share it.
 */
export async function contactoPorTelefono(ctx: Ctx, telefono: string): Promise<string | null> {
  const digitos = telefono.replace(/\D/g, '');
  if (digitos.length < 7) {
    return null;
  }
  const [fila] = await ctx.tx
    .select({ id: contactos.id })
    .from(contactos)
    .where(
      and(
        eq(contactos.tenantId, ctx.tenantId),
        eq(contactos.activo, true),
        or(
          sql`regexp_replace(${contactos.telefono}, '\\D', '', 'g') = ${digitos}`,
          sql`regexp_replace(${contactos.movil}, '\\D', '', 'g') = ${digitos}`,
        ),
      ),
    )
    .orderBy(asc(contactos.creadoEn))
    .limit(1);
  return fila?.id ?? null;
}
