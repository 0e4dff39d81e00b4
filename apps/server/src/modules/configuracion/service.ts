import type {
  CambiarImpuesto,
  CambiarListaDePrecio,
  CambiarPlan,
  CambiarRetencion,
  CambiarRuta,
  CambiarTerminal,
  ConsultaDeLista,
  CrearImpuesto,
  CrearListaDePrecio,
  CrearPlan,
  CrearRetencion,
  CrearRuta,
  CrearTerminal,
  Impuesto,
  ListaDePrecio,
  Plan,
  Retencion,
  Ruta,
  Terminal,
} from '@pos/contract';
import {
  aCentavos,
  aTextoDecimal,
  type ListaDePrecio as ListaParaPrecios,
  OPCIONES_DE_IMPUESTO,
} from '@pos/domain';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import {
  dejarSoloEstePredeterminado,
  exigirMismoId,
  maestro,
  respuestaDeCreacion,
  valoresDeEstado,
} from '../../db/maestros.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx } from '../../http/handle.ts';
import { TENANT_OPERADOR } from '../../sistema/empresasIniciales.ts';
import { exigirAlmacen, obtenerAlmacenPrincipal, sembrarInventarioDemo } from '../inventario/service.ts';
import { buscarUsuarioPorId } from '../usuarios/service.ts';
import { impuestos, listasDePrecio, planes, rutas, terminales, tiposDeRetencion } from './tables.ts';

function invalido(campo: string, mensaje: string): AppError {
  return new AppError('solicitud_invalida', mensaje, { errores: [{ campo, mensaje }] });
}

// ---------------------------------------------------------------- Taxes (/impuestos/)

const impuesto = maestro({
  tabla: impuestos,
  columnaNombre: impuestos.name,
  filtroDeSelector: ne(impuestos.estado, 'Desactivado'),
  aJson: (fila): Impuesto => ({
    _id: fila.id,
    identificadorUnico: fila.identificadorUnico,
    name: fila.name,
    tipoDeImpuesto: fila.tipoDeImpuesto,
    tasa: Number(fila.tasa),
    cuentaContableParaVenta: fila.cuentaContableParaVenta,
    cuentaContableParaCompras: fila.cuentaContableParaCompras,
    estado: fila.estado,
    autorizacion: fila.autorizacion,
    notaAnular: fila.notaAnular,
  }),
  mensajes: {
    noExiste: 'El impuesto no existe.',
    vinculado: 'El impuesto no se puede eliminar porque tiene documentos vinculados.',
    eliminado: (fila) => `Impuesto «${fila.name}» eliminado.`,
  },
});

export function listarImpuestos(ctx: Ctx, consulta: ConsultaDeLista) {
  return impuesto.listar(ctx, consulta);
}

/** GET /impuestos/activos: the taxes a product or line may take (spec 002 §4: not Desactivado). */
export function listarImpuestosActivos(ctx: Ctx) {
  return impuesto.selector(ctx);
}

export function obtenerImpuesto(ctx: Ctx, id: string) {
  return impuesto.obtener(ctx, id);
}

// Spec 002 §9: the tax options. Choosing one by its name fills its rate and kind; any other tax needs
// its rate and is of kind 'otros' unless told.
/** POST /impuestos/ (the rate already normalised by the contract: 1.18 → 0.18). */
export async function crearImpuesto(ctx: Ctx, entrada: CrearImpuesto) {
  const opcion = OPCIONES_DE_IMPUESTO.find((o) => o.name.toLowerCase() === entrada.name.toLowerCase());
  const tasa = entrada.tasa ?? opcion?.tasa;
  if (tasa === undefined) {
    throw invalido('tasa', 'Debes poner la tasa del impuesto');
  }
  const creado = await impuesto.insertar(ctx, entrada.identificadorUnico, {
    name: entrada.name,
    tipoDeImpuesto: entrada.tipoDeImpuesto ?? opcion?.tipoDeImpuesto ?? 'otros',
    tasa: String(tasa),
    cuentaContableParaVenta: entrada.cuentaContableParaVenta ?? null,
    cuentaContableParaCompras: entrada.cuentaContableParaCompras ?? null,
  });
  return respuestaDeCreacion(impuesto.aJson(creado.fila), creado);
}

/** PATCH /impuestos/{id}: changes the fields sent; `{estado, autorizacion, notaAnular, _id}` deactivates. */
export async function actualizarImpuesto(ctx: Ctx, id: string, entrada: CambiarImpuesto) {
  const { _id, estado, autorizacion, notaAnular, tasa, ...campos } = entrada;
  const fila = await impuesto.actualizarFila(ctx, id, {
    ...campos,
    ...(tasa === undefined ? {} : { tasa: String(tasa) }),
    ...valoresDeEstado(id, entrada),
  });
  return impuesto.aJson(fila);
}

/** DELETE /impuestos/{id}: answers the tax's name (spec 002 §7). */
export async function eliminarImpuesto(ctx: Ctx, id: string) {
  const { fila, message } = await impuesto.eliminar(ctx, id);
  return { name: fila.name, message };
}

// ---------------------------------------------------------------- Price lists (/listas-precio/)

const listaDePrecio = maestro({
  tabla: listasDePrecio,
  columnaNombre: listasDePrecio.nombre,
  // Spec 002 §4: active price lists are those with activo true and estado not Desactivado.
  filtroDeSelector: and(eq(listasDePrecio.activo, true), ne(listasDePrecio.estado, 'Desactivado')),
  aJson: (fila): ListaDePrecio => ({
    _id: fila.id,
    identificadorUnico: fila.identificadorUnico,
    nombre: fila.nombre,
    descripcion: fila.descripcion,
    activo: fila.activo,
    tipo: fila.tipo,
    porcentaje: Number(fila.porcentaje),
    diasDisponibles: fila.diasDisponibles,
    vigencia: fila.vigencia,
    esUnaOferta: fila.esUnaOferta,
    predeterminado: fila.predeterminado,
    estado: fila.estado,
    autorizacion: fila.autorizacion,
    notaAnular: fila.notaAnular,
  }),
  mensajes: {
    noExiste: 'La lista de precio no existe.',
    // Spec 002 §8, both texts of the dialog.
    vinculado:
      'La lista de precio no se puede eliminar por que tiene facturas vinculadas. Primero desvincule las facturas y vuelva a intentarlo',
    eliminado: (fila) => `Lista de precio «${fila.nombre}» eliminada.`,
  },
});

const MENSAJE_PREDETERMINADA_NECESARIA =
  'La lista de precio predeterminada no se puede desactivar, eliminar ni dejar de ser predeterminada: marca otra lista como predeterminada primero.';

/** The fields with `porcentaje` as the exact text of its `numeric` column. */
function conPorcentajeExacto<T extends { porcentaje?: number | undefined }>(entrada: T) {
  const { porcentaje, ...resto } = entrada;
  return { ...resto, ...(porcentaje === undefined ? {} : { porcentaje: String(porcentaje) }) };
}

export function listarListasDePrecio(ctx: Ctx, consulta: ConsultaDeLista) {
  return listaDePrecio.listar(ctx, consulta);
}

export function obtenerListaDePrecio(ctx: Ctx, id: string) {
  return listaDePrecio.obtener(ctx, id);
}

/** A price list as the domain prices with it (sales and orders); undefined without one. */
export async function listaParaPrecios(
  ctx: Ctx,
  id: string | null | undefined,
): Promise<ListaParaPrecios | undefined> {
  if (!id) {
    return undefined;
  }
  const lista = await obtenerListaDePrecio(ctx, id);
  return {
    _id: lista._id,
    predeterminado: lista.predeterminado,
    tipo: lista.tipo,
    porcentaje: Number(lista.porcentaje),
  };
}

/** GET /listas-precio/predeterminada/. */
export async function obtenerListaDePrecioPredeterminada(ctx: Ctx) {
  const [fila] = await ctx.tx
    .select()
    .from(listasDePrecio)
    .where(and(eq(listasDePrecio.tenantId, ctx.tenantId), eq(listasDePrecio.predeterminado, true)))
    .limit(1);
  if (!fila) {
    throw new AppError('no_encontrado', 'La empresa no tiene una lista de precio predeterminada.');
  }
  return listaDePrecio.aJson(fila);
}

/** POST /listas-precio/: a new default list takes the role from the previous one. */
export async function crearListaDePrecio(ctx: Ctx, entrada: CrearListaDePrecio) {
  const { identificadorUnico, predeterminado, ...campos } = entrada;
  // Inserted as not default first: a retried create must not take the role from anyone.
  const creado = await listaDePrecio.insertar(ctx, identificadorUnico, conPorcentajeExacto(campos));
  let fila = creado.fila;
  if (predeterminado === true && !creado.solicitudDuplicada) {
    await dejarSoloEstePredeterminado(ctx.tx, ctx.tenantId, listasDePrecio, fila.id);
    fila = await listaDePrecio.actualizarFila(ctx, fila.id, { predeterminado: true });
  }
  return respuestaDeCreacion(listaDePrecio.aJson(fila), creado);
}

/** PATCH /listas-precio/{id}: fields and deactivation; the default list stays active and default. */
export async function actualizarListaDePrecio(ctx: Ctx, id: string, entrada: CambiarListaDePrecio) {
  const actual = await listaDePrecio.obtenerFila(ctx, id);
  const { _id, estado, autorizacion, notaAnular, predeterminado, ...campos } = entrada;
  const cambiosDeEstado = valoresDeEstado(id, entrada);
  const pierdeElRol =
    predeterminado === false || cambiosDeEstado.estado === 'Desactivado' || campos.activo === false;
  if (actual.predeterminado && pierdeElRol) {
    throw new AppError('conflicto', MENSAJE_PREDETERMINADA_NECESARIA);
  }
  if (predeterminado === true && !actual.predeterminado) {
    if (
      (cambiosDeEstado.estado ?? actual.estado) === 'Desactivado' ||
      (campos.activo ?? actual.activo) === false
    ) {
      throw new AppError(
        'conflicto',
        'Una lista de precio inactiva o desactivada no puede ser la predeterminada.',
      );
    }
    await dejarSoloEstePredeterminado(ctx.tx, ctx.tenantId, listasDePrecio, id);
  }
  const fila = await listaDePrecio.actualizarFila(ctx, id, {
    ...conPorcentajeExacto(campos),
    ...cambiosDeEstado,
    ...(predeterminado === true ? { predeterminado: true } : {}),
  });
  return listaDePrecio.aJson(fila);
}

export async function eliminarListaDePrecio(ctx: Ctx, id: string) {
  const actual = await listaDePrecio.obtenerFila(ctx, id);
  if (actual.predeterminado) {
    throw new AppError('conflicto', MENSAJE_PREDETERMINADA_NECESARIA);
  }
  return { message: (await listaDePrecio.eliminar(ctx, id)).message };
}

export function validarEliminarListaDePrecio(ctx: Ctx, id: string) {
  return listaDePrecio.tieneDocumentos(ctx, id);
}

// ---------------------------------------------------------------- Withholdings (/lista-de-retenciones/)

const retencion = maestro({
  tabla: tiposDeRetencion,
  columnaNombre: tiposDeRetencion.nombre,
  filtroDeSelector: ne(tiposDeRetencion.estado, 'Desactivado'),
  aJson: (fila): Retencion => ({
    _id: fila.id,
    identificadorUnico: fila.identificadorUnico,
    nombre: fila.nombre,
    porcentaje: Number(fila.porcentaje),
    tipo: fila.tipo,
    tipoRetencion: fila.tipoRetencion,
    tipoRetencionIsr: fila.tipoRetencionIsr,
    cuentaContableParaVenta: fila.cuentaContableParaVenta,
    cuentaContableParaCompras: fila.cuentaContableParaCompras,
    estado: fila.estado,
    autorizacion: fila.autorizacion,
    notaAnular: fila.notaAnular,
  }),
  mensajes: {
    noExiste: 'La retención no existe.',
    vinculado: 'La retención no se puede eliminar porque tiene documentos vinculados.',
    eliminado: (fila) => `Retención «${fila.nombre}» eliminada.`,
  },
});

export function listarRetenciones(ctx: Ctx, consulta: ConsultaDeLista) {
  return retencion.listar(ctx, consulta);
}

export function obtenerRetencion(ctx: Ctx, id: string) {
  return retencion.obtener(ctx, id);
}

export async function crearRetencion(ctx: Ctx, entrada: CrearRetencion) {
  const { identificadorUnico, ...campos } = entrada;
  const creado = await retencion.insertar(ctx, identificadorUnico, {
    ...campos,
    porcentaje: String(campos.porcentaje),
  });
  return respuestaDeCreacion(retencion.aJson(creado.fila), creado);
}

export async function actualizarRetencion(ctx: Ctx, id: string, entrada: CambiarRetencion) {
  const { _id, estado, autorizacion, notaAnular, ...campos } = entrada;
  const fila = await retencion.actualizarFila(ctx, id, {
    ...conPorcentajeExacto(campos),
    ...valoresDeEstado(id, entrada),
  });
  return retencion.aJson(fila);
}

export async function eliminarRetencion(ctx: Ctx, id: string) {
  return { message: (await retencion.eliminar(ctx, id)).message };
}

// ---------------------------------------------------------------- Terminals (/terminales/)

const terminal = maestro({
  tabla: terminales,
  columnaNombre: terminales.nombre,
  aJson: (fila): Terminal => ({
    _id: fila.id,
    identificadorUnico: fila.identificadorUnico,
    nombre: fila.nombre,
    descripcion: fila.descripcion,
    numeracionFacturas: fila.numeracionFacturas,
    numeracionDevoluciones: fila.numeracionDevoluciones,
    numeracionReciboDeCaja: fila.numeracionReciboDeCaja,
    almacenPorDefecto: fila.almacenPorDefecto,
    usuariosViculados: fila.usuariosViculados,
    cuentaDeTransferencias: fila.cuentaDeTransferencias,
    cuentaDeTarjetaDeCredito: fila.cuentaDeTarjetaDeCredito,
    cuentaDeTarjetaDeDebitos: fila.cuentaDeTarjetaDeDebitos,
    bancoInicioDeTurno: fila.bancoInicioDeTurno,
    bancoCierreDeTurno: fila.bancoCierreDeTurno,
    predeterminado: fila.predeterminado,
    cuentaPagoAnticiposClientes: fila.cuentaPagoAnticiposClientes,
    cajaDefectvoIdRef: fila.cajaDefectvoIdRef,
    cuentaContableBanco: fila.cuentaContableBanco,
  }),
  mensajes: {
    noExiste: 'El terminal no existe.',
    vinculado: 'El terminal no se puede eliminar porque tiene turnos o documentos vinculados.',
    eliminado: (fila) => `Terminal «${fila.nombre}» eliminado.`,
  },
});

/** Checks the warehouse and the linked users belong to the company; repeated users count once. */
async function valoresDeTerminal<T extends Omit<CambiarTerminal, '_id'>>(ctx: Ctx, entrada: T) {
  const { usuariosViculados, predeterminado: _predeterminado, ...resto } = entrada;
  if (resto.almacenPorDefecto) {
    await exigirAlmacen(ctx, resto.almacenPorDefecto, 'almacenPorDefecto');
  }
  const unicos = usuariosViculados === undefined ? undefined : [...new Set(usuariosViculados)];
  for (const idUsuario of unicos ?? []) {
    if (!(await buscarUsuarioPorId(ctx.tx, idUsuario))) {
      throw invalido('usuariosViculados', 'Uno de los usuarios vinculados no existe.');
    }
  }
  return { ...resto, usuariosViculados: unicos };
}

export function listarTerminales(ctx: Ctx, consulta: ConsultaDeLista) {
  return terminal.listar(ctx, consulta);
}

export function obtenerTerminal(ctx: Ctx, id: string) {
  return terminal.obtener(ctx, id);
}

/** Whether the terminal `id` is one of the company's (a shift opens on it). */
export async function existeTerminal(ctx: Ctx, id: string): Promise<boolean> {
  return (await terminal.buscarFila(ctx, id)) !== undefined;
}

/** The terminals' names by id, read-only, for a query of another module that shows them (shifts). */
export const nombresDeTerminales = new QueryBuilder()
  .select({ tenantId: terminales.tenantId, id: terminales.id, nombre: terminales.nombre })
  .from(terminales)
  .as('nombres_de_terminales');

/** What a sale needs of its terminal: warehouse, numbering and the account of each payment method. */
export type CuentasDelTerminal = {
  _id: string;
  almacenPorDefecto: string | null;
  numeracionFacturas: string | null;
  cuentaDeTarjetaDeCredito: string | null;
  cuentaDeTarjetaDeDebitos: string | null;
  cuentaDeTransferencias: string | null;
  cajaDefectvoIdRef: string | null;
};

/**
 * The terminal `idTerminal` as CuentasDelTerminal JSON (null when it does not exist), as an SQL
 * expression: the invoice service reads it together with the rest of a sale's context in one query.
 */
export function sqlCuentasDelTerminal(ctx: Ctx, idTerminal: SQL): SQL {
  return sql`(select json_build_object('_id', t.id, 'almacenPorDefecto', t.almacen_por_defecto,
      'numeracionFacturas', t.numeracion_facturas,
      'cuentaDeTarjetaDeCredito', t.cuenta_de_tarjeta_de_credito->>'idCuenta',
      'cuentaDeTarjetaDeDebitos', t.cuenta_de_tarjeta_de_debitos->>'idCuenta',
      'cuentaDeTransferencias', t.cuenta_de_transferencias->>'idCuenta',
      'cajaDefectvoIdRef', nullif(t.caja_defectvo_id_ref, ''))
    from terminales t where t.tenant_id = ${ctx.tenantId} and t.id = ${idTerminal})`;
}

/** POST /terminales/: at most one default terminal per company. */
export async function crearTerminal(ctx: Ctx, entrada: CrearTerminal) {
  const { identificadorUnico, ...campos } = entrada;
  const creado = await terminal.insertar(ctx, identificadorUnico, await valoresDeTerminal(ctx, campos));
  let fila = creado.fila;
  if (campos.predeterminado === true && !creado.solicitudDuplicada) {
    await dejarSoloEstePredeterminado(ctx.tx, ctx.tenantId, terminales, fila.id);
    fila = await terminal.actualizarFila(ctx, fila.id, { predeterminado: true });
  }
  return respuestaDeCreacion(terminal.aJson(fila), creado);
}

export async function actualizarTerminal(ctx: Ctx, id: string, entrada: CambiarTerminal) {
  const { _id, ...campos } = entrada;
  exigirMismoId(id, _id);
  await terminal.obtenerFila(ctx, id);
  if (campos.predeterminado === true) {
    await dejarSoloEstePredeterminado(ctx.tx, ctx.tenantId, terminales, id);
  }
  const fila = await terminal.actualizarFila(ctx, id, {
    ...(await valoresDeTerminal(ctx, campos)),
    ...(campos.predeterminado === undefined ? {} : { predeterminado: campos.predeterminado }),
  });
  return terminal.aJson(fila);
}

export async function eliminarTerminal(ctx: Ctx, id: string) {
  return { message: (await terminal.eliminar(ctx, id)).message };
}

// ---------------------------------------------------------------- Routes (/lista-ruta/)

const ruta = maestro({
  tabla: rutas,
  columnaNombre: rutas.nombre,
  aJson: (fila): Ruta => ({
    _id: fila.id,
    identificadorUnico: fila.identificadorUnico,
    nombre: fila.nombre,
    direccion: fila.direccion,
  }),
  mensajes: {
    noExiste: 'La ruta no existe.',
    vinculado: 'La ruta no se puede eliminar porque tiene contactos o documentos vinculados.',
    eliminado: (fila) => `Ruta «${fila.nombre}» eliminada.`,
  },
});

export function listarRutas(ctx: Ctx, consulta: ConsultaDeLista) {
  return ruta.listar(ctx, consulta);
}

export function obtenerRuta(ctx: Ctx, id: string) {
  return ruta.obtener(ctx, id);
}

export async function crearRuta(ctx: Ctx, entrada: CrearRuta) {
  const { identificadorUnico, ...campos } = entrada;
  const creado = await ruta.insertar(ctx, identificadorUnico, campos);
  return respuestaDeCreacion(ruta.aJson(creado.fila), creado);
}

export async function actualizarRuta(ctx: Ctx, id: string, entrada: CambiarRuta) {
  const { _id, ...campos } = entrada;
  exigirMismoId(id, _id);
  return ruta.aJson(await ruta.actualizarFila(ctx, id, campos));
}

export async function eliminarRuta(ctx: Ctx, id: string) {
  return { message: (await ruta.eliminar(ctx, id)).message };
}

// ---------------------------------------------------------------- Plans (/planes/, tenant 2 only)

const plan = maestro({
  tabla: planes,
  columnaNombre: planes.descripcion,
  aJson: (fila): Plan => ({
    _id: fila.id,
    identificadorUnico: fila.identificadorUnico,
    descripcion: fila.descripcion,
    precio: Number(fila.precio),
    frecuencia: fila.frecuencia,
    vigencia: fila.vigencia,
    cantidadDeUsuarios: fila.cantidadDeUsuarios,
  }),
  mensajes: {
    noExiste: 'El plan no existe.',
    vinculado: 'El plan no se puede eliminar porque tiene empresas vinculadas.',
    eliminado: (fila) => `Plan «${fila.descripcion}» eliminado.`,
  },
});

// Spec 002 §6 and 000 §2: plans are managed only from the operator company (tenant 2).
/** Refuses the plan calls in any other company. */
export function exigirEmpresaOperadora(ctx: Ctx): void {
  if (ctx.tenantId !== TENANT_OPERADOR) {
    throw new AppError(
      'prohibido',
      'Los planes solo se administran desde la empresa operadora de la plataforma.',
    );
  }
}

function precioExacto(precio: number): string {
  return aTextoDecimal(aCentavos(precio));
}

export function listarPlanes(ctx: Ctx, consulta: ConsultaDeLista) {
  exigirEmpresaOperadora(ctx);
  return plan.listar(ctx, consulta);
}

export function obtenerPlan(ctx: Ctx, id: string) {
  exigirEmpresaOperadora(ctx);
  return plan.obtener(ctx, id);
}

export async function crearPlan(ctx: Ctx, entrada: CrearPlan) {
  exigirEmpresaOperadora(ctx);
  const { identificadorUnico, precio, ...campos } = entrada;
  const creado = await plan.insertar(ctx, identificadorUnico, { ...campos, precio: precioExacto(precio) });
  return respuestaDeCreacion(plan.aJson(creado.fila), creado);
}

export async function actualizarPlan(ctx: Ctx, id: string, entrada: CambiarPlan) {
  exigirEmpresaOperadora(ctx);
  const { _id, precio, ...campos } = entrada;
  exigirMismoId(id, _id);
  const fila = await plan.actualizarFila(ctx, id, {
    ...campos,
    ...(precio === undefined ? {} : { precio: precioExacto(precio) }),
  });
  return plan.aJson(fila);
}

export async function eliminarPlan(ctx: Ctx, id: string) {
  exigirEmpresaOperadora(ctx);
  return { message: (await plan.eliminar(ctx, id)).message };
}

// ---------------------------------------------------------------- Demo data

/**
 * The demo company's master data: the tax options, a default and a wholesale price list, the
 * usual withholdings, the main warehouse, a terminal 'Caja 1', categories, sections, a production area, an
 * assignment place and a route. The terminal's numbering and account links are left for the lead to fill.
 */
export async function sembrarDatosMaestrosDemo(tx: Tx, tenantId: number): Promise<void> {
  const ctx: Ctx = { tx, tenantId, ip: '', usuario: null };
  for (const [indice, opcion] of OPCIONES_DE_IMPUESTO.entries()) {
    await crearImpuesto(ctx, { identificadorUnico: `demo-impuesto-${indice + 1}`, name: opcion.name });
  }
  await crearListaDePrecio(ctx, {
    identificadorUnico: 'demo-lista-precio-1',
    nombre: 'Precio de venta',
    descripcion: 'Precio de góndola de cada producto',
    predeterminado: true,
  });
  await crearListaDePrecio(ctx, {
    identificadorUnico: 'demo-lista-precio-2',
    nombre: 'Por mayor',
    descripcion: '10% de descuento para compras al por mayor',
    tipo: true,
    porcentaje: 10,
  });
  // design/fiscal-do.md §4: the usual withholdings of a small business.
  await crearRetencion(ctx, {
    identificadorUnico: 'demo-retencion-1',
    nombre: 'Retención ITBIS 30% (servicios de empresas)',
    porcentaje: 30,
    tipoRetencion: 'itbis',
  });
  await crearRetencion(ctx, {
    identificadorUnico: 'demo-retencion-2',
    nombre: 'Retención ITBIS 100% (servicios de personas físicas)',
    porcentaje: 100,
    tipoRetencion: 'itbis',
  });
  await crearRetencion(ctx, {
    identificadorUnico: 'demo-retencion-3',
    nombre: 'Retención ISR 10% (honorarios)',
    porcentaje: 10,
    tipoRetencion: 'isr',
    tipoRetencionIsr: '02',
  });
  await sembrarInventarioDemo(ctx);
  const principal = await obtenerAlmacenPrincipal(ctx);
  await crearTerminal(ctx, {
    identificadorUnico: 'demo-terminal-1',
    nombre: 'Caja 1',
    descripcion: 'Caja principal del mostrador',
    almacenPorDefecto: principal._id,
    predeterminado: true,
  });
  await crearRuta(ctx, {
    identificadorUnico: 'demo-ruta-1',
    nombre: 'Ruta Centro',
    direccion: 'Gazcue y Zona Colonial, Santo Domingo',
  });
}
