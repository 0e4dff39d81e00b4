import { describe, expect, it } from 'vitest';
import {
  agregarProducto,
  avisoDeExistencia,
  type LineaAgregable,
  lineaDesdeProducto,
  notificacionExistencia,
  type ProductoParaLinea,
  unidadesDeInventario,
  validarAgregarProducto,
} from './agregarProducto.ts';

const ITBIS = { name: 'Itbis 18%', tipoDeImpuesto: 'itbis', tasa: 0.18 };

const linea = (
  idProducto: string,
  cantidad: number,
  extra: Partial<LineaAgregable> = {},
): LineaAgregable => ({
  idProducto,
  cantidad,
  ...extra,
});

describe('agregarProducto', () => {
  it('adds a new line for a new product', () => {
    expect(agregarProducto([linea('a', 1)], linea('b', 1))).toEqual({
      lineas: [linea('a', 1), linea('b', 1)],
      indice: 1,
      accion: 'nueva',
    });
  });

  it('adds 1 to the same product, or sets the requested quantity above 1', () => {
    expect(agregarProducto([linea('a', 2)], linea('a', 1))).toEqual({
      lineas: [linea('a', 3)],
      indice: 0,
      accion: 'actualizada',
    });
    expect(agregarProducto([linea('a', 2)], linea('a', 5)).lineas).toEqual([linea('a', 5)]);
    expect(agregarProducto([linea('b', 1), linea('a', 1)], linea('a', 1))).toEqual({
      lineas: [linea('b', 1), linea('a', 2)],
      indice: 1,
      accion: 'actualizada',
    });
  });

  it('does not merge across package flag, invoiced lines or custom items', () => {
    const paquete = agregarProducto([linea('a', 1, { paquete: true })], linea('a', 1));
    expect(paquete.accion).toBe('nueva');
    const facturada = agregarProducto([linea('a', 1, { facturado: true })], linea('a', 1));
    expect(facturada.lineas).toHaveLength(2);
    const existentePersonalizada = agregarProducto(
      [linea('a', 1, { itemPersonalizado: true })],
      linea('a', 1),
    );
    expect(existentePersonalizada.lineas).toHaveLength(2);
    const nuevaPersonalizada = agregarProducto([linea('a', 1)], linea('a', 1, { itemPersonalizado: true }));
    expect(nuevaPersonalizada.lineas).toHaveLength(2);
    expect(
      agregarProducto([linea('a', 1, { paquete: true })], linea('a', 1, { paquete: true })).lineas,
    ).toEqual([linea('a', 2, { paquete: true })]);
  });

  it('decreases the quantity with disminuirCantidad, removing the line at 0', () => {
    expect(agregarProducto([linea('a', 2)], linea('a', 1), { disminuirCantidad: true }).lineas).toEqual([
      linea('a', 1),
    ]);
    expect(
      agregarProducto([linea('a', 1), linea('b', 1)], linea('a', 1), { disminuirCantidad: true }),
    ).toEqual({
      lineas: [linea('b', 1)],
      indice: -1,
      accion: 'eliminada',
    });
    expect(agregarProducto([linea('b', 1)], linea('a', 1), { disminuirCantidad: true })).toEqual({
      lineas: [linea('b', 1)],
      indice: -1,
      accion: 'sinCambios',
    });
  });

  it('keeps the quantity but refreshes the line with noActualizarCantidad', () => {
    const existente = { ...linea('a', 4), precio: '10', otro: 'x' };
    const nueva = { ...linea('a', 1), precio: '12', otro: 'y' };
    expect(agregarProducto([existente], nueva, { noActualizarCantidad: true }).lineas).toEqual([
      { ...nueva, cantidad: 4 },
    ]);
  });

  it('leaves an existing line alone with noDuplicarProducto', () => {
    expect(agregarProducto([linea('a', 4)], linea('a', 1), { noDuplicarProducto: true })).toEqual({
      lineas: [linea('a', 4)],
      indice: 0,
      accion: 'sinCambios',
    });
    expect(agregarProducto([], linea('a', 1), { noDuplicarProducto: true }).accion).toBe('nueva');
  });
});

const PRODUCTO: ProductoParaLinea = {
  _id: 'p1',
  nombre: 'Café 1 lb',
  idCodigoDeBarra: '7501',
  precioTotal: 84.75,
  precioSinImpuestoSinRedondeo: '84.745762711865',
  impuestos: [ITBIS],
  descuentoParaSocios: 10,
  listaDePrecioAsignada: [{ idLista: 'mayorista', precio: 70 }],
  paqueteIncluido: true,
  cantidadPorPaquete: 12,
  precioPorPaqueteConImpuesto: 1100,
};

describe('lineaDesdeProducto', () => {
  it('prices a unit line from the unrounded price before tax', () => {
    expect(lineaDesdeProducto(PRODUCTO)).toEqual({
      idProducto: 'p1',
      idCodigoDeBarra: '7501',
      descripcion: 'Café 1 lb',
      cantidad: 1,
      precio: '84.745762711865',
      precioPredeterminado: '84.745762711865',
      precioDeVenta: 100,
      descuento: 0,
      descuentoParaSocios: 10,
      impuestos: [ITBIS],
      variantes: [],
      listaDePrecioAsignada: PRODUCTO.listaDePrecioAsignada,
      paquete: false,
      itemPersonalizado: false,
      facturado: false,
    });
  });

  it('applies the price list, variants, partner discount and custom flag', () => {
    const resultado = lineaDesdeProducto(PRODUCTO, {
      cantidad: 2,
      lista: { _id: 'mayorista', predeterminado: false, tipo: false, porcentaje: 0 },
      socio: true,
      variantes: [{ valor: 5 }],
      itemPersonalizado: true,
    });
    expect(resultado).toMatchObject({ cantidad: 2, precio: '75', descuento: 0.1, itemPersonalizado: true });
  });

  it('prices a package from its price with tax, or its price before tax', () => {
    const paquete = lineaDesdeProducto(PRODUCTO, { paquete: true });
    expect(paquete).toMatchObject({ paquete: true, precio: '932.203389830509', precioDeVenta: 1100 });
    const sinImpuesto = lineaDesdeProducto(
      { ...PRODUCTO, precioPorPaqueteConImpuesto: undefined, precioPorPaquete: 900 },
      { paquete: true },
    );
    expect(sinImpuesto.precio).toBe('900');
    const sinPrecio = lineaDesdeProducto(
      { ...PRODUCTO, precioPorPaqueteConImpuesto: undefined },
      { paquete: true },
    );
    expect(sinPrecio.precio).toBe('0');
  });

  it('falls back to precioTotal and defaults for a bare product', () => {
    const resultado = lineaDesdeProducto({
      _id: 'p2',
      nombre: 'Servicio',
      precioTotal: 50,
      itemPersonalizado: true,
    });
    expect(resultado).toMatchObject({
      precio: '50',
      precioDeVenta: 50,
      impuestos: [],
      itemPersonalizado: true,
    });
    expect(resultado).not.toHaveProperty('idCodigoDeBarra');
  });
});

describe('validarAgregarProducto', () => {
  const venta = { documento: 'venta', paquete: false, bloqueoPorNoExistenciaDelInventario: true } as const;

  it('needs package mode configured to add as a package', () => {
    expect(
      validarAgregarProducto({ ...PRODUCTO, paqueteIncluido: false }, { ...venta, paquete: true }),
    ).toEqual({
      ok: false,
      titulo: 'El producto no fue agregado.',
      mensaje: 'Este producto no tiene el modo de empaque configurado.',
    });
    expect(validarAgregarProducto(PRODUCTO, { ...venta, paquete: true }).ok).toBe(true);
  });

  it('refuses a product blocked by inventory in purchases only', () => {
    const bloqueado = { ...PRODUCTO, bloqueoPorInventario: true };
    expect(validarAgregarProducto(bloqueado, { ...venta, documento: 'compra' })).toMatchObject({
      ok: false,
      titulo: 'Producto en Proceso de inventario',
    });
    expect(validarAgregarProducto(bloqueado, venta).ok).toBe(true);
  });

  it('blocks out-of-stock sales only without ventaSinDisponibilidad and with blocking on', () => {
    const agotado = { ...PRODUCTO, notificacionExistencia: 0 };
    expect(validarAgregarProducto(agotado, venta)).toEqual({
      ok: false,
      titulo: 'El producto está agotado',
      mensaje: 'No hay disponibilidad',
    });
    expect(validarAgregarProducto({ ...agotado, ventaSinDisponibilidad: true }, venta).ok).toBe(true);
    expect(validarAgregarProducto(agotado, { ...venta, bloqueoPorNoExistenciaDelInventario: false }).ok).toBe(
      true,
    );
    expect(validarAgregarProducto(agotado, { ...venta, documento: 'compra' }).ok).toBe(true);
  });
});

describe('existencias', () => {
  it('shows the stock banners', () => {
    expect(avisoDeExistencia(1)).toEqual({
      tipo: 'warning',
      mensaje: 'Este artículo esta próximo a agotarse',
    });
    expect(avisoDeExistencia(0)).toEqual({ tipo: 'danger', mensaje: 'Este artículo esta agotado' });
    expect(avisoDeExistencia(undefined)).toBeUndefined();
    expect(avisoDeExistencia(2)).toBeUndefined();
  });

  it('counts package lines in units', () => {
    expect(unidadesDeInventario({ cantidad: 2, paquete: true }, 12)).toBe(24);
    expect(unidadesDeInventario({ cantidad: 2 }, 12)).toBe(2);
  });
});

describe('notificacionExistencia', () => {
  it('avisa agotado en 0 o menos, próximo a agotarse hasta el mínimo, y nada para servicios', () => {
    expect(notificacionExistencia(true, 0, 5)).toBe(0);
    expect(notificacionExistencia(true, -2, 5)).toBe(0);
    expect(notificacionExistencia(true, 5, 5)).toBe(1);
    expect(notificacionExistencia(true, 6, 5)).toBeNull();
    expect(notificacionExistencia(false, 0, 5)).toBeNull();
  });
});
