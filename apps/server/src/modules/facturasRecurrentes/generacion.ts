import { CrearFactura, tienePermiso } from '@pos/contract';
import { fechaDelPeriodo, hoyEnSantoDomingo, proximaFecha } from '@pos/domain';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { type BaseDeDatos, filas, type Tx } from '../../db/client.ts';
import { enviarCorreoDeDocumento } from '../../documentos/correo.ts';
import { AppError, errorDePostgres, ReintentarSolicitud } from '../../http/errors.ts';
import type { CtxConSesion } from '../../http/handle.ts';
import { empresasDeLaInstalacion, exigirPlanActivo, sqlPlanSuspendido } from '../empresas/service.ts';
import { prepararCorreoDeFactura } from '../facturas/correo.ts';
import { crearFactura } from '../facturas/crear.ts';
import { buscarUsuarioPorId } from '../usuarios/service.ts';
import { recurrenciaDe } from './service.ts';
import {
  type FilaFacturaRecurrente,
  facturasRecurrentes,
  facturasRecurrentesGeneradas,
  lineasFacturaRecurrente,
} from './tables.ts';

// `GET cron-tareas/crear-facturas-recurrentes` (spec 001 §7, 002 §7 "Configuration"): every invoice
// due by today, through the same path as any sale (NCF, stock, journal, receivable). Exactly once per
// period: the invoice's identificadorUnico is derived from the template and the period, so a second
// run at the same time, or a run after a crash between the sale and the template's step forward,
// finds the invoice already made (crearFactura's one duplicate protection) instead of making another.

/** A long-idle template catches up this many periods per run at most (the next run goes on). */
const PERIODOS_POR_CORRIDA = 24;

/** The identificadorUnico of the invoice of one period of a template. */
export function identificadorDelPeriodo(idFacturaRecurrente: string, periodo: number): string {
  return `recurrente-${idFacturaRecurrente}-${periodo}`;
}

type Paso = { tipo: 'creada' | 'existente'; idFactura: string; correo: string | null } | { tipo: 'nada' };

// The template's creator makes the sale, with the rights they hold now (and the plan's read mode).
async function contextoDelCreador(
  tx: Tx,
  tenantId: number,
  fila: FilaFacturaRecurrente,
): Promise<CtxConSesion> {
  const usuario = await buscarUsuarioPorId(tx, fila.idUsuarioCreador);
  if (!usuario?.activo || !tienePermiso(usuario.privilegios, 'facturas', 'crear')) {
    throw new AppError(
      'prohibido',
      `El usuario que creó la factura recurrente (${fila.creadaPor}) ya no puede crear facturas; edítala con otro usuario.`,
    );
  }
  const [plan] = await filas<{ suspendido: boolean }>(
    tx,
    sql`select ${sqlPlanSuspendido(tenantId)} as suspendido`,
  );
  const { passwordHash: _hash, id: _id, ...resto } = usuario;
  const ctx: CtxConSesion = {
    tx,
    tenantId,
    ip: '',
    usuario: { ...resto, sesionId: '', planSuspendido: Boolean(plan?.suspendido) },
  };
  exigirPlanActivo(ctx);
  return ctx;
}

/** One period of one template, in one transaction: the sale, its record, the template's step forward. */
async function facturarSiguientePeriodo(
  db: BaseDeDatos,
  tenantId: number,
  id: string,
  hoy: string,
): Promise<Paso> {
  return db.enEmpresa(tenantId, async (tx) => {
    // Two runs at once wait here for each other on the same template.
    const [fila] = await tx
      .select()
      .from(facturasRecurrentes)
      .where(and(eq(facturasRecurrentes.tenantId, tenantId), eq(facturasRecurrentes.id, id)))
      .for('update');
    if (fila?.estado !== 'Activo' || fila.proximaFecha === null || fila.proximaFecha > hoy) {
      return { tipo: 'nada' };
    }
    const ctx = await contextoDelCreador(tx, tenantId, fila);
    const recurrencia = recurrenciaDe(fila);
    const periodo = fila.siguientePeriodo;
    const fecha = fechaDelPeriodo(recurrencia, periodo);
    const lineas = await tx
      .select()
      .from(lineasFacturaRecurrente)
      .where(and(eq(lineasFacturaRecurrente.tenantId, tenantId), eq(lineasFacturaRecurrente.idDocumento, id)))
      .orderBy(asc(lineasFacturaRecurrente.orden));
    const entrada = CrearFactura.parse([
      {
        identificadorUnico: identificadorDelPeriodo(id, periodo),
        idCliente: fila.idCliente,
        nombreOpcional: fila.nombreOpcional,
        idNumeracion: fila.idNumeracionFacturas,
        idListaDePrecio: fila.idListaDePrecio,
        almacenActual: fila.idAlmacen,
        fechaEmision: fecha,
        // Billed on credit: the customer pays within plazoPagos (spec 001 §3, default 30).
        plazoPagos: fila.plazoPagos,
        efectivoRecibido: 0,
        notaPieDePagina: fila.notaPieDePagina,
        notaInformacionInterna: fila.notaInformacionInterna,
      },
      lineas.map((l) => ({
        idProducto: l.idProducto,
        idCodigoDeBarra: l.idCodigoDeBarra,
        descripcion: l.descripcion,
        nota: l.nota,
        cantidad: Number(l.cantidad),
        precio: Number(l.precio),
        descuento: Number(l.descuento),
      })),
    ]);
    const creada = await crearFactura(ctx, entrada);
    const idFactura = creada.facturadb._id;
    await tx
      .insert(facturasRecurrentesGeneradas)
      .values({ tenantId, idFacturaRecurrente: id, periodo, fecha, idFactura })
      .onConflictDoNothing();
    await tx
      .update(facturasRecurrentes)
      .set({
        siguientePeriodo: periodo + 1,
        proximaFecha: proximaFecha(recurrencia, periodo + 1),
        ultimoError: '',
      })
      .where(and(eq(facturasRecurrentes.tenantId, tenantId), eq(facturasRecurrentes.id, id)));
    return {
      tipo: creada.solicitudDuplicada ? 'existente' : 'creada',
      idFactura,
      correo: fila.enviarPorCorreo && fila.correo ? fila.correo : null,
    };
  });
}

// A refusal (numbering exhausted, a product removed, the creator without rights) is kept on the
// template for its screen, and the template waits for the next run; the others go on.
async function anotarError(db: BaseDeDatos, tenantId: number, id: string, mensaje: string): Promise<void> {
  await db.enEmpresa(tenantId, (tx) =>
    tx
      .update(facturasRecurrentes)
      .set({ ultimoError: mensaje })
      .where(and(eq(facturasRecurrentes.tenantId, tenantId), eq(facturasRecurrentes.id, id))),
  );
}

// The customer's copy, after the sale committed; a mail failure never undoes the invoice.
async function enviarFactura(db: BaseDeDatos, tenantId: number, idFactura: string, correo: string) {
  try {
    const preparado = await db.enEmpresa(tenantId, (tx) =>
      prepararCorreoDeFactura({ tx, tenantId, ip: '', usuario: null }, idFactura, { correo }, undefined),
    );
    await enviarCorreoDeDocumento(preparado);
    return true;
  } catch {
    return false;
  }
}

type Resumen = {
  facturasCreadas: number;
  facturasExistentes: number;
  plantillasConError: number;
  correosEnviados: number;
};

const resumenVacio = (): Resumen => ({
  facturasCreadas: 0,
  facturasExistentes: 0,
  plantillasConError: 0,
  correosEnviados: 0,
});

/** Every period of one template due by `hoy` (up to PERIODOS_POR_CORRIDA), each in its transaction. */
async function facturarPlantilla(
  db: BaseDeDatos,
  tenantId: number,
  id: string,
  hoy: string,
  resumen: Resumen,
): Promise<void> {
  for (let i = 0; i < PERIODOS_POR_CORRIDA; i += 1) {
    let paso: Paso;
    try {
      paso = await conUnReintento(() => facturarSiguientePeriodo(db, tenantId, id, hoy));
    } catch (error) {
      const rechazo = error instanceof AppError ? error : errorDePostgres(error);
      if (!rechazo) {
        throw error;
      }
      await anotarError(db, tenantId, id, rechazo.message);
      resumen.plantillasConError += 1;
      return;
    }
    if (paso.tipo === 'nada') {
      return;
    }
    if (paso.tipo === 'existente') {
      resumen.facturasExistentes += 1;
      continue;
    }
    resumen.facturasCreadas += 1;
    if (paso.correo && (await enviarFactura(db, tenantId, paso.idFactura, paso.correo))) {
      resumen.correosEnviados += 1;
    }
  }
}

/** The scheduled task: every company, every active template with an invoice due by `ahora`'s day. */
export async function crearFacturasRecurrentes(db: BaseDeDatos, ahora: Date): Promise<Resumen> {
  const hoy = hoyEnSantoDomingo(ahora);
  const resumen = resumenVacio();
  for (const tenantId of await empresasDeLaInstalacion(db)) {
    const vencidas = await db.enEmpresa(tenantId, (tx) =>
      tx
        .select({ id: facturasRecurrentes.id })
        .from(facturasRecurrentes)
        .where(
          and(
            eq(facturasRecurrentes.tenantId, tenantId),
            eq(facturasRecurrentes.estado, 'Activo'),
            lte(facturasRecurrentes.proximaFecha, hoy),
          ),
        ),
    );
    for (const { id } of vencidas) {
      await facturarPlantilla(db, tenantId, id, hoy, resumen);
    }
  }
  return resumen;
}

/**
 * POST /factura-recurrente/generar/{id} (docs/documents.md «Facturas recurrentes»): what the scheduled
 * task would bill of this one template today, now, by the same path; never a period ahead of its date.
 * The template's refusal, if any, comes back as `ultimoError`.
 */
export async function generarFacturasDeLaPlantilla(
  db: BaseDeDatos,
  tenantId: number,
  id: string,
  ahora: Date = new Date(),
): Promise<Resumen & { ultimoError: string }> {
  const existe = await db.enEmpresa(tenantId, (tx) =>
    tx
      .select({ id: facturasRecurrentes.id })
      .from(facturasRecurrentes)
      .where(and(eq(facturasRecurrentes.tenantId, tenantId), eq(facturasRecurrentes.id, id))),
  );
  if (existe.length === 0) {
    throw new AppError('no_encontrado', 'La factura recurrente no existe.');
  }
  const resumen = resumenVacio();
  await facturarPlantilla(db, tenantId, id, hoyEnSantoDomingo(ahora), resumen);
  const [despues] = await db.enEmpresa(tenantId, (tx) =>
    tx
      .select({ ultimoError: facturasRecurrentes.ultimoError })
      .from(facturasRecurrentes)
      .where(and(eq(facturasRecurrentes.tenantId, tenantId), eq(facturasRecurrentes.id, id))),
  );
  return { ...resumen, ultimoError: resumen.plantillasConError > 0 ? (despues?.ultimoError ?? '') : '' };
}

// A twin run that won the race on the same invoice (ReintentarSolicitud): the retry finds its invoice.
async function conUnReintento<T>(intento: () => Promise<T>): Promise<T> {
  try {
    return await intento();
  } catch (error) {
    if (error instanceof ReintentarSolicitud) {
      return intento();
    }
    throw error;
  }
}
