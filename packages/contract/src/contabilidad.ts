import { z } from 'zod';
import { IdentificadorUnico, SinParams, Vacio } from './comun.ts';
import { endpoint } from './endpoint.ts';

export const TIPOS_DE_CUENTA = ['activo', 'pasivo', 'capital', 'ingresos', 'costos', 'gastos'] as const;
export type TipoDeCuenta = (typeof TIPOS_DE_CUENTA)[number];

export const NATURALEZAS = ['deudora', 'acreedora'] as const;
export type Naturaleza = (typeof NATURALEZAS)[number];

// Spec 002 §3 "Accounting": the chart lists inventory, expenses, costs, income, receivables,
// payables, capital, tax payable, tax in favour and others; cash and banks are split out because
// terminals and payments pick from them.
export const CATEGORIAS_DE_CUENTA = [
  'efectivo',
  'bancos',
  'cuentasPorCobrar',
  'inventario',
  'impuestosAFavor',
  'cuentasPorPagar',
  'impuestosPorPagar',
  'capital',
  'ingresos',
  'costos',
  'gastos',
  'otros',
] as const;
export type CategoriaDeCuenta = (typeof CATEGORIAS_DE_CUENTA)[number];

/** How other records point at an account (spec 002 §3: idCuenta, nombre, codigoDeCuenta, tipo; naturaleza in entries). */
export const CuentaContableRef = z.object({
  idCuenta: z.string(),
  nombre: z.string(),
  codigoDeCuenta: z.string(),
  tipo: z.enum(TIPOS_DE_CUENTA),
  naturaleza: z.enum(NATURALEZAS),
});
export type CuentaContableRef = z.infer<typeof CuentaContableRef>;

/** Spec 000 §3 "Account tree node": id, nombre, codigoDeCuenta, tipo, naturaleza, children (plus its list). */
export type NodoCuenta = {
  id: string;
  nombre: string;
  codigoDeCuenta: string;
  tipo: TipoDeCuenta;
  naturaleza: Naturaleza;
  categoria: CategoriaDeCuenta;
  children: NodoCuenta[];
};
export const NodoCuenta: z.ZodType<NodoCuenta> = z.object({
  id: z.string(),
  nombre: z.string(),
  codigoDeCuenta: z.string(),
  tipo: z.enum(TIPOS_DE_CUENTA),
  naturaleza: z.enum(NATURALEZAS),
  categoria: z.enum(CATEGORIAS_DE_CUENTA),
  get children() {
    return z.array(NodoCuenta);
  },
});

const NombreDeCuenta = z
  .string({ error: 'Debes poner el nombre de la cuenta' })
  .trim()
  .min(1, 'Debes poner el nombre de la cuenta')
  .max(150, 'El nombre de la cuenta no puede tener más de 150 caracteres');

const CodigoDeCuenta = z
  .string({ error: 'Debes poner el código de la cuenta' })
  .trim()
  .max(34, 'El código de cuenta no puede tener más de 34 caracteres')
  .regex(/^\d{1,4}(\.\d{1,4}){0,6}$/, 'El código de cuenta debe ser números separados por puntos (1.1.01)');

/** A node as the chart editor sends it: new nodes come without id; tipo, naturaleza and categoria default to the parent's. */
export type NodoCuentaEntrada = {
  id?: string | undefined;
  nombre: string;
  codigoDeCuenta: string;
  tipo?: TipoDeCuenta | undefined;
  naturaleza?: Naturaleza | undefined;
  categoria?: CategoriaDeCuenta | undefined;
  children: NodoCuentaEntrada[];
};
export const NodoCuentaEntrada: z.ZodType<NodoCuentaEntrada> = z.object({
  id: z.uuid({ error: 'El identificador de la cuenta no es válido' }).optional(),
  nombre: NombreDeCuenta,
  codigoDeCuenta: CodigoDeCuenta,
  tipo: z.enum(TIPOS_DE_CUENTA, { error: 'El tipo de cuenta no es válido' }).optional(),
  naturaleza: z.enum(NATURALEZAS, { error: 'La naturaleza debe ser deudora o acreedora' }).optional(),
  categoria: z.enum(CATEGORIAS_DE_CUENTA, { error: 'La categoría de la cuenta no es válida' }).optional(),
  get children() {
    return z.array(NodoCuentaEntrada).max(500).default([]);
  },
}) as unknown as z.ZodType<NodoCuentaEntrada>;

/** The chart of a company: one document whose `_id` is the company (spec 002 §7: PUT /catalogo-de-cuentas/{id}). */
export const CatalogoDeCuentas = z.object({
  _id: z.string(),
  treeData: z.array(NodoCuenta),
  /** Detail (leaf) accounts of each list, for the selectors of other screens. */
  listas: z.record(z.enum(CATEGORIAS_DE_CUENTA), z.array(CuentaContableRef)),
});
export type CatalogoDeCuentas = z.infer<typeof CatalogoDeCuentas>;

export const ActualizarCatalogo = z.object({
  treeData: z
    .array(NodoCuentaEntrada, { error: 'Falta el árbol de cuentas (treeData)' })
    .min(1, 'El catálogo debe tener al menos una cuenta'),
});
export type ActualizarCatalogo = z.infer<typeof ActualizarCatalogo>;

export const ParamsCatalogo = z.object({
  id: z.string().regex(/^\d{1,9}$/, { error: 'El identificador del catálogo no es válido' }),
});

/** POST /catalogo-de-cuentas/mas/: one more detail account under a parent; the code is the next free one when not given. */
export const CrearCuentaContable = z.object({
  identificadorUnico: IdentificadorUnico,
  idPadre: z.uuid({ error: 'Debes elegir la cuenta padre' }),
  nombre: NombreDeCuenta,
  codigoDeCuenta: CodigoDeCuenta.optional(),
});
export type CrearCuentaContable = z.infer<typeof CrearCuentaContable>;

export const CuentaContableCreada = z.object({ cuenta: NodoCuenta, solicitudDuplicada: z.boolean() });

// Which account each kind of posting uses (spec 002 §2 "asignacion_cuentas_contables"; fields not
// shown in the spec). Each entry names the posting and the default account of the seeded chart.
export const CLAVES_DE_ASIGNACION = {
  cajaGeneral: 'Caja general (cobros en efectivo)',
  cajaChica: 'Caja chica (gastos menores)',
  bancos: 'Banco principal',
  tarjetasDeCredito: 'Cobros con tarjeta de crédito',
  tarjetasDeDebito: 'Cobros con tarjeta de débito',
  transferencias: 'Cobros por transferencia',
  cuentasPorCobrarClientes: 'Cuentas por cobrar a clientes',
  inventario: 'Inventario de mercancías',
  itbisAdelantado: 'ITBIS pagado en compras (adelantado)',
  itbisRetenidoPorTerceros: 'ITBIS retenido por clientes',
  isrRetenidoPorTerceros: 'ISR retenido por clientes',
  anticiposAProveedores: 'Anticipos a proveedores',
  cuentasPorPagarProveedores: 'Cuentas por pagar a proveedores',
  itbisPorPagar: 'ITBIS facturado (por pagar)',
  itbisRetenidoPorPagar: 'ITBIS retenido a proveedores',
  isrRetenidoPorPagar: 'ISR retenido a proveedores',
  iscPorPagar: 'Impuesto selectivo al consumo',
  otrosImpuestosPorPagar: 'Otros impuestos',
  propinaLegalPorPagar: 'Propina legal (10%)',
  anticiposDeClientes: 'Anticipos recibidos de clientes',
  ajustesPorSaldosIniciales: 'Ajustes por saldos iniciales',
  ventasDeMercancias: 'Ventas de mercancías',
  ventasDeServicios: 'Ventas de servicios',
  devolucionesEnVentas: 'Devoluciones en ventas',
  descuentosEnVentas: 'Descuentos en ventas',
  ingresosFinancieros: 'Intereses bancarios ganados',
  sobrantesDeInventario: 'Sobrantes de inventario',
  sobrantesDeCaja: 'Sobrantes de caja',
  costoDeVentas: 'Costo de ventas',
  devolucionesEnCompras: 'Devoluciones en compras',
  gastosMenores: 'Gastos menores',
  faltantesDeInventario: 'Faltantes de inventario',
  faltantesDeCaja: 'Faltantes de caja',
  gastosBancarios: 'Comisiones y cargos bancarios',
  transferenciasBancarias: 'Traspasos entre cuentas bancarias',
} as const;
export type ClaveDeAsignacion = keyof typeof CLAVES_DE_ASIGNACION;
export const CLAVES = Object.keys(CLAVES_DE_ASIGNACION) as ClaveDeAsignacion[];

export const AsignacionCuentasContables = z.object(
  Object.fromEntries(CLAVES.map((clave) => [clave, CuentaContableRef.nullable()])) as Record<
    ClaveDeAsignacion,
    z.ZodNullable<typeof CuentaContableRef>
  >,
);
export type AsignacionCuentasContables = z.infer<typeof AsignacionCuentasContables>;

const CuentaElegida = z.object({ idCuenta: z.uuid({ error: 'Debes elegir una cuenta' }) });

/** PATCH: only the postings sent change; each takes `{ idCuenta }` (the rest of a sent reference is ignored). */
export const ActualizarAsignacion = z
  .object(
    Object.fromEntries(CLAVES.map((clave) => [clave, CuentaElegida.optional()])) as Record<
      ClaveDeAsignacion,
      z.ZodOptional<typeof CuentaElegida>
    >,
  )
  .strict();
export type ActualizarAsignacion = z.infer<typeof ActualizarAsignacion>;

export const contabilidad = {
  catalogo: endpoint({
    method: 'GET',
    path: '/catalogo-de-cuentas/',
    body: Vacio,
    params: SinParams,
    respuesta: CatalogoDeCuentas,
  }),
  gastos: endpoint({
    method: 'GET',
    path: '/catalogo-de-cuentas/gastos',
    body: Vacio,
    params: SinParams,
    respuesta: z.array(CuentaContableRef),
  }),
  actualizarCatalogo: endpoint({
    method: 'PUT',
    path: '/catalogo-de-cuentas/:id',
    body: ActualizarCatalogo,
    params: ParamsCatalogo,
    respuesta: CatalogoDeCuentas,
  }),
  crearCuenta: endpoint({
    method: 'POST',
    path: '/catalogo-de-cuentas/mas/',
    body: CrearCuentaContable,
    params: SinParams,
    respuesta: CuentaContableCreada,
  }),
  asignacion: endpoint({
    method: 'GET',
    path: '/asignacion-de-cuentas-contables',
    body: Vacio,
    params: SinParams,
    respuesta: AsignacionCuentasContables,
  }),
  actualizarAsignacion: endpoint({
    method: 'PATCH',
    path: '/asignacion-de-cuentas-contables',
    body: ActualizarAsignacion,
    params: SinParams,
    respuesta: AsignacionCuentasContables,
  }),
};
