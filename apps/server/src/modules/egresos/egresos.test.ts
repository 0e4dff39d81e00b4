import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';

type Json = Record<string, unknown>;

// Payments out and POS cash withdrawals (spec 001 §3 "Payment out", §4, §5, §7 "Payments out", §8;
// 002 §3 shift fields, §7 egresos-del-turno, estado-cuentas-proveedores).
describe.each(MOTORES)('recibos de egreso (%s)', (motor) => {
  let e: Entorno;
  let admin: string;
  let idAdmin: string;
  let cajera: string;
  let idCajera: string;
  let terminal: string;
  let almacen: string;
  let proveedor: string;
  let otroProveedor: string;
  let agua: string;
  let contador = 0;

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

  // A purchase owing `montoAPagar − pagado`, arranged in the database: the purchases module (compras)
  // is built alongside; its API's own tests cover making one.
  async function compra(idProveedor: string, montoAPagar: number, pagado = 0, fecha = '2026-01-10') {
    contador += 1;
    const id = randomUUID();
    await e.db.consultarComoDueno(
      sql`insert into compras (tenant_id, id, identificador_unico, numero, comprobante, ncf, id_cliente, nombre,
            id_almacen, fecha_emision, hora, vencimiento, subtotal, total_gral, monto_a_pagar, pagado,
            id_usuario_creador)
          values (1, ${id}, ${randomUUID()}, ${9000 + contador}, ${`CMP-E${contador}-${motor}`},
            ${`B01000000${contador}`}, ${idProveedor}, 'Distribuidora Caribe', ${almacen}, ${fecha}::date,
            '10:00', ${fecha}::date, ${montoAPagar}, ${montoAPagar}, ${montoAPagar}, ${pagado}, ${idAdmin})`,
    );
    return id;
  }

  function pagar(cuerpo: Json, token = admin) {
    return e.api({
      method: 'POST',
      url: '/api/recibos-egresos/',
      token,
      body: { identificadorUnico: randomUUID(), ...cuerpo },
    });
  }

  async function pendiente(idCompra: string): Promise<Json | undefined> {
    const r = await e.api({
      method: 'POST',
      url: '/api/recibos-egresos/estado-cuentas-proveedores/',
      token: admin,
      body: { idCliente: proveedorDe.get(idCompra) ?? proveedor, estadoSeleccionado: 'Todas' },
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().facturasDeCompras.find((c: Json) => c._id === idCompra);
  }
  const proveedorDe = new Map<string, string>();

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

  async function cuentaAsignada(clave: string): Promise<string> {
    const [fila] = await e.db.consultarComoDueno<{ id: string }>(
      sql`select id_cuenta as id from asignacion_cuentas_contables where tenant_id = 1 and clave = ${clave}`,
    );
    return fila?.id as string;
  }

  async function turnoActual(token: string, id: string) {
    return (await e.api({ method: 'PATCH', url: `/api/turno/actual/${id}`, token, body: {} })).json();
  }

  beforeAll(async () => {
    e = await crearEntorno(motor);
    admin = await e.login();
    almacen = (await e.api({ method: 'GET', url: '/api/almacen/principal', token: admin })).json()._id;
    const [yo] = await e.db.consultarComoDueno<{ id: string }>(
      sql`select id from usuarios where tenant_id = 1 and username = 'admin'`,
    );
    idAdmin = yo?.id as string;
    const terminales = (
      await e.api({ method: 'GET', url: '/api/terminales/?limit=50', token: admin })
    ).json();
    terminal = (terminales.res ?? terminales).find((t: Json) => t.nombre === 'Caja 1')._id;
    const producto = await e.api({
      method: 'POST',
      url: '/api/registro-productos/',
      token: admin,
      body: [
        { idCodigoDeBarra: 'EGR-AGUA-1', nombre: 'Botellón de agua', precioDeVenta: 300, impuestos: [] },
        [{ idAlmacen: almacen, cantidadInicial: 100, cantidadMinima: 0 }],
        randomUUID(),
      ],
    });
    expect(producto.statusCode, producto.body).toBe(200);
    agua = producto.json().producto._id;
    ({ token: cajera, id: idCajera } = await usuario('cajera-retiros', {
      puntoDeVentas: { acceso: true, crear: true, modificar: false, ver: true },
    }));
    proveedor = await contacto('Distribuidora Caribe');
    otroProveedor = await contacto('Importadora Norte');
  });
  afterAll(async () => {
    await e?.cerrar();
  });

  it('paga una compra en dos partes: número, estado de pago, asiento cuadrado y no paga de más', async () => {
    const idCompra = await compra(proveedor, 1000, 0);
    expect(await pendiente(idCompra)).toMatchObject({ pendiente: 1000, cobrado: 0, estadoDePago: '' });
    const pendientes = await e.api({
      method: 'POST',
      url: '/api/recibos-egresos/pendientes/',
      token: admin,
      body: { id: proveedor },
    });
    expect(pendientes.json().res.map((c: Json) => c._id)).toContain(idCompra);

    const primero = await pagar({ idCliente: proveedor, res: [{ idCompra, importe: 400 }] });
    expect(primero.statusCode, primero.body).toBe(200);
    const [linea] = primero.json();
    expect(linea).toMatchObject({
      idCompra,
      balancePendiente: 1000,
      cobrado: 0,
      importe: 400,
      solicitudDuplicada: false,
    });
    expect(await pendiente(idCompra)).toMatchObject({
      pendiente: 600,
      cobrado: 400,
      estadoDePago: 'Por Pagar',
    });
    const detalle = (
      await e.api({ method: 'GET', url: `/api/recibos-egresos/${linea.idEgresosRef}`, token: admin })
    ).json();
    expect(detalle.egresoReferenciadoGral).toMatchObject({
      comprobante: expect.stringMatching(/\d+$/),
      idCliente: proveedor,
      nombreProveedor: 'Distribuidora Caribe',
      tipoDeEgreso: true,
      formaDePago: 'Efectivo',
      total: 400,
      estado: 'Activo',
    });
    // Dr supplier payable, Cr the cash box: balanced.
    const [asiento] = await asientosDe(linea.idEgresosRef);
    expect(Number(asiento?.debitos)).toBe(400);
    expect(Number(asiento?.creditos)).toBe(400);
    expect(asiento?.cuentas).toEqual([
      await cuentaAsignada('cuentasPorPagarProveedores'),
      await cuentaAsignada('cajaGeneral'),
    ]);

    // More than pending is refused, and nothing is written.
    const demas = await pagar({ idCliente: proveedor, res: [{ idCompra, importe: 600.01 }] });
    expect(demas.statusCode).toBe(400);
    expect(demas.json().message).toContain('solo debe');
    expect(await pendiente(idCompra)).toMatchObject({ pendiente: 600 });

    // The same identificadorUnico twice: one payment.
    const identificadorUnico = randomUUID();
    const segundo = await pagar({
      identificadorUnico,
      idCliente: proveedor,
      res: [{ idCompra, importe: 600 }],
    });
    expect(segundo.statusCode, segundo.body).toBe(200);
    const repetido = await pagar({
      identificadorUnico,
      idCliente: proveedor,
      res: [{ idCompra, importe: 600 }],
    });
    expect(repetido.json()[0]).toMatchObject({
      idEgresosRef: segundo.json()[0].idEgresosRef,
      solicitudDuplicada: true,
    });
    expect(await pendiente(idCompra)).toMatchObject({ pendiente: 0, cobrado: 1000, estadoDePago: 'Pagado' });
    const pagada = await pagar({ idCliente: proveedor, res: [{ idCompra, importe: 1 }] });
    expect(pagada.statusCode).toBe(409);
    expect(pagada.json().message).toContain('ya está pagada');
  });

  it('una compra del módulo de compras: los egresos la llevan a Por Pagar y Pagado, y la bloquean', async () => {
    const hecha = await e.api({
      method: 'POST',
      url: '/api/compras-proveedores/',
      token: admin,
      body: [
        { idProveedor: proveedor, ncf: `B01${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}` },
        [{ idProducto: agua, cantidad: 2, precio: 150 }],
        [],
        [],
        null,
        randomUUID(),
      ],
    });
    expect(hecha.statusCode, hecha.body).toBe(200);
    const idCompra = hecha.json().compraDb._id;
    const estado = async () => {
      const r = await e.api({ method: 'GET', url: `/api/compras-proveedores/una/${idCompra}`, token: admin });
      expect(r.statusCode, r.body).toBe(200);
      return [r.json().compraDb.estadoDePago, r.json().cobrado, r.json().pendiente];
    };
    expect(await estado()).toEqual(['', 0, 300]);
    const primero = await pagar({ idCliente: proveedor, res: [{ idCompra, importe: 100 }] });
    expect(primero.statusCode, primero.body).toBe(200);
    expect(await estado()).toEqual(['Por Pagar', 100, 200]);
    const segundo = await pagar({
      idCliente: proveedor,
      formaDePago: 'Transferencia',
      res: [{ idCompra, importe: 200 }],
    });
    expect(segundo.statusCode, segundo.body).toBe(200);
    expect(await estado()).toEqual(['Pagado', 300, 0]);
    // With payments in force the purchase cannot be cancelled; once they are, it can.
    const bloqueada = await e.api({
      method: 'PUT',
      url: `/api/compras-proveedores/anular/${idCompra}`,
      token: admin,
      body: { notaAnular: 'Error' },
    });
    expect(bloqueada.statusCode).toBe(409);
    for (const pago of [primero, segundo]) {
      const r = await e.api({
        method: 'PUT',
        url: '/api/recibos-egresos/anular/',
        token: admin,
        body: { idEgresosRef: pago.json()[0].idEgresosRef, notaAnular: 'Compra equivocada' },
      });
      expect(r.statusCode, r.body).toBe(200);
    }
    expect(await estado()).toEqual(['', 0, 300]);
    const anulada = await e.api({
      method: 'PUT',
      url: `/api/compras-proveedores/anular/${idCompra}`,
      token: admin,
      body: { notaAnular: 'Error' },
    });
    expect(anulada.statusCode, anulada.body).toBe(200);
  });

  it('el detalle de la compra nombra el recibo de egreso que la pagó, también tras editarlo', async () => {
    const hecha = await e.api({
      method: 'POST',
      url: '/api/compras-proveedores/',
      token: admin,
      body: [
        { idProveedor: proveedor, ncf: `B01${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}` },
        [{ idProducto: agua, cantidad: 4, precio: 100 }],
        [],
        [],
        null,
        randomUUID(),
      ],
    });
    expect(hecha.statusCode, hecha.body).toBe(200);
    const idCompra = hecha.json().compraDb._id;
    const pagos = async () => {
      const r = await e.api({ method: 'GET', url: `/api/compras-proveedores/una/${idCompra}`, token: admin });
      expect(r.statusCode, r.body).toBe(200);
      return r.json().listaPagosEgreso.map((p: Json) => [p.referencia, p.monto]);
    };
    const pago = await pagar({ idCliente: proveedor, res: [{ idCompra, importe: 150 }] });
    expect(pago.statusCode, pago.body).toBe(200);
    const [linea] = pago.json();
    const detalle = await e.api({
      method: 'GET',
      url: `/api/recibos-egresos/${linea.idEgresosRef}`,
      token: admin,
    });
    const comprobante = detalle.json().egresoReferenciadoGral.comprobante;
    expect(comprobante).not.toBe('');
    expect(await pagos()).toEqual([[comprobante, 150]]);
    // An edit writes the application again: it still names the payment.
    const editado = await e.api({
      method: 'PUT',
      url: '/api/recibos-egresos/update/',
      token: admin,
      body: { idEgresosRef: linea.idEgresosRef, update: [{ _id: linea._id, idCompra, importe: 250 }] },
    });
    expect(editado.statusCode, editado.body).toBe(200);
    expect(await pagos()).toEqual([[comprobante, 250]]);
  });

  it('anular un pago devuelve el saldo a la compra y revierte el asiento; eliminar también', async () => {
    const idCompra = await compra(proveedor, 500, 100);
    expect(await pendiente(idCompra)).toMatchObject({
      pendiente: 400,
      cobrado: 100,
      estadoDePago: 'Por Pagar',
    });
    const pago = await pagar({
      idCliente: proveedor,
      formaDePago: 'Cheque',
      res: [{ idCompra, importe: 400 }],
    });
    expect(pago.statusCode, pago.body).toBe(200);
    const idEgreso = pago.json()[0].idEgresosRef;
    expect(await pendiente(idCompra)).toMatchObject({ pendiente: 0, estadoDePago: 'Pagado' });
    const sinMotivo = await e.api({
      method: 'PUT',
      url: '/api/recibos-egresos/anular/',
      token: admin,
      body: { idEgresosRef: idEgreso },
    });
    expect(sinMotivo.statusCode).toBe(400);
    const anulado = await e.api({
      method: 'PUT',
      url: '/api/recibos-egresos/anular/',
      token: admin,
      body: { idEgresosRef: idEgreso, notaAnular: 'Cheque devuelto' },
    });
    expect(anulado.statusCode, anulado.body).toBe(200);
    expect(anulado.json()).toMatchObject({ resultado: 'anulado', egresoDb: { estado: 'Anulado' } });
    expect(await pendiente(idCompra)).toMatchObject({ pendiente: 400, cobrado: 100 });
    const asientos = await asientosDe(idEgreso);
    expect(asientos.map((a) => a.revierte)).toEqual([false, true]);
    // A cheque leaves the bank.
    expect(asientos[0]?.cuentas[1]).toBe(await cuentaAsignada('bancos'));

    const otro = await pagar({ idCliente: proveedor, res: [{ idCompra, importe: 150 }] });
    const borrado = await e.api({
      method: 'DELETE',
      url: `/api/recibos-egresos/${otro.json()[0].idEgresosRef}`,
      token: admin,
    });
    expect(borrado.statusCode, borrado.body).toBe(200);
    expect(borrado.json().egresoDb).toMatchObject({ estado: 'Anulado', notaAnular: 'Eliminado por admin' });
    expect(await pendiente(idCompra)).toMatchObject({ pendiente: 400 });
    const lista = await e.api({ method: 'POST', url: '/api/recibos-egresos/todos', token: admin, body: {} });
    const ids = lista.json().res.map((x: Json) => x._id);
    expect(ids).not.toContain(idEgreso);
  });

  it('editar un pago reescribe la aplicación y el asiento', async () => {
    const idCompra = await compra(proveedor, 800);
    const pago = await pagar({ idCliente: proveedor, res: [{ idCompra, importe: 300 }] });
    const [linea] = pago.json();
    const editado = await e.api({
      method: 'PUT',
      url: '/api/recibos-egresos/update/',
      token: admin,
      body: { idEgresosRef: linea.idEgresosRef, update: [{ _id: linea._id, idCompra, importe: 500 }] },
    });
    expect(editado.statusCode, editado.body).toBe(200);
    expect(editado.json().egresoReferenciadoGral.total).toBe(500);
    expect(await pendiente(idCompra)).toMatchObject({ pendiente: 300 });
    const demas = await e.api({
      method: 'PUT',
      url: '/api/recibos-egresos/update/',
      token: admin,
      body: { idEgresosRef: linea.idEgresosRef, update: [{ _id: linea._id, idCompra, importe: 800.5 }] },
    });
    expect(demas.statusCode).toBe(400);
    const asientos = await asientosDe(linea.idEgresosRef);
    // The first entry, its reversal, and the edit's.
    expect(asientos.map((a) => [Number(a.debitos), a.revierte])).toEqual([
      [300, false],
      [300, true],
      [500, false],
    ]);
  });

  it('dos pagos a la vez nunca pagan una compra de más', async () => {
    const idCompra = await compra(proveedor, 100);
    // On PostgreSQL a second connection holds the purchase so that the payments really wait together.
    let soltar: (() => Promise<void>) | null = null;
    if (motor === 'postgres') {
      const [base] = await e.db.consultarComoDueno<{ nombre: string }>(
        sql`select current_database() as nombre`,
      );
      const url = new URL(process.env.DATABASE_URL ?? '');
      url.pathname = `/${base?.nombre}`;
      const cliente = new pg.Client({ connectionString: url.toString() });
      await cliente.connect();
      await cliente.query('BEGIN');
      await cliente.query('select id from compras where id = $1 for update', [idCompra]);
      soltar = async () => {
        for (let i = 0; i < 400; i++) {
          const r = await cliente.query(
            `select count(*)::int as n from pg_stat_activity where datname = current_database()
               and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
          );
          if (r.rows[0].n >= 4 || (i > 40 && r.rows[0].n >= 1)) {
            break;
          }
          await new Promise((listo) => setTimeout(listo, 5));
        }
        await cliente.query('ROLLBACK');
        await cliente.end();
      };
    }
    const enviados = Promise.all(
      [1, 2, 3, 4].map(() => pagar({ idCliente: proveedor, res: [{ idCompra, importe: 40 }] })),
    );
    await soltar?.();
    const respuestas = await enviados;
    expect(respuestas.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(await pendiente(idCompra)).toMatchObject({ pendiente: 20, cobrado: 80 });
  });

  it('un retiro de efectivo desde el POS exige el turno abierto y baja el efectivo esperado en caja', async () => {
    const retiro = { tipoDeEgreso: false, desdeElpos: { desdePos: true, idTerminalRef: terminal } };
    const sinTurno = await pagar({ ...retiro, res: [{ importe: 500 }] }, cajera);
    expect(sinTurno.statusCode).toBe(409);
    expect(sinTurno.json()).toMatchObject({
      message: 'No hay un turno abierto para facturar desde el punto de venta.',
      estadoDelTurno: false,
    });
    const abierto = await e.api({
      method: 'POST',
      url: '/api/turno/',
      token: cajera,
      body: { idTerminalRef: terminal, desgloseDeEfectivoApertura: [{ monto: 1000, cantidad: 1 }] },
    });
    expect(abierto.statusCode, abierto.body).toBe(200);
    const venta = await e.api({
      method: 'POST',
      url: '/api/factura/crear',
      token: cajera,
      body: [
        { identificadorUnico: randomUUID(), metodoDePago: 'Efectivo', efectivoRecibido: 300 },
        [{ idProducto: agua, cantidad: 1 }],
        [],
        null,
        { desdePos: true, idTerminalRef: terminal },
        [],
        { _id: terminal },
        'Efectivo',
        {},
      ],
    });
    expect(venta.statusCode, venta.body).toBe(200);
    // The cashier (POS right only) may not pay purchases nor choose where the money comes from.
    const idCompra = await compra(proveedor, 50);
    const pagoProhibido = await pagar({ idCliente: proveedor, res: [{ idCompra, importe: 10 }] }, cajera);
    expect(pagoProhibido.statusCode).toBe(403);

    const hecho = await pagar({ ...retiro, res: [{ importe: 500, nota: 'Depósito al banco' }] }, cajera);
    expect(hecho.statusCode, hecho.body).toBe(200);
    const idRetiro = hecho.json()[0].idEgresosRef;
    const { turnoEnCurso } = await turnoActual(cajera, idCajera);
    // Opening 1,000 + 300 cash sale − 500 withdrawn.
    expect(turnoEnCurso).toMatchObject({ efectivo: 300, retiroDeEfectivo: 500, totalEnCaja: 800 });
    // Dr the default withdrawal account (Bancos), Cr the terminal's cash box.
    const [asiento] = await asientosDe(idRetiro);
    expect(asiento?.cuentas).toEqual([await cuentaAsignada('bancos'), await cuentaAsignada('cajaGeneral')]);

    const delTurno = await e.api({
      method: 'POST',
      url: '/api/recibos-egresos/egresos-del-turno',
      token: cajera,
      body: { idTurnoRef: turnoEnCurso._id },
    });
    expect(delTurno.statusCode, delTurno.body).toBe(200);
    expect(delTurno.json()).toMatchObject({ total: 500, efectivo: 500 });
    expect(delTurno.json().res.map((x: Json) => x._id)).toEqual([idRetiro]);
    const ingresosDelTurno = await e.api({
      method: 'POST',
      url: '/api/ingresos-recibidos/ingresos-del-turno/',
      token: cajera,
      body: { idTurnoRef: turnoEnCurso._id },
    });
    expect(ingresosDelTurno.json()).toMatchObject({ res: [], total: 0, efectivo: 0 });

    // A second withdrawal, cancelled by request and approved: it leaves the drawer's count and the
    // summary shows it among the voided expenses.
    const otro = await pagar({ ...retiro, res: [{ importe: 100 }] }, cajera);
    const idOtro = otro.json()[0].idEgresosRef;
    expect((await turnoActual(cajera, idCajera)).turnoEnCurso).toMatchObject({
      retiroDeEfectivo: 600,
      totalEnCaja: 700,
    });
    const solicitud = await e.api({
      method: 'PUT',
      url: '/api/recibos-egresos/anular/',
      token: cajera,
      body: { idEgresosRef: idOtro, notaAnular: 'Monto equivocado' },
    });
    expect(solicitud.json().resultado).toBe('solicitado');
    // Por-Anular still counts: the cash already left the drawer.
    expect((await turnoActual(cajera, idCajera)).turnoEnCurso).toMatchObject({ retiroDeEfectivo: 600 });
    const aprobada = await e.api({
      method: 'PUT',
      url: '/api/recibos-egresos/anular/',
      token: admin,
      body: { idEgresosRef: idOtro, autorizacion: 'Aprobada', notaAutorizacion: 'Visto' },
    });
    expect(aprobada.json().resultado).toBe('aprobado');
    const documentos = await e.api({
      method: 'POST',
      url: '/api/factura/r-documentos-del-turno',
      token: cajera,
      body: { idTurnoRef: turnoEnCurso._id },
    });
    expect(documentos.statusCode, documentos.body).toBe(200);
    expect(documentos.json().egresos.map((x: Json) => x._id)).toEqual([idRetiro]);
    expect(documentos.json().egresosAnulados.map((x: Json) => x._id)).toEqual([idOtro]);
    expect(documentos.json().turno).toMatchObject({ retiroDeEfectivo: 500, totalEnCaja: 800 });

    // Closed, the summary is frozen with the withdrawal; a new withdrawal is refused again.
    const cerrado = await e.api({
      method: 'PATCH',
      url: `/api/turno/${idCajera}`,
      token: cajera,
      body: { desgloseDeEfectivo: [{ monto: 200, cantidad: 4 }] },
    });
    expect(cerrado.statusCode, cerrado.body).toBe(200);
    expect(cerrado.json()).toMatchObject({ retiroDeEfectivo: 500, totalEnCaja: 800, diferencia: 0 });
    const tarde = await pagar({ ...retiro, res: [{ importe: 50 }] }, cajera);
    expect(tarde.statusCode).toBe(409);
    expect(tarde.json()).toMatchObject({ estadoDelTurno: false });
  });

  it('el turno demo cerrado incluye su retiro de efectivo en el resumen congelado', async () => {
    const [retiro] = await e.db.consultarComoDueno<{ id: string; id_turno: string }>(
      sql`select id, id_turno from recibos_egresos where tenant_id = 1 and identificador_unico = 'demo-retiro-pos-1'`,
    );
    expect(retiro?.id_turno).toBeTruthy();
    const documentos = await e.api({
      method: 'POST',
      url: '/api/factura/r-documentos-del-turno',
      token: admin,
      body: { idTurnoRef: retiro?.id_turno },
    });
    expect(documentos.statusCode, documentos.body).toBe(200);
    const { turno, egresos } = documentos.json();
    expect(turno).toMatchObject({ estadoDelTurno: false, retiroDeEfectivo: 1000, diferencia: -50 });
    expect(egresos.map((x: Json) => [x._id, x.total])).toEqual([[retiro?.id, 1000]]);
    // The frozen summary is what was stored at closing, not a recount.
    const [congelado] = await e.db.consultarComoDueno<{ retiro: string }>(
      sql`select resumen_de_cierre->>'retiroDeEfectivo' as retiro from turnos where tenant_id = 1 and id = ${retiro?.id_turno}`,
    );
    expect(Number(congelado?.retiro)).toBe(1000);
  });

  it('con compras demo, el demo abona la mitad de la más antigua y queda Por Pagar', async () => {
    const [demo] = await e.db.consultarComoDueno<{ compras: number; id: string | null }>(
      sql`select (select count(*)::int from compras where tenant_id = 1 and identificador_unico like 'demo-%') as compras,
                 (select l.id_compra::text from recibos_egresos r
                    join lineas_egreso l on l.tenant_id = r.tenant_id and l.id_egreso = r.id
                   where r.tenant_id = 1 and r.identificador_unico = 'demo-pago-proveedor-1') as id`,
    );
    if (!demo?.compras) {
      // The purchases demo is not seeded: nothing to pay.
      expect(demo?.id ?? null).toBeNull();
      return;
    }
    expect(demo.id).toBeTruthy();
    const r = await e.api({ method: 'GET', url: `/api/compras-proveedores/una/${demo.id}`, token: admin });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().compraDb.estadoDePago).toBe('Por Pagar');
    expect(r.json().listaPagosEgreso.length).toBeGreaterThan(0);
  });

  it('un egreso a cuentas necesita sus cuentas: «Debes llenar los campos básicos»', async () => {
    const sinCuenta = await pagar({ tipoDeEgreso: false, res: [{ importe: 100 }] });
    expect(sinCuenta.statusCode).toBe(400);
    expect(sinCuenta.json().message).toBe('Debes llenar los campos básicos');
    const sinLineas = await pagar({ tipoDeEgreso: true, res: [] });
    expect(sinLineas.statusCode).toBe(400);
    expect(sinLineas.json().message).toContain('Debes llenar los campos básicos');
    const gasto = await cuentaAsignada('gastosBancarios');
    const bien = await pagar({
      tipoDeEgreso: false,
      formaDePago: 'Transferencia',
      res: [{ importe: 75, cuentaContableDebito: { idCuenta: gasto }, nota: 'Comisión' }],
    });
    expect(bien.statusCode, bien.body).toBe(200);
    const [asiento] = await asientosDe(bien.json()[0].idEgresosRef);
    expect(asiento?.cuentas).toEqual([gasto, await cuentaAsignada('bancos')]);
  });

  it('el estado de cuenta del proveedor suma lo pendiente de sus compras al corte', async () => {
    const vieja = await compra(otroProveedor, 1000, 0, '2026-01-05');
    const nueva = await compra(otroProveedor, 300, 0, '2026-02-20');
    proveedorDe.set(vieja, otroProveedor);
    proveedorDe.set(nueva, otroProveedor);
    const pago = await pagar({
      idCliente: otroProveedor,
      fechaDeEmision: '2026-02-01',
      res: [{ idCompra: vieja, importe: 250 }],
    });
    expect(pago.statusCode, pago.body).toBe(200);
    const estado = await e.api({
      method: 'POST',
      url: '/api/recibos-egresos/estado-cuentas-proveedores/',
      token: admin,
      body: { idCliente: otroProveedor, fechaFinal: '2026-03-01' },
    });
    expect(estado.statusCode, estado.body).toBe(200);
    expect(estado.json()).toMatchObject({
      proveedor: { nombre: 'Importadora Norte' },
      totalPendiente: 1050,
      totalComprado: 1300,
      totalPagado: 250,
    });
    expect(estado.json().facturasDeCompras.map((c: Json) => [c._id, c.pendiente])).toEqual([
      [vieja, 750],
      [nueva, 300],
    ]);
    // Before the payment's date the old purchase owed all of it.
    const antes = await e.api({
      method: 'POST',
      url: '/api/recibos-egresos/estado-cuentas-proveedores/',
      token: admin,
      body: { idCliente: otroProveedor, fechaFinal: '2026-01-31' },
    });
    expect(antes.json()).toMatchObject({ totalPendiente: 1000 });
    // The same statement as a file: PDF with the supplier and its pending total, Excel with its totals row.
    const pdf = await e.api({
      method: 'POST',
      url: '/api/recibos-egresos/pdf/estado-cuentas-proveedores/',
      token: admin,
      body: { idCliente: otroProveedor, fechaFinal: '2026-03-01', documentoOpcion: 'pdf' },
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('Estado-de-cuenta-Importadora-Norte-2026-03-01.pdf');
    const excel = await e.api({
      method: 'POST',
      url: '/api/recibos-egresos/pdf/estado-cuentas-proveedores/',
      token: admin,
      body: { idCliente: otroProveedor, fechaFinal: '2026-03-01', documentoOpcion: 'excel' },
    });
    expect(excel.statusCode, excel.body).toBe(200);
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
    const valores: unknown[][] = [];
    libro.worksheets[0]?.eachRow((fila) => {
      valores.push((fila.values as unknown[]).slice(1));
    });
    expect(valores.some((v) => v[0] === 'Proveedor: Importadora Norte')).toBe(true);
    expect(valores.at(-1)).toEqual(['Totales', '', '', '', '', 1300, 250, 0, 1050]);
    // A payment to two suppliers at once is refused.
    const mezcla = await pagar({
      res: [
        { idCompra: nueva, importe: 10 },
        { idCompra: await compra(proveedor, 20), importe: 10 },
      ],
    });
    expect(mezcla.statusCode).toBe(400);
  });
});
