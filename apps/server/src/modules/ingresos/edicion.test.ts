import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';

type Json = Record<string, unknown>;
const ITBIS = { name: 'Itbis 18%', tipoDeImpuesto: 'itbis', tasa: 0.18 };

// Receipts in completed (spec 001 §3 "Receipt in", §4, §7 "Receipts in"; docs/payments.md): edit,
// delete, ingreso-cc, the printed receipt, the lines' invoice fields, the empty collection status and
// credit in favour from a receipt.
describe.each(MOTORES)('ingresos recibidos: edición, eliminación y crédito a favor (%s)', (motor) => {
  let e: Entorno;
  let admin: string;
  let cajera: string;
  let terminal: string;
  let arroz: string;
  let cliente: string;
  let anticipos: string;

  async function contacto(nombre: string, rnc = ''): Promise<string> {
    const r = await e.api({
      method: 'POST',
      url: '/api/cliente/crear',
      token: admin,
      body: { identificadorUnico: randomUUID(), nombre, rnc },
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().clientedb._id;
  }

  // A back-office invoice of 2 × 245 (490 with ITBIS), paying `pagado` now and owing the rest.
  async function factura(idCliente: string, pagado = 0): Promise<Json & { _id: string }> {
    const r = await e.api({
      method: 'POST',
      url: '/api/factura/crear',
      token: admin,
      body: [
        { identificadorUnico: randomUUID(), idCliente, efectivoRecibido: pagado },
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
    return r.json().facturadb;
  }

  function cobrar(cuerpo: Json, token = admin) {
    return e.api({
      method: 'POST',
      url: '/api/ingresos-recibidos/',
      token,
      body: { identificadorUnico: randomUUID(), ...cuerpo },
    });
  }

  function editar(cuerpo: Json, token = admin) {
    return e.api({ method: 'PUT', url: '/api/ingresos-recibidos/update/', token, body: cuerpo });
  }

  async function verRecibo(id: string) {
    const r = await e.api({ method: 'GET', url: `/api/ingresos-recibidos/${id}`, token: admin });
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  }

  async function pendiente(idFactura: string): Promise<number> {
    return (await e.api({ method: 'GET', url: `/api/factura/una/${idFactura}`, token: admin })).json()
      .pendiente;
  }

  // What the receipt's live journal entries leave on each account (debit − credit), netting reversals.
  async function saldosDelDiario(idDocumento: string): Promise<Record<string, number>> {
    const filas = await e.db.consultarComoDueno<{ id_cuenta: string; neto: string }>(
      sql`select l.id_cuenta, sum(l.debito - l.credito) as neto
          from asientos_contables a join lineas_asiento l on l.tenant_id = a.tenant_id and l.id_asiento = a.id
          where a.tenant_id = 1 and a.id_documento = ${idDocumento}
          group by l.id_cuenta having sum(l.debito - l.credito) <> 0`,
    );
    return Object.fromEntries(filas.map((f) => [f.id_cuenta, Number(f.neto)]));
  }

  async function creditosDe(idIngreso: string) {
    return e.db.consultarComoDueno<{ id: string; monto: string; disponible: string; estado: string }>(
      sql`select id, monto, disponible, estado from creditos_a_favor
          where tenant_id = 1 and tipo_origen = 'ingreso' and id_origen = ${idIngreso} order by creado_en`,
    );
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
        { idCodigoDeBarra: 'ING-ED-1', nombre: 'Arroz para editar', precioDeVenta: 245, impuestos: [ITBIS] },
        [{ idAlmacen: principal, cantidadInicial: 500, cantidadMinima: 0 }],
        randomUUID(),
      ],
    });
    expect(producto.statusCode, producto.body).toBe(200);
    arroz = producto.json().producto._id;
    const alta = await e.api({
      method: 'POST',
      url: '/api/users/',
      token: admin,
      body: {
        username: 'cajera-edicion',
        password: 'clave-de-prueba-1',
        privilegios: {
          ingresos: { acceso: true, crear: true, modificar: true, ver: true },
          puntoDeVentas: { acceso: true, crear: true, modificar: false, ver: true },
        },
      },
    });
    expect(alta.statusCode, alta.body).toBe(200);
    cajera = await e.login(1, 'cajera-edicion', 'clave-de-prueba-1');
    cliente = await contacto('Colmado Edición', '131000001');
    const [cuenta] = await e.db.consultarComoDueno<{ id: string }>(
      sql`select id_cuenta as id from asignacion_cuentas_contables
          where tenant_id = 1 and clave = 'anticiposDeClientes'`,
    );
    anticipos = cuenta?.id as string;
  });
  afterAll(async () => {
    await e?.cerrar();
  });

  it('una factura sin nada cobrado tiene el estado del cobro vacío; con un abono, Por Cobrar', async () => {
    const f = await factura(cliente);
    expect(f).toMatchObject({ cobrado: 0, pendiente: 490, estadoDelCobro: '' });
    const r = await cobrar({ res: [{ idFactura: f._id, importe: 90 }] });
    expect(r.statusCode, r.body).toBe(200);
    const leida = (await e.api({ method: 'GET', url: `/api/factura/una/${f._id}`, token: admin })).json();
    expect(leida.FacturaDb.estadoDelCobro).toBe('Por Cobrar');
  });

  it('las líneas guardan lo cobrado, las notas de crédito aplicadas y el RNC de la factura', async () => {
    const f = await factura(cliente, 100);
    // A credit note applied to the invoice (area A writes these through cartera.aplicar).
    await e.db.consultarComoDueno(
      sql`insert into aplicaciones_de_cartera
            (tenant_id, lado, tipo_destino, id_destino, tipo_origen, id_origen, monto, fecha)
          values (1, 'cobrar', 'factura', ${f._id}, 'notaDeCredito', ${randomUUID()}, 40, current_date)`,
    );
    const primero = await cobrar({ res: [{ idFactura: f._id, importe: 50 }] });
    expect(primero.statusCode, primero.body).toBe(200);
    const r = await cobrar({ res: [{ idFactura: f._id, importe: 60 }] });
    expect(r.statusCode, r.body).toBe(200);
    // Total 490 = collected 150 (sale 100 + receipt 50) + credit notes 40 + pending 300.
    expect(r.json()[0]).toMatchObject({
      balancePendiente: 300,
      cobrado: 150,
      montoNotaDeCreditoRef: 40,
      rncCliente: '131000001',
      creditoAFavor: 0,
    });
  });

  it('editar cambia, agrega y quita líneas: vuelve a aplicar con el saldo correcto y el número no cambia', async () => {
    const a = await factura(cliente);
    const b = await factura(cliente);
    const c = await factura(cliente);
    const creado = await cobrar({
      res: [
        { idFactura: a._id, importe: 200 },
        { idFactura: b._id, importe: 100 },
      ],
    });
    expect(creado.statusCode, creado.body).toBe(200);
    const id = creado.json()[0].idIngresosRef;
    const antes = await verRecibo(id);
    const [lineaA, lineaB] = antes.res;
    const r = await editar({
      idIngresosRef: id,
      update: [
        { _id: lineaA._id, idFactura: a._id, importe: 300, nota: 'Abono corregido' },
        { idFactura: c._id, importe: 490 },
      ],
      eliminar: [lineaB._id],
      detalles: 'Corregido en caja',
      formaDePago: 'Transferencia',
    });
    expect(r.statusCode, r.body).toBe(200);
    const despues = await verRecibo(id);
    expect(despues.ingresoReferenciadoGral).toMatchObject({
      comprobante: antes.ingresoReferenciadoGral.comprobante,
      numero: antes.ingresoReferenciadoGral.numero,
      total: 790,
      detalles: 'Corregido en caja',
      formaDePago: 'Transferencia',
      estado: 'Activo',
    });
    expect(
      despues.res.map((l: Json) => [l._id === lineaA._id, l.idFactura, l.importe, l.balancePendiente]),
    ).toEqual([
      [true, a._id, 300, 490],
      [false, c._id, 490, 490],
    ]);
    // Each invoice owes what the final lines leave: b owes all again.
    expect([await pendiente(a._id), await pendiente(b._id), await pendiente(c._id)]).toEqual([190, 490, 0]);
    const [{ n } = { n: -1 }] = await e.db.consultarComoDueno<{ n: number }>(
      sql`select count(*)::int as n from aplicaciones_de_cartera
          where tenant_id = 1 and id_origen = ${id} and revertida_en is null`,
    );
    expect(n).toBe(2);
    // The live journal: the transfer account debited 790, receivable credited 790.
    const saldos = await saldosDelDiario(id);
    expect(Object.values(saldos).sort((x, y) => x - y)).toEqual([-790, 790]);
  });

  it('editar no aplica más de lo que debe la factura, ni un recibo anulado; no cambia nada', async () => {
    const f = await factura(cliente);
    const id = (await cobrar({ res: [{ idFactura: f._id, importe: 200 }] })).json()[0].idIngresosRef;
    const [linea] = (await verRecibo(id)).res;
    const demas = await editar({
      idIngresosRef: id,
      update: [{ _id: linea._id, idFactura: f._id, importe: 600 }],
    });
    expect(demas.statusCode, demas.body).toBe(400);
    expect(demas.json().message).toContain('solo debe RD$');
    expect(await pendiente(f._id)).toBe(290);
    expect((await verRecibo(id)).res[0].importe).toBe(200);
    // The money's account must be a detail account on an edit too.
    const [padre] = await e.db.consultarComoDueno<{ id: string }>(
      sql`select c.id_padre as id from cuentas_contables c join asignacion_cuentas_contables a
            on a.tenant_id = c.tenant_id and a.id_cuenta = c.id
          where c.tenant_id = 1 and a.clave = 'bancos'`,
    );
    const grupo = await editar({ idIngresosRef: id, cuentaContableDebito: { idCuenta: padre?.id } });
    expect(grupo.statusCode, grupo.body).toBe(400);
    expect(grupo.json().message).toContain('la cuenta que recibe el dinero');
    const anular = await e.api({
      method: 'PUT',
      url: '/api/ingresos-recibidos/anular/',
      token: admin,
      body: { idIngresosRef: id, notaAnular: 'Prueba' },
    });
    expect(anular.statusCode, anular.body).toBe(200);
    const anulado = await editar({ idIngresosRef: id, detalles: 'tarde' });
    expect(anulado.statusCode, anulado.body).toBe(409);
    expect(anulado.json().message).toContain('está anulado');
  });

  it('eliminar: solo quien anula directo; queda Anulado «Eliminado por …», sale de la lista y la factura vuelve a deber', async () => {
    const f = await factura(cliente);
    const id = (await cobrar({ res: [{ idFactura: f._id, importe: 150 }] })).json()[0].idIngresosRef;
    const sinPermiso = await e.api({ method: 'DELETE', url: `/api/ingresos-recibidos/${id}`, token: cajera });
    expect(sinPermiso.statusCode, sinPermiso.body).toBe(403);
    expect(await pendiente(f._id)).toBe(340);
    const r = await e.api({ method: 'DELETE', url: `/api/ingresos-recibidos/${id}`, token: admin });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().ingresoDb).toMatchObject({ estado: 'Anulado', notaAnular: 'Eliminado por admin' });
    expect(await pendiente(f._id)).toBe(490);
    expect(await saldosDelDiario(id)).toEqual({});
    const lista = await e.api({
      method: 'POST',
      url: '/api/ingresos-recibidos/todos',
      token: admin,
      body: { input: r.json().ingresoDb.comprobante },
    });
    expect(lista.json().res).toEqual([]);
    const otraVez = await e.api({ method: 'DELETE', url: `/api/ingresos-recibidos/${id}`, token: admin });
    expect(otraVez.statusCode).toBe(409);
  });

  it('ingreso-cc responde listaDeIngesos e ingresoReferenciadoGral; ingreso-print, el PDF', async () => {
    const cuentas = await e.db.consultarComoDueno<{ id: string; clave: string }>(
      sql`select id_cuenta as id, clave from asignacion_cuentas_contables
          where tenant_id = 1 and clave in ('ingresosFinancieros')`,
    );
    const intereses = cuentas[0]?.id as string;
    const [centro] = await e.db.consultarComoDueno<{ id: string }>(
      sql`select id from centros_de_costo where tenant_id = 1 and nombre = 'Sucursal Santiago'`,
    );
    const r = await cobrar({
      tipoDeIngreso: false,
      idCentroDeCosto: centro?.id,
      centroDeCosto: 'Sucursal Santiago',
      res: [{ cuentaContableCredito: { idCuenta: intereses }, importe: 75.5, nota: 'Intereses' }],
    });
    expect(r.statusCode, r.body).toBe(200);
    const id = r.json()[0].idIngresosRef;
    const cc = await e.api({ method: 'GET', url: `/api/ingresos-recibidos/ingreso-cc/${id}`, token: admin });
    expect(cc.statusCode, cc.body).toBe(200);
    expect(cc.json()).toMatchObject({
      listaDeIngesos: [{ importe: 75.5, nota: 'Intereses', cuentaContableCredito: { idCuenta: intereses } }],
      ingresoReferenciadoGral: {
        _id: id,
        tipoDeIngreso: false,
        centroDeCosto: 'Sucursal Santiago',
        idCentroDeCosto: centro?.id,
      },
    });
    const pdf = await e.api({
      method: 'GET',
      url: `/api/ingresos-recibidos/ingreso-print/${id}`,
      token: admin,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(String(pdf.headers['content-disposition'])).toContain(
      `Recibo-${cc.json().ingresoReferenciadoGral.comprobante}.pdf`,
    );
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('con «Generar crédito a favor» lo pagado de más y el anticipo son un crédito; sin él, se rechaza', async () => {
    const f = await factura(cliente);
    const sinInterruptor = await cobrar({ res: [{ idFactura: f._id, importe: 600 }] });
    expect(sinInterruptor.statusCode, sinInterruptor.body).toBe(400);
    const anticipoSinInterruptor = await cobrar({ idCliente: cliente, res: [{ importe: 50 }] });
    expect(anticipoSinInterruptor.statusCode, anticipoSinInterruptor.body).toBe(400);
    expect(await pendiente(f._id)).toBe(490);

    const r = await cobrar({
      idCliente: cliente,
      generarCreditoAfavor: true,
      res: [{ idFactura: f._id, importe: 600 }, { importe: 50 }],
    });
    expect(r.statusCode, r.body).toBe(200);
    const id = r.json()[0].idIngresosRef;
    expect(r.json().map((l: Json) => [l.importe, l.creditoAFavor])).toEqual([
      [600, 110],
      [50, 50],
    ]);
    expect(await pendiente(f._id)).toBe(0);
    expect((await verRecibo(id)).ingresoReferenciadoGral).toMatchObject({
      generarCreditoAfavor: true,
      creditoAFavor: 160,
      total: 650,
    });
    const [credito, ...otros] = await creditosDe(id);
    expect(otros).toEqual([]);
    expect(credito).toMatchObject({ monto: '160.00', disponible: '160.00', estado: 'Activo' });
    // The entry credits the advances account for the credit, receivable for what was applied.
    const saldos = await saldosDelDiario(id);
    expect(saldos[anticipos]).toBe(-160);
    expect(Object.values(saldos).reduce((x, y) => x + y, 0)).toBe(0);

    // Cancelling the receipt cancels its credit.
    const anular = await e.api({
      method: 'PUT',
      url: '/api/ingresos-recibidos/anular/',
      token: admin,
      body: { idIngresosRef: id, notaAnular: 'Error' },
    });
    expect(anular.statusCode, anular.body).toBe(200);
    expect((await creditosDe(id))[0]).toMatchObject({ estado: 'Anulado', disponible: '0.00' });
    expect(await pendiente(f._id)).toBe(490);
    expect(await saldosDelDiario(id)).toEqual({});
  });

  it('un crédito ya usado impide anular, eliminar o editar el recibo que lo generó', async () => {
    const f = await factura(cliente);
    const otra = await factura(cliente);
    const r = await cobrar({
      idCliente: cliente,
      generarCreditoAfavor: true,
      res: [{ idFactura: f._id, importe: 590 }],
    });
    expect(r.statusCode, r.body).toBe(200);
    const id = r.json()[0].idIngresosRef;
    const [credito] = await creditosDe(id);
    const usar = await e.api({
      method: 'POST',
      url: '/api/transaccion-del-credito-a-favor',
      token: admin,
      body: {
        identificadorUnico: randomUUID(),
        idCreditoAFavor: credito?.id,
        idFactura: otra._id,
        monto: 40,
      },
    });
    expect(usar.statusCode, usar.body).toBe(200);
    const eliminar = await e.api({ method: 'DELETE', url: `/api/ingresos-recibidos/${id}`, token: admin });
    expect(eliminar.statusCode, eliminar.body).toBe(409);
    const [linea] = (await verRecibo(id)).res;
    const edicion = await editar({
      idIngresosRef: id,
      update: [{ _id: linea._id, idFactura: f._id, importe: 490 }],
    });
    expect(edicion.statusCode, edicion.body).toBe(409);
    expect(edicion.json().message).toContain('ya se aplicó a facturas');
    expect((await verRecibo(id)).ingresoReferenciadoGral.estado).toBe('Activo');
    expect(await pendiente(otra._id)).toBe(450);
  });

  it('editar un recibo con crédito a favor: lo conserva si no cambia, lo rehace si cambia, lo anula si ya no hay excedente', async () => {
    const f = await factura(cliente);
    const r = await cobrar({
      idCliente: cliente,
      generarCreditoAfavor: true,
      res: [{ idFactura: f._id, importe: 500 }],
    });
    expect(r.statusCode, r.body).toBe(200);
    const id = r.json()[0].idIngresosRef;
    const [linea] = (await verRecibo(id)).res;
    const nota = await editar({ idIngresosRef: id, detalles: 'Pagó en la tienda' });
    expect(nota.statusCode, nota.body).toBe(200);
    expect((await creditosDe(id)).map((c) => [c.monto, c.estado])).toEqual([['10.00', 'Activo']]);
    expect((await saldosDelDiario(id))[anticipos]).toBe(-10);
    // Without the switch the excess is refused.
    const sin = await editar({
      idIngresosRef: id,
      generarCreditoAfavor: false,
      update: [{ _id: linea._id, idFactura: f._id, importe: 520 }],
    });
    expect(sin.statusCode, sin.body).toBe(400);
    // A new amount of credit: the unused credit is cancelled and a new one made (one in force).
    const otroMonto = await editar({
      idIngresosRef: id,
      update: [{ _id: linea._id, idFactura: f._id, importe: 520 }],
    });
    expect(otroMonto.statusCode, otroMonto.body).toBe(200);
    expect((await creditosDe(id)).map((c) => [c.monto, c.disponible, c.estado])).toEqual([
      ['10.00', '0.00', 'Anulado'],
      ['30.00', '30.00', 'Activo'],
    ]);
    expect((await saldosDelDiario(id))[anticipos]).toBe(-30);
    expect(await pendiente(f._id)).toBe(0);
    const sinExcedente = await editar({
      idIngresosRef: id,
      update: [{ _id: linea._id, idFactura: f._id, importe: 490 }],
    });
    expect(sinExcedente.statusCode, sinExcedente.body).toBe(200);
    expect((await creditosDe(id)).map((c) => c.estado)).toEqual(['Anulado', 'Anulado']);
    expect((await saldosDelDiario(id))[anticipos]).toBeUndefined();
    expect(await pendiente(f._id)).toBe(0);
  });
});
