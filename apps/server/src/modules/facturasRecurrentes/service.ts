import {
  type ActualizarFacturaRecurrente,
  type AnularFacturaRecurrente,
  type CabeceraDeVentaEntrada,
  type CrearFacturaRecurrente,
  type DetalleFacturaRecurrente,
  type FacturaRecurrente,
  type FiltroFacturasRecurrentes,
  MENSAJE_FACTURA_RECURRENTE_NO_EXISTE,
  MENSAJE_MOTIVO_FACTURA_RECURRENTE,
} from '@pos/contract';
import { proximaFecha, type Recurrencia } from '@pos/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FilaCabecera } from '../../documentos/columnas.ts';
import { type CabeceraDe, type DetalleDe, documento } from '../../documentos/documento.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx, CtxConSesion } from '../../http/handle.ts';
import { facturasPorIds } from '../facturas/lectura.ts';
import { obtenerNumeracion } from '../numeracion/service.ts';
import {
  type FilaFacturaRecurrente,
  facturasRecurrentes,
  facturasRecurrentesGeneradas,
  lineasFacturaRecurrente,
} from './tables.ts';

/** The document type of recurring invoices in the shared cancellation requests. */
export const TIPO_DOCUMENTO_FACTURA_RECURRENTE = 'facturaRecurrente';

type CamposDeRecurrencia = Pick<
  CrearFacturaRecurrente,
  | 'idNumeracion'
  | 'plazoPagos'
  | 'fechaDeInicio'
  | 'fechaVigencia'
  | 'frecuencia'
  | 'frecuenciaTipo'
  | 'enviarPorCorreo'
>;
/** What the kit is handed: the header without the invoices' numbering (the template takes its own). */
type EntradaDelKit = CabeceraDeVentaEntrada & { recurrencia: CamposDeRecurrencia };

type ExtrasDeRecurrente = Omit<
  FacturaRecurrente,
  keyof CabeceraDe<'numeroFacturaRecurrente'> | 'numeroFacturaRecurrente' | 'facturasGeneradas'
> & { idNumeracion: string | null };

const comoRecurrente = (fila: FilaCabecera) => fila as FilaFacturaRecurrente;

/** The recurrence of a row, for the domain's date rules. */
export function recurrenciaDe(fila: FilaFacturaRecurrente): Recurrencia {
  return {
    fechaDeInicio: fila.fechaDeInicio,
    fechaVigencia: fila.fechaVigencia,
    frecuencia: fila.frecuencia,
    frecuenciaTipo: fila.frecuenciaTipo,
  };
}

// The invoices' numbering must be a sales one: the NCF type of every invoice the template generates.
async function numeracionDeFacturas(ctx: Ctx, id: string | null | undefined): Promise<string | null> {
  if (!id) {
    return null;
  }
  const numeracion = await obtenerNumeracion(ctx, id);
  if (numeracion.tipoDeDocumento !== 'ventas') {
    throw new AppError(
      'solicitud_invalida',
      'La numeración de las facturas debe ser una numeración de ventas.',
      {
        errores: [{ campo: 'idNumeracion', mensaje: 'Elige una numeración de ventas' }],
      },
    );
  }
  return numeracion._id;
}

/** The recurrence columns as written on create and on every edit; the schedule restarts from its first due period. */
async function columnasDeRecurrencia(ctx: Ctx, campos: CamposDeRecurrencia, siguientePeriodo: number) {
  const recurrencia: Recurrencia = {
    fechaDeInicio: campos.fechaDeInicio,
    fechaVigencia: campos.fechaVigencia ?? null,
    frecuencia: campos.frecuencia,
    frecuenciaTipo: campos.frecuenciaTipo,
  };
  return {
    idNumeracionFacturas: await numeracionDeFacturas(ctx, campos.idNumeracion),
    plazoPagos: campos.plazoPagos,
    fechaDeInicio: recurrencia.fechaDeInicio,
    fechaVigencia: recurrencia.fechaVigencia,
    frecuencia: recurrencia.frecuencia,
    frecuenciaTipo: recurrencia.frecuenciaTipo,
    enviarPorCorreo: campos.enviarPorCorreo,
    siguientePeriodo,
    proximaFecha: proximaFecha(recurrencia, siguientePeriodo),
    ultimoError: '',
  };
}

// Spec 001 §3 "Recurring invoice", §4, §7: numbered from the 'facturaRecurrente' numbering, moves no
// stock and posts nothing; cancelled with a reason (directly or by request), which stops its invoices.
const kit = documento<'numeroFacturaRecurrente', 'idFacturaRecurrente', EntradaDelKit, ExtrasDeRecurrente>({
  tipo: TIPO_DOCUMENTO_FACTURA_RECURRENTE,
  tablas: { cabecera: facturasRecurrentes, lineas: lineasFacturaRecurrente },
  numeracion: 'facturaRecurrente',
  indiceIdentificador: 'facturas_recurrentes_identificador_unico',
  nombre: 'factura recurrente',
  femenino: true,
  campoNumero: 'numeroFacturaRecurrente',
  campoDocumento: 'idFacturaRecurrente',
  mensajes: { noExiste: MENSAJE_FACTURA_RECURRENTE_NO_EXISTE, sinMotivo: MENSAJE_MOTIVO_FACTURA_RECURRENTE },
  extras: {
    alCrear: (ctx, entrada) => columnasDeRecurrencia(ctx, entrada.recurrencia, 0),
    respuesta(fila) {
      const r = comoRecurrente(fila);
      return {
        idNumeracion: r.idNumeracionFacturas,
        plazoPagos: r.plazoPagos,
        fechaDeInicio: r.fechaDeInicio,
        fechaVigencia: r.fechaVigencia,
        frecuencia: r.frecuencia,
        frecuenciaTipo: r.frecuenciaTipo,
        enviarPorCorreo: r.enviarPorCorreo,
        proximaFecha: r.estado === 'Activo' ? r.proximaFecha : null,
        ultimoError: r.ultimoError,
      };
    },
  },
});

function separar(entrada: CrearFacturaRecurrente | ActualizarFacturaRecurrente): EntradaDelKit {
  const { lineasFacturaRecurrente: _l, ...campos } = entrada;
  // The kit's idNumeracion is the template's own numbering: always its default.
  return { ...campos, idNumeracion: null, recurrencia: campos };
}

async function generadas(ctx: Ctx, ids: readonly string[]) {
  if (ids.length === 0) {
    return [];
  }
  return ctx.tx
    .select({ idFacturaRecurrente: facturasRecurrentesGeneradas.idFacturaRecurrente })
    .from(facturasRecurrentesGeneradas)
    .where(
      and(
        eq(facturasRecurrentesGeneradas.tenantId, ctx.tenantId),
        inArray(facturasRecurrentesGeneradas.idFacturaRecurrente, [...ids]),
      ),
    );
}

async function conteoDeGeneradas(ctx: Ctx, cabeceras: readonly { _id: string }[]) {
  const todas = await generadas(
    ctx,
    cabeceras.map((c) => c._id),
  );
  const porPlantilla = new Map<string, number>();
  for (const g of todas) {
    porPlantilla.set(g.idFacturaRecurrente, (porPlantilla.get(g.idFacturaRecurrente) ?? 0) + 1);
  }
  return porPlantilla;
}

async function aDetalle(
  ctx: Ctx,
  detalle: DetalleDe<'numeroFacturaRecurrente', 'idFacturaRecurrente', ExtrasDeRecurrente>,
): Promise<DetalleFacturaRecurrente> {
  const propias = await ctx.tx
    .select()
    .from(facturasRecurrentesGeneradas)
    .where(
      and(
        eq(facturasRecurrentesGeneradas.tenantId, ctx.tenantId),
        eq(facturasRecurrentesGeneradas.idFacturaRecurrente, detalle.cabecera._id),
      ),
    )
    .orderBy(asc(facturasRecurrentesGeneradas.periodo));
  const facturas = new Map(
    (
      await facturasPorIds(
        ctx,
        propias.map((g) => g.idFactura),
      )
    ).map((f) => [f._id, f]),
  );
  return {
    ...detalle.cabecera,
    facturasGeneradas: propias.length,
    lineasFacturaRecurrente: detalle.lineas,
    listaFacturasGeneradas: propias.map((g) => {
      const factura = facturas.get(g.idFactura);
      return {
        _id: g.idFactura,
        periodo: g.periodo,
        fecha: g.fecha,
        comprobante: factura?.comprobante ?? '',
        total: factura?.total ?? 0,
        pendiente: factura?.pendiente ?? 0,
        estado: factura?.estado ?? '',
      };
    }),
  };
}

/** POST /factura-recurrente/. */
export async function crearFacturaRecurrente(ctx: CtxConSesion, entrada: CrearFacturaRecurrente) {
  const creada = await kit.crear(
    ctx,
    separar(entrada),
    entrada.lineasFacturaRecurrente,
    entrada.identificadorUnico,
  );
  return { ...(await aDetalle(ctx, creada)), solicitudDuplicada: creada.solicitudDuplicada };
}

/**
 * PUT /factura-recurrente/{id}: the kit changes header and lines; the recurrence is written again and
 * its schedule restarts after the periods already billed (a period is never billed twice: the
 * generated invoices' identificadorUnico names it).
 */
export async function actualizarFacturaRecurrente(
  ctx: CtxConSesion,
  id: string,
  entrada: ActualizarFacturaRecurrente,
): Promise<DetalleFacturaRecurrente> {
  const kitEntrada = separar(entrada);
  await kit.actualizar(ctx, id, kitEntrada, entrada.lineasDelete, entrada.lineasFacturaRecurrente);
  const [actual] = await ctx.tx
    .select({ siguientePeriodo: facturasRecurrentes.siguientePeriodo })
    .from(facturasRecurrentes)
    .where(and(eq(facturasRecurrentes.tenantId, ctx.tenantId), eq(facturasRecurrentes.id, id)));
  await ctx.tx
    .update(facturasRecurrentes)
    .set(await columnasDeRecurrencia(ctx, kitEntrada.recurrencia, actual?.siguientePeriodo ?? 0))
    .where(and(eq(facturasRecurrentes.tenantId, ctx.tenantId), eq(facturasRecurrentes.id, id)));
  return aDetalle(ctx, await kit.obtener(ctx, id));
}

/** GET /factura-recurrente/{id}. */
export async function obtenerFacturaRecurrente(ctx: Ctx, id: string): Promise<DetalleFacturaRecurrente> {
  return aDetalle(ctx, await kit.obtener(ctx, id));
}

/** POST /factura-recurrente/todas (14 per page, spec 001 §9). */
export async function listarFacturasRecurrentes(ctx: Ctx, filtro: FiltroFacturasRecurrentes) {
  const pagina = await kit.listar(ctx, filtro);
  const conteo = await conteoDeGeneradas(ctx, pagina.res);
  return {
    res: pagina.res.map((c) => ({ ...c, facturasGeneradas: conteo.get(c._id) ?? 0 })),
    totalRows: pagina.totalRows,
  };
}

async function conConteo(ctx: Ctx, cabecera: CabeceraDe<'numeroFacturaRecurrente', ExtrasDeRecurrente>) {
  return {
    ...cabecera,
    facturasGeneradas: (await conteoDeGeneradas(ctx, [cabecera])).get(cabecera._id) ?? 0,
  };
}

/** PUT /factura-recurrente/anular/{id}: a cancelled template generates nothing more. */
export async function anularFacturaRecurrente(
  ctx: CtxConSesion,
  id: string,
  entrada: AnularFacturaRecurrente,
) {
  const { cabecera, resultado } = await kit.anular(ctx, id, entrada);
  const enFemenino = {
    directa: 'anulada',
    solicitada: 'solicitada',
    aprobada: 'aprobada',
    rechazada: 'rechazada',
  } as const;
  return { facturadb: await conConteo(ctx, cabecera), resultado: enFemenino[resultado] };
}

/** DELETE /factura-recurrente/{id}: the number stays taken (gapless); its invoices stay. */
export async function eliminarFacturaRecurrente(ctx: CtxConSesion, id: string) {
  return { facturaRecurrente: await conConteo(ctx, await kit.eliminar(ctx, id)) };
}

/** The template with this identificadorUnico and its customer, if one was created (a retried request). */
export async function facturaRecurrentePorIdentificador(
  ctx: Ctx,
  identificadorUnico: string,
): Promise<{ _id: string; numero: number; idCliente: string | null } | undefined> {
  const [fila] = await ctx.tx
    .select({
      _id: facturasRecurrentes.id,
      numero: facturasRecurrentes.numero,
      idCliente: facturasRecurrentes.idCliente,
    })
    .from(facturasRecurrentes)
    .where(
      and(
        eq(facturasRecurrentes.tenantId, ctx.tenantId),
        eq(facturasRecurrentes.identificadorUnico, identificadorUnico),
      ),
    );
  return fila;
}
