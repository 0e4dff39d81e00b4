import { CrearFactura } from '@pos/contract';
import { aCentavos, calcularTotales, precioSinImpuesto } from '@pos/domain';
import { describe, expect, it } from 'vitest';
import {
  agregarAlBorrador,
  aplicarDescuentoAlBorrador,
  type Borrador,
  borradorNuevo,
  cambiarLinea,
  cambiarListaDelBorrador,
  cambiarModoDeLinea,
  cuerpoDeFactura,
  elegirCliente,
  nombreDeBorrador,
  quitarLinea,
  totalesDelBorrador,
} from './borrador.ts';
import {
  ACEITE,
  ID_ALMACEN,
  ID_TERMINAL,
  ID_TURNO,
  ID_USUARIO,
  idDe,
  productoAgregado,
} from './datosDePrueba.ts';

let n = 0;
const clave = () => `linea-${++n}`;

function con(...productos: ReturnType<typeof productoAgregado>[]): Borrador {
  return productos.reduce(
    (b, p) => agregarAlBorrador(b, p, clave()).borrador,
    borradorNuevo(1, 'venta-1-xxxxxxxx'),
  );
}

describe('agregar productos al borrador', () => {
  it('el mismo producto dos veces es una línea con cantidad 2, y queda elegida', () => {
    const borrador = con(productoAgregado(), productoAgregado());
    expect(borrador.lineas).toHaveLength(1);
    expect(borrador.lineas[0]?.cantidad).toBe(2);
    expect(borrador.seleccionada).toBe(borrador.lineas[0]?.clave);
  });

  it('cantidad-código fija la cantidad; balanza siempre es línea nueva; paquete y unidad van aparte', () => {
    const borrador = con(
      productoAgregado({ cantidad: 3 }),
      productoAgregado({ cantidad: 0.75, itemPersonalizado: true }),
      productoAgregado({ cantidad: 1.2, itemPersonalizado: true }),
      productoAgregado({
        paquete: true,
        paqueteIncluido: true,
        precioPorPaqueteConImpuesto: 2800,
        cantidadPorPaquete: 12,
      }),
    );
    expect(borrador.lineas.map((l) => [l.cantidad, l.itemPersonalizado, l.paquete])).toEqual([
      [3, false, false],
      [0.75, true, false],
      [1.2, true, false],
      [1, false, true],
    ]);
    expect(borrador.lineas[3]?.precioDeVenta).toBe(2800);
  });

  it('un descuento global vigente se aplica también a las líneas nuevas', () => {
    const borrador = aplicarDescuentoAlBorrador(con(productoAgregado()), 10);
    const conAceite = agregarAlBorrador(borrador, productoAgregado(ACEITE), clave()).borrador;
    expect(conAceite.lineas.map((l) => l.descuento)).toEqual([0.1, 0.1]);
    expect(aplicarDescuentoAlBorrador(conAceite, 0).lineas.map((l) => l.descuento)).toEqual([0, 0]);
  });
});

describe('editar, quitar y cambiar de modo', () => {
  it('el precio con impuesto escrito se guarda exacto antes de impuesto', () => {
    const borrador = con(productoAgregado());
    const linea = borrador.lineas[0];
    const editado = cambiarLinea(borrador, linea?.clave ?? '', {
      cantidad: 3,
      precioConImpuesto: 199.99,
      descuentoPorcentaje: 5,
      nota: 'sin bolsa',
    });
    expect(editado.lineas[0]).toMatchObject({
      cantidad: 3,
      precio: precioSinImpuesto(199.99, [{ name: 'Itbis 18%', tipoDeImpuesto: 'itbis', tasa: 0.18 }]),
      precioDeVenta: 199.99,
      descuento: 0.05,
      nota: 'sin bolsa',
    });
  });

  it('quitar una línea elige la vecina', () => {
    const borrador = con(productoAgregado(), productoAgregado(ACEITE));
    const sinPrimera = quitarLinea(borrador, borrador.lineas[0]?.clave ?? '');
    expect(sinPrimera.lineas).toHaveLength(1);
    expect(sinPrimera.seleccionada).toBe(sinPrimera.lineas[0]?.clave);
  });

  it('F7 reemplaza la línea por el paquete conservando cantidad y nota, o la junta con la que ya existe', () => {
    const base = cambiarLinea(con(productoAgregado()), 'x', {});
    const linea = base.lineas[0];
    const conNota = cambiarLinea(base, linea?.clave ?? '', { cantidad: 2, nota: 'frío' });
    const paquete = productoAgregado({
      paquete: true,
      paqueteIncluido: true,
      precioPorPaqueteConImpuesto: 2800,
      cantidadPorPaquete: 12,
    });
    const cambiado = cambiarModoDeLinea(conNota, linea?.clave ?? '', paquete, 'nueva');
    expect(cambiado.lineas).toHaveLength(1);
    expect(cambiado.lineas[0]).toMatchObject({
      clave: 'nueva',
      paquete: true,
      cantidad: 2,
      nota: 'frío',
      precioDeVenta: 2800,
    });
    const otraVez = agregarAlBorrador(cambiado, productoAgregado(), clave()).borrador;
    const unidad = otraVez.lineas.find((l) => !l.paquete);
    const juntas = cambiarModoDeLinea(otraVez, unidad?.clave ?? '', paquete, 'otra');
    expect(juntas.lineas).toHaveLength(1);
    expect(juntas.lineas[0]?.cantidad).toBe(3);
  });
});

describe('cliente y lista de precios', () => {
  it('un socio recibe el descuento para socios; uno que no lo es lo pierde', () => {
    const borrador = con(productoAgregado({ descuentoParaSocios: 10 }), productoAgregado(ACEITE));
    const socio = {
      _id: idDe(0xc1),
      nombre: 'Ana',
      rnc: '',
      socio: true,
      idListaDePrecio: null,
      limiteCredito: 0,
    };
    const conSocio = elegirCliente(borrador, socio);
    expect(conSocio.avisar).toBe(true);
    expect(conSocio.borrador.lineas.map((l) => l.descuento)).toEqual([0.1, 0]);
    const sinSocio = elegirCliente(conSocio.borrador, { ...socio, socio: false });
    expect(sinSocio.borrador.lineas.map((l) => l.descuento)).toEqual([0, 0]);
    expect(elegirCliente(con(productoAgregado(ACEITE)), socio).avisar).toBe(false);
  });

  it('una lista de descuento porcentual re-precia las líneas; la predeterminada vuelve al precio del producto', () => {
    const borrador = con(productoAgregado());
    const mayorista = { _id: idDe(0x1a), predeterminado: false, tipo: true, porcentaje: 10 };
    const reprecio = cambiarListaDelBorrador(borrador, mayorista);
    expect(reprecio.idListaDePrecio).toBe(mayorista._id);
    expect(reprecio.lineas[0]?.precioDeVenta).toBe(220.5);
    const vuelta = cambiarListaDelBorrador(reprecio, { ...mayorista, _id: idDe(0x1b), predeterminado: true });
    expect(vuelta.lineas[0]?.precioDeVenta).toBe(245);
  });
});

describe('totales y cuerpo de la factura', () => {
  it('los totales son los del dominio', () => {
    const borrador = aplicarDescuentoAlBorrador(
      con(productoAgregado(), productoAgregado(), productoAgregado(ACEITE)),
      7,
    );
    expect(totalesDelBorrador(borrador)).toEqual(calcularTotales(borrador.lineas));
    expect(totalesDelBorrador(con(productoAgregado(), productoAgregado())).total).toBe(aCentavos(490));
  });

  it('el cuerpo de POST /factura/crear es el arreglo del contrato', () => {
    const borrador = {
      ...con(productoAgregado(), productoAgregado(ACEITE)),
      pago: { metodo: 'Efectivo' as const, montos: { Efectivo: 1000 }, numeroDeAprobacion: '' },
    };
    const cuerpo = cuerpoDeFactura(
      borrador,
      { idTurno: ID_TURNO, idTerminal: ID_TERMINAL, idUsuarioDelTurno: ID_USUARIO, idAlmacen: ID_ALMACEN },
      { codigoDeAutorizacion: '1234' },
    );
    expect(cuerpo[2]).toEqual([]);
    expect(cuerpo[3]).toBeNull();
    expect(cuerpo[4]).toEqual({ desdePos: true, idTerminalRef: ID_TERMINAL, idUsuarioDelTurno: ID_USUARIO });
    expect(cuerpo[6]).toBe(ID_TERMINAL);
    expect(cuerpo[7]).toBe('Efectivo');
    expect(cuerpo[8]).toEqual({ total: 895, subtotal: 758.48, impuestos: 136.52 });
    const leido = CrearFactura.parse(cuerpo);
    expect(leido.factura).toMatchObject({
      identificadorUnico: 'venta-1-xxxxxxxx',
      almacenActual: ID_ALMACEN,
      idTurnoRef: ID_TURNO,
      numeroBorradorPos: 1,
      metodoDePago: 'Efectivo',
      efectivoRecibido: 1000,
      codigoDeAutorizacion: '1234',
    });
    expect(leido.lineas.map((l) => [l.descripcion, l.cantidad, l.precio])).toEqual([
      ['Arroz Selecto 5 lb', 1, '207.627118644068'],
      ['Aceite Crisol 1 galón', 1, '550.847457627119'],
    ]);
    expect(leido.desdeElpos).toEqual({
      desdePos: true,
      idTerminalRef: ID_TERMINAL,
      idUsuarioDelTurno: ID_USUARIO,
    });
    expect(leido.idTerminal).toBe(ID_TERMINAL);
    expect(nombreDeBorrador(borrador)).toBe('Venta 1');
  });
});
