import {
  type ActualizarCostos,
  ALERTA_EMPRESA_NO_CREADA,
  type ClaveDeAsignacion,
  CrearContacto,
  CrearNumeracion,
  type CuentaContableVinculada,
  DIAS_DE_PRUEBA_AUTORREGISTRO,
  type EmpresaDelOperador,
  type EmpresaRegistrada,
  NOMBRES_DE_TIPO_DE_DOCUMENTO,
  type RegistroDeEmpresa,
  TIPOS_DE_DOCUMENTO,
} from '@pos/contract';
import { fechaYHoraEnSantoDomingo, OPCIONES_DE_IMPUESTO } from '@pos/domain';
import { and, eq, sql } from 'drizzle-orm';
import { type BaseDeDatos, filas, pasarAEmpresa, type Tx } from '../../db/client.ts';
import { AppError, violaIndiceUnico } from '../../http/errors.ts';
import type { Ctx, UsuarioSesion } from '../../http/handle.ts';
import { TENANT_OPERADOR } from '../../sistema/empresasIniciales.ts';
import {
  crearImpuesto,
  crearListaDePrecio,
  crearRetencion,
  crearTerminal,
  obtenerPlan,
} from '../configuracion/service.ts';
import { agregarCuentasNuevasDelCatalogo, cuentaAsignada } from '../contabilidad/service.ts';
import { crearContacto } from '../contactos/service.ts';
import {
  aplicarPlanALaEmpresa,
  crearEmpresa,
  empresasDeLaInstalacion,
  estadoDelPlan,
  existeEmpresa,
} from '../empresas/service.ts';
import { crearAlmacen, obtenerAlmacenPrincipal } from '../inventario/service.ts';
import { crearNumeracion, TIPOS_CON_NUMERACION_INICIAL } from '../numeracion/service.ts';
import { crearAdministrador } from '../usuarios/service.ts';
import { empresasRegistradas } from './tables.ts';

// ---------------------------------------------------------------------------------------------
// Company registration (spec 002 §3 "Company settings and registration", §4 "New company", §6, §7
// POST /tenant/; docs/empresas.md). A new company is created whole in ONE transaction that moves
// between two companies: the operator company (tenant 2), where the company gets its customer and its
// row in empresas_registradas, and the new company, where every module seeds what it needs through its
// own service. Row-level security follows the transaction's app.tenant_id, which `pasarAEmpresa` switches.
// ---------------------------------------------------------------------------------------------

/** Users a self-registered company may have during its trial (docs/empresas.md «Prueba»). */
export const LIMITE_DE_USUARIOS_EN_PRUEBA = 3;

/** Who registers: an operator user (tenant 2 with crearInstanciaDelSistema) or nobody (self sign-up). */
export type OpcionesDeRegistro = {
  /** The operator user registering the company; absent or null: a self sign-up from the login page. */
  operador?: UsuarioSesion | null;
  ip?: string;
  /** The clock, for the trial's first day (tests). */
  ahora?: Date;
  /**
   * Runs last, in the same transaction, bound to the operator company: what goes with the new company
   * there (the subscription's recurring invoice of POST /factura-recurrente/crearCompaniaNueva/).
   * If it throws, nothing of the registration stays.
   */
  enOperador?: (ctx: Ctx, empresa: EmpresaVinculada) => Promise<void>;
};

export type EmpresaVinculada = { tenantId: number; idClienteEnOperador: string };

function noSeCreo(motivo: string, campo: string): AppError {
  return new AppError('conflicto', `${ALERTA_EMPRESA_NO_CREADA} ${motivo}`, {
    errores: [{ campo, mensaje: motivo }],
  });
}

const correoRepetido = (correo: string) =>
  noSeCreo(`Ya existe una empresa registrada con el correo «${correo}».`, 'correo');
const nombreRepetido = (nombre: string) =>
  noSeCreo(`Ya existe una empresa registrada con el nombre «${nombre}».`, 'nombreCompania');

/** Spec 002 §6: only a user of the operator company with crearInstanciaDelSistema registers for others. */
export function exigirOperador(tenantId: number, usuario: UsuarioSesion): void {
  if (tenantId !== TENANT_OPERADOR || !usuario.crearInstanciaDelSistema) {
    throw new AppError(
      'prohibido',
      'Solo un usuario de la empresa operadora con el permiso «Registrar empresas» puede hacer esto.',
    );
  }
}

// The company number: the next of the companies' sequence (migration 0001) not taken by a company created by hand.
async function numeroDeEmpresaNuevo(tx: Tx): Promise<number> {
  for (;;) {
    const [fila] = await filas<{ numero: number }>(
      tx,
      sql`select nextval('empresas_tenant_id_seq')::int as numero`,
    );
    const numero = Number(fila?.numero);
    await pasarAEmpresa(tx, numero);
    if (!(await existeEmpresa(tx, numero))) {
      return numero;
    }
  }
}

async function cuenta(ctx: Ctx, clave: ClaveDeAsignacion): Promise<CuentaContableVinculada> {
  const { idCuenta, nombre, codigoDeCuenta, tipo } = await cuentaAsignada(ctx, clave);
  return { idCuenta, nombre, codigoDeCuenta, tipo };
}

/**
 * What a new company needs to sell on its first day, each through its module's service (no demo data):
 * the tax options (spec 002 §9), a default price list, the usual withholdings (fiscal-do.md §4), the main
 * warehouse, an internal default numbering (prefix D, spec 002 §9) for every document type, and the
 * terminal 'Caja 1' linked to them and to the chart's accounts (spec 002 §4 payment method mapping).
 * The installation gives the operator company the same start, so it can bill subscriptions.
 */
export async function configurarEmpresaNueva(ctx: Ctx): Promise<void> {
  for (const [indice, opcion] of OPCIONES_DE_IMPUESTO.entries()) {
    await crearImpuesto(ctx, { identificadorUnico: `registro-impuesto-${indice + 1}`, name: opcion.name });
  }
  await crearListaDePrecio(ctx, {
    identificadorUnico: 'registro-lista-precio-1',
    nombre: 'Precio de venta',
    descripcion: 'Precio de cada producto',
    predeterminado: true,
  });
  await crearRetencion(ctx, {
    identificadorUnico: 'registro-retencion-1',
    nombre: 'Retención ITBIS 30% (servicios de empresas)',
    porcentaje: 30,
    tipoRetencion: 'itbis',
  });
  await crearRetencion(ctx, {
    identificadorUnico: 'registro-retencion-2',
    nombre: 'Retención ITBIS 100% (servicios de personas físicas)',
    porcentaje: 100,
    tipoRetencion: 'itbis',
  });
  await crearRetencion(ctx, {
    identificadorUnico: 'registro-retencion-3',
    nombre: 'Retención ISR 10% (honorarios)',
    porcentaje: 10,
    tipoRetencion: 'isr',
    tipoRetencionIsr: '02',
  });
  await crearAlmacen(ctx, { identificadorUnico: 'registro-almacen-principal', nombre: 'Almacén Principal' });
  const principal = await obtenerAlmacenPrincipal(ctx);
  const numeraciones = new Map<string, string>();
  // The internal documents' numberings (ED, FR, EX) are seeded by crearEmpresa (modules/numeracion).
  for (const tipo of TIPOS_DE_DOCUMENTO.filter((t) => !TIPOS_CON_NUMERACION_INICIAL.includes(t))) {
    const nombre = NOMBRES_DE_TIPO_DE_DOCUMENTO[tipo];
    const creada = await crearNumeracion(
      ctx,
      CrearNumeracion.parse({
        identificadorUnico: `registro-numeracion-${tipo}`,
        nombre: nombre.charAt(0).toUpperCase() + nombre.slice(1),
        tipoDeDocumento: tipo,
        predeterminado: true,
      }),
    );
    numeraciones.set(tipo, creada._id);
  }
  await crearTerminal(ctx, {
    identificadorUnico: 'registro-terminal-1',
    nombre: 'Caja 1',
    descripcion: 'Caja principal',
    almacenPorDefecto: principal._id,
    predeterminado: true,
    numeracionFacturas: numeraciones.get('ventas') ?? null,
    numeracionDevoluciones: numeraciones.get('notaDeCredito') ?? null,
    numeracionReciboDeCaja: numeraciones.get('recibos') ?? null,
    cajaDefectvoIdRef: (await cuenta(ctx, 'cajaGeneral')).idCuenta,
    cuentaDeTransferencias: await cuenta(ctx, 'transferencias'),
    cuentaDeTarjetaDeCredito: await cuenta(ctx, 'tarjetasDeCredito'),
    cuentaDeTarjetaDeDebitos: await cuenta(ctx, 'tarjetasDeDebito'),
    cuentaContableBanco: await cuenta(ctx, 'bancos'),
    bancoInicioDeTurno: await cuenta(ctx, 'cajaGeneral'),
    bancoCierreDeTurno: await cuenta(ctx, 'bancos'),
    cuentaPagoAnticiposClientes: await cuenta(ctx, 'anticiposDeClientes'),
  });
}

async function exigirQueNoExista(tx: Tx, datos: RegistroDeEmpresa): Promise<void> {
  const [otra] = await tx
    .select({ correo: empresasRegistradas.correo, nombreCompania: empresasRegistradas.nombreCompania })
    .from(empresasRegistradas)
    .where(
      and(
        eq(empresasRegistradas.tenantId, TENANT_OPERADOR),
        sql`(lower(${empresasRegistradas.correo}) = lower(${datos.correo})
          or lower(${empresasRegistradas.nombreCompania}) = lower(${datos.nombreCompania}))`,
      ),
    )
    .limit(1);
  if (otra) {
    throw otra.correo.toLowerCase() === datos.correo.toLowerCase()
      ? correoRepetido(datos.correo)
      : nombreRepetido(datos.nombreCompania);
  }
}

/**
 * Registers a company inside `tx`, a transaction bound to the operator company (tenant 2), and leaves it
 * bound to it again: for a caller that already holds one (a `ruta` of tenant 2).
 */
export async function registrarEmpresaEnTransaccion(
  tx: Tx,
  datos: RegistroDeEmpresa,
  opciones: OpcionesDeRegistro = {},
): Promise<EmpresaVinculada & { diasDePruebaDisponibles: number }> {
  const operador = opciones.operador ?? null;
  if (!operador && (datos.idPlan || datos.diasDePrueba !== undefined)) {
    // Nobody grants what they do not hold: a self sign-up always gets the standard trial.
    throw new AppError('prohibido', 'Solo el operador de la plataforma elige el plan y los días de prueba.');
  }
  await pasarAEmpresa(tx, TENANT_OPERADOR);
  const ctxOperador: Ctx = { tx, tenantId: TENANT_OPERADOR, ip: opciones.ip ?? '', usuario: operador };
  await exigirQueNoExista(tx, datos);
  const plan = datos.idPlan ? await obtenerPlan(ctxOperador, datos.idPlan) : null;
  const diasDePrueba = operador ? (datos.diasDePrueba ?? 0) : DIAS_DE_PRUEBA_AUTORREGISTRO;
  const hoy = fechaYHoraEnSantoDomingo(opciones.ahora ?? new Date()).fecha;

  // The customer that stands for the company in the operator company (spec 002 §3 "Contact").
  const { clientedb } = await crearContacto(
    ctxOperador,
    CrearContacto.parse({
      identificadorUnico: `registro-empresa-${datos.correo}`,
      nombre: datos.nombreCompania,
      correo: datos.correo,
      tipoDeContacto: 'cliente',
      nota: `Empresa registrada. Contacto: ${datos.nombre}.`,
    }),
  );
  const tenantId = await numeroDeEmpresaNuevo(tx);
  await pasarAEmpresa(tx, TENANT_OPERADOR);
  await tx.insert(empresasRegistradas).values({
    tenantId: TENANT_OPERADOR,
    idEmpresa: tenantId,
    idCliente: clientedb._id,
    idPlan: plan?._id ?? null,
    nombreCompania: datos.nombreCompania,
    nombreContacto: datos.nombre,
    correo: datos.correo,
    origen: operador ? 'operador' : 'autoregistro',
    idUsuarioRegistrador: operador?._id ?? null,
    pruebaInicio: diasDePrueba > 0 ? hoy : null,
    diasDePrueba,
  });

  // The company itself, bound to it: each module seeds its part through its service.
  await pasarAEmpresa(tx, tenantId);
  await crearEmpresa(tx, tenantId, {
    nombre: datos.nombreCompania,
    correo: datos.correo,
    limiteCantidadDeUsuarios: plan ? plan.cantidadDeUsuarios : operador ? 0 : LIMITE_DE_USUARIOS_EN_PRUEBA,
    diasDePruebaDisponibles: diasDePrueba,
    // The plan's validity, or during a trial without one the trial's length (spec 000 §2 "Plan banners").
    vigenciaDelPlan: plan?.vigencia || diasDePrueba,
  });
  await configurarEmpresaNueva({ tx, tenantId, ip: opciones.ip ?? '', usuario: null });
  // Spec 000 §4 "New company": created together with its first user, who holds every right of a
  // company (never the operator's crearInstanciaDelSistema); the username is the e-mail.
  await crearAdministrador(tx, tenantId, datos.password, {
    crearInstanciaDelSistema: false,
    username: datos.correo,
  });

  await pasarAEmpresa(tx, TENANT_OPERADOR);
  const vinculada = { tenantId, idClienteEnOperador: clientedb._id };
  await opciones.enOperador?.(ctxOperador, vinculada);
  return { ...vinculada, diasDePruebaDisponibles: diasDePrueba };
}

/**
 * Registers a company in a transaction of its own (POST /tenant/; the integrator's
 * POST /factura-recurrente/crearCompaniaNueva/ passes `enOperador` for its recurring invoice). A
 * failure anywhere leaves nothing: no company, no customer, no user.
 */
export async function registrarEmpresa(
  db: BaseDeDatos,
  datos: RegistroDeEmpresa,
  opciones: OpcionesDeRegistro = {},
): Promise<EmpresaVinculada & { diasDePruebaDisponibles: number }> {
  try {
    return await db.enEmpresa(TENANT_OPERADOR, (tx) => registrarEmpresaEnTransaccion(tx, datos, opciones));
  } catch (error) {
    // A twin registration committed first (the unique indexes of migration 0040).
    if (violaIndiceUnico(error, 'empresas_registradas_correo')) {
      throw correoRepetido(datos.correo);
    }
    if (violaIndiceUnico(error, 'empresas_registradas_nombre')) {
      throw nombreRepetido(datos.nombreCompania);
    }
    throw error;
  }
}

/** The answer of POST /tenant/. */
export function respuestaDeRegistro(
  datos: RegistroDeEmpresa,
  creada: { tenantId: number; diasDePruebaDisponibles: number },
): EmpresaRegistrada {
  return {
    tenantId: creada.tenantId,
    username: datos.correo,
    diasDePruebaDisponibles: creada.diasDePruebaDisponibles,
    message: `Empresa ${creada.tenantId} creada. Entra con el número de empresa ${creada.tenantId} y el usuario ${datos.correo}.`,
  };
}

/** The registered companies, read in the operator company. */
export async function empresasVinculadas(tx: Tx) {
  await pasarAEmpresa(tx, TENANT_OPERADOR);
  return tx
    .select()
    .from(empresasRegistradas)
    .where(eq(empresasRegistradas.tenantId, TENANT_OPERADOR))
    .orderBy(empresasRegistradas.idEmpresa);
}

/**
 * GET /tenant/empresas-registradas (docs/empresas.md «Empresas registradas»): every registered company,
 * newest first, with its plan and the plan status the company itself holds (read in a transaction
 * bound to it, as its own health check reads it).
 */
export async function listarEmpresasRegistradas(db: BaseDeDatos): Promise<EmpresaDelOperador[]> {
  const { vinculadas, planes } = await db.enEmpresa(TENANT_OPERADOR, async (tx) => {
    const ctx: Ctx = { tx, tenantId: TENANT_OPERADOR, ip: '', usuario: null };
    const registradas = await empresasVinculadas(tx);
    const planes = new Map<string, { _id: string; descripcion: string }>();
    for (const idPlan of new Set(registradas.flatMap((f) => (f.idPlan ? [f.idPlan] : [])))) {
      // A plan the operator deleted since leaves its companies without one here, not the list broken.
      const plan = await obtenerPlan(ctx, idPlan).catch((error: unknown) => {
        if (error instanceof AppError && error.codigo === 'no_encontrado') {
          return null;
        }
        throw error;
      });
      if (plan) {
        planes.set(idPlan, { _id: plan._id, descripcion: plan.descripcion });
      }
    }
    return { vinculadas: registradas, planes };
  });
  const empresas: EmpresaDelOperador[] = [];
  for (const fila of vinculadas.reverse()) {
    const estado = await db.enEmpresa(fila.idEmpresa, (tx) =>
      estadoDelPlan({ tx, tenantId: fila.idEmpresa, ip: '', usuario: null }),
    );
    empresas.push({
      ...estado,
      tenantId: fila.idEmpresa,
      nombreCompania: fila.nombreCompania,
      nombreContacto: fila.nombreContacto,
      correo: fila.correo,
      origen: fila.origen,
      idCliente: fila.idCliente,
      plan: (fila.idPlan && planes.get(fila.idPlan)) || null,
      creadaEn: fila.creadaEn.toISOString(),
    });
  }
  return empresas;
}

/**
 * POST /tenant/actualizar-costos (docs/empresas.md): applies each plan's current terms to the companies
 * registered with it (its user limit and its validity), after the operator changed the plan. One
 * transaction per company; run again, it changes nothing.
 */
export async function actualizarCostos(
  db: BaseDeDatos,
  filtro: ActualizarCostos,
): Promise<{ empresas: number; empresasActualizadas: number }> {
  const vinculadas = await db.enEmpresa(TENANT_OPERADOR, async (tx) => {
    const ctx: Ctx = { tx, tenantId: TENANT_OPERADOR, ip: '', usuario: null };
    if (filtro?.idPlan) {
      await obtenerPlan(ctx, filtro.idPlan);
    }
    const conPlan = [];
    for (const fila of await empresasVinculadas(tx)) {
      if (fila.idPlan && (!filtro?.idPlan || fila.idPlan === filtro.idPlan)) {
        conPlan.push({
          idEmpresa: fila.idEmpresa,
          diasDePrueba: fila.diasDePrueba,
          plan: await obtenerPlan(ctx, fila.idPlan),
        });
      }
    }
    return conPlan;
  });
  let empresasActualizadas = 0;
  for (const { idEmpresa, diasDePrueba, plan } of vinculadas) {
    const cambio = await db.enEmpresa(idEmpresa, (tx) =>
      aplicarPlanALaEmpresa(tx, idEmpresa, {
        limiteCantidadDeUsuarios: plan.cantidadDeUsuarios,
        vigenciaDelPlan: plan.vigencia || diasDePrueba,
      }),
    );
    empresasActualizadas += cambio ? 1 : 0;
  }
  return { empresas: vinculadas.length, empresasActualizadas };
}

/**
 * POST /tenant/agregar-nuevos-hijos-cuentas-contables: every company (registered or not) gets the
 * accounts of the starting chart it lacks (modules/contabilidad); one transaction per company.
 */
export async function agregarCuentasATodas(
  db: BaseDeDatos,
): Promise<{ empresas: number; empresasConCambios: number; cuentasAgregadas: number }> {
  let empresas = 0;
  let empresasConCambios = 0;
  let cuentasAgregadas = 0;
  for (const tenantId of await empresasDeLaInstalacion(db)) {
    // A number a failed registration took and gave back names no company.
    const agregadas = await db.enEmpresa(tenantId, async (tx) =>
      (await existeEmpresa(tx, tenantId)) ? agregarCuentasNuevasDelCatalogo(tx, tenantId) : null,
    );
    if (agregadas === null) {
      continue;
    }
    empresas += 1;
    empresasConCambios += agregadas > 0 ? 1 : 0;
    cuentasAgregadas += agregadas;
  }
  return { empresas, empresasConCambios, cuentasAgregadas };
}
