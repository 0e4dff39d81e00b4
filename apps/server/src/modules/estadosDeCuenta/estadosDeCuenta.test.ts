import { randomUUID } from 'node:crypto';
import { fechaYHoraEnSantoDomingo } from '@pos/domain';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textoDelPdf } from '../../testing/correoYPdf.ts';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';

type Json = Record<string, unknown>;
const ITBIS = { name: 'Itbis 18%', tipoDeImpuesto: 'itbis', tasa: 0.18 };
const CORTE = '2026-06-30';

// Customer statements, movements and advances (spec 001 §7 "Receipts in"; docs/payments.md
// «Estados de cuenta»). Each invoice is 2 × 245 = 490 with ITBIS.
describe.each(MOTORES)('estados de cuenta de clientes (%s)', (motor) => {
  let e: Entorno;
  let admin: string;
  let terminal: string;
  let arroz: string;
  let cliente: string;
  let otroCliente: string;
  const f: Record<string, string> = {};

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

  async function factura(idCliente: string, fechaEmision: string, plazoPagos: number, pagado = 0) {
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

  async function cobrar(idCliente: string, fechaDeEmision: string, res: Json[]): Promise<string> {
    const r = await e.api({
      method: 'POST',
      url: '/api/ingresos-recibidos/',
      token: admin,
      body: { identificadorUnico: randomUUID(), idCliente, fechaDeEmision, res },
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json()[0].idIngresosRef;
  }

  function estado(body: Json, token = admin) {
    return e.api({
      method: 'POST',
      url: '/api/ingresos-recibidos/estado-cuentas-clientes/',
      token,
      body,
    });
  }

  function movimientos(body: Json) {
    return e.api({
      method: 'POST',
      url: '/api/ingresos-recibidos/transacciones-del-contacto-general/',
      token: admin,
      body,
    });
  }

  // The ledger's own rule (docs/payments.md «Qué debe un documento»), read from the tables.
  async function loQueDiceElLibro(idCliente: string): Promise<number> {
    const [fila] = await e.db.consultarComoDueno<{ total: string }>(
      sql`select coalesce(sum(f.monto_a_pagar - f.cobrado - coalesce((
            select sum(a.monto) from aplicaciones_de_cartera a
            where a.tenant_id = f.tenant_id and a.tipo_destino = 'factura' and a.id_destino = f.id
              and a.revertida_en is null), 0)), 0) as total
          from facturas f where f.tenant_id = 1 and f.id_cliente = ${idCliente} and f.estado <> 'Anulado'`,
    );
    return Number(fila?.total);
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
          idCodigoDeBarra: 'EDC-ARROZ-1',
          nombre: 'Arroz del estado',
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

    // At the cut-off 2026-06-30:
    f.vieja = await factura(cliente, '2026-01-10', 30); // due 02-09: 141 days, 90+
    f.parcial = await factura(cliente, '2026-04-01', 30, 100); // due 05-01: 60 days, 31-60; 100 at the sale
    f.tardia = await factura(cliente, '2026-04-15', 0); // due 04-15: 76 days, 61-90
    f.nueva = await factura(cliente, '2026-06-20', 30); // due 07-20: not yet due
    f.contado = await factura(cliente, '2026-06-01', 0, 490); // paid at the sale
    f.despues = await factura(cliente, '2026-07-02', 0); // after the cut-off
    f.ajena = await factura(otroCliente, '2026-03-01', 0);
    await cobrar(cliente, '2026-03-01', [{ idFactura: f.vieja, importe: 200 }]);
    await cobrar(cliente, '2026-05-10', [
      { idFactura: f.parcial, importe: 90 },
      { idFactura: f.vieja, importe: 40 },
    ]);
    await cobrar(cliente, '2026-07-05', [{ idFactura: f.tardia, importe: 490 }]);
    // Cancelled: what it applied counts nowhere.
    const anulado = await cobrar(cliente, '2026-05-20', [{ idFactura: f.nueva, importe: 50 }]);
    const anular = await e.api({
      method: 'PUT',
      url: '/api/ingresos-recibidos/anular/',
      token: admin,
      body: { idIngresosRef: anulado, estado: 'Anulado', notaAnular: 'Error de digitación' },
    });
    expect(anular.statusCode, anular.body).toBe(200);
  });
  afterAll(async () => {
    await e?.cerrar();
  });

  it('el total pendiente es lo que dice el libro de cuentas por cobrar tras ventas, recibos y pagos parciales', async () => {
    const r = await estado({ idCliente: cliente, estadoSeleccionado: 'Todas' });
    expect(r.statusCode, r.body).toBe(200);
    const libro = await loQueDiceElLibro(cliente);
    // vieja 490−240, parcial 490−100−90, tardía 0, nueva 490, contado 0, después 490
    expect(libro).toBe(250 + 300 + 490 + 490);
    expect(r.json().totalPendiente).toBe(libro);
    // Each invoice reads as the invoice module answers it.
    for (const fila of r.json().facturas) {
      const una = (await e.api({ method: 'GET', url: `/api/factura/una/${fila._id}`, token: admin })).json();
      expect(fila.pendiente, fila.comprobante).toBe(una.pendiente);
    }
    const pendientes = await estado({ idCliente: cliente });
    expect(pendientes.json().totalPendiente).toBe(libro);
    expect(
      pendientes
        .json()
        .facturas.map((x: Json) => x._id)
        .sort(),
    ).toEqual([f.vieja, f.parcial, f.nueva, f.despues].sort());
    expect(pendientes.json().cliente.nombre).toBe('Ferretería Núñez');
  });

  it('a una fecha de corte: antigüedad por días vencidos, totales por tramo y lo cobrado hasta ese día', async () => {
    const r = await estado({ idCliente: cliente, estadoSeleccionado: 'Pendientes', fechaFinal: CORTE });
    expect(r.statusCode, r.body).toBe(200);
    const cuerpo = r.json();
    const porId = new Map(cuerpo.facturas.map((x: Json) => [x._id, x]));
    expect(porId.get(f.vieja)).toMatchObject({
      vencimiento: '2026-02-09',
      diasVencidos: 141,
      tramo: '90+',
      montoAPagar: 490,
      cobrado: 240,
      montoNotaDeCreditoRef: 0,
      pendiente: 250,
    });
    expect(porId.get(f.parcial)).toMatchObject({
      diasVencidos: 60,
      tramo: '31-60',
      cobrado: 190,
      pendiente: 300,
    });
    // The receipt of 07-05 comes after the cut-off: at 06-30 the invoice still owed it all.
    expect(porId.get(f.tardia)).toMatchObject({ diasVencidos: 76, tramo: '61-90', pendiente: 490 });
    expect(porId.get(f.nueva)).toMatchObject({ diasVencidos: 0, tramo: '0-30', pendiente: 490 });
    expect(porId.has(f.despues)).toBe(false);
    expect(porId.has(f.contado)).toBe(false);
    expect(cuerpo.totalesPorTramo).toEqual({ '0-30': 490, '31-60': 300, '61-90': 490, '90+': 250 });
    expect(cuerpo.totalPendiente).toBe(1530);
    expect(cuerpo.fechaCorte).toBe(CORTE);

    const pagadas = await estado({ idCliente: cliente, estadoSeleccionado: 'Pagadas', fechaFinal: CORTE });
    expect(pagadas.json().facturas.map((x: Json) => x._id)).toEqual([f.contado]);
    expect(pagadas.json().totalPendiente).toBe(0);

    // By range: only invoices issued from April to the cut-off.
    const rango = await estado({
      idCliente: cliente,
      estadoSeleccionado: 'Todas',
      porRangoDeFecha: true,
      fechaInicial: '2026-04-01',
      fechaFinal: CORTE,
    });
    expect(rango.json().facturas.map((x: Json) => x._id)).toEqual([f.parcial, f.tardia, f.contado, f.nueva]);
    expect(rango.json().totalPendiente).toBe(300 + 490 + 490);
  });

  it('los movimientos del cliente en orden de fecha con su balance corrido', async () => {
    const r = await movimientos({ idCliente: cliente, fechaInicial: '2026-04-01', fechaFinal: CORTE });
    expect(r.statusCode, r.body).toBe(200);
    const cuerpo = r.json();
    // Before April: the old invoice (490) less the March receipt (200).
    expect(cuerpo.balanceInicial).toBe(290);
    expect(cuerpo.movimientos.map((m: Json) => [m.fecha, m.tipo, m.debito, m.credito, m.balance])).toEqual([
      ['2026-04-01', 'factura', 490, 0, 780],
      ['2026-04-01', 'pagoEnVenta', 0, 100, 680],
      ['2026-04-15', 'factura', 490, 0, 1170],
      ['2026-05-10', 'ingreso', 0, 130, 1040],
      ['2026-06-01', 'factura', 490, 0, 1530],
      ['2026-06-01', 'pagoEnVenta', 0, 490, 1040],
      ['2026-06-20', 'factura', 490, 0, 1530],
    ]);
    expect(cuerpo.movimientos[3].documento).toMatch(/^REC\d+$/);
    expect(cuerpo.totalDebitos).toBe(1960);
    expect(cuerpo.totalCreditos).toBe(720);
    // The running balance ends where the statement at that date does.
    const alCorte = await estado({ idCliente: cliente, estadoSeleccionado: 'Todas', fechaFinal: CORTE });
    expect(cuerpo.balanceFinal).toBe(alCorte.json().totalPendiente);
    const hoy = await movimientos({ idCliente: cliente, fechaFinal: '2099-12-31' });
    expect(hoy.json().balanceInicial).toBe(0);
    expect(hoy.json().balanceFinal).toBe(await loQueDiceElLibro(cliente));
  });

  it('anticipos efectuados y un crédito a favor aplicado: en el estado, los movimientos y el balance disponible', async () => {
    function anticipos(body: Json) {
      return e.api({
        method: 'POST',
        url: '/api/ingresos-recibidos/anticipos-efectuados',
        token: admin,
        body,
      });
    }
    expect((await anticipos({ idCliente: otroCliente })).json()).toEqual({
      importeEnIngresos: 0,
      importeEnEgresos: 0,
      balancePendienteEntregado: 0,
    });
    const anticipo = await e.api({
      method: 'POST',
      url: '/api/credito-a-favor',
      token: admin,
      body: {
        identificadorUnico: randomUUID(),
        idCliente: otroCliente,
        Monto: 300,
        fecha: '2026-06-01',
        formaDePago: 'Efectivo',
        idTerminalRef: terminal,
      },
    });
    expect(anticipo.statusCode, anticipo.body).toBe(200);
    const aplicado = await e.api({
      method: 'POST',
      url: '/api/transaccion-del-credito-a-favor',
      token: admin,
      body: {
        identificadorUnico: randomUUID(),
        idCreditoAFavor: anticipo.json().creditoAFavor._id,
        idFactura: f.ajena,
        monto: 200,
      },
    });
    expect(aplicado.statusCode, aplicado.body).toBe(200);

    const r = await anticipos({ idCliente: otroCliente });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ importeEnIngresos: 300, importeEnEgresos: 0, balancePendienteEntregado: 100 });
    // Received before July: none in the range; what is available does not depend on it.
    expect((await anticipos({ idCliente: otroCliente, fechaInicial: '2026-07-01' })).json()).toEqual({
      importeEnIngresos: 0,
      importeEnEgresos: 0,
      balancePendienteEntregado: 100,
    });
    expect((await anticipos({ idCliente: cliente })).json().importeEnIngresos).toBe(0);

    const alDia = await estado({ idCliente: otroCliente });
    expect(alDia.json().facturas).toEqual([
      expect.objectContaining({ _id: f.ajena, cobrado: 200, montoNotaDeCreditoRef: 0, pendiente: 290 }),
    ]);
    expect(alDia.json().totalPendiente).toBe(await loQueDiceElLibro(otroCliente));
    const mov = await movimientos({ idCliente: otroCliente, fechaFinal: '2099-12-31' });
    expect(mov.json().movimientos.map((m: Json) => [m.tipo, m.debito, m.credito, m.balance])).toEqual([
      ['factura', 490, 0, 490],
      ['creditoAFavor', 0, 200, 290],
    ]);
    expect(mov.json().movimientos[1].documento).toBe(`N.º ${anticipo.json().creditoAFavor.numeroCredito}`);
  });

  it('notas de crédito: lo aplicado a la factura va aparte de lo cobrado; su resto es crédito a favor pero no anticipo', async () => {
    const tercero = await contacto('Repuestos Almánzar');
    async function conLineas(pagado: number) {
      const id = await factura(tercero, '2026-05-01', 0, pagado);
      const una = (await e.api({ method: 'GET', url: `/api/factura/una/${id}`, token: admin })).json();
      return { id, linea: una.linea_facturasRef[0]._id as string };
    }
    function devolverUna(f: { id: string; linea: string }) {
      return e.api({
        method: 'POST',
        url: '/api/notas-de-credito/',
        token: admin,
        body: {
          identificadorUnico: randomUUID(),
          notaDeCredito: { idFactura: f.id },
          lineasNotasDeCredito: [{ idLineaFactura: f.linea, cantidad: 1 }],
          lineasCreditoFacturas: [{ idFactura: f.id }],
        },
      });
    }
    // On credit: the note's 245 goes to the invoice. Paid at the sale: the invoice owes nothing, so the
    // 245 is a credit in favour, which came with no money (not an advance).
    const aCredito = await conLineas(0);
    const deContado = await conLineas(490);
    const nota = await devolverUna(aCredito);
    expect(nota.statusCode, nota.body).toBe(200);
    expect((await devolverUna(deContado)).statusCode).toBe(200);
    // An advance: a payment receipt line without an invoice, with generarCreditoAfavor.
    const adelanto = await e.api({
      method: 'POST',
      url: '/api/ingresos-recibidos/',
      token: admin,
      body: {
        identificadorUnico: randomUUID(),
        idCliente: tercero,
        generarCreditoAfavor: true,
        res: [{ importe: 300 }],
      },
    });
    expect(adelanto.statusCode, adelanto.body).toBe(200);

    const r = await estado({ idCliente: tercero, estadoSeleccionado: 'Todas' });
    expect(r.statusCode, r.body).toBe(200);
    const porId = new Map(r.json().facturas.map((x: Json) => [x._id, x]));
    expect(porId.get(aCredito.id)).toMatchObject({ cobrado: 0, montoNotaDeCreditoRef: 245, pendiente: 245 });
    expect(porId.get(deContado.id)).toMatchObject({ cobrado: 490, montoNotaDeCreditoRef: 0, pendiente: 0 });
    expect(r.json().totalNotasDeCredito).toBe(245);
    expect(r.json().totalPendiente).toBe(await loQueDiceElLibro(tercero));

    const anticipos = await e.api({
      method: 'POST',
      url: '/api/ingresos-recibidos/anticipos-efectuados',
      token: admin,
      body: { idCliente: tercero },
    });
    expect(anticipos.json()).toEqual({
      importeEnIngresos: 300,
      importeEnEgresos: 0,
      balancePendienteEntregado: 300 + 245,
    });

    const mov = await movimientos({ idCliente: tercero, fechaFinal: '2099-12-31' });
    const deLaNota = mov.json().movimientos.find((m: Json) => m.tipo === 'notaDeCredito');
    expect(deLaNota).toMatchObject({ credito: 245, descripcion: 'Nota de crédito' });
    expect(deLaNota.documento).not.toBe('');
    expect(mov.json().balanceFinal).toBe(245);
  });

  it('las cuentas por cobrar del POS: cada cliente que debe, con su total, lo vencido y la búsqueda', async () => {
    function lista(input = '') {
      return e.api({
        method: 'POST',
        url: '/api/ingresos-recibidos/clientes-con-balance/',
        token: admin,
        body: { input },
      });
    }
    // Not yet due: issued today with 30 days to pay.
    const alDia = await contacto('Bodega Futura');
    await factura(alDia, fechaYHoraEnSantoDomingo(new Date()).fecha, 30);
    const r = await lista();
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().res.find((c: Json) => c.idCliente === alDia)).toMatchObject({
      facturas: 1,
      totalPendiente: 490,
      vencido: 0,
    });
    const delCliente = r.json().res.find((c: Json) => c.idCliente === cliente);
    // vieja 250, parcial 300, nueva 490, después 490 (la tardía ya se cobró): todas vencidas hoy.
    expect(delCliente).toMatchObject({
      nombre: 'Ferretería Núñez',
      facturas: 4,
      totalPendiente: await loQueDiceElLibro(cliente),
      vencimientoMasAntiguo: '2026-02-09',
      vencido: 1530,
    });
    let suma = 0;
    for (const c of r.json().res) {
      expect(c.totalPendiente).toBeGreaterThan(0);
      expect(c.totalPendiente).toBe(await loQueDiceElLibro(c.idCliente));
      suma += c.totalPendiente;
    }
    expect(r.json().totalPendiente).toBe(suma);
    expect(r.json().res.map((c: Json) => c.totalPendiente)).toEqual(
      [...r.json().res.map((c: Json) => c.totalPendiente)].sort((a, b) => b - a),
    );
    expect((await lista('núñez')).json().res.map((c: Json) => c.idCliente)).toEqual([cliente]);
    expect((await lista('%')).json().res).toEqual([]);
  });

  it('el estado de cuenta en PDF (imprimir o descargar) y en Excel', async () => {
    const filtro = { idCliente: cliente, estadoSeleccionado: 'Pendientes', fechaFinal: CORTE };
    const pdf = await e.api({
      method: 'POST',
      url: '/api/ingresos-recibidos/pdf/estado-cuentas-clientes/',
      token: admin,
      body: { ...filtro, documentoOpcion: 'pdf' },
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('attachment');
    expect(pdf.headers['content-disposition']).toContain('Estado-de-cuenta-Ferreteria-Nunez-2026-06-30.pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const texto = textoDelPdf(pdf.rawPayload);
    expect(texto).toContain('ESTADO DE CUENTA');
    expect(texto).toContain('Ferretería Núñez');
    expect(texto).toContain('ANTIGÜEDAD DEL SALDO');
    expect(texto).toContain('TOTAL PENDIENTE');
    expect(texto).toContain('RD$1,530.00');
    expect(texto).toContain('141');

    const imprimir = await e.api({
      method: 'POST',
      url: '/api/ingresos-recibidos/pdf/estado-cuentas-clientes/',
      token: admin,
      body: { ...filtro, documentoOpcion: 'print' },
    });
    expect(imprimir.headers['content-disposition']).toMatch(/^inline/);

    const excel = await e.api({
      method: 'POST',
      url: '/api/ingresos-recibidos/pdf/estado-cuentas-clientes/',
      token: admin,
      body: { ...filtro, documentoOpcion: 'excel' },
    });
    expect(excel.statusCode, excel.body).toBe(200);
    expect(excel.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
    const hoja = libro.worksheets[0];
    const valores: unknown[][] = [];
    hoja?.eachRow((fila) => {
      valores.push((fila.values as unknown[]).slice(1));
    });
    expect(valores[0]).toEqual(['Estado de cuenta']);
    const cabecera = valores.findIndex((v) => v[0] === 'Fecha');
    expect(valores[cabecera + 1]).toEqual([
      '2026-01-10',
      expect.any(String),
      '2026-02-09',
      141,
      'Más de 90 días',
      490,
      240,
      0,
      250,
    ]);
    expect(valores.at(-1)).toEqual(['Totales', '', '', '', '', 1960, 430, 0, 1530]);
  });

  it('pide cliente válido, un rango en orden y el permiso de cuentas por cobrar', async () => {
    const sinCliente = await estado({ estadoSeleccionado: 'Pagadas' });
    expect(sinCliente.statusCode).toBe(400);
    expect(sinCliente.json().message).toContain('Elige un cliente.');
    const alReves = await estado({
      idCliente: cliente,
      porRangoDeFecha: true,
      fechaInicial: '2026-06-30',
      fechaFinal: '2026-01-01',
    });
    expect(alReves.statusCode).toBe(400);
    expect(alReves.json().message).toContain('La fecha inicial no puede ser posterior a la fecha final.');
    const noExiste = await estado({ idCliente: randomUUID() });
    expect(noExiste.statusCode).toBe(404);

    const sinPermiso = await e.api({
      method: 'POST',
      url: '/api/users/',
      token: admin,
      body: {
        username: 'vendedor-sin-cobros',
        password: 'clave-de-prueba-1',
        privilegios: { facturas: { acceso: true, crear: true, modificar: false, ver: true } },
      },
    });
    expect(sinPermiso.statusCode, sinPermiso.body).toBe(200);
    const token = await e.login(1, 'vendedor-sin-cobros', 'clave-de-prueba-1');
    expect((await estado({ idCliente: cliente }, token)).statusCode).toBe(403);
  });
});
