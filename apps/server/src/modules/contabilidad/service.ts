import { randomUUID } from 'node:crypto';
import {
  type ActualizarAsignacion,
  type ActualizarCatalogo,
  type AsignacionCuentasContables,
  CATEGORIAS_DE_CUENTA,
  type CatalogoDeCuentas,
  type CategoriaDeCuenta,
  CLAVES,
  CLAVES_DE_ASIGNACION,
  type ClaveDeAsignacion,
  type CrearCuentaContable,
  type CuentaContableRef,
  type Naturaleza,
  type NodoCuenta,
  type NodoCuentaEntrada,
  type TipoDeCuenta,
} from '@pos/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { referenciasA, tablasQueUsan } from '../../db/referencias.ts';
import { insertarSinDuplicar } from '../../db/sinDuplicados.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx } from '../../http/handle.ts';
import { ASIGNACION_INICIAL, CATALOGO_INICIAL, type CuentaInicial } from './catalogoInicial.ts';
import { asignacionCuentasContables, cuentasContables } from './tables.ts';

type FilaCuenta = typeof cuentasContables.$inferSelect;
type CtxTx = Pick<Ctx, 'tx' | 'tenantId'>;

const NATURALEZA_POR_TIPO: Record<TipoDeCuenta, Naturaleza> = {
  activo: 'deudora',
  costos: 'deudora',
  gastos: 'deudora',
  pasivo: 'acreedora',
  capital: 'acreedora',
  ingresos: 'acreedora',
};
const CATEGORIA_POR_TIPO: Record<TipoDeCuenta, CategoriaDeCuenta> = {
  activo: 'otros',
  pasivo: 'otros',
  capital: 'capital',
  ingresos: 'ingresos',
  costos: 'costos',
  gastos: 'gastos',
};
// How a table that points at an account is named in a refusal.
const USOS: Record<string, string> = {
  asignacion_cuentas_contables: 'asignación de cuentas contables',
  compras: 'compras',
  contactos: 'contactos',
  creditos_a_favor: 'créditos a favor',
  cuentas_banco: 'cuentas de banco',
  devoluciones_nota_de_credito: 'devoluciones de notas de crédito',
  devoluciones_nota_de_debito: 'devoluciones de notas de débito',
  gastos_menores: 'gastos menores',
  ingresos_recibidos: 'recibos de ingreso',
  lineas_asiento: 'asientos contables',
  lineas_egreso: 'recibos de egreso',
  lineas_entrada_de_diario: 'entradas de diario',
  lineas_gasto_menor: 'gastos menores',
  lineas_ingreso: 'recibos de ingreso',
  lineas_nota_de_debito: 'notas de débito',
  notas_de_credito: 'notas de crédito',
  notas_de_debito: 'notas de débito',
  pagos_factura: 'pagos de facturas',
  productos: 'productos',
  recibos_egresos: 'recibos de egreso',
};

/** The reference other records store for an account. */
export function aCuentaRef(fila: FilaCuenta): CuentaContableRef {
  return {
    idCuenta: fila.id,
    nombre: fila.nombre,
    codigoDeCuenta: fila.codigoDeCuenta,
    tipo: fila.tipo,
    naturaleza: fila.naturaleza,
  };
}

function compararCodigos(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const diferencia = (pa[i] ?? -1) - (pb[i] ?? -1);
    if (diferencia !== 0) {
      return diferencia;
    }
  }
  return 0;
}

async function cuentasActivas(ctx: CtxTx): Promise<FilaCuenta[]> {
  const filas = await ctx.tx
    .select()
    .from(cuentasContables)
    .where(and(eq(cuentasContables.tenantId, ctx.tenantId), eq(cuentasContables.activo, true)));
  return filas.sort((a, b) => a.orden - b.orden || compararCodigos(a.codigoDeCuenta, b.codigoDeCuenta));
}

function construirArbol(filas: FilaCuenta[]): NodoCuenta[] {
  const nodos = new Map<string, NodoCuenta>();
  for (const fila of filas) {
    nodos.set(fila.id, {
      id: fila.id,
      nombre: fila.nombre,
      codigoDeCuenta: fila.codigoDeCuenta,
      tipo: fila.tipo,
      naturaleza: fila.naturaleza,
      categoria: fila.categoria,
      children: [],
    });
  }
  const raices: NodoCuenta[] = [];
  for (const fila of filas) {
    const nodo = nodos.get(fila.id) as NodoCuenta;
    const padre = fila.idPadre ? nodos.get(fila.idPadre) : undefined;
    (padre ? padre.children : raices).push(nodo);
  }
  return raices;
}

function conHijas(filas: FilaCuenta[]): Set<string> {
  return new Set(filas.flatMap((fila) => (fila.idPadre ? [fila.idPadre] : [])));
}

/** Inserts the starting chart and its default assignment for a new company (called by `crearEmpresa`). */
export async function sembrarCatalogoDeCuentas(tx: Tx, tenantId: number): Promise<void> {
  const filas: Array<typeof cuentasContables.$inferInsert> = [];
  const porCodigo = new Map<string, string>();
  function agregar(
    cuenta: CuentaInicial,
    padre: { id: string; tipo: TipoDeCuenta; naturaleza: Naturaleza; categoria: CategoriaDeCuenta } | null,
    orden: number,
  ): void {
    const tipo = cuenta.tipo ?? (padre?.tipo as TipoDeCuenta);
    const naturaleza = cuenta.naturaleza ?? padre?.naturaleza ?? NATURALEZA_POR_TIPO[tipo];
    const categoria = cuenta.categoria ?? padre?.categoria ?? CATEGORIA_POR_TIPO[tipo];
    const id = randomUUID();
    porCodigo.set(cuenta.codigo, id);
    filas.push({
      tenantId,
      id,
      idPadre: padre?.id ?? null,
      codigoDeCuenta: cuenta.codigo,
      nombre: cuenta.nombre,
      tipo,
      naturaleza,
      categoria,
      orden,
    });
    cuenta.hijas?.forEach((hija, indice) => {
      agregar(hija, { id, tipo, naturaleza: cuenta.naturaleza ?? naturaleza, categoria }, indice);
    });
  }
  CATALOGO_INICIAL.forEach((cuenta, indice) => {
    agregar(cuenta, null, indice);
  });
  await tx.insert(cuentasContables).values(filas);
  await tx.insert(asignacionCuentasContables).values(
    CLAVES.map((clave) => ({
      tenantId,
      clave,
      idCuenta: porCodigo.get(ASIGNACION_INICIAL[clave]) as string,
    })),
  );
}

/**
 * POST /tenant/agregar-nuevos-hijos-cuentas-contables (spec 002 §7, modules/registro): adds to company
 * `tenantId` the accounts of the starting chart it lacks, each under the account that has its parent's
 * code, and the default assignment of any key it lacks. An account counts as present by its code,
 * active or not, whatever its name (the company may have renamed it), so a second run adds nothing.
 * Answers how many accounts it added.
 */
export async function agregarCuentasNuevasDelCatalogo(tx: Tx, tenantId: number): Promise<number> {
  const existentes = await tx
    .select({
      id: cuentasContables.id,
      codigo: cuentasContables.codigoDeCuenta,
      tipo: cuentasContables.tipo,
      naturaleza: cuentasContables.naturaleza,
      categoria: cuentasContables.categoria,
    })
    .from(cuentasContables)
    .where(eq(cuentasContables.tenantId, tenantId));
  const porCodigo = new Map(existentes.map((fila) => [fila.codigo, fila]));
  const nuevas: Array<typeof cuentasContables.$inferInsert> = [];
  type Padre = { id: string; tipo: TipoDeCuenta; naturaleza: Naturaleza; categoria: CategoriaDeCuenta };
  function recorrer(cuenta: CuentaInicial, padre: Padre | null, orden: number): void {
    const tipo = cuenta.tipo ?? (padre?.tipo as TipoDeCuenta);
    const naturaleza = cuenta.naturaleza ?? padre?.naturaleza ?? NATURALEZA_POR_TIPO[tipo];
    const categoria = cuenta.categoria ?? padre?.categoria ?? CATEGORIA_POR_TIPO[tipo];
    let id = porCodigo.get(cuenta.codigo)?.id;
    if (!id) {
      id = randomUUID();
      porCodigo.set(cuenta.codigo, { id, codigo: cuenta.codigo, tipo, naturaleza, categoria });
      nuevas.push({
        tenantId,
        id,
        idPadre: padre?.id ?? null,
        codigoDeCuenta: cuenta.codigo,
        nombre: cuenta.nombre,
        tipo,
        naturaleza,
        categoria,
        orden,
      });
    }
    const comoPadre: Padre = { id, tipo, naturaleza: cuenta.naturaleza ?? naturaleza, categoria };
    cuenta.hijas?.forEach((hija, indice) => {
      recorrer(hija, comoPadre, indice);
    });
  }
  CATALOGO_INICIAL.forEach((cuenta, indice) => {
    recorrer(cuenta, null, indice);
  });
  if (nuevas.length > 0) {
    await tx.insert(cuentasContables).values(nuevas);
  }
  const asignadas = new Set(
    (
      await tx
        .select({ clave: asignacionCuentasContables.clave })
        .from(asignacionCuentasContables)
        .where(eq(asignacionCuentasContables.tenantId, tenantId))
    ).map((fila) => fila.clave),
  );
  const faltantes = CLAVES.filter((clave) => !asignadas.has(clave));
  if (faltantes.length > 0) {
    await tx.insert(asignacionCuentasContables).values(
      faltantes.map((clave) => ({
        tenantId,
        clave,
        idCuenta: porCodigo.get(ASIGNACION_INICIAL[clave])?.id as string,
      })),
    );
  }
  return nuevas.length;
}

/** GET /catalogo-de-cuentas/: the tree, and the detail accounts of each list for selectors. */
export async function obtenerCatalogo(ctx: CtxTx): Promise<CatalogoDeCuentas> {
  const filas = await cuentasActivas(ctx);
  const padres = conHijas(filas);
  const listas = Object.fromEntries(
    CATEGORIAS_DE_CUENTA.map((categoria) => [categoria, []]),
  ) as unknown as Record<CategoriaDeCuenta, CuentaContableRef[]>;
  for (const fila of filas.filter((f) => !padres.has(f.id))) {
    listas[fila.categoria].push(aCuentaRef(fila));
  }
  for (const lista of Object.values(listas)) {
    lista.sort((a, b) => compararCodigos(a.codigoDeCuenta, b.codigoDeCuenta));
  }
  return { _id: String(ctx.tenantId), treeData: construirArbol(filas), listas };
}

/** GET /catalogo-de-cuentas/gastos: detail accounts of expenses and costs, for minor expenses and purchases. */
export async function cuentasDeGastos(ctx: CtxTx): Promise<CuentaContableRef[]> {
  const filas = await cuentasActivas(ctx);
  const padres = conHijas(filas);
  return filas
    .filter((f) => !padres.has(f.id) && (f.tipo === 'gastos' || f.tipo === 'costos'))
    .map(aCuentaRef)
    .sort((a, b) => compararCodigos(a.codigoDeCuenta, b.codigoDeCuenta));
}

/** An active detail account (no subaccounts) of the company, as other records reference it. */
export async function cuentaDeDetalle(
  ctx: CtxTx,
  idCuenta: string,
  para: string,
): Promise<CuentaContableRef> {
  const filas = await ctx.tx
    .select()
    .from(cuentasContables)
    .where(
      and(
        eq(cuentasContables.tenantId, ctx.tenantId),
        eq(cuentasContables.activo, true),
        inArray(cuentasContables.id, [idCuenta]),
      ),
    );
  const [cuenta] = filas;
  if (!cuenta) {
    throw new AppError('solicitud_invalida', `La cuenta elegida para «${para}» no existe en el catálogo.`);
  }
  const [hija] = await ctx.tx
    .select({ id: cuentasContables.id })
    .from(cuentasContables)
    .where(
      and(
        eq(cuentasContables.tenantId, ctx.tenantId),
        eq(cuentasContables.activo, true),
        eq(cuentasContables.idPadre, idCuenta),
      ),
    )
    .limit(1);
  if (hija) {
    throw new AppError(
      'solicitud_invalida',
      `La cuenta ${cuenta.codigoDeCuenta} ${cuenta.nombre} tiene subcuentas; elige una cuenta de detalle para «${para}».`,
    );
  }
  return aCuentaRef(cuenta);
}

/** References of several accounts by id (active or not: old records keep pointing at removed accounts). */
export async function referenciasDeCuentas(
  ctx: CtxTx,
  ids: string[],
): Promise<Map<string, CuentaContableRef>> {
  const unicos = [...new Set(ids)];
  if (unicos.length === 0) {
    return new Map();
  }
  const filas = await ctx.tx
    .select()
    .from(cuentasContables)
    .where(and(eq(cuentasContables.tenantId, ctx.tenantId), inArray(cuentasContables.id, unicos)));
  return new Map(filas.map((fila) => [fila.id, aCuentaRef(fila)]));
}

/** The account a kind of posting uses (for the documents that post journal entries). */
export async function cuentaAsignada(ctx: CtxTx, clave: ClaveDeAsignacion): Promise<CuentaContableRef> {
  const asignacion = await obtenerAsignacion(ctx);
  const cuenta = asignacion[clave];
  if (!cuenta) {
    throw sinCuentaAsignada(clave);
  }
  return cuenta;
}

/** The company's assigned account per key, as a document reads them all at once (sqlCuentasAsignadas). */
export type CuentasAsignadas = Partial<Record<ClaveDeAsignacion, string>>;

function sinCuentaAsignada(clave: ClaveDeAsignacion): AppError {
  return new AppError(
    'conflicto',
    `No hay una cuenta asignada para «${CLAVES_DE_ASIGNACION[clave]}». Configúrala en Configuración › Asignación de cuentas contables.`,
  );
}

/** The assigned account of `clave`, or the Spanish 409 asking to assign it. */
export function cuentaDe(cuentas: CuentasAsignadas, clave: ClaveDeAsignacion): string {
  const cuenta = cuentas[clave];
  if (!cuenta) {
    throw sinCuentaAsignada(clave);
  }
  return cuenta;
}

/** Where a product's stock is carried: its own inventory account, else the company's 'inventario'. */
export function cuentaDeInventario(
  idCuentaDelProducto: string | null | undefined,
  cuentas: CuentasAsignadas,
): string {
  return idCuentaDelProducto ?? cuentaDe(cuentas, 'inventario');
}

/** The assigned account id per key ({ cajaGeneral: id, … }) as an SQL expression yielding JSON. */
export function sqlCuentasAsignadas(ctx: CtxTx): SQL {
  return sql`(select coalesce(json_object_agg(clave, id_cuenta), '{}'::json)
    from asignacion_cuentas_contables where tenant_id = ${ctx.tenantId})`;
}

/** GET /asignacion-de-cuentas-contables. */
export async function obtenerAsignacion(ctx: CtxTx): Promise<AsignacionCuentasContables> {
  const filas = await ctx.tx
    .select({ clave: asignacionCuentasContables.clave, cuenta: cuentasContables })
    .from(asignacionCuentasContables)
    .innerJoin(
      cuentasContables,
      and(
        eq(cuentasContables.tenantId, asignacionCuentasContables.tenantId),
        eq(cuentasContables.id, asignacionCuentasContables.idCuenta),
      ),
    )
    .where(eq(asignacionCuentasContables.tenantId, ctx.tenantId));
  const asignacion = Object.fromEntries(CLAVES.map((clave) => [clave, null])) as AsignacionCuentasContables;
  for (const { clave, cuenta } of filas) {
    if (clave in CLAVES_DE_ASIGNACION) {
      asignacion[clave as ClaveDeAsignacion] = aCuentaRef(cuenta);
    }
  }
  return asignacion;
}

/** PATCH /asignacion-de-cuentas-contables: each posting sent gets the chosen detail account. */
export async function actualizarAsignacion(
  ctx: CtxTx,
  entrada: ActualizarAsignacion,
): Promise<AsignacionCuentasContables> {
  for (const clave of CLAVES) {
    const elegida = entrada[clave];
    if (!elegida) {
      continue;
    }
    await cuentaDeDetalle(ctx, elegida.idCuenta, CLAVES_DE_ASIGNACION[clave]);
    await ctx.tx
      .insert(asignacionCuentasContables)
      .values({ tenantId: ctx.tenantId, clave, idCuenta: elegida.idCuenta })
      .onConflictDoUpdate({
        target: [asignacionCuentasContables.tenantId, asignacionCuentasContables.clave],
        set: { idCuenta: elegida.idCuenta, actualizadoEn: new Date() },
      });
  }
  return obtenerAsignacion(ctx);
}

function invalido(mensaje: string, campo = 'treeData'): AppError {
  return new AppError('solicitud_invalida', mensaje, { errores: [{ campo, mensaje }] });
}

async function usosDeLaCuenta(ctx: CtxTx, id: string): Promise<string[]> {
  const referencias = (await referenciasA(ctx.tx, 'cuentas_contables')).filter(
    (r) => r.tabla !== 'cuentas_contables',
  );
  // A header and its lines name one use once; a table not named above reads as words, never as a table.
  return [
    ...new Set(
      (await tablasQueUsan(ctx.tx, ctx.tenantId, referencias, id)).map(
        (tabla) => USOS[tabla] ?? tabla.replaceAll('_', ' '),
      ),
    ),
  ];
}

type NodoPlano = {
  id: string;
  nuevo: boolean;
  idPadre: string | null;
  codigoDeCuenta: string;
  nombre: string;
  tipo: TipoDeCuenta;
  naturaleza: Naturaleza;
  categoria: CategoriaDeCuenta;
  orden: number;
  tieneHijas: boolean;
};

// Flattens the edited tree, parents first, checking codes and ids; group values flow down to children.
function aplanar(arbol: NodoCuentaEntrada[], existentes: Map<string, FilaCuenta>): NodoPlano[] {
  const planos: NodoPlano[] = [];
  const codigos = new Set<string>();
  const ids = new Set<string>();
  function visitar(nodo: NodoCuentaEntrada, padre: NodoPlano | null, orden: number): void {
    const codigo = nodo.codigoDeCuenta;
    if (codigos.has(codigo)) {
      throw invalido(`El código de cuenta ${codigo} está repetido.`);
    }
    codigos.add(codigo);
    if (padre && !codigo.startsWith(`${padre.codigoDeCuenta}.`)) {
      throw invalido(
        `El código ${codigo} debe empezar por el código de su cuenta padre (${padre.codigoDeCuenta}.).`,
      );
    }
    if (nodo.id !== undefined && (!existentes.has(nodo.id) || ids.has(nodo.id))) {
      throw invalido(
        `La cuenta «${nodo.nombre}» no existe en el catálogo o está repetida; recarga la pantalla.`,
      );
    }
    const tipo = padre ? padre.tipo : nodo.tipo;
    if (!tipo) {
      throw invalido(`La cuenta de grupo ${codigo} ${nodo.nombre} debe indicar su tipo.`);
    }
    const id = nodo.id ?? randomUUID();
    ids.add(id);
    const plano: NodoPlano = {
      id,
      nuevo: nodo.id === undefined,
      idPadre: padre?.id ?? null,
      codigoDeCuenta: codigo,
      nombre: nodo.nombre,
      tipo,
      naturaleza: nodo.naturaleza ?? padre?.naturaleza ?? NATURALEZA_POR_TIPO[tipo],
      categoria: nodo.categoria ?? padre?.categoria ?? CATEGORIA_POR_TIPO[tipo],
      orden,
      tieneHijas: nodo.children.length > 0,
    };
    planos.push(plano);
    nodo.children.forEach((hija, indice) => {
      visitar(hija, plano, indice);
    });
  }
  arbol.forEach((nodo, indice) => {
    visitar(nodo, null, indice);
  });
  return planos;
}

/**
 * PUT /catalogo-de-cuentas/{id} {treeData}: the edited tree replaces the chart. Accounts left out
 * are deactivated, not deleted, so old journal entries keep their account; one in use is refused.
 */
export async function actualizarCatalogo(
  ctx: CtxTx,
  id: string,
  entrada: ActualizarCatalogo,
): Promise<CatalogoDeCuentas> {
  if (id !== String(ctx.tenantId)) {
    throw new AppError('no_encontrado', 'El catálogo de cuentas no existe.');
  }
  const actuales = await cuentasActivas(ctx);
  const existentes = new Map(actuales.map((fila) => [fila.id, fila]));
  const planos = aplanar(entrada.treeData, existentes);
  const conservadas = new Set(planos.map((p) => p.id));
  for (const fila of actuales.filter((f) => !conservadas.has(f.id))) {
    const usos = await usosDeLaCuenta(ctx, fila.id);
    if (usos.length > 0) {
      throw new AppError(
        'conflicto',
        `La cuenta ${fila.codigoDeCuenta} ${fila.nombre} está en uso (${usos.join(', ')}) y no se puede quitar del catálogo.`,
      );
    }
  }
  for (const plano of planos.filter((p) => !p.nuevo && p.tieneHijas && !conHijas(actuales).has(p.id))) {
    const usos = await usosDeLaCuenta(ctx, plano.id);
    if (usos.length > 0) {
      throw new AppError(
        'conflicto',
        `La cuenta ${plano.codigoDeCuenta} ${plano.nombre} está en uso (${usos.join(', ')}) y no puede tener subcuentas.`,
      );
    }
  }
  const ahora = new Date();
  const quitadas = actuales.filter((f) => !conservadas.has(f.id)).map((f) => f.id);
  if (quitadas.length > 0) {
    await ctx.tx
      .update(cuentasContables)
      .set({ activo: false, actualizadoEn: ahora })
      .where(and(eq(cuentasContables.tenantId, ctx.tenantId), inArray(cuentasContables.id, quitadas)));
  }
  // Codes may be swapped between accounts: free them first so the unique index never sees a clash.
  for (const plano of planos.filter((p) => !p.nuevo)) {
    await ctx.tx
      .update(cuentasContables)
      .set({ codigoDeCuenta: `~${plano.id}` })
      .where(and(eq(cuentasContables.tenantId, ctx.tenantId), eq(cuentasContables.id, plano.id)));
  }
  for (const plano of planos) {
    const campos = {
      idPadre: plano.idPadre,
      codigoDeCuenta: plano.codigoDeCuenta,
      nombre: plano.nombre,
      tipo: plano.tipo,
      naturaleza: plano.naturaleza,
      categoria: plano.categoria,
      orden: plano.orden,
      actualizadoEn: ahora,
    };
    if (plano.nuevo) {
      await ctx.tx.insert(cuentasContables).values({ tenantId: ctx.tenantId, id: plano.id, ...campos });
    } else {
      await ctx.tx
        .update(cuentasContables)
        .set(campos)
        .where(and(eq(cuentasContables.tenantId, ctx.tenantId), eq(cuentasContables.id, plano.id)));
    }
  }
  return obtenerCatalogo(ctx);
}

function siguienteCodigo(padre: FilaCuenta, hermanas: FilaCuenta[]): string {
  const ultimos = hermanas.map((h) => h.codigoDeCuenta.slice(padre.codigoDeCuenta.length + 1));
  const ancho = Math.max(padre.codigoDeCuenta.includes('.') ? 2 : 1, ...ultimos.map((u) => u.length));
  const siguiente = Math.max(0, ...ultimos.map(Number).filter(Number.isFinite)) + 1;
  return `${padre.codigoDeCuenta}.${String(siguiente).padStart(ancho, '0')}`;
}

/** POST /catalogo-de-cuentas/mas/: adds a detail account under a parent (banks, new expense kinds). */
export async function crearCuentaContable(
  ctx: CtxTx,
  entrada: CrearCuentaContable,
): Promise<{ cuenta: NodoCuenta; solicitudDuplicada: boolean }> {
  const actuales = await cuentasActivas(ctx);
  const padre = actuales.find((f) => f.id === entrada.idPadre);
  const [previa] = await ctx.tx
    .select()
    .from(cuentasContables)
    .where(
      and(
        eq(cuentasContables.tenantId, ctx.tenantId),
        eq(cuentasContables.identificadorUnico, entrada.identificadorUnico),
      ),
    )
    .limit(1);
  if (!padre && !previa) {
    throw new AppError('no_encontrado', 'La cuenta padre no existe en el catálogo.');
  }
  const hermanas = actuales.filter((f) => f.idPadre === entrada.idPadre);
  if (padre && !previa) {
    if (hermanas.length === 0) {
      const usos = await usosDeLaCuenta(ctx, padre.id);
      if (usos.length > 0) {
        throw new AppError(
          'conflicto',
          `La cuenta ${padre.codigoDeCuenta} ${padre.nombre} está en uso (${usos.join(', ')}) y no puede tener subcuentas.`,
        );
      }
    }
    if (entrada.codigoDeCuenta !== undefined) {
      if (!entrada.codigoDeCuenta.startsWith(`${padre.codigoDeCuenta}.`)) {
        throw invalido(
          `El código ${entrada.codigoDeCuenta} debe empezar por el código de su cuenta padre (${padre.codigoDeCuenta}.).`,
          'codigoDeCuenta',
        );
      }
      if (actuales.some((f) => f.codigoDeCuenta === entrada.codigoDeCuenta)) {
        throw new AppError('conflicto', `Ya existe una cuenta con el código ${entrada.codigoDeCuenta}.`);
      }
    }
  }
  const base = (padre ?? previa) as FilaCuenta;
  const creado = await insertarSinDuplicar(ctx.tx, cuentasContables, {
    tenantId: ctx.tenantId,
    identificadorUnico: entrada.identificadorUnico,
    idPadre: entrada.idPadre,
    codigoDeCuenta: entrada.codigoDeCuenta ?? siguienteCodigo(base, hermanas),
    nombre: entrada.nombre,
    tipo: base.tipo,
    naturaleza: base.naturaleza,
    categoria: base.categoria,
    orden: hermanas.length,
  });
  const [nodo] = construirArbol([creado.fila]);
  return { cuenta: nodo as NodoCuenta, solicitudDuplicada: creado.solicitudDuplicada };
}
