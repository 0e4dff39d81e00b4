import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';
import { CONSULTAS_DE_CARTERA } from './cartera.ts';

type Json = Record<string, unknown>;
const ITBIS = { name: 'Itbis 18%', tipoDeImpuesto: 'itbis', tasa: 0.18 };
// The period's end is the aging cut-off (docs/reports.md «Cuentas por cobrar y por pagar»).
const PERIODO = { fechaInicial: '2026-01-01', fechaFinal: '2026-06-30' };

// Receivables and payables reports over real invoices, receipts, purchases and payments out. Each
// invoice is 2 × 245 = 490 with ITBIS; each invoice issued with 0 days to pay is due the day it is issued.
describe.each(MOTORES)('cuentas por cobrar y por pagar (%s)', (motor) => {
  let e: Entorno;
  let admin: string;
  let terminal: string;
  let arroz: string;
  let cliente: string;
  let otroCliente: string;
  let proveedor: string;
  let otroProveedor: string;
  const f: Record<string, string> = {};
  const c: Record<string, string> = {};

  async function contacto(nombre: string): Promise<string> {
    const r = await e.api({
      method: 'POST',
      url: '/api/cliente/crear',
      token: admin,
      body: { identificadorUnico: randomUUID(), nombre, rnc: '' },
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().clientedb._id;
  }

  async function factura(idCliente: string, fechaEmision: string, plazoPagos = 0, pagado = 0) {
    const r = await e.api({
      method: 'POST',
      url: '/api/factura/crear',
      token: admin,
      body: [
        { identificadorUnico: randomUUID(), idCliente, efectivoRecibido: pagado, fechaEmision, plazoPagos },
        [{ idProducto: arroz, cantidad: 2 }],
        [],
        null,
        { desdePos: false },
        [],
        { _id: terminal },
        'Efectivo',
        {},
      ],
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().facturadb._id as string;
  }

  async function cobrar(idCliente: string, fechaDeEmision: string, res: Json[]) {
    const r = await e.api({
      method: 'POST',
      url: '/api/ingresos-recibidos/',
      token: admin,
      body: { identificadorUnico: randomUUID(), idCliente, fechaDeEmision, res },
    });
    expect(r.statusCode, r.body).toBe(200);
  }

  let ncf = 0;
  async function compra(idProveedor: string, fechaEmision: string, pagado = 0) {
    ncf += 1;
    const r = await e.api({
      method: 'POST',
      url: '/api/compras-proveedores/',
      token: admin,
      body: [
        {
          idProveedor,
          fechaEmision,
          plazoPagos: 0,
          efectivoRecibido: pagado,
          ncf: `B01${String(ncf + (motor === 'postgres' ? 5000 : 0)).padStart(8, '0')}`,
        },
        [{ idProducto: arroz, cantidad: 2, precio: 150 }],
        [],
        [],
        null,
        randomUUID(),
      ],
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().compraDb._id as string;
  }

  async function pagar(idProveedor: string, fechaDeEmision: string, res: Json[]) {
    const r = await e.api({
      method: 'POST',
      url: '/api/recibos-egresos/',
      token: admin,
      body: { identificadorUnico: randomUUID(), idCliente: idProveedor, fechaDeEmision, res },
    });
    expect(r.statusCode, r.body).toBe(200);
  }

  async function reporte(url: string, body: Json, token = admin, tenant?: number) {
    const r = await e.api({ method: 'POST', url: `/api${url}`, token, body, ...(tenant ? { tenant } : {}) });
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  }
  const porCobrar = (body: Json, token?: string, tenant?: number) =>
    reporte('/factura/r-cuentas-por-cobrar/', body, token, tenant);
  const porCliente = (body: Json) => reporte('/factura/r-cuentas-por-cobrar-agrupar-clientes/', body);
  const porPagar = (body: Json, token?: string, tenant?: number) =>
    reporte('/compras-proveedores/r-cuentas-por-pagar/', body, token, tenant);

  // The ledger's own rule (docs/payments.md «Qué debe un documento»), read from the tables: what each
  // active document of the period still owes.
  async function libro(tipo: 'factura' | 'compra', idContacto: string): Promise<Map<string, number>> {
    const tabla = tipo === 'factura' ? sql`facturas` : sql`compras`;
    const pagadoConElDocumento = tipo === 'factura' ? sql`d.cobrado` : sql`d.pagado`;
    const saldos = await e.db.consultarComoDueno<{ id: string; saldo: string }>(
      sql`select d.id, d.monto_a_pagar - ${pagadoConElDocumento} - coalesce((
            select sum(a.monto) from aplicaciones_de_cartera a
            where a.tenant_id = d.tenant_id and a.tipo_destino = ${tipo} and a.id_destino = d.id
              and a.revertida_en is null), 0) as saldo
          from ${tabla} d
          where d.tenant_id = 1 and d.id_cliente = ${idContacto} and d.estado = 'Activo'
            and d.fecha_emision between ${PERIODO.fechaInicial}::date and ${PERIODO.fechaFinal}::date`,
    );
    return new Map(saldos.filter((s) => Number(s.saldo) > 0).map((s) => [s.id, Number(s.saldo)]));
  }

  beforeAll(async () => {
    e = await crearEntorno(motor);
    admin = await e.login();
    const principal = (await e.api({ method: 'GET', url: '/api/almacen/principal', token: admin })).json()
      ._id;
    const terminales = (
      await e.api({ method: 'GET', url: '/api/terminales/?limit=50', token: admin })
    ).json();
    terminal = (terminales.res ?? terminales).find((t: Json) => t.nombre === 'Caja 1')._id;
    const producto = await e.api({
      method: 'POST',
      url: '/api/registro-productos/',
      token: admin,
      body: [
        {
          idCodigoDeBarra: 'CXC-ARROZ-1',
          nombre: 'Arroz de cartera',
          precioDeVenta: 245,
          impuestos: [ITBIS],
        },
        [{ idAlmacen: principal, cantidadInicial: 500, cantidadMinima: 0 }],
        randomUUID(),
      ],
    });
    expect(producto.statusCode, producto.body).toBe(200);
    arroz = producto.json().producto._id;
    cliente = await contacto('Ferretería Núñez');
    otroCliente = await contacto('Colmado Vega');
    proveedor = await contacto('Distribuidora Caribe');
    otroProveedor = await contacto('Importadora Norte');

    // Days past due at the cut-off 2026-06-30, on each side of the buckets' boundaries.
    f.d30 = await factura(cliente, '2026-05-31'); // 30 days: 0-30
    f.d31 = await factura(cliente, '2026-05-30', 0, 100); // 31: 31-60; 100 paid at the sale
    f.d60 = await factura(cliente, '2026-05-01'); // 60: 31-60
    f.d61 = await factura(cliente, '2026-04-30'); // 61: 61-90; a receipt pays 200
    f.d90 = await factura(cliente, '2026-04-01'); // 90: 61-90
    f.d91 = await factura(cliente, '2026-03-31'); // 91: 90+
    f.nueva = await factura(cliente, '2026-06-20', 30); // due 07-20: not yet due, 0 days
    f.pagada = await factura(cliente, '2026-02-01'); // paid in full by a receipt
    f.anulada = await factura(cliente, '2026-02-02'); // cancelled
    f.despues = await factura(cliente, '2026-07-02'); // after the period
    f.ajena = await factura(otroCliente, '2026-06-10'); // 20 days: 0-30
    await cobrar(cliente, '2026-05-15', [
      { idFactura: f.d61, importe: 200 },
      { idFactura: f.pagada, importe: 490 },
    ]);
    const anular = await e.api({
      method: 'PUT',
      url: `/api/factura/anular/${f.anulada}`,
      token: admin,
      body: { tipoDeAnulacion: '4' },
    });
    expect(anular.statusCode, anular.body).toBe(200);

    // Purchases of 2 × 150 = 300 + 54 ITBIS = 354, due the day they are issued.
    c.d30 = await compra(proveedor, '2026-05-31');
    c.d31 = await compra(proveedor, '2026-05-30', 50); // 50 paid at the purchase
    c.d90 = await compra(proveedor, '2026-04-01'); // a payment out of 120
    c.d91 = await compra(proveedor, '2026-03-31');
    c.pagada = await compra(proveedor, '2026-03-01');
    c.anulada = await compra(proveedor, '2026-03-02');
    c.ajena = await compra(otroProveedor, '2026-06-29');
    await pagar(proveedor, '2026-05-20', [
      { idCompra: c.d90, importe: 120 },
      { idCompra: c.pagada, importe: 354 },
    ]);
    const anularCompra = await e.api({
      method: 'PUT',
      url: `/api/compras-proveedores/anular/${c.anulada}`,
      token: admin,
      body: { notaAnular: 'Duplicada' },
    });
    expect(anularCompra.statusCode, anularCompra.body).toBe(200);
  });
  afterAll(async () => {
    await e?.cerrar();
  });

  it('cuentas por cobrar: lo pendiente de cada factura es lo que dice el libro, con pagos parciales', async () => {
    const r = await porCobrar({ ...PERIODO, idCliente: cliente });
    const libroDelCliente = await libro('factura', cliente);
    expect(new Map(r.listaDeFacturas.map((x: Json) => [x._id, x.pendiente]))).toEqual(libroDelCliente);
    // d31 owes 490 − 100 paid at the sale, d61 490 − 200 of the receipt; the others 490.
    expect(libroDelCliente.get(f.d31 as string)).toBe(390);
    expect(libroDelCliente.get(f.d61 as string)).toBe(290);
    expect(r.totalPendiente).toBe(490 * 5 + 390 + 290);
    expect(r.fechaCorte).toBe('2026-06-30');
    const d31 = r.listaDeFacturas.find((x: Json) => x._id === f.d31);
    expect(d31).toMatchObject({ montoAPagar: 490, cobrado: 100, pendiente: 390, nombre: 'Ferretería Núñez' });
    expect(r.totalMontoAPagar).toBe(490 * 7);
    expect(r.totalCobrado).toBe(300);
  });

  it('cuentas por cobrar: cada factura en su tramo en los límites 30/31, 60/61 y 90/91 días', async () => {
    const r = await porCobrar({ ...PERIODO, idCliente: cliente });
    const de = (id: string | undefined) => r.listaDeFacturas.find((x: Json) => x._id === id);
    const dias = [f.d30, f.d31, f.d60, f.d61, f.d90, f.d91, f.nueva].map((id) => [
      de(id)?.diasVencidos,
      de(id)?.tramo,
    ]);
    expect(dias).toEqual([
      [30, '0-30'],
      [31, '31-60'],
      [60, '31-60'],
      [61, '61-90'],
      [90, '61-90'],
      [91, '90+'],
      [0, '0-30'],
    ]);
    expect(r).toMatchObject({
      pendiente0a30: 490 + 490,
      pendiente31a60: 390 + 490,
      pendiente61a90: 290 + 490,
      pendienteMasDe90: 490,
    });
    // Oldest due first.
    expect(r.listaDeFacturas.map((x: Json) => x._id)).toEqual([
      f.d91,
      f.d90,
      f.d61,
      f.d60,
      f.d31,
      f.d30,
      f.nueva,
    ]);
  });

  it('cuentas por cobrar: la pagada, la anulada y la de fuera del periodo no aparecen', async () => {
    const r = await porCobrar({ ...PERIODO, idCliente: cliente });
    const ids = r.listaDeFacturas.map((x: Json) => x._id);
    expect(ids).not.toContain(f.pagada);
    expect(ids).not.toContain(f.anulada);
    expect(ids).not.toContain(f.despues);
    expect(ids).not.toContain(f.ajena);
    // Without a period (the POS's offline copy, spec 000 §7): every invoice that owes, of every customer.
    const todas = (await porCobrar({})).listaDeFacturas.map((x: Json) => x._id);
    expect(todas).toEqual(expect.arrayContaining([f.despues, f.ajena, f.d91]));
    expect(todas).not.toContain(f.pagada);
    expect(todas).not.toContain(f.anulada);
  });

  it('cuentas por cobrar por cliente: una fila por cliente con sus tramos y su total', async () => {
    const r = await porCliente(PERIODO);
    const fila = (id: string) => r.clientes.find((x: Json) => x.idCliente === id);
    expect(fila(cliente)).toEqual({
      idCliente: cliente,
      nombre: 'Ferretería Núñez',
      rnc: '',
      cantidadDeFacturas: 7,
      pendiente0a30: 980,
      pendiente31a60: 880,
      pendiente61a90: 780,
      pendienteMasDe90: 490,
      totalPendiente: 3130,
    });
    expect(fila(otroCliente)).toMatchObject({
      cantidadDeFacturas: 1,
      pendiente0a30: 490,
      totalPendiente: 490,
    });
    // The totals are the sum of the rows; the one who owes most comes first.
    const suma = r.clientes.reduce((s: number, x: Json) => s + Math.round(Number(x.totalPendiente) * 100), 0);
    expect(Math.round(r.totalPendiente * 100)).toBe(suma);
    expect(r.clientes[0].totalPendiente).toBeGreaterThanOrEqual(r.clientes.at(-1).totalPendiente);
    const soloUno = await porCliente({ ...PERIODO, idCliente: otroCliente });
    expect(soloUno.clientes.map((x: Json) => x.idCliente)).toEqual([otroCliente]);
  });

  it('cuentas por pagar: lo pendiente es lo que dice el libro, en su tramo, sin la pagada ni la anulada', async () => {
    const r = await porPagar({ ...PERIODO, idProveedor: proveedor });
    const libroDelProveedor = await libro('compra', proveedor);
    expect(new Map(r.listaDeCompras.map((x: Json) => [x._id, x.pendiente]))).toEqual(libroDelProveedor);
    const de = (id: string | undefined) => r.listaDeCompras.find((x: Json) => x._id === id);
    expect(
      [c.d30, c.d31, c.d90, c.d91].map((id) => [de(id)?.diasVencidos, de(id)?.tramo, de(id)?.pendiente]),
    ).toEqual([
      [30, '0-30', 354],
      [31, '31-60', 304],
      [90, '61-90', 234],
      [91, '90+', 354],
    ]);
    expect(de(c.d90)).toMatchObject({ montoAPagar: 354, pagado: 120, proveedor: 'Distribuidora Caribe' });
    expect(r).toMatchObject({
      pendiente0a30: 354,
      pendiente31a60: 304,
      pendiente61a90: 234,
      pendienteMasDe90: 354,
      totalPendiente: 1246,
      totalMontoAPagar: 1416,
      totalPagado: 170,
    });
    const ids = r.listaDeCompras.map((x: Json) => x._id);
    expect(ids).not.toContain(c.pagada);
    expect(ids).not.toContain(c.anulada);
    expect(ids).not.toContain(c.ajena);
  });

  it('las dos listas se paginan; totalRows, los totales y los tramos son de todas las filas', async () => {
    for (const [pedir, campo] of [
      [porCobrar, 'listaDeFacturas'],
      [porPagar, 'listaDeCompras'],
    ] as const) {
      const todo = await pedir(PERIODO);
      expect(todo.totalRows, campo).toBe(todo[campo].length);
      expect(todo.totalRows, campo).toBeGreaterThan(2);
      const { [campo]: _todas, ...cifras } = todo;
      for (const page of [1, 2]) {
        const pagina = await pedir({ ...PERIODO, page, limit: 2 });
        const { [campo]: filas, ...cifrasDeLaPagina } = pagina;
        expect(filas, campo).toEqual(todo[campo].slice((page - 1) * 2, page * 2));
        expect(cifrasDeLaPagina, campo).toEqual(cifras);
      }
    }
  });

  it('otra empresa no ve las facturas ni las compras de esta, ni con el id de su cliente', async () => {
    const token2 = await e.login(2);
    const nuestras = new Set([...Object.values(f), ...Object.values(c)]);
    for (const cuerpo of [{}, { idCliente: cliente, idProveedor: proveedor }]) {
      const cxc = await porCobrar(cuerpo, token2, 2);
      const cxp = await porPagar(cuerpo, token2, 2);
      expect(cxc.listaDeFacturas.filter((x: Json) => nuestras.has(x._id as string))).toEqual([]);
      expect(cxp.listaDeCompras.filter((x: Json) => nuestras.has(x._id as string))).toEqual([]);
    }
    const vacia = await porCobrar({ idCliente: cliente }, token2, 2);
    expect(vacia.totalPendiente).toBe(0);
    // Row-level security already hides the other company; each query filters by tenant itself too,
    // which shows once the transaction runs as the owner (policies do not apply to it).
    for (const consulta of CONSULTAS_DE_CARTERA) {
      const comoDueno = await e.db.enEmpresa(2, async (tx) => {
        await tx.execute(sql`reset role`);
        return consulta.consultar(
          { tx, tenantId: 2, ip: '127.0.0.1', usuario: null },
          consulta.declaracion.consulta.body.parse({}),
        );
      });
      const filas = comoDueno[consulta.declaracion.filas] as Json[];
      const ajenas = filas.filter((x) => nuestras.has(x._id as string) || x.idCliente === cliente);
      expect(ajenas, consulta.declaracion.id).toEqual([]);
    }
  });
});
