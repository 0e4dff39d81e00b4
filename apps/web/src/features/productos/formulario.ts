import {
  type ActualizarProducto,
  CamposDeProducto,
  type CrearProducto,
  LineaDeAlmacen,
  type Producto,
} from '@pos/contract';
import { z } from 'zod';

/** The product form: the product's fields as the contract reads them, plus its warehouse lines. */
export type Valores = z.output<typeof CamposDeProducto> & { lineas: LineaDeAlmacen[] };

/** What the form validates: the contract's own schemas, so it checks exactly what the server checks. */
export const EsquemaDelFormulario = CamposDeProducto.extend({ lineas: z.array(LineaDeAlmacen) });

/** A blank product with the contract's defaults (spec 002 §3), stocked in `idAlmacen` when given. */
export function valoresNuevos(idAlmacen: string | null): Valores {
  return {
    ...CamposDeProducto.parse({ nombre: '-' }),
    nombre: '',
    lineas: idAlmacen ? [{ idAlmacen, cantidadInicial: 0, cantidadMinima: 0, cantidadMaxima: 0 }] : [],
  };
}

const cuenta = (ref: { idCuenta: string } | null) => (ref ? { idCuenta: ref.idCuenta } : null);

/** A saved product as the form edits it. */
export function valoresDe(producto: Producto): Valores {
  return {
    nombre: producto.nombre,
    categoria: producto.categoria,
    tipo: producto.tipo,
    unidadMedida: producto.unidadMedida,
    avatar: producto.avatar,
    // Spec 002 §5: a short code is stored as '0'; the form shows no code then.
    idCodigoDeBarra: producto.idCodigoDeBarra === '0' ? '' : producto.idCodigoDeBarra,
    referencia: producto.referencia,
    descripcion: producto.descripcion,
    impuesto: producto.impuesto,
    impuestos: producto.impuestos,
    precioDeVenta: producto.precioDeVenta,
    costo: producto.costo,
    tasaBeneficios: producto.tasaBeneficios,
    tasaComision: producto.tasaComision,
    descuentoParaSocios: producto.descuentoParaSocios,
    productoInventariable: producto.productoInventariable,
    ventaSinDisponibilidad: producto.ventaSinDisponibilidad,
    excluirDelCatalogo: producto.excluirDelCatalogo,
    favorito: producto.favorito,
    bloqueoPorInventario: producto.bloqueoPorInventario,
    itemPersonalizado: producto.itemPersonalizado,
    paqueteIncluido: producto.paqueteIncluido,
    nombrePaquete: producto.nombrePaquete,
    cantidadPorPaquete: producto.cantidadPorPaquete,
    precioPorPaqueteConImpuesto: producto.precioPorPaqueteConImpuesto,
    costoPorPaquete: producto.costoPorPaquete,
    modoPlan: producto.modoPlan,
    frecuencia: producto.frecuencia,
    vigencia: producto.vigencia,
    cantidadDeUsuarios: producto.cantidadDeUsuarios,
    reservable: producto.reservable,
    tipoDeReserva: producto.tipoDeReserva,
    duracionReserva: producto.duracionReserva,
    idUsuarioProveedor: producto.idUsuarioProveedor,
    horaDeInicioPorDefecto: producto.horaDeInicioPorDefecto,
    horaDeCierrePorDefecto: producto.horaDeCierrePorDefecto,
    horarioDeTrabajo: producto.horarioDeTrabajo,
    variantes: producto.variantes.map((v) => ({
      _id: v._id,
      numeroDeVariante: v.numeroDeVariante,
      name: v.name,
      valor: v.valor,
    })),
    opcionesDeVariantes: producto.opcionesDeVariantes,
    listaDePrecioAsignada: producto.listaDePrecioAsignada.map((l) => ({
      idLista: l.idLista,
      precio: l.precio,
      precioPorDefecto: l.precioPorDefecto,
      tasaBeneficios: l.tasaBeneficios,
    })),
    cuentaContableVentas: cuenta(producto.cuentaContableVentas),
    cuentaContableInventario: cuenta(producto.cuentaContableInventario),
    cuentaContableCostoDeVenta: cuenta(producto.cuentaContableCostoDeVenta),
    ajustesPorSaldosInicialesEnInventario: cuenta(producto.ajustesPorSaldosInicialesEnInventario),
    lineas: producto.asignaciones.map((a) => ({
      idAlmacen: a.idAlmacen,
      cantidadInicial: a.cantidadInicial,
      cantidadMinima: a.cantidadMinima,
      cantidadMaxima: a.cantidadMaxima,
    })),
  };
}

function campos({ lineas: _lineas, ...producto }: Valores) {
  // `impuesto` (spec 002 §3) is the name shown where one tax fits: the names of the chosen taxes.
  return { ...producto, impuesto: producto.impuestos.map((i) => i.name).join(', ') };
}

/** POST /registro-productos/ body: [product, warehouse lines, identificadorUnico]. */
export function cuerpoDeCreacion(
  valores: Valores,
  identificadorUnico: string,
): z.input<typeof CrearProducto> {
  return [campos(valores), valores.lineas, identificadorUnico];
}

/** PUT /registro-productos/{id} body: [product, assigned lines, warehouses no longer carried]. */
export function cuerpoDeCambio(
  id: string,
  valores: Valores,
  almacenesGuardados: readonly string[],
): z.input<typeof ActualizarProducto> {
  const elegidos = new Set(valores.lineas.map((l) => l.idAlmacen));
  return [
    { ...campos(valores), _id: id },
    valores.lineas,
    almacenesGuardados.filter((idAlmacen) => !elegidos.has(idAlmacen)),
  ];
}

/** The screen's tabs, in order. */
export const PESTANAS = [
  { valor: 'general', titulo: 'General' },
  { valor: 'precios', titulo: 'Precios e impuestos' },
  { valor: 'listas', titulo: 'Listas de precio' },
  { valor: 'empaque', titulo: 'Empaque' },
  { valor: 'variantes', titulo: 'Variantes' },
  { valor: 'existencia', titulo: 'Existencia por almacén' },
  { valor: 'cuentas', titulo: 'Cuentas contables' },
  { valor: 'reservacion', titulo: 'Reservación' },
  { valor: 'plan', titulo: 'Plan' },
] as const;
export type Pestana = (typeof PESTANAS)[number]['valor'];

const PESTANA_DE_CAMPO: Record<string, Pestana> = {
  impuestos: 'precios',
  impuesto: 'precios',
  precioDeVenta: 'precios',
  costo: 'precios',
  tasaBeneficios: 'precios',
  tasaComision: 'precios',
  descuentoParaSocios: 'precios',
  listaDePrecioAsignada: 'listas',
  paqueteIncluido: 'empaque',
  nombrePaquete: 'empaque',
  cantidadPorPaquete: 'empaque',
  precioPorPaqueteConImpuesto: 'empaque',
  costoPorPaquete: 'empaque',
  variantes: 'variantes',
  opcionesDeVariantes: 'variantes',
  lineas: 'existencia',
  cuentaContableVentas: 'cuentas',
  cuentaContableInventario: 'cuentas',
  cuentaContableCostoDeVenta: 'cuentas',
  ajustesPorSaldosInicialesEnInventario: 'cuentas',
  reservable: 'reservacion',
  tipoDeReserva: 'reservacion',
  duracionReserva: 'reservacion',
  idUsuarioProveedor: 'reservacion',
  horaDeInicioPorDefecto: 'reservacion',
  horaDeCierrePorDefecto: 'reservacion',
  horarioDeTrabajo: 'reservacion',
  modoPlan: 'plan',
  frecuencia: 'plan',
  vigencia: 'plan',
  cantidadDeUsuarios: 'plan',
};

/** The tab that holds a form field (`lineas.0.cantidadMinima` → existencia). */
export function pestanaDeCampo(campo: string): Pestana {
  return PESTANA_DE_CAMPO[campo.split('.')[0] ?? ''] ?? 'general';
}

/**
 * A server error's field as a form path: validation of the array bodies names `0.nombre` (the product)
 * or `1.2.cantidadMinima` (the third warehouse line); rule errors name the field alone.
 */
export function campoDelFormulario(campo: string): string {
  if (campo.startsWith('0.')) {
    return campo.slice(2);
  }
  if (campo.startsWith('1.')) {
    return `lineas.${campo.slice(2)}`;
  }
  return campo;
}
