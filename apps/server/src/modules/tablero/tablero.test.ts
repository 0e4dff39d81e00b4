import { randomUUID } from 'node:crypto';
import type { Tablero } from '@pos/contract';
import { fechaYHoraEnSantoDomingo } from '@pos/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';
import { tramosDeComparacion } from './service.ts';

type Json = Record<string, unknown>;
type Dias = { desde: string; hasta: string };
const ITBIS = { name: 'Itbis 18%', tipoDeImpuesto: 'itbis', tasa: 0.18 };
const DIA_MS = 86_400_000;

function haceDias(hoy: string, dias: number): string {
  return new Date(Date.parse(`${hoy}T00:00:00Z`) - dias * DIA_MS).toISOString().slice(0, 10);
}

/** Cents, so that the expected sums of the test are exact too. */
const c = (pesos: number) => Math.round(pesos * 100);

// Spec 002 §7 weeks run Monday to Sunday; the comparison is the same stretch of the period before.
describe('tramosDeComparacion', () => {
  it('hoy con ayer, la semana desde el lunes y el mes desde el 1 contra los mismos días anteriores', () => {
    // 2026-03-31 is a Tuesday; February has 28 days.
    expect(tramosDeComparacion('2026-03-31')).toEqual({
      hoy: [
        { desde: '2026-03-31', hasta: '2026-03-31' },
        { desde: '2026-03-30', hasta: '2026-03-30' },
      ],
      semana: [
        { desde: '2026-03-30', hasta: '2026-03-31' },
        { desde: '2026-03-23', hasta: '2026-03-24' },
      ],
      mes: [
        { desde: '2026-03-01', hasta: '2026-03-31' },
        { desde: '2026-02-01', hasta: '2026-02-28' },
      ],
    });
    // A Sunday in January: the week began on Monday the 5th, last month is December of the year before.
    expect(tramosDeComparacion('2026-01-11')).toMatchObject({
      semana: [
        { desde: '2026-01-05', hasta: '2026-01-11' },
        { desde: '2025-12-29', hasta: '2026-01-04' },
      ],
      mes: [
        { desde: '2026-01-01', hasta: '2026-01-11' },
        { desde: '2025-12-01', hasta: '2025-12-11' },
      ],
    });
  });
});

describe.each(MOTORES)('tablero (%s)', (motor) => {
  let e: Entorno;
  let admin: string;
  let principal: string;
  let terminal: string;
  let cliente: string;
  let proveedor: string;
  let hoy: string;

  async function post(url: string, body: unknown, token = admin, tenant = 1) {
    return e.api({ method: 'POST', url: `/api${url}`, token, tenant, body });
  }

  async function cifras(token = admin, periodo = 4, tenant = 1): Promise<Tablero> {
    const r = await post('/reportes/tablero', { periodo }, token, tenant);
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  }

  async function producto(nombre: string, precio: number, inicial: number, minima = 0): Promise<string> {
    const r = await post('/registro-productos/', [
      {
        idCodigoDeBarra: `T${randomUUID().replaceAll('-', '').slice(0, 11)}`,
        nombre,
        precioDeVenta: precio,
        costo: precio / 2,
        impuestos: [ITBIS],
      },
      [{ idAlmacen: principal, cantidadInicial: inicial, cantidadMinima: minima }],
      randomUUID(),
    ]);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().producto._id;
  }

  async function facturar(
    cabecera: Json,
    lineas: Json[],
  ): Promise<{ _id: string; total: number; pendiente: number }> {
    const metodo = (cabecera.metodoDePago as string | undefined) ?? 'Efectivo';
    const r = await post('/factura/crear', [
      { identificadorUnico: randomUUID(), idCliente: cliente, metodoDePago: metodo, ...cabecera },
      lineas,
      [],
      null,
      { desdePos: false, idTerminalRef: terminal },
      [],
      { _id: terminal },
      metodo,
      {},
    ]);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().facturadb;
  }

  async function usuario(username: string, privilegios: Json): Promise<string> {
    const r = await post('/users/', { username, password: 'clave-de-prueba-1', privilegios });
    expect(r.statusCode, r.body).toBe(200);
    return e.login(1, username, 'clave-de-prueba-1');
  }

  beforeAll(async () => {
    e = await crearEntorno(motor);
    admin = await e.login();
    hoy = fechaYHoraEnSantoDomingo(new Date()).fecha;
    principal = (await e.api({ method: 'GET', url: '/api/almacen/principal', token: admin })).json()._id;
    const terminales = (
      await e.api({ method: 'GET', url: '/api/terminales/?limit=50', token: admin })
    ).json();
    terminal = (terminales.res ?? terminales).find((t: Json) => t.nombre === 'Caja 1')._id;
    const contacto = async (nombre: string, rnc: string, tipoDeContacto: string) => {
      const r = await post('/cliente/crear', {
        identificadorUnico: randomUUID(),
        nombre,
        rnc,
        tipoDeIdentificacion: 'RNC',
        tipoDeContacto,
      });
      expect(r.statusCode, r.body).toBe(200);
      return (r.json().clientedb ?? r.json())._id as string;
    };
    cliente = await contacto('Colmado La Esquina', '101000011', 'cliente');
    proveedor = await contacto('Distribuidora Caribe', '131000014', 'proveedor');
  });
  afterAll(async () => {
    await e?.cerrar();
  });

  it('las cifras son la suma de las facturas menos las notas de crédito, sin anuladas, contra el tramo anterior', async () => {
    const otraEmpresaAntes = await cifras(await e.login(2), 4, 2);
    const antes = await cifras();
    const destacadoAntes = await post('/factura/productos-destacados/', { periodo: 4, limit: 50 });
    expect(destacadoAntes.statusCode, destacadoAntes.body).toBe(200);

    const mango = await producto('Mango banilejo', 50, 500);
    // Each document: its date, its net amount (a note counts negative) and how it was paid.
    const hechos: Array<{ fecha: string; neto: number; metodo: string }> = [];

    const efectivo = await facturar({ efectivoRecibido: 1000 }, [{ idProducto: mango, cantidad: 3 }]);
    hechos.push({ fecha: hoy, neto: efectivo.total, metodo: 'Efectivo' });
    // The shelf price carries the ITBIS: two mangos are 100.00, all of it paid by card.
    const tarjeta = await facturar({ metodoDePago: 'Tarjeta', efectivoRecibido: 100 }, [
      { idProducto: mango, cantidad: 2 },
    ]);
    hechos.push({ fecha: hoy, neto: tarjeta.total, metodo: 'Tarjeta' });
    // On credit, due in 30 days: receivable not yet due.
    const credito = await facturar({ efectivoRecibido: 0, plazoPagos: 30 }, [
      { idProducto: mango, cantidad: 4 },
    ]);
    hechos.push({ fecha: hoy, neto: credito.total, metodo: 'Crédito' });
    const ayer = haceDias(hoy, 1);
    const deAyer = await facturar({ efectivoRecibido: 1000, fechaEmision: ayer }, [
      { idProducto: mango, cantidad: 1 },
    ]);
    hechos.push({ fecha: ayer, neto: deAyer.total, metodo: 'Efectivo' });
    // Last month's same stretch (and more): a credit sale due the same day, overdue now.
    const viejaFecha = haceDias(hoy, 35);
    const vieja = await facturar({ efectivoRecibido: 0, plazoPagos: 0, fechaEmision: viejaFecha }, [
      { idProducto: mango, cantidad: 5 },
    ]);
    hechos.push({ fecha: viejaFecha, neto: vieja.total, metodo: 'Crédito' });

    // A cancelled invoice counts nowhere.
    const anulada = await facturar({ efectivoRecibido: 0 }, [{ idProducto: mango, cantidad: 7 }]);
    const anular = await e.api({
      method: 'PUT',
      url: `/api/factura/anular/${anulada._id}`,
      token: admin,
      body: { tipoDeAnulacion: '4', notaAnular: 'Prueba del tablero' },
    });
    expect(anular.statusCode, anular.body).toBe(200);

    // A credit note returning one mango of the credit sale: it lowers sales and what is owed.
    const lineas = (
      await e.api({ method: 'GET', url: `/api/factura/una/${credito._id}`, token: admin })
    ).json().linea_facturasRef as Array<{ _id: string }>;
    const nota = await post('/notas-de-credito/', {
      identificadorUnico: randomUUID(),
      notaDeCredito: { idFactura: credito._id },
      lineasNotasDeCredito: [{ idLineaFactura: lineas[0]?._id, cantidad: 1 }],
      lineasCreditoFacturas: [{ idFactura: credito._id }],
    });
    expect(nota.statusCode, nota.body).toBe(200);
    const totalNota: number = nota.json().notaDeCreditoDb.totalGral;
    hechos.push({ fecha: hoy, neto: -totalNota, metodo: '' });

    const despues = await cifras();
    const ventas = despues.ventas;
    const ventasAntes = antes.ventas;
    if (!ventas || !ventasAntes) {
      throw new Error('el administrador ve las ventas');
    }
    const suma = (dias: Dias) =>
      hechos.filter((h) => h.fecha >= dias.desde && h.fecha <= dias.hasta).reduce((s, h) => s + c(h.neto), 0);
    for (const tramo of ['hoy', 'semana', 'mes'] as const) {
      const ahora = ventas[tramo];
      expect(c(ahora.actual) - c(ventasAntes[tramo].actual), `${tramo} actual`).toBe(suma(ahora.dias));
      expect(c(ahora.anterior) - c(ventasAntes[tramo].anterior), `${tramo} anterior`).toBe(
        suma(ahora.diasAnteriores),
      );
      const esperada =
        ahora.anterior === 0
          ? null
          : Math.round(((ahora.actual - ahora.anterior) / Math.abs(ahora.anterior)) * 1000) / 10;
      expect(ahora.variacion).toBe(esperada);
    }
    expect(ventas.hoy.diasAnteriores).toEqual({ desde: ayer, hasta: ayer });
    // The chosen period (this month): its total, one point per day, today's point.
    expect(despues.dias).toEqual({ desde: `${hoy.slice(0, 8)}01`, hasta: expect.any(String) });
    expect(c(ventas.totalDelPeriodo) - c(ventasAntes.totalDelPeriodo)).toBe(suma(despues.dias));
    expect(ventas.agrupadoPor).toBe('dia');
    expect(ventas.porDia[0]?.fecha).toBe(despues.dias.desde);
    expect(ventas.porDia.at(-1)?.fecha).toBe(despues.dias.hasta);
    const delDia = (t: Tablero, fecha: string) =>
      c(t.ventas?.porDia.find((p) => p.fecha === fecha)?.total ?? 0);
    expect(delDia(despues, hoy) - delDia(antes, hoy)).toBe(suma({ desde: hoy, hasta: hoy }));
    expect(ventas.porDia.reduce((s, p) => s + c(p.total), 0)).toBe(c(ventas.totalDelPeriodo));
    expect(ventas.cantidadDeFacturas - ventasAntes.cantidadDeFacturas).toBe(
      hechos.filter((h) => h.metodo && h.fecha >= despues.dias.desde).length,
    );
    // By method: what the period's invoices were paid with, the rest credit; together their total.
    const metodo = (t: Tablero, m: string) => c(t.ventas?.porMetodo.find((p) => p.metodo === m)?.total ?? 0);
    for (const m of ['Efectivo', 'Tarjeta', 'Crédito']) {
      expect(metodo(despues, m) - metodo(antes, m), m).toBe(
        hechos
          .filter((h) => h.metodo === m && h.fecha >= despues.dias.desde)
          .reduce((s, h) => s + c(h.neto), 0),
      );
    }

    // Receivables: the credit sale less its note is not yet due; last month's is overdue.
    const cobrar = despues.cuentasPorCobrar;
    const cobrarAntes = antes.cuentasPorCobrar;
    expect(c(cobrar?.porVencer ?? 0) - c(cobrarAntes?.porVencer ?? 0)).toBe(c(credito.total) - c(totalNota));
    expect(c(cobrar?.vencido ?? 0) - c(cobrarAntes?.vencido ?? 0)).toBe(c(vieja.total));
    expect((cobrar?.cantidadVencidos ?? 0) - (cobrarAntes?.cantidadVencidos ?? 0)).toBe(1);

    // Best sellers: the mango, net of the returned one, cancelled invoice left out.
    const destacados = await post('/factura/productos-destacados/', { periodo: 4, limit: 50 });
    const fila = destacados.json().productos.find((p: Json) => p.idProducto === mango);
    const vendidos = hechos.filter((h) => h.fecha >= despues.dias.desde);
    expect(fila).toMatchObject({
      nombre: 'Mango banilejo',
      cantidad: 3 + 2 + 4 + (ayer >= despues.dias.desde ? 1 : 0) - 1,
    });
    expect(c(fila.total)).toBe(vendidos.reduce((s, h) => s + c(h.neto), 0));

    // Another company sees none of this.
    expect(await cifras(await e.login(2), 4, 2)).toEqual(otraEmpresaAntes);
  });

  it('cuentas por pagar: lo que se debe a proveedores, vencido o por vencer', async () => {
    const antes = (await cifras()).cuentasPorPagar;
    const tornillo = await producto('Tornillo 1/4', 10, 0);
    const comprar = (cabecera: Json) =>
      post('/compras-proveedores/', [
        { idProveedor: proveedor, ncf: `B01${String(Date.now() % 1e8).padStart(8, '0')}`, ...cabecera },
        [{ idProducto: tornillo, cantidad: 10, precio: 100 }],
        [],
        [],
        null,
        randomUUID(),
      ]);
    const porVencer = await comprar({ plazoPagos: 15, efectivoRecibido: 180 });
    expect(porVencer.statusCode, porVencer.body).toBe(200);
    const vencida = await comprar({ plazoPagos: 0, fechaEmision: haceDias(hoy, 20) });
    expect(vencida.statusCode, vencida.body).toBe(200);
    const despues = (await cifras()).cuentasPorPagar;
    // 10 × 100 + 18 % ITBIS = 1,180; the first paid 180 at the purchase.
    expect(c(despues?.porVencer ?? 0) - c(antes?.porVencer ?? 0)).toBe(c(1000));
    expect(c(despues?.vencido ?? 0) - c(antes?.vencido ?? 0)).toBe(c(1180));
  });

  it('existencia baja y agotada, turnos abiertos y numeraciones por agotarse', async () => {
    const antes = await cifras();
    await producto('Avena Quaker', 80, 2, 5);
    await producto('Café Santo Domingo', 120, 0, 3);
    const abrir = await post('/turno/', {
      idTerminalRef: terminal,
      desgloseDeEfectivoApertura: [{ monto: 1000, cantidad: 1 }],
    });
    expect(abrir.statusCode, abrir.body).toBe(200);
    const numeracion = await post('/numeracion/', {
      identificadorUnico: randomUUID(),
      nombre: 'B02 por vencer',
      tipoDeDocumento: 'ventas',
      perfilesDeTipos: 'B02',
      prefijo: 'B',
      desde: 90_000_001,
      hasta: 90_000_005,
      fechaVencimiento: haceDias(hoy, -10),
    });
    expect(numeracion.statusCode, numeracion.body).toBe(200);
    const despues = await cifras();
    expect((despues.existencia?.bajos ?? 0) - (antes.existencia?.bajos ?? 0)).toBe(1);
    expect((despues.existencia?.agotados ?? 0) - (antes.existencia?.agotados ?? 0)).toBe(1);
    expect((despues.turnos?.cantidad ?? 0) - (antes.turnos?.cantidad ?? 0)).toBe(1);
    expect(despues.turnos?.abiertos.map((t) => t._id)).toContain(abrir.json()._id);
    expect(despues.turnos?.abiertos[0]).toMatchObject({ nombreUsuario: 'admin', nombreTerminal: 'Caja 1' });
    expect(despues.numeracion?.find((n) => n.nombre === 'B02 por vencer')).toMatchObject({
      perfilesDeTipos: 'B02',
      restantes: 5,
      alertas: ['porVencer'],
    });
  });

  it('cada cifra sigue el privilegio de su módulo: sin facturas no hay ventas', async () => {
    const almacenista = await usuario('almacenista', {
      productos: { acceso: true, crear: false, modificar: false, ver: true },
    });
    const soloProductos = await cifras(almacenista);
    expect(soloProductos).toMatchObject({
      ventas: null,
      cuentasPorCobrar: null,
      cuentasPorPagar: null,
      turnos: null,
      numeracion: null,
    });
    expect(soloProductos.existencia).not.toBeNull();
    const destacados = await post('/factura/productos-destacados/', { periodo: 1 }, almacenista);
    expect(destacados.statusCode).toBe(403);

    const cobrador = await usuario('cobrador', {
      facturas: { acceso: true, crear: false, modificar: false, ver: true },
      cuentaPorCobrar: { acceso: true, crear: false, modificar: false, ver: true },
    });
    const ventas = await cifras(cobrador);
    expect(ventas.ventas).not.toBeNull();
    expect(ventas.cuentasPorCobrar).not.toBeNull();
    expect(ventas).toMatchObject({ existencia: null, cuentasPorPagar: null, turnos: null, numeracion: null });

    const sinSesion = await e.api({ method: 'POST', url: '/api/reportes/tablero', body: {} });
    expect(sinSesion.statusCode).toBe(401);
    const malPeriodo = await post('/reportes/tablero', { periodo: 9 });
    expect(malPeriodo.statusCode).toBe(400);
    expect(malPeriodo.json().message).toContain('El periodo debe ser un número de 0 a 7');
  });
});
