import { randomUUID } from 'node:crypto';
import {
  type ActualizarExpediente,
  type Adjunto,
  type AnularExpediente,
  type Contacto,
  type CrearExpediente,
  type DetalleExpediente,
  type DocumentoExpediente,
  type Evento,
  type Expediente,
  type LineaExpedienteEntrada,
  MENSAJE_EXPEDIENTE_ACTUALIZADO,
  MENSAJE_EXPEDIENTE_CREADO,
  MENSAJE_MOTIVO_EXPEDIENTE,
  type Tarea,
} from '@pos/contract';
import {
  cambiosDeTareas,
  type DatosDePlantilla,
  datosDePlantilla,
  fechaYHoraEnSantoDomingo,
  llenarPlantilla,
  plantillaDeExpediente,
} from '@pos/domain';
import { and, eq } from 'drizzle-orm';
import { crearUnaVez } from '../../db/sinDuplicados.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx, CtxConSesion } from '../../http/handle.ts';
import { anularDocumento, RESULTADO_EN_MASCULINO } from '../anulaciones/service.ts';
import { obtenerContacto } from '../contactos/service.ts';
import { obtenerConfiguracionGeneral } from '../empresas/service.ts';
import { tomarNumero } from '../numeracion/service.ts';
import { exigirAdjuntos, tipoDeAdjunto } from './adjuntos.ts';
import {
  aExpediente,
  detalleDe,
  type FilaExpediente,
  type FilaLineaExpediente,
  filaDeExpediente,
  lineasDe,
  TIPO_DOCUMENTO_EXPEDIENTE,
} from './lectura.ts';
import { expedientes, lineasExpediente } from './tables.ts';

// Case files (spec 002 §3 "Case file", §4, §7 "POST /expediente/"; docs/expedientes.md): creating,
// changing and cancelling one. Everything a save writes happens in the request's one transaction.

type CabeceraEntrada = CrearExpediente['expedienteCabecera'];

/** The client a case file names: an existing contact that is not cancelled, read through its module. */
async function clienteDelExpediente(ctx: Ctx, idCliente: string): Promise<Contacto> {
  const contacto = await obtenerContacto(ctx, idCliente).catch((error: unknown) => {
    if (error instanceof AppError && error.codigo === 'no_encontrado') {
      return undefined;
    }
    throw error;
  });
  if (!contacto || contacto.estado === 'Anulado') {
    const mensaje = contacto
      ? 'El cliente del expediente está anulado.'
      : 'El cliente del expediente no existe.';
    throw new AppError('solicitud_invalida', mensaje, {
      errores: [{ campo: 'expedienteCabecera.idCliente', mensaje }],
    });
  }
  return contacto;
}

/** The header's client fields: each one given, else the stored one (same client), else the contact's. */
function datosDelCliente(
  entrada: CabeceraEntrada | ActualizarExpediente['expedienteCabecera'],
  contacto: Contacto,
  guardado?: FilaExpediente,
) {
  const mismo = guardado?.idCliente === contacto._id;
  const de = <K extends 'correo' | 'telefono' | 'movil' | 'direccion'>(campo: K) =>
    entrada[campo] ?? (mismo && guardado ? guardado[campo] : contacto[campo]);
  return {
    idCliente: contacto._id,
    nombre:
      entrada.nombre ||
      (mismo && guardado ? guardado.nombre : [contacto.nombre, contacto.apellidos].filter(Boolean).join(' ')),
    numeroDeIdentificacion:
      entrada.numeroDeIdentificacion ?? (mismo && guardado ? guardado.numeroDeIdentificacion : contacto.rnc),
    correo: de('correo'),
    telefono: de('telefono'),
    movil: de('movil'),
    direccion: de('direccion'),
  };
}

/** What the templates fill from: the case file's client and dates, and the company. */
async function datosParaPlantillas(
  ctx: Ctx,
  cabecera: ReturnType<typeof datosDelCliente> & { comprobante: string; fechaEmision: string },
): Promise<DatosDePlantilla> {
  const [empresa] = (await obtenerConfiguracionGeneral(ctx)).configGeneral;
  return datosDePlantilla({
    ...cabecera,
    empresa: { nombre: empresa.nombre, rnc: empresa.rnc, direccion: empresa.direccion },
  });
}

/** A timeline entry the server records. */
function eventoAutomatico(ctx: CtxConSesion, descripcion: string, ahora: string): Evento {
  return { _id: randomUUID(), fecha: ahora, descripcion, usuario: ctx.usuario.username, automatico: true };
}

/**
 * The processes as they will be stored (docs/expedientes.md «Procesos»): numbered 1… in the order given;
 * a process, task, document or attachment with the `_id` of a stored one of the same process keeps it, the
 * others get new ids. A document from a template sent without text is written from the template, and any
 * {{campo}} mark left in a document's text is filled with the case file's data (docs/expedientes.md). The
 * timeline keeps every stored entry, adds the ones typed and records each task added, changed or removed.
 */
async function prepararProcesos(
  ctx: CtxConSesion,
  carpeta: string | undefined,
  idExpediente: string,
  entradas: readonly LineaExpedienteEntrada[],
  guardadas: readonly FilaLineaExpediente[],
  datos: DatosDePlantilla,
): Promise<FilaLineaExpediente[]> {
  const porId = new Map(guardadas.map((l) => [l.id, l]));
  const archivosGuardados = new Set(guardadas.flatMap((l) => l.adjuntos.map((a) => a.contenido)));
  const nuevosArchivos: Array<{ campo: string; contenido: string }> = [];
  const ahora = new Date().toISOString();
  const usadas = new Set<string>();
  const filas: FilaLineaExpediente[] = [];
  for (const [indice, entrada] of entradas.entries()) {
    const previa = entrada._id ? porId.get(entrada._id) : undefined;
    if (entrada._id && !previa) {
      const mensaje = `El proceso ${indice + 1} no es de este expediente; recarga el expediente.`;
      throw new AppError('solicitud_invalida', mensaje, {
        errores: [{ campo: `lineasExpediente.${indice}._id`, mensaje }],
      });
    }
    const id = previa && !usadas.has(previa.id) ? previa.id : randomUUID();
    usadas.add(id);
    const conservar = <T extends { _id: string }>(
      lista: readonly T[] | undefined,
      idDado: string | undefined,
    ) => (idDado && lista?.some((x) => x._id === idDado) ? idDado : randomUUID());
    const tareas: Tarea[] = [];
    for (const t of entrada.tareas) {
      const idTarea = conservar(previa?.tareas, t._id);
      tareas.push({
        _id: tareas.some((x) => x._id === idTarea) ? randomUUID() : idTarea,
        nombre: t.nombre,
        nota: t.nota,
        estado: t.estado,
      });
    }
    const documentos: DocumentoExpediente[] = entrada.documentContent.map((d) => {
      const plantilla = d.file ? plantillaDeExpediente(d.file) : undefined;
      return {
        _id: conservar(previa?.documentos, d._id),
        nombre: d.nombre,
        nota: d.nota,
        // A mark left in the text (the number of a case file not yet saved) is filled now too.
        contenido: llenarPlantilla(
          d.contenido.trim() === '' && plantilla ? plantilla.texto : d.contenido,
          datos,
        ),
        file: d.file,
      };
    });
    const adjuntos: Adjunto[] = entrada.archivosAdjunto.map((a, i) => {
      if (!archivosGuardados.has(a.contenido)) {
        nuevosArchivos.push({
          campo: `lineasExpediente.${indice}.archivosAdjunto.${i}.contenido`,
          contenido: a.contenido,
        });
      }
      return {
        _id: conservar(previa?.adjuntos, a._id),
        nombre: a.nombre,
        nota: a.nota,
        contenido: a.contenido,
        tipo: tipoDeAdjunto(a.contenido),
      };
    });
    const cambios = previa
      ? cambiosDeTareas(previa.tareas, tareas)
      : [`Proceso «${entrada.nombre}» creado.`, ...cambiosDeTareas([], tareas)];
    const typed = entrada.eventos
      .filter((e) => !(e._id && previa?.eventos.some((x) => x._id === e._id)))
      .map(
        (e): Evento => ({
          _id: randomUUID(),
          fecha: e.fecha ?? ahora,
          descripcion: e.descripcion,
          usuario: ctx.usuario.username,
          automatico: false,
        }),
      );
    filas.push({
      tenantId: ctx.tenantId,
      id,
      idExpediente,
      numero: indice + 1,
      nombre: entrada.nombre,
      descripcion: entrada.descripcion,
      contenido: entrada.contenido,
      estado: entrada.estado,
      tareas,
      documentos,
      adjuntos,
      eventos: [...(previa?.eventos ?? []), ...cambios.map((c) => eventoAutomatico(ctx, c, ahora)), ...typed],
    });
  }
  await exigirAdjuntos(ctx, carpeta, nuevosArchivos);
  return filas;
}

async function insertarProcesos(ctx: Ctx, filas: readonly FilaLineaExpediente[]): Promise<void> {
  if (filas.length > 0) {
    await ctx.tx.insert(lineasExpediente).values([...filas]);
  }
}

/**
 * POST /expediente/ (spec 002 §7): {expedienteCabecera, lineasExpediente} in one transaction, answered
 * with 'Expediente creado correctamente'. A retry with the same identificadorUnico answers the case file
 * already created (solicitudDuplicada) and writes nothing. The number comes from the 'expediente'
 * numbering chosen (or the default, EX…), taken last so a refusal leaves no gap (invariant 5).
 */
export async function crearExpediente(
  ctx: CtxConSesion,
  entrada: CrearExpediente,
  carpeta: string | undefined,
): Promise<DetalleExpediente & { message: string; solicitudDuplicada: boolean }> {
  const identificadorUnico = (entrada.identificadorUnico ??
    entrada.expedienteCabecera.identificadorUnico) as string;
  const { fila, solicitudDuplicada } = await crearUnaVez({
    indice: 'expedientes_identificador_unico',
    buscar: async () => {
      const [existente] = await ctx.tx
        .select()
        .from(expedientes)
        .where(
          and(eq(expedientes.tenantId, ctx.tenantId), eq(expedientes.identificadorUnico, identificadorUnico)),
        )
        .limit(1);
      return existente;
    },
    crear: () => escribirExpediente(ctx, entrada, identificadorUnico, carpeta),
  });
  return { ...(await detalleDe(ctx, fila)), message: MENSAJE_EXPEDIENTE_CREADO, solicitudDuplicada };
}

async function escribirExpediente(
  ctx: CtxConSesion,
  entrada: CrearExpediente,
  identificadorUnico: string,
  carpeta: string | undefined,
): Promise<FilaExpediente> {
  const c = entrada.expedienteCabecera;
  const ahora = fechaYHoraEnSantoDomingo(new Date());
  const fechaEmision = c.fechaEmision ?? ahora.fecha;
  if (c.vencimiento && c.vencimiento < fechaEmision) {
    throw vencimientoInvalido();
  }
  const cliente = datosDelCliente(c, await clienteDelExpediente(ctx, c.idCliente));
  const id = randomUUID();
  // The templates need the number: checked lines are prepared once it is taken, in the same transaction.
  const numero = await tomarNumero(ctx, 'expediente', c.idNumeracion ?? undefined);
  const datos = await datosParaPlantillas(ctx, { ...cliente, comprobante: numero.comprobante, fechaEmision });
  const procesos = await prepararProcesos(ctx, carpeta, id, entrada.lineasExpediente, [], datos);
  const [cabecera] = await ctx.tx
    .insert(expedientes)
    .values({
      tenantId: ctx.tenantId,
      id,
      identificadorUnico,
      idNumeracion: numero.idNumeracion,
      numeracionNombre: numero.numeracionNombre,
      numero: numero.numero,
      comprobante: numero.comprobante,
      ...cliente,
      nota: c.nota,
      fechaEmision,
      hora: c.hora ?? ahora.hora.slice(0, 5),
      vencimiento: c.vencimiento ?? null,
      idUsuarioCreador: ctx.usuario._id,
      creadaPor: ctx.usuario.username,
    })
    .returning();
  if (!cabecera) {
    throw new Error('La inserción del expediente no devolvió fila');
  }
  await insertarProcesos(ctx, procesos);
  return cabecera;
}

function vencimientoInvalido(): AppError {
  const mensaje = 'El vencimiento no puede ser anterior a la fecha de emisión';
  return new AppError('solicitud_invalida', mensaje, {
    errores: [{ campo: 'expedienteCabecera.vencimiento', mensaje }],
  });
}

function exigirActivo(fila: FilaExpediente): void {
  if (fila.estado !== 'Activo') {
    throw new AppError(
      'conflicto',
      fila.estado === 'Anulado'
        ? `El expediente ${fila.comprobante} está anulado; solo se modifica un expediente activo.`
        : `El expediente ${fila.comprobante} tiene una solicitud de anulación pendiente; solo se modifica un expediente activo.`,
    );
  }
}

/**
 * PUT /expediente/{id} (docs/expedientes.md «Modificar»): only an Activo case file. The header's fields
 * sent replace the stored ones; `lineasExpediente` is the final list of processes (a stored one not sent
 * is removed). The number and the creation stay.
 */
export async function actualizarExpediente(
  ctx: CtxConSesion,
  id: string,
  entrada: ActualizarExpediente,
  carpeta: string | undefined,
): Promise<DetalleExpediente & { message: string }> {
  const actual = await filaDeExpediente(ctx, id, true);
  exigirActivo(actual);
  const c = entrada.expedienteCabecera;
  const fechaEmision = c.fechaEmision ?? actual.fechaEmision;
  const vencimiento = c.vencimiento === undefined ? actual.vencimiento : c.vencimiento;
  if (vencimiento && vencimiento < fechaEmision) {
    throw vencimientoInvalido();
  }
  const cliente = datosDelCliente(c, await clienteDelExpediente(ctx, c.idCliente), actual);
  const guardadas = await lineasDe(ctx, [actual.id]);
  const datos = await datosParaPlantillas(ctx, { ...cliente, comprobante: actual.comprobante, fechaEmision });
  const procesos = await prepararProcesos(
    ctx,
    carpeta,
    actual.id,
    entrada.lineasExpediente,
    guardadas,
    datos,
  );
  const [cambiado] = await ctx.tx
    .update(expedientes)
    .set({
      ...cliente,
      nota: c.nota,
      fechaEmision,
      hora: c.hora ?? actual.hora,
      vencimiento,
      actualizadoEn: new Date(),
    })
    .where(and(eq(expedientes.tenantId, ctx.tenantId), eq(expedientes.id, actual.id)))
    .returning();
  if (!cambiado) {
    throw new Error('La actualización del expediente no devolvió fila');
  }
  await ctx.tx
    .delete(lineasExpediente)
    .where(and(eq(lineasExpediente.tenantId, ctx.tenantId), eq(lineasExpediente.idExpediente, actual.id)));
  await insertarProcesos(ctx, procesos);
  return { ...(await detalleDe(ctx, cambiado)), message: MENSAJE_EXPEDIENTE_ACTUALIZADO };
}

/**
 * PUT /expediente/anular/{id} (spec 000 §4, 002 §4): a free-text reason; a user with
 * anularYEliminarDocumentos cancels at once, anyone else files a request (Por-Anular / Pendiente) that a
 * supervisor approves or rejects from the audit screen with `autorizacion` on the same call. A case file
 * has no effects to reverse; cancelled, it stays on file (its number is used) and leaves the list.
 */
export async function anularExpediente(
  ctx: CtxConSesion,
  id: string,
  entrada: AnularExpediente,
): Promise<{
  expedienteCabecera: Expediente;
  resultado: 'anulado' | 'solicitado' | 'aprobado' | 'rechazado';
}> {
  const fila = await filaDeExpediente(ctx, id, true);
  const { documento, resultado } = await anularDocumento(
    ctx,
    {
      tipoDocumento: TIPO_DOCUMENTO_EXPEDIENTE,
      id,
      numero: fila.comprobante,
      estado: fila.estado,
      nombre: `El expediente ${fila.comprobante}`,
      anulado: 'anulado',
    },
    entrada,
    {
      motivo: async () => {
        if (!entrada.notaAnular) {
          throw new AppError('solicitud_invalida', MENSAJE_MOTIVO_EXPEDIENTE, {
            errores: [{ campo: 'notaAnular', mensaje: MENSAJE_MOTIVO_EXPEDIENTE }],
          });
        }
        return { tipoDeAnulacion: '', notaAnular: entrada.notaAnular };
      },
      deshacer: async () => {},
      guardar: async (cambio) => {
        const [cambiada] = await ctx.tx
          .update(expedientes)
          .set({
            estado: cambio.estado,
            autorizacion: cambio.autorizacion,
            ...(cambio.notaAutorizacion === undefined ? {} : { notaAutorizacion: cambio.notaAutorizacion }),
            ...(cambio.notaAnular === undefined ? {} : { notaAnular: cambio.notaAnular }),
            actualizadoEn: new Date(),
          })
          .where(and(eq(expedientes.tenantId, ctx.tenantId), eq(expedientes.id, id)))
          .returning();
        return cambiada ?? fila;
      },
    },
  );
  return {
    expedienteCabecera: aExpediente(documento, await lineasDe(ctx, [id])),
    resultado: RESULTADO_EN_MASCULINO[resultado],
  };
}
