import { z } from 'zod';

// Spec 002 §3 "User": a permission block per module with acceso, crear, modificar, ver.
// The spec does not list the module keys; these follow the main menu of spec 000 §2.
export const MODULOS = [
  'inicio',
  'clientes',
  'ingresos',
  'egresos',
  'gastoMenor',
  'facturas',
  'facturasRecurrentes',
  'cotizaciones',
  'compras',
  'ordenesDeCompra',
  'conduces',
  'pedidos',
  'notasDeCredito',
  'notasDeDebito',
  'cuentaPorPagar',
  'cuentaPorCobrar',
  'reportes',
  'puntoDeVentas',
  'productos',
  'ajusteInventario',
  'categorias',
  'secciones',
  'areasDeProduccion',
  'almacenes',
  'listasDePrecio',
  'catalogoDeCuentas',
  'asientosContables',
  'entradaDeDiario',
  'centroDeCosto',
  'bancos',
  'auditorias',
  'configuracionGeneral',
  'numeraciones',
  'impuestos',
  'retenciones',
  'usuarios',
  'terminales',
  'asignacionCuentasContables',
  'lugarDeAsignacion',
  'reservaciones',
  'expedientes',
  'planes',
  'registroDeEmpresa',
] as const;
export type Modulo = (typeof MODULOS)[number];

/** How each module is named to the user (menus, permission grid, 403 messages). */
export const ETIQUETAS_DE_MODULO: Record<Modulo, string> = {
  inicio: 'Tablero',
  clientes: 'Clientes y proveedores',
  ingresos: 'Pagos e ingresos',
  egresos: 'Recibos de egreso',
  gastoMenor: 'Gastos menores',
  facturas: 'Facturas',
  facturasRecurrentes: 'Facturas recurrentes',
  cotizaciones: 'Cotizaciones',
  compras: 'Compras',
  ordenesDeCompra: 'Órdenes de compra',
  conduces: 'Conduces',
  pedidos: 'Pedidos',
  notasDeCredito: 'Notas de crédito',
  notasDeDebito: 'Notas de débito',
  cuentaPorPagar: 'Cuentas por pagar',
  cuentaPorCobrar: 'Cuentas por cobrar',
  reportes: 'Reportes',
  puntoDeVentas: 'Punto de venta',
  productos: 'Productos y servicios',
  ajusteInventario: 'Ajustes de inventario',
  categorias: 'Categorías',
  secciones: 'Secciones',
  areasDeProduccion: 'Áreas de producción',
  almacenes: 'Almacenes',
  listasDePrecio: 'Listas de precios',
  catalogoDeCuentas: 'Catálogo de cuentas',
  asientosContables: 'Asientos contables',
  entradaDeDiario: 'Entradas de diario',
  centroDeCosto: 'Centros de costo',
  bancos: 'Bancos',
  auditorias: 'Auditoría',
  configuracionGeneral: 'Configuración general',
  numeraciones: 'Numeraciones',
  impuestos: 'Impuestos',
  retenciones: 'Retenciones',
  usuarios: 'Usuarios',
  terminales: 'Terminales',
  asignacionCuentasContables: 'Asignación de cuentas contables',
  lugarDeAsignacion: 'Lugares de asignación',
  reservaciones: 'Reservaciones',
  expedientes: 'Expedientes',
  planes: 'Planes',
  registroDeEmpresa: 'Registro de empresas',
};

const bandera = z.boolean().default(false);

export const PermisoBase = z.object({ acceso: bandera, crear: bandera, modificar: bandera, ver: bandera });

// Spec 002 §3: cuentaPorPagar and cuentaPorCobrar use emitirRecibo instead of modificar.
const PermisoCuentas = z.object({ acceso: bandera, crear: bandera, emitirRecibo: bandera, ver: bandera });

const extras: Partial<Record<Modulo, z.ZodType>> = {
  puntoDeVentas: PermisoBase.extend({ verSoloPedidos: bandera, verExistenciaDelInventario: bandera }),
  pedidos: PermisoBase.extend({ gestorDeEnvios: bandera }),
  cuentaPorPagar: PermisoCuentas,
  cuentaPorCobrar: PermisoCuentas,
};

export type PermisoModulo = {
  acceso: boolean;
  crear: boolean;
  ver: boolean;
  modificar?: boolean;
  emitirRecibo?: boolean;
  verSoloPedidos?: boolean;
  verExistenciaDelInventario?: boolean;
  gestorDeEnvios?: boolean;
};
export type Privilegios = Record<Modulo, PermisoModulo>;

function bloque(modulo: Modulo): z.ZodType {
  return (extras[modulo] ?? PermisoBase).prefault({});
}

/** Every module's block; a missing module or flag is false. */
export const Privilegios = z.object(
  Object.fromEntries(MODULOS.map((modulo) => [modulo, bloque(modulo)])) as Record<Modulo, z.ZodType>,
) as unknown as z.ZodType<Privilegios, Partial<Record<Modulo, Partial<PermisoModulo>>>>;

export type Accion = 'acceso' | 'ver' | 'crear' | 'modificar' | 'emitirRecibo';

// Flags that take something away rather than grant it: spec 000 §2, verSoloPedidos hides the POS menu.
const RESTRICCIONES: ReadonlySet<string> = new Set(['verSoloPedidos']);

/** Every granting flag of every module set to true: the administrator of a new company. */
export function todosLosPrivilegios(): Privilegios {
  const base = Privilegios.parse({});
  for (const permisos of Object.values(base) as Array<Record<string, boolean>>) {
    for (const clave of Object.keys(permisos)) {
      permisos[clave] = !RESTRICCIONES.has(clave);
    }
  }
  return base;
}

/** Whether a privileges object grants `accion` on `modulo` (no access means nothing else either). */
export function tienePermiso(privilegios: Privilegios, modulo: Modulo, accion: Accion): boolean {
  const permisos = privilegios[modulo];
  return permisos.acceso === true && permisos[accion] === true;
}
