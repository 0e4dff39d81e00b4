import {
  AbrirTurno,
  AnularFactura,
  CerrarTurno,
  type Contacto,
  CrearFactura,
  FiltroPorAlmacen,
  type LineaDeEfectivo,
  type ProductoEnLista,
  type ProductoParaDocumento,
} from '@pos/contract';
import {
  aCentavos,
  aPesos,
  type Centavos,
  calcularTotales,
  DENOMINACIONES,
  fechaYHoraEnSantoDomingo,
} from '@pos/domain';
import type { Tx } from '../../db/client.ts';
import type { Ctx, CtxConSesion } from '../../http/handle.ts';
import { listarTerminales } from '../configuracion/service.ts';
import { todosLosContactos } from '../contactos/service.ts';
import { sembrarRetiroDemo } from '../egresos/demo.ts';
import { obtenerAlmacenPrincipal } from '../inventario/service.ts';
import { sembrarDevolucionDemo } from '../notasDeCredito/demo.ts';
import { listarProductosPorAlmacen } from '../productos/listados.ts';
import { productosParaVenta } from '../productos/venta.ts';
import { abrirTurno, cerrarTurno, obtenerTurno } from '../turnos/service.ts';
import { buscarUsuarioPorNombre } from '../usuarios/service.ts';
import { anularFactura } from './cambios.ts';
import { crearFactura } from './crear.ts';

// The demo: about three weeks of a colmado's sales ending yesterday, and one closed shift
// today. Everything goes through crearFactura / anularFactura / abrirTurno / cerrarTurno, so the
// numbering, the stock ledger and the journal are exactly what real sales write. A seeded generator
// (not Math.random) makes the history the same on every start for the same calendar day.

const DIAS_DE_HISTORIA = 21;
/** Share of each product's opening stock the history may sell; the rest stays on the shelf. */
const FRACCION_VENDIBLE = 0.6;
const SEMILLA = 20_240_607;
const FALTANTE_DEL_CIERRE = 50;

// ---------------------------------------------------------------- seeded pseudo-random numbers

/** mulberry32: tiny, fast and good enough for demo data. */
function generador(semilla: number) {
  let estado = semilla >>> 0;
  const siguiente = (): number => {
    estado = (estado + 0x6d2b79f5) >>> 0;
    let t = estado;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const entero = (min: number, max: number): number => min + Math.floor(siguiente() * (max - min + 1));
  const elegir = <T>(lista: readonly T[]): T => lista[Math.floor(siguiente() * lista.length)] as T;
  const ponderado = <T>(opciones: readonly (readonly [T, number])[]): T => {
    const total = opciones.reduce((suma, [, peso]) => suma + peso, 0);
    let r = siguiente() * total;
    for (const [valor, peso] of opciones) {
      r -= peso;
      if (r < 0) {
        return valor;
      }
    }
    return (opciones[opciones.length - 1] as readonly [T, number])[0];
  };
  return { siguiente, entero, elegir, ponderado };
}
type Azar = ReturnType<typeof generador>;

// ---------------------------------------------------------------- what a colmado sells

/** A demo product (by barcode, productos/demo.ts), how often it is bought and in what quantities. */
type Articulo = { codigo: string; peso: number; cantidades: readonly number[] };

// Staples, drinks and the deli counter sell most; cheese and salami by the scale's weights; eggs,
// bread and plantains by the unit. Gatorade (no stock) and Suavitel (below its minimum) are left out
// so the low-stock screens keep their examples.
const ARTICULOS: readonly Articulo[] = [
  { codigo: '2002', peso: 10, cantidades: [6, 10, 12, 15, 30] }, // huevos
  { codigo: '2003', peso: 10, cantidades: [2, 4, 5, 6, 10] }, // pan de agua
  { codigo: '2001', peso: 7, cantidades: [2, 3, 4, 5, 6] }, // plátanos
  { codigo: '7461000400047', peso: 9, cantidades: [1, 2, 3, 4, 6, 12] }, // Presidente
  { codigo: '7461000400016', peso: 7, cantidades: [1, 1, 2, 3, 4] }, // Coca-Cola
  { codigo: '7461000400023', peso: 5, cantidades: [1, 2, 3] }, // Country Club
  { codigo: '7461000400061', peso: 6, cantidades: [1, 2, 4, 6] }, // agua
  { codigo: '7461000100152', peso: 6, cantidades: [2, 4, 5, 6, 10] }, // sopita
  { codigo: '00103', peso: 6, cantidades: [0.5, 0.75, 1, 1.5] }, // salami (lb)
  { codigo: '00101', peso: 5, cantidades: [0.5, 0.62, 0.75, 1, 1.24] }, // queso de freír (lb)
  { codigo: '00102', peso: 2, cantidades: [0.25, 0.5] }, // queso amarillo (lb)
  { codigo: '00104', peso: 2, cantidades: [0.25, 0.5] }, // jamón (lb)
  { codigo: '7461000100015', peso: 5, cantidades: [1, 1, 2] }, // arroz 5 lb
  { codigo: '7461000100022', peso: 3, cantidades: [1] }, // arroz 10 lb
  { codigo: '7461000100039', peso: 5, cantidades: [1, 2, 2, 3] }, // habichuelas rojas
  { codigo: '7461000100046', peso: 3, cantidades: [1, 2] }, // habichuelas negras
  { codigo: '7461000100053', peso: 2, cantidades: [1, 2] }, // habichuelas guisadas
  { codigo: '7461000100060', peso: 3, cantidades: [1, 2] }, // gandules
  { codigo: '7461000100077', peso: 3, cantidades: [1] }, // aceite Crisol
  { codigo: '7461000100084', peso: 2, cantidades: [1] }, // aceite Mazola
  { codigo: '7461000100091', peso: 5, cantidades: [1, 1, 2] }, // azúcar
  { codigo: '7461000100107', peso: 3, cantidades: [1] }, // sal
  { codigo: '7461000100114', peso: 3, cantidades: [1] }, // café 1 lb
  { codigo: '7461000100121', peso: 4, cantidades: [1, 2] }, // café 4 oz
  { codigo: '7461000100138', peso: 5, cantidades: [1, 2, 3] }, // espaguetis
  { codigo: '7461000100145', peso: 4, cantidades: [1, 2] }, // salsa de tomate
  { codigo: '7461000100169', peso: 2, cantidades: [1] }, // harina de maíz
  { codigo: '7461000100176', peso: 2, cantidades: [1] }, // avena
  { codigo: '7461000100183', peso: 3, cantidades: [1, 2] }, // sardinas
  { codigo: '7461000200012', peso: 4, cantidades: [1, 2] }, // leche Rica
  { codigo: '7461000200029', peso: 3, cantidades: [1, 2] }, // leche evaporada
  { codigo: '7461000200036', peso: 2, cantidades: [1] }, // mantequilla
  { codigo: '7461000200043', peso: 2, cantidades: [1, 2, 3] }, // yogurt
  { codigo: '7461000300019', peso: 2, cantidades: [1] }, // salchichas
  { codigo: '7461000300026', peso: 4, cantidades: [1, 2, 3] }, // galletas de soda
  { codigo: '7461000300033', peso: 3, cantidades: [1, 2] }, // papitas
  { codigo: '7461000300040', peso: 3, cantidades: [1, 2] }, // maní
  { codigo: '7461000300057', peso: 3, cantidades: [1, 2] }, // chocolate
  { codigo: '7461000400030', peso: 3, cantidades: [1] }, // Red Rock 2 L
  { codigo: '7461000400054', peso: 3, cantidades: [1, 2] }, // malta
  { codigo: '7461000400078', peso: 2, cantidades: [1] }, // botellón
  { codigo: '2005', peso: 2, cantidades: [1] }, // recarga de botellón a domicilio (servicio)
  { codigo: '7461000400085', peso: 2, cantidades: [1] }, // jugo
  { codigo: '7461000400092', peso: 2, cantidades: [1] }, // Brugal
  { codigo: '7461000400108', peso: 2, cantidades: [1] }, // Barceló
  { codigo: '2004', peso: 4, cantidades: [1, 2] }, // funda de hielo
  { codigo: '7461000500013', peso: 3, cantidades: [1, 2] }, // jabón de cuaba
  { codigo: '7461000500020', peso: 2, cantidades: [1] }, // detergente
  { codigo: '7461000500037', peso: 2, cantidades: [1] }, // cloro
  { codigo: '7461000500044', peso: 2, cantidades: [1] }, // mistolín
  { codigo: '7461000500051', peso: 2, cantidades: [1] }, // lavaplatos
  { codigo: '7461000500068', peso: 2, cantidades: [1] }, // papel de baño
  { codigo: '7461000500075', peso: 2, cantidades: [1] }, // fundas de basura
  { codigo: '7461000600010', peso: 2, cantidades: [1] }, // pasta dental
  { codigo: '7461000600027', peso: 2, cantidades: [1, 2, 3] }, // Protex
  { codigo: '7461000600034', peso: 1, cantidades: [1] }, // desodorante
  { codigo: '7461000600041', peso: 1, cantidades: [1] }, // champú
  { codigo: '7461000600058', peso: 2, cantidades: [1] }, // toallas sanitarias
];

type LineaDemo = { codigo: string; cantidad: number; paquete?: boolean };

type Cobro =
  | { metodo: 'Efectivo' | 'Tarjeta' | 'Tarjeta-Debito' | 'Transferencia' }
  | { metodo: 'Mixto' }
  | { metodo: 'Credito'; plazoPagos: number };

/** An invoice placed on a given day of the history (0 is the first day, 21 days ago). */
type Especial = {
  dia: number;
  hora: string;
  cliente: string;
  lineas: LineaDemo[];
  cobro: Cobro;
  nota?: string;
  /** Cancelled right after (spec 001 §4 reason code) and issued again with `reemplazo`'s lines. */
  anulacion?: { motivo: string; nota: string; reemplazo: LineaDemo[] };
};

const PRESIDENTE = '7461000400047';
const AGUA = '7461000400061';
const CAFE = '7461000100114';
const AZUCAR = '7461000100091';

// Businesses with an RNC buy on credit (B01, spec 001 §5: the customer's NCF type picks the
// numbering); one of them overdue by now, one corrected by cancelling and issuing again; the town hall
// pays by transfer (B15); and two customers split cash and card (Mixto).
const ESPECIALES: readonly Especial[] = [
  {
    dia: 2,
    hora: '09:40:00',
    cliente: 'Ferretería El Martillo SRL',
    lineas: [
      { codigo: AGUA, cantidad: 2, paquete: true },
      { codigo: CAFE, cantidad: 2 },
      { codigo: AZUCAR, cantidad: 2 },
      { codigo: '7461000500068', cantidad: 3 },
      { codigo: '7461000500075', cantidad: 2 },
      { codigo: '7461000500037', cantidad: 2 },
    ],
    cobro: { metodo: 'Credito', plazoPagos: 15 },
    nota: 'Despacho para la oficina; paga a 15 días.',
  },
  {
    dia: 6,
    hora: '18:25:00',
    cliente: '',
    lineas: [
      { codigo: PRESIDENTE, cantidad: 12 },
      { codigo: '00103', cantidad: 1.5 },
      { codigo: '00101', cantidad: 1 },
      { codigo: '7461000300026', cantidad: 2 },
      { codigo: '2004', cantidad: 2 },
    ],
    cobro: { metodo: 'Mixto' },
  },
  {
    dia: 8,
    hora: '11:05:00',
    cliente: 'Supermercado La Cosecha SRL',
    lineas: [
      { codigo: PRESIDENTE, cantidad: 1, paquete: true },
      { codigo: '7461000400016', cantidad: 1, paquete: true },
      { codigo: '7461000300040', cantidad: 6 },
    ],
    cobro: { metodo: 'Credito', plazoPagos: 30 },
    anulacion: {
      motivo: '7',
      nota: 'Faltaron las papitas y el hielo del pedido; se emitió otra factura completa.',
      reemplazo: [
        { codigo: PRESIDENTE, cantidad: 1, paquete: true },
        { codigo: '7461000400016', cantidad: 1, paquete: true },
        { codigo: '7461000300040', cantidad: 6 },
        { codigo: '7461000300033', cantidad: 6 },
        { codigo: '2004', cantidad: 4 },
      ],
    },
  },
  {
    dia: 11,
    hora: '10:30:00',
    cliente: 'Ayuntamiento Municipal de Baní',
    lineas: [
      { codigo: AGUA, cantidad: 1, paquete: true },
      { codigo: CAFE, cantidad: 2 },
      { codigo: AZUCAR, cantidad: 1 },
      { codigo: '7461000300026', cantidad: 3 },
    ],
    cobro: { metodo: 'Transferencia' },
  },
  {
    dia: 15,
    hora: '15:10:00',
    cliente: 'Importadora Quisqueya SRL',
    lineas: [
      { codigo: '7461000400078', cantidad: 3 },
      { codigo: CAFE, cantidad: 2 },
      { codigo: AZUCAR, cantidad: 2 },
      { codigo: '7461000300026', cantidad: 4 },
      { codigo: '7461000500051', cantidad: 2 },
    ],
    cobro: { metodo: 'Credito', plazoPagos: 30 },
  },
  {
    dia: 17,
    hora: '19:50:00',
    cliente: '',
    lineas: [
      { codigo: '7461000400092', cantidad: 1 },
      { codigo: '7461000400016', cantidad: 4 },
      { codigo: '2004', cantidad: 2 },
      { codigo: '00103', cantidad: 1 },
    ],
    cobro: { metodo: 'Mixto' },
  },
];

/** Walk-in customers who give their name (cédula: B02 like the consumer). */
const CLIENTES_FRECUENTES = ['María Altagracia', 'José Miguel', 'Carmen Julia', 'Pedro Antonio'] as const;

// ---------------------------------------------------------------- dates

const DIA_MS = 86_400_000;

function diaAnterior(hoy: string, dias: number): { fecha: string; diaDeLaSemana: number } {
  const instante = new Date(Date.parse(`${hoy}T00:00:00Z`) - dias * DIA_MS);
  return { fecha: instante.toISOString().slice(0, 10), diaDeLaSemana: instante.getUTCDay() };
}

function textoDeHora(minutos: number): string {
  const h = Math.floor(minutos / 60);
  const m = minutos % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00`;
}

// ---------------------------------------------------------------- the seller

// The same user autenticar builds (users service, then the session's fields). There is no session:
// the seed runs outside a request, and sesionId is only read by logout.
/** The demo company's admin as a signed-in user, for seeding through the services. */
export async function contextoDelAdministrador(tx: Tx, tenantId: number): Promise<CtxConSesion> {
  const encontrado = await buscarUsuarioPorNombre(tx, 'admin');
  if (!encontrado) {
    throw new Error('La empresa demo no tiene usuario admin');
  }
  const { passwordHash: _hash, id: _id, ...usuario } = encontrado;
  return { tx, tenantId, ip: '', usuario: { ...usuario, sesionId: '', planSuspendido: false } };
}

// ---------------------------------------------------------------- selling

type Catalogo = {
  ctx: CtxConSesion;
  idAlmacen: string;
  porCodigo: Map<string, ProductoEnLista>;
  /** Units each product may still sell in the random history (specials are set aside first). */
  restante: Map<string, number>;
  precios: Map<string, Precio>;
  contactos: Map<string, Contacto>;
  azar: Azar;
};

function producto(catalogo: Catalogo, codigo: string): ProductoEnLista {
  const encontrado = catalogo.porCodigo.get(codigo);
  if (!encontrado) {
    throw new Error(`El producto demo ${codigo} no existe`);
  }
  return encontrado;
}

function unidades(catalogo: Catalogo, linea: LineaDemo): number {
  const p = producto(catalogo, linea.codigo);
  return linea.paquete ? linea.cantidad * p.cantidadPorPaquete : linea.cantidad;
}

type Precio = { precio: string; descuento: number; impuestos: ProductoParaDocumento['impuestos'] };

function clave(idProducto: string, paquete: boolean, socio: boolean): string {
  return `${idProducto}|${paquete}|${socio}`;
}

// The products read once the way the invoice service reads them (productosParaVenta: price before
// tax, package price, the partner's discount the POS proposes), per unit or package and per kind of
// customer. The unit price does not depend on the quantity, so one read serves every sale; this keeps
// the seed to the invoice service's own queries.
async function leerPrecios(
  ctx: Ctx,
  productos: readonly ProductoEnLista[],
  idAlmacen: string,
): Promise<Map<string, Precio>> {
  const precios = new Map<string, Precio>();
  const pedidos = productos.flatMap((p) =>
    [false, ...(p.paqueteIncluido ? [true] : [])].map((paquete) => ({
      idProducto: p._id,
      cantidad: 1,
      paquete,
      itemPersonalizado: false,
      variantes: [],
    })),
  );
  for (const socio of [false, true]) {
    const leidos = await productosParaVenta(ctx, pedidos, idAlmacen, { socio });
    leidos.forEach((leido, indice) => {
      const pedido = pedidos[indice];
      if (leido && pedido) {
        precios.set(clave(pedido.idProducto, pedido.paquete, socio), {
          precio: leido.linea.precio,
          descuento: leido.linea.descuento,
          impuestos: leido.impuestos,
        });
      }
    });
  }
  return precios;
}

/** The lines to send and the total the server will compute for them (the domain's totals). */
function totalDe(catalogo: Catalogo, lineas: readonly LineaDemo[], socio: boolean) {
  const calculadas = lineas.map((linea) => {
    const idProducto = producto(catalogo, linea.codigo)._id;
    const paquete = linea.paquete ?? false;
    const precio = catalogo.precios.get(clave(idProducto, paquete, socio));
    if (!precio) {
      throw new Error(`El producto demo ${linea.codigo} no se puede vender`);
    }
    return { idProducto, paquete, cantidad: linea.cantidad, ...precio };
  });
  const totales = calcularTotales(
    calculadas.map((linea) => ({
      cantidad: String(linea.cantidad),
      precio: linea.precio,
      descuento: linea.descuento,
      impuestos: linea.impuestos,
    })),
  );
  return {
    total: totales.montoAPagar,
    lineas: calculadas.map(({ idProducto, cantidad, paquete, descuento }) => ({
      idProducto,
      cantidad,
      paquete,
      descuento,
    })),
  };
}

/** What a customer hands over for `total`: the exact amount, or the next round bill amount. */
function efectivoEntregado(azar: Azar, total: Centavos): number {
  const pesos = aPesos(total);
  const redondeos = [...new Set([50, 100, 200, 500, 1000, 2000].map((m) => Math.ceil(pesos / m) * m))];
  const opciones: [number, number][] = redondeos.slice(0, 3).map((monto, i) => [monto, [5, 3, 2][i] ?? 1]);
  if (Number.isInteger(pesos)) {
    opciones.push([pesos, 3]);
  }
  return azar.ponderado(opciones);
}

function aprobacion(azar: Azar): string {
  return String(azar.entero(100_000, 999_999));
}

type Venta = {
  fecha?: string;
  hora?: string;
  cliente: string;
  lineas: readonly LineaDemo[];
  cobro: Cobro;
  nota?: string;
  identificadorUnico: string;
  pos?: { idTerminal: string };
};

async function vender(catalogo: Catalogo, venta: Venta): Promise<{ id: string; total: number }> {
  const { azar } = catalogo;
  const contacto = venta.cliente ? catalogo.contactos.get(venta.cliente) : undefined;
  if (venta.cliente && !contacto) {
    throw new Error(`El contacto demo ${venta.cliente} no existe`);
  }
  const { total, lineas } = totalDe(catalogo, venta.lineas, contacto?.socio ?? false);
  const pesos = aPesos(total);
  const cobro: Record<string, unknown> = { metodoDePago: venta.cobro.metodo };
  switch (venta.cobro.metodo) {
    case 'Efectivo':
      cobro.efectivoRecibido = efectivoEntregado(azar, total);
      break;
    case 'Tarjeta':
    case 'Tarjeta-Debito':
    case 'Transferencia':
      cobro.efectivoRecibido = pesos;
      cobro.numeroDeAprobacionTarjeta = aprobacion(azar);
      break;
    case 'Mixto': {
      // Part in cash (round hundreds), the rest on the card, to the cent.
      const efectivo = Math.max(100, Math.floor(pesos / 200) * 100);
      cobro.formaDePagoTotalEnEfectivo = efectivo;
      cobro.formaDePagoTotalEnTarjeta = aPesos((total - aCentavos(efectivo)) as Centavos);
      cobro.numeroDeAprobacionTarjeta = aprobacion(azar);
      break;
    }
    case 'Credito':
      cobro.metodoDePago = 'Efectivo';
      cobro.efectivoRecibido = 0;
      cobro.plazoPagos = venta.cobro.plazoPagos;
      break;
  }
  const entrada = CrearFactura.parse([
    {
      identificadorUnico: venta.identificadorUnico,
      idCliente: contacto?._id ?? null,
      ...(venta.fecha ? { fechaEmision: venta.fecha } : {}),
      ...(venta.hora ? { hora: venta.hora } : {}),
      notaInformacionInterna: venta.nota ?? '',
      ...cobro,
    },
    lineas,
    [],
    null,
    { desdePos: venta.pos !== undefined, idTerminalRef: venta.pos?.idTerminal ?? null },
    [],
    venta.pos?.idTerminal ?? null,
    cobro.metodoDePago,
    { total: pesos },
  ]);
  const creada = await crearFactura(catalogo.ctx, entrada);
  return { id: creada.facturadb._id, total: pesos };
}

/** A random basket of 1 to 5 different products that the remaining stock allows. */
function canasta(catalogo: Catalogo): LineaDemo[] {
  const { azar } = catalogo;
  const cuantas = azar.ponderado<number>([
    [1, 30],
    [2, 30],
    [3, 20],
    [4, 12],
    [5, 8],
  ]);
  const lineas: LineaDemo[] = [];
  const opciones = ARTICULOS.map((a) => [a, a.peso] as const);
  for (let intento = 0; lineas.length < cuantas && intento < cuantas * 6; intento++) {
    const articulo = azar.ponderado(opciones);
    if (lineas.some((l) => l.codigo === articulo.codigo)) {
      continue;
    }
    const cantidad = azar.elegir(articulo.cantidades);
    const p = producto(catalogo, articulo.codigo);
    const queda = catalogo.restante.get(p._id) ?? 0;
    if (p.productoInventariable && cantidad > queda) {
      continue;
    }
    catalogo.restante.set(p._id, queda - cantidad);
    lineas.push({ codigo: articulo.codigo, cantidad });
  }
  return lineas;
}

function cobroAlAzar(azar: Azar): Cobro {
  return {
    metodo: azar.ponderado<'Efectivo' | 'Tarjeta' | 'Tarjeta-Debito' | 'Transferencia'>([
      ['Efectivo', 68],
      ['Tarjeta', 16],
      ['Tarjeta-Debito', 6],
      ['Transferencia', 10],
    ]),
  };
}

/** The hours of a day's sales, in order: a colmado opens 7:30–21:30, Sundays 8:00–14:00. */
function horasDelDia(azar: Azar, cantidad: number, domingo: boolean): string[] {
  const [abre, cierra] = domingo ? [8 * 60, 14 * 60] : [7 * 60 + 30, 21 * 60 + 30];
  return Array.from({ length: cantidad }, () => azar.entero(abre, cierra))
    .sort((a, b) => a - b)
    .map(textoDeHora);
}

// ---------------------------------------------------------------- today's shift

/** A cash count of `monto` in the fewest bills and coins (spec 002 §9 denominations). */
function desglose(monto: number): LineaDeEfectivo[] {
  let resto = aCentavos(monto) as number;
  const lineas: LineaDeEfectivo[] = [];
  for (const denominacion of DENOMINACIONES) {
    const valor = aCentavos(denominacion);
    const cantidad = Math.floor(resto / valor);
    if (cantidad > 0) {
      lineas.push({ monto: denominacion, cantidad });
      resto -= cantidad * valor;
    }
  }
  if (resto !== 0) {
    throw new Error(`El monto ${monto} no se puede contar en billetes y monedas`);
  }
  return lineas;
}

// Spec 002 §3-§5: a shift is opened now on a terminal; past shifts cannot be opened with past dates,
// so only today's is a real shift. The admin sells from the POS (desdePos), one sale is returned at
// the counter and cancelled, and the closing count is 50 pesos short, so the shift screen and its
// report show every group.
async function turnoDeHoy(catalogo: Catalogo, prefijo: string): Promise<void> {
  const { ctx } = catalogo;
  const { res } = await listarTerminales(ctx, { limit: 10, input: 'Caja 1', activos: true });
  const caja = res.find((terminal) => terminal.nombre === 'Caja 1');
  if (!caja) {
    return;
  }
  const turno = await abrirTurno(
    ctx,
    AbrirTurno.parse({
      idTerminalRef: caja._id,
      desgloseDeEfectivoApertura: desglose(2000),
      descripcion: 'Turno de demostración',
    }),
  );
  const pos = { idTerminal: caja._id };
  const ventas: Omit<Venta, 'identificadorUnico' | 'pos'>[] = [
    {
      cliente: '',
      lineas: [
        { codigo: PRESIDENTE, cantidad: 4 },
        { codigo: '2004', cantidad: 1 },
        { codigo: '7461000300040', cantidad: 2 },
      ],
      cobro: { metodo: 'Efectivo' },
    },
    {
      cliente: '',
      lineas: [
        { codigo: '7461000100015', cantidad: 1 },
        { codigo: '7461000100077', cantidad: 1 },
        { codigo: '7461000100039', cantidad: 2 },
      ],
      cobro: { metodo: 'Tarjeta' },
    },
    {
      cliente: '',
      lineas: [
        { codigo: '2002', cantidad: 12 },
        { codigo: '2003', cantidad: 6 },
        { codigo: '7461000200012', cantidad: 1 },
        { codigo: '00103', cantidad: 1 },
      ],
      cobro: { metodo: 'Efectivo' },
    },
    {
      cliente: '',
      lineas: [
        { codigo: '7461000400016', cantidad: 2 },
        { codigo: '7461000300033', cantidad: 2 },
      ],
      cobro: { metodo: 'Efectivo' },
    },
  ];
  let devuelta = '';
  const vendidas: string[] = [];
  for (const [indice, venta] of ventas.entries()) {
    const { id } = await vender(catalogo, {
      ...venta,
      identificadorUnico: `${prefijo}-pos-${indice + 1}`,
      pos,
    });
    devuelta = id;
    vendidas.push(id);
  }
  // One unit of the first cash sale comes back and its money leaves the drawer (a credit note).
  await sembrarDevolucionDemo(ctx, vendidas[0] ?? devuelta, caja._id);
  // Cash taken out of the drawer for the bank (a POS withdrawal, modules/egresos): its retiroDeEfectivo.
  await sembrarRetiroDemo(ctx, caja._id);
  await anularFactura(
    ctx,
    devuelta,
    AnularFactura.parse({
      tipoDeAnulacion: '6',
      notaAnular: 'El cliente devolvió los productos en el mostrador.',
    }),
  );
  // The drawer holds what the shift expects (opening + cash sales) minus 50 pesos.
  const esperado = (await obtenerTurno(ctx, turno._id)).totalEnCaja;
  const cerrado = await cerrarTurno(
    ctx,
    ctx.usuario._id,
    CerrarTurno.parse({
      desgloseDeEfectivo: desglose(esperado - FALTANTE_DEL_CIERRE),
      detallesDeCierre: `Faltan RD$${FALTANTE_DEL_CIERRE}.00 en el cuadre; se informó a la administración.`,
    }),
  );
  if (cerrado.diferencia !== -FALTANTE_DEL_CIERRE) {
    throw new Error(`El cierre demo dio una diferencia de ${cerrado.diferencia}`);
  }
}

// ---------------------------------------------------------------- the seed

/**
 * The demo company's sales: 3 weeks ending yesterday, 3–5 invoices a day (4–6 on Saturdays, 2–3 on Sundays) across payment methods, a few on credit, one cancelled and issued
 * again; then today's closed shift. Fewer a day than a busy colmado (4–10): every
 * sale is a full crearFactura, and this runs on every first start and every test database, so the
 * count keeps the seed within about 3 seconds on PGlite. Historical sales are not from the POS (desdePos false): a shift cannot be
 * opened in the past, and a POS sale needs the seller's open shift (spec 001 §8).
 */
export async function sembrarVentasDemo(tx: Tx, tenantId: number): Promise<void> {
  const ctx = await contextoDelAdministrador(tx, tenantId);
  const lectura: Ctx = ctx;
  const idAlmacen = (await obtenerAlmacenPrincipal(lectura))._id;
  const { res } = await listarProductosPorAlmacen(lectura, FiltroPorAlmacen.parse({ limit: 500, idAlmacen }));
  const porCodigo = new Map(res.map((p) => [p.idCodigoDeBarra, p]));
  const catalogo: Catalogo = {
    ctx,
    idAlmacen,
    porCodigo,
    restante: new Map(res.map((p) => [p._id, Math.floor(p.disponibilidad * FRACCION_VENDIBLE * 100) / 100])),
    precios: await leerPrecios(lectura, res, idAlmacen),
    contactos: new Map((await todosLosContactos(ctx)).map((c) => [c.nombre, c])),
    azar: generador(SEMILLA),
  };
  // The specials' units come out of the sellable share first, so the random baskets never take them.
  for (const especial of ESPECIALES) {
    for (const linea of [...especial.lineas, ...(especial.anulacion?.reemplazo ?? [])]) {
      const id = producto(catalogo, linea.codigo)._id;
      catalogo.restante.set(id, (catalogo.restante.get(id) ?? 0) - unidades(catalogo, linea));
    }
  }
  const { azar } = catalogo;
  const hoy = fechaYHoraEnSantoDomingo(new Date()).fecha;
  for (let dia = 0; dia < DIAS_DE_HISTORIA; dia++) {
    const { fecha, diaDeLaSemana } = diaAnterior(hoy, DIAS_DE_HISTORIA - dia);
    const domingo = diaDeLaSemana === 0;
    const cantidad = domingo
      ? azar.entero(2, 3)
      : azar.entero(diaDeLaSemana === 6 ? 4 : 3, diaDeLaSemana === 6 ? 6 : 5);
    const ventas: { venta: Omit<Venta, 'identificadorUnico'>; anulacion?: Especial['anulacion'] }[] =
      horasDelDia(azar, cantidad, domingo).map((hora) => ({
        venta: {
          fecha,
          hora,
          cliente: azar.siguiente() < 0.12 ? azar.elegir(CLIENTES_FRECUENTES) : '',
          lineas: canasta(catalogo),
          cobro: cobroAlAzar(azar),
        },
      }));
    for (const { dia: _dia, anulacion, ...especial } of ESPECIALES.filter((e) => e.dia === dia)) {
      ventas.push({ venta: { ...especial, fecha }, ...(anulacion ? { anulacion } : {}) });
    }
    ventas.sort((a, b) => (a.venta.hora ?? '').localeCompare(b.venta.hora ?? ''));
    for (const [indice, { venta, anulacion }] of ventas.entries()) {
      if (venta.lineas.length === 0) {
        continue;
      }
      const identificadorUnico = `demo-factura-${fecha}-${indice + 1}`;
      const { id } = await vender(catalogo, { ...venta, identificadorUnico });
      if (anulacion) {
        // Cancelled by the admin (anularYEliminarDocumentos: direct, spec 000 §4) and issued again.
        // A credit sale: an invoice with payments and not from the POS cannot be cancelled (spec 001 §4).
        await anularFactura(
          ctx,
          id,
          AnularFactura.parse({ tipoDeAnulacion: anulacion.motivo, notaAnular: anulacion.nota }),
        );
        await vender(catalogo, {
          ...venta,
          lineas: anulacion.reemplazo,
          identificadorUnico: `${identificadorUnico}-corregida`,
        });
      }
    }
  }
  await turnoDeHoy(catalogo, `demo-turno-${hoy}`);
}
