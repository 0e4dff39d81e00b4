import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';

type Json = Record<string, unknown>;
const ITBIS = { name: 'Itbis 18%', tipoDeImpuesto: 'itbis', tasa: 0.18 };

// Receipts in (spec 001 §3 "Receipt in", §4, §7; spec 000 §7 syncs them offline).
describe.each(MOTORES)('ingresos recibidos (%s)', (motor) => {
  let e: Entorno;
  let admin: string;
  let cajera: string;
  let idCajera: string;
  let supervisor: string;
  let terminal: string;
  let arroz: string;
  let cliente: string;
  let otroCliente: string;

  async function usuario(username: string, privilegios: Json): Promise<{ token: string; id: string }> {
    const r = await e.api({
      method: 'POST',
      url: '/api/users/',
      token: admin,
      body: { username, password: 'clave-de-prueba-1', privilegios },
    });
    expect(r.statusCode, r.body).toBe(200);
    return { token: await e.login(1, username, 'clave-de-prueba-1'), id: r.json()._id };
  }

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

  // A back-office invoice of 2 × 245 (490 with ITBIS), paying `pagado` now and owing the rest.
  async function factura(idCliente: string | null, pagado = 0): Promise<Json & { _id: string }> {
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

  async function verFactura(id: string) {
    return (await e.api({ method: 'GET', url: `/api/factura/una/${id}`, token: admin })).json();
  }

  async function asientosDe(idDocumento: string) {
    return e.db.consultarComoDueno<{
      debitos: string;
      creditos: string;
      revierte: boolean;
      cuentas: string[];
    }>(
      sql`select sum(l.debito) as debitos, sum(l.credito) as creditos, a.id_asiento_revertido is not null as revierte,
            array_agg(l.id_cuenta::text order by l.orden) as cuentas
          from asientos_contables a join lineas_asiento l on l.tenant_id = a.tenant_id and l.id_asiento = a.id
          where a.tenant_id = 1 and a.id_documento = ${idDocumento} group by a.tenant_id, a.id order by a.numero`,
    );
  }

  // A second connection that locks an invoice row and lets it go once `n` requests wait on a lock.
  async function retenerFactura(idFactura: string) {
    const [base] = await e.db.consultarComoDueno<{ nombre: string }>(
      sql`select current_database() as nombre`,
    );
    const url = new URL(process.env.DATABASE_URL ?? '');
    url.pathname = `/${base?.nombre}`;
    const cliente = new pg.Client({ connectionString: url.toString() });
    await cliente.connect();
    await cliente.query('BEGIN');
    await cliente.query('select id from facturas where id = $1 for update', [idFactura]);
    return {
      soltarCuandoEsperen: async (n: number) => {
        for (let i = 0; i < 400; i++) {
          const r = await cliente.query(
            `select count(*)::int as n from pg_stat_activity where datname = current_database()
               and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
          );
          if (r.rows[0].n >= n || (i > 40 && r.rows[0].n >= 1)) {
            break;
          }
          await new Promise((listo) => setTimeout(listo, 5));
        }
        await cliente.query('ROLLBACK');
        await cliente.end();
      },
    };
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
          idCodigoDeBarra: 'ING-ARROZ-1',
          nombre: 'Arroz para cobrar',
          precioDeVenta: 245,
          impuestos: [ITBIS],
        },
        [{ idAlmacen: principal, cantidadInicial: 500, cantidadMinima: 0 }],
        randomUUID(),
      ],
    });
    expect(producto.statusCode, producto.body).toBe(200);
    arroz = producto.json().producto._id;
    const caja = { puntoDeVentas: { acceso: true, crear: true, modificar: false, ver: true } };
    ({ token: cajera, id: idCajera } = await usuario('cajera-cobros', caja));
    ({ token: supervisor } = await usuario('supervisora-cobros', {
      ...caja,
      auditorias: { acceso: true, crear: true, modificar: true, ver: true },
    }));
    cliente = await contacto('Colmado Lora');
    otroCliente = await contacto('Bodega Almonte');
  });
  afterAll(async () => {
    await e?.cerrar();
  });

  it('cobra una factura a crédito en dos partes: número REC, saldo, pagos de la factura y asiento', async () => {
    const f = await factura(cliente, 100);
    expect(f).toMatchObject({ pendiente: 390, estadoDelCobro: 'Por Cobrar' });
    const primero = await cobrar({ idCliente: cliente, res: [{ idFactura: f._id, importe: 290 }] });
    expect(primero.statusCode, primero.body).toBe(200);
    const [linea] = primero.json();
    expect(linea).toMatchObject({
      idFactura: f._id,
      comprobanteFactura: f.comprobante,
      balancePendiente: 390,
      importe: 290,
      solicitudDuplicada: false,
    });
    const detalle = (
      await e.api({ method: 'GET', url: `/api/ingresos-recibidos/${linea.idIngresosRef}`, token: admin })
    ).json();
    expect(detalle.ingresoReferenciadoGral).toMatchObject({
      comprobante: expect.stringMatching(/^REC\d+$/),
      idCliente: cliente,
      nombreCliente: 'Colmado Lora',
      formaDePago: 'Efectivo',
      total: 290,
      estado: 'Activo',
      tipoDeIngreso: true,
    });
    let despues = await verFactura(f._id);
    expect(despues).toMatchObject({ pendiente: 100, cobrado: 390 });
    expect(despues.FacturaDb.estadoDelCobro).toBe('Por Cobrar');
    expect(despues.listaPagosIngreso.map((p: Json) => p.monto)).toEqual(expect.arrayContaining([100, 290]));

    // Balanced; the credit goes to the receivable account the sale debited.
    const [asiento] = await asientosDe(linea.idIngresosRef);
    expect(Number(asiento?.debitos)).toBe(290);
    expect(Number(asiento?.creditos)).toBe(290);
    const [venta] = await e.db.consultarComoDueno<{ id_cuenta: string }>(
      sql`select l.id_cuenta from lineas_asiento l join asientos_contables a on a.tenant_id = l.tenant_id and a.id = l.id_asiento
          where a.tenant_id = 1 and a.id_documento = ${f._id} and l.nota = 'Por cobrar'`,
    );
    expect(asiento?.cuentas[1]).toBe(venta?.id_cuenta);

    const segundo = await cobrar({ res: [{ idFactura: f._id, importe: 100 }], formaDePago: 'Transferencia' });
    expect(segundo.statusCode, segundo.body).toBe(200);
    despues = await verFactura(f._id);
    expect(despues).toMatchObject({ pendiente: 0, cobrado: 490 });
    expect(despues.FacturaDb.estadoDelCobro).toBe('Cobrada');
    // The next receipt number follows.
    const numeros = await e.db.consultarComoDueno<{ numero: string }>(
      sql`select numero from ingresos_recibidos where tenant_id = 1 and id in (${linea.idIngresosRef}, ${segundo.json()[0].idIngresosRef}) order by numero`,
    );
    expect(Number(numeros[1]?.numero) - Number(numeros[0]?.numero)).toBe(1);
  });

  it('el mismo identificadorUnico responde el recibo ya creado y no escribe nada', async () => {
    const f = await factura(cliente);
    // The whole balance: the twin must find the first receipt, not an invoice already paid.
    const cuerpo = { identificadorUnico: randomUUID(), res: [{ idFactura: f._id, importe: 490 }] };
    // On PostgreSQL the twins are made to meet: another connection holds the invoice until both wait.
    const retenedor = motor === 'postgres' ? await retenerFactura(f._id) : null;
    const enviados = Promise.all([cobrar(cuerpo), cobrar(cuerpo)]);
    await retenedor?.soltarCuandoEsperen(2);
    const [a, b] = await enviados;
    for (const r of [a, b]) {
      expect(r.statusCode, r.body).toBe(200);
    }
    expect([a.json()[0].solicitudDuplicada, b.json()[0].solicitudDuplicada].sort()).toEqual([false, true]);
    expect(a.json()[0].idIngresosRef).toBe(b.json()[0].idIngresosRef);
    expect((await verFactura(f._id)).pendiente).toBe(0);
  });

  it('rechaza con su motivo lo que no se puede cobrar', async () => {
    const f = await factura(cliente);
    const deOtro = await factura(otroCliente);
    const alContado = await factura(null, 490);
    const casos: [Json, number, string][] = [
      [{ res: [] }, 400, 'Agrega por lo menos una factura'],
      [{ res: [{ idFactura: f._id, importe: 500 }] }, 400, 'solo debe'],
      [{ res: [{ idFactura: f._id, importe: 10.555 }] }, 400, '2 decimales'],
      [
        {
          res: [
            { idFactura: f._id, importe: 10 },
            { idFactura: f._id, importe: 10 },
          ],
        },
        400,
        'dos veces',
      ],
      [
        {
          res: [
            { idFactura: f._id, importe: 10 },
            { idFactura: deOtro._id, importe: 10 },
          ],
        },
        400,
        'otro cliente',
      ],
      [{ res: [{ idFactura: alContado._id, importe: 10 }] }, 409, 'consumidor final'],
      [{ res: [{ idFactura: randomUUID(), importe: 10 }] }, 404, 'no existe'],
      [{ res: [{ importe: 10 }] }, 400, 'no tiene factura'],
      [{ tipoDeIngreso: false, res: [{ importe: 10 }] }, 400, 'no tiene cuenta contable'],
    ];
    for (const [cuerpo, estado, mensaje] of casos) {
      const r = await cobrar(cuerpo);
      expect(r.statusCode, `${JSON.stringify(cuerpo)} → ${r.body}`).toBe(estado);
      expect(r.json().message).toContain(mensaje);
    }
    // Nothing was written by any of them.
    expect((await verFactura(f._id)).pendiente).toBe(490);
    // Cents that binary floating point cannot hold exactly are still two decimals.
    const centavos = await cobrar({ res: [{ idFactura: f._id, importe: 19.99 }] });
    expect(centavos.statusCode, centavos.body).toBe(200);
    expect((await verFactura(f._id)).pendiente).toBe(470.01);
    // The POS right collects invoices only, into its payment method's account.
    const aCuentas = await cobrar(
      { tipoDeIngreso: false, res: [{ cuentaContableCredito: { idCuenta: randomUUID() }, importe: 10 }] },
      cajera,
    );
    expect(aCuentas.statusCode).toBe(403);
  });

  it('desde el POS exige el turno abierto y suma el efectivo cobrado al esperado en caja', async () => {
    const f = await factura(cliente);
    const sinTurno = await cobrar(
      { res: [{ idFactura: f._id, importe: 90 }], desdeElpos: { desdePos: true, idTerminalRef: terminal } },
      cajera,
    );
    expect(sinTurno.statusCode).toBe(409);
    expect(sinTurno.json()).toMatchObject({ estadoDelTurno: false });
    const turno = await e.api({
      method: 'POST',
      url: '/api/turno/',
      token: cajera,
      body: { idTerminalRef: terminal, desgloseDeEfectivoApertura: [{ monto: 1000, cantidad: 1 }] },
    });
    expect(turno.statusCode, turno.body).toBe(200);
    const conTurno = await cobrar(
      { res: [{ idFactura: f._id, importe: 90 }], desdeElpos: { desdePos: true, idTerminalRef: terminal } },
      cajera,
    );
    expect(conTurno.statusCode, conTurno.body).toBe(200);
    const conTarjeta = await cobrar(
      {
        res: [{ idFactura: f._id, importe: 10 }],
        formaDePago: 'Tarjeta',
        desdeElpos: { desdePos: true, idTerminalRef: terminal },
      },
      cajera,
    );
    expect(conTarjeta.statusCode, conTarjeta.body).toBe(200);
    const actual = (
      await e.api({ method: 'PATCH', url: `/api/turno/actual/${idCajera}`, token: cajera, body: {} })
    ).json();
    // Opening 1,000 + 90 collected in cash; the card payment is not in the drawer.
    expect(actual.turnoEnCurso).toMatchObject({ ingresoDeEfectivo: 90, totalEnCaja: 1090 });
    // A cancellation the supervisor has not approved yet leaves the cash in the drawer.
    const pedirAnulacion = await e.api({
      method: 'PUT',
      url: '/api/ingresos-recibidos/anular/',
      token: cajera,
      body: { idIngresosRef: conTurno.json()[0].idIngresosRef, notaAnular: 'Se equivocó de factura' },
    });
    expect(pedirAnulacion.json().resultado).toBe('solicitado');
    const todavia = (
      await e.api({ method: 'PATCH', url: `/api/turno/actual/${idCajera}`, token: cajera, body: {} })
    ).json();
    expect(todavia.turnoEnCurso).toMatchObject({ ingresoDeEfectivo: 90, totalEnCaja: 1090 });
    const delTurno = await e.api({
      method: 'POST',
      url: '/api/ingresos-recibidos/todos',
      token: cajera,
      body: { ingresosDelTurno: true, idTurnoRef: actual.turnoEnCurso._id },
    });
    expect(delTurno.statusCode, delTurno.body).toBe(200);
    expect(delTurno.json().totalRows).toBe(2);
    const cerrar = await e.api({
      method: 'PATCH',
      url: `/api/turno/${idCajera}`,
      token: cajera,
      body: { desgloseDeEfectivoCierre: [] },
    });
    expect(cerrar.statusCode, cerrar.body).toBe(200);
  });

  it('un ingreso a cuentas acredita la cuenta elegida y debita la de su forma de pago', async () => {
    const cuentas = await e.db.consultarComoDueno<{ id: string; clave: string }>(
      sql`select id_cuenta as id, clave from asignacion_cuentas_contables
          where tenant_id = 1 and clave in ('ingresosFinancieros', 'bancos')`,
    );
    const intereses = cuentas.find((c) => c.clave === 'ingresosFinancieros')?.id as string;
    const banco = cuentas.find((c) => c.clave === 'bancos')?.id as string;
    const [padre] = await e.db.consultarComoDueno<{ id: string }>(
      sql`select id_padre as id from cuentas_contables where tenant_id = 1 and id = ${intereses}`,
    );
    // Entries post to detail accounts: a group account, or one that does not exist, is refused and
    // nothing is written.
    const rechazos: [Json, string][] = [
      [{ res: [{ cuentaContableCredito: { idCuenta: padre?.id }, importe: 10 }] }, 'tiene subcuentas'],
      [{ res: [{ cuentaContableCredito: { idCuenta: randomUUID() }, importe: 10 }] }, 'no existe'],
      [
        {
          cuentaContableDebito: { idCuenta: padre?.id },
          res: [{ cuentaContableCredito: { idCuenta: intereses }, importe: 10 }],
        },
        'la cuenta que recibe el dinero',
      ],
    ];
    for (const [cuerpo, mensaje] of rechazos) {
      const r = await cobrar({ tipoDeIngreso: false, ...cuerpo });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().message).toContain(mensaje);
    }
    const [{ n } = { n: -1 }] = await e.db.consultarComoDueno<{ n: number }>(
      sql`select count(*)::int as n from ingresos_recibidos where tenant_id = 1 and tipo_de_ingreso = false`,
    );
    expect(n).toBe(0);
    const r = await cobrar({
      tipoDeIngreso: false,
      formaDePago: 'Cheque',
      cuentaContableDebito: { idCuenta: banco },
      res: [
        { cuentaContableCredito: { idCuenta: intereses }, importe: 1250.5, nota: 'Intereses de octubre' },
      ],
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()[0]).toMatchObject({ idFactura: null, importe: 1250.5, nota: 'Intereses de octubre' });
    const [asiento] = await asientosDe(r.json()[0].idIngresosRef);
    expect(asiento?.cuentas).toEqual([banco, intereses]);
    expect(Number(asiento?.debitos)).toBe(1250.5);
  });

  it('lista las facturas pendientes del cliente, de la más antigua a la más nueva', async () => {
    const nuevo = await contacto('Ferretería Peña');
    const a = await factura(nuevo);
    const b = await factura(nuevo, 90);
    await factura(nuevo, 490);
    const r = await e.api({
      method: 'POST',
      url: '/api/ingresos-recibidos/pendientes/',
      token: admin,
      body: { id: nuevo },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().res.map((f: Json) => [f._id, f.pendiente])).toEqual([
      [a._id, 490],
      [b._id, 400],
    ]);
    const una = await e.api({
      method: 'POST',
      url: '/api/ingresos-recibidos/una_pendiente/',
      token: admin,
      body: { idFactura: b._id },
    });
    expect(una.json().res.map((f: Json) => f._id)).toEqual([b._id]);
  });

  it('anular: directa deshace el cobro; la de la cajera espera al supervisor, que aprueba o rechaza', async () => {
    const f = await factura(cliente);
    const recibo = (await cobrar({ res: [{ idFactura: f._id, importe: 200 }] })).json()[0].idIngresosRef;
    // An invoice with a receipt applied cannot be cancelled.
    const anularFactura = await e.api({
      method: 'PUT',
      url: `/api/factura/anular/${f._id}`,
      token: admin,
      body: { tipoDeAnulacion: '4' },
    });
    expect(anularFactura.statusCode).toBe(409);
    const sinMotivo = await e.api({
      method: 'PUT',
      url: '/api/ingresos-recibidos/anular/',
      token: admin,
      body: { idIngresosRef: recibo },
    });
    expect(sinMotivo.statusCode).toBe(400);
    expect(sinMotivo.json().message).toBe('Debes escribir el motivo de la anulación del recibo.');
    const directa = await e.api({
      method: 'PUT',
      url: '/api/ingresos-recibidos/anular/',
      token: admin,
      body: { idIngresosRef: recibo, notaAnular: 'Cobro duplicado' },
    });
    expect(directa.statusCode, directa.body).toBe(200);
    expect(directa.json()).toMatchObject({ resultado: 'anulado', ingresoDb: { estado: 'Anulado' } });
    const despues = await verFactura(f._id);
    expect(despues).toMatchObject({ pendiente: 490, cobrado: 0 });
    expect(despues.listaPagosIngreso).toEqual([]);
    const asientos = await asientosDe(recibo);
    expect(asientos.map((a) => a.revierte)).toEqual([false, true]);

    // The cashier asks; the supervisor rejects one request and approves the next.
    const segundo = (await cobrar({ res: [{ idFactura: f._id, importe: 300 }] })).json()[0].idIngresosRef;
    const pedir = () =>
      e.api({
        method: 'PUT',
        url: '/api/ingresos-recibidos/anular/',
        token: cajera,
        body: { idIngresosRef: segundo, notaAnular: 'El cliente pagó con otro recibo' },
      });
    expect((await pedir()).json()).toMatchObject({
      resultado: 'solicitado',
      ingresoDb: { estado: 'Por-Anular' },
    });
    const cajeraNoResuelve = await e.api({
      method: 'PUT',
      url: '/api/ingresos-recibidos/anular/',
      token: cajera,
      body: { idIngresosRef: segundo, autorizacion: 'Aprobada' },
    });
    expect(cajeraNoResuelve.statusCode).toBe(403);
    const rechazo = await e.api({
      method: 'PUT',
      url: '/api/ingresos-recibidos/anular/',
      token: supervisor,
      body: { idIngresosRef: segundo, autorizacion: 'Rechazada' },
    });
    expect(rechazo.json()).toMatchObject({
      resultado: 'rechazado',
      ingresoDb: { estado: 'Activo', notaAutorizacion: 'Solicitud Denegada' },
    });
    expect((await verFactura(f._id)).pendiente).toBe(190);
    expect((await pedir()).statusCode).toBe(200);
    const aprobado = await e.api({
      method: 'PUT',
      url: '/api/ingresos-recibidos/anular/',
      token: supervisor,
      body: { idIngresosRef: segundo, autorizacion: 'Aprobada', notaAutorizacion: 'Verificado' },
    });
    expect(aprobado.json()).toMatchObject({ resultado: 'aprobado', ingresoDb: { estado: 'Anulado' } });
    expect((await verFactura(f._id)).pendiente).toBe(490);
    const solicitudes = await e.api({
      method: 'POST',
      url: '/api/users/solicitud-Anulacion/',
      token: supervisor,
      body: { estado: 'Todas', page: 1, limit: 50 },
    });
    expect(solicitudes.statusCode, solicitudes.body).toBe(200);
    const delRecibo = solicitudes.json().data.filter((s: Json) => s.idDocumento === segundo);
    expect(delRecibo.map((s: Json) => [s.tipoDocumento, s.autorizacion, s.total])).toEqual(
      expect.arrayContaining([
        ['ingreso', 'Aprobada', 300],
        ['ingreso', 'Rechazada', 300],
      ]),
    );
  });

  it('sincroniza ingresos creados sin conexión una sola vez y aparta el que no se puede cobrar', async () => {
    const f = await factura(cliente);
    const bueno = { identificadorUnico: randomUUID(), res: [{ idFactura: f._id, importe: 40 }] };
    const malo = { identificadorUnico: randomUUID(), res: [{ idFactura: f._id, importe: 9000 }] };
    const lote = [bueno, malo];
    const ruta = '/api/ingresos-recibidos/sincronizar-ingresos-offline';
    const r = await e.api({ method: 'POST', url: ruta, token: admin, body: lote });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().ingresosCreados.map((i: Json) => i.identificadorUnico)).toEqual([
      bueno.identificadorUnico,
    ]);
    expect(r.json().rechazados).toEqual([
      expect.objectContaining({
        identificadorUnico: malo.identificadorUnico,
        message: expect.stringContaining('solo debe'),
      }),
    ]);
    // The answer was lost: the replay answers the same receipt and writes nothing.
    const otraVez = await e.api({ method: 'POST', url: ruta, token: admin, body: lote });
    expect(otraVez.json().ingresosCreados.map((i: Json) => i._id)).toEqual(
      r.json().ingresosCreados.map((i: Json) => i._id),
    );
    expect((await verFactura(f._id)).pendiente).toBe(450);
    // Two tabs or devices send the same batch at once: one receipt, answered to both.
    const mismo = [{ identificadorUnico: randomUUID(), res: [{ idFactura: f._id, importe: 50 }] }];
    const [a, b] = await Promise.all([
      e.api({ method: 'POST', url: ruta, token: admin, body: mismo }),
      e.api({ method: 'POST', url: ruta, token: admin, body: mismo }),
    ]);
    expect(a.json().ingresosCreados[0]._id).toBe(b.json().ingresosCreados[0]._id);
    expect((await verFactura(f._id)).pendiente).toBe(400);
  });

  it('cobra por su identificadorUnico una factura vendida y cobrada sin conexión en el mismo equipo', async () => {
    const f = await factura(cliente);
    const ruta = '/api/ingresos-recibidos/sincronizar-ingresos-offline';
    const porIdentificador = {
      identificadorUnico: randomUUID(),
      res: [{ idFactura: f.identificadorUnico, importe: 90 }],
    };
    const r = await e.api({ method: 'POST', url: ruta, token: admin, body: [porIdentificador] });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().rechazados).toEqual([]);
    expect(r.json().ingresosCreados[0]).toMatchObject({ total: 90, idCliente: cliente });
    expect((await verFactura(f._id)).pendiente).toBe(400);
    // Named once by its id and once by its identificadorUnico, it is still the same invoice twice.
    const dosVeces = await cobrar({
      res: [
        { idFactura: f._id, importe: 10 },
        { idFactura: f.identificadorUnico, importe: 10 },
      ],
    });
    expect(dosVeces.statusCode).toBe(400);
    expect(dosVeces.json().message).toContain('dos veces');

    // The customer too was created offline: the receipt names it by its identificadorUnico.
    const nuevo = { identificadorUnico: randomUUID(), nombre: 'Colmado Los Primos' };
    const contactos = await e.api({
      method: 'POST',
      url: '/api/cliente/sincronizar-contactos-offline',
      token: admin,
      body: [nuevo],
    });
    const idPrimos = contactos.json().contactoCreados[0]._id;
    const deLosPrimos = await factura(idPrimos);
    const conClienteNuevo = {
      identificadorUnico: randomUUID(),
      idCliente: nuevo.identificadorUnico,
      res: [{ idFactura: deLosPrimos.identificadorUnico, importe: 100 }],
    };
    const otro = await e.api({ method: 'POST', url: ruta, token: admin, body: [conClienteNuevo] });
    expect(otro.json().rechazados).toEqual([]);
    expect(otro.json().ingresosCreados[0]).toMatchObject({
      idCliente: idPrimos,
      nombreCliente: 'Colmado Los Primos',
      total: 100,
    });
  });

  it('otra empresa no ve ni cobra las facturas de esta', async () => {
    const f = await factura(cliente);
    const otra = await e.login(2);
    const r = await e.api({
      method: 'POST',
      url: '/api/ingresos-recibidos/',
      token: otra,
      tenant: 2,
      body: { identificadorUnico: randomUUID(), res: [{ idFactura: f._id, importe: 10 }] },
    });
    expect(r.statusCode).toBe(404);
    const pendientes = await e.api({
      method: 'POST',
      url: '/api/ingresos-recibidos/pendientes/',
      token: otra,
      tenant: 2,
      body: { id: cliente },
    });
    expect(pendientes.json().res).toEqual([]);
  });
});
