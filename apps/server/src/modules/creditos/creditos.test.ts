import { randomUUID } from 'node:crypto';
import { MENSAJE_MOTIVO_CREDITO } from '@pos/contract';
import type { Centavos } from '@pos/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filas } from '../../db/client.ts';
import { violaIndiceUnico } from '../../http/errors.ts';
import type { UsuarioSesion } from '../../http/handle.ts';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';
import { anularCreditosDe, crearCredito, cuentaDeAnticipos } from './crear.ts';

type Json = Record<string, unknown>;
type Credito = {
  _id: string;
  numeroCredito: number;
  Monto: number;
  disponible: number;
  estado: string;
  transacciones: Json[];
};

// Credits in favour (spec 001 §3 "Credit in favour", §4, §5, §7; docs/payments.md): an advance or a
// document's excess owed to a customer, applied to that customer's invoices, never below zero.
describe.each(MOTORES)('créditos a favor (%s)', (motor) => {
  let e: Entorno;
  let admin: string;
  let cajero: string;
  let adminId: string;
  let producto: string;
  let cliente: string;
  let otroCliente: string;
  let terminal: string;

  async function contacto(nombre: string): Promise<string> {
    const r = await e.api({
      method: 'POST',
      url: '/api/cliente/crear',
      token: admin,
      body: { identificadorUnico: randomUUID(), nombre },
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().clientedb._id;
  }

  /** A credit sale (nothing paid at the sale) of `cantidad` units at RD$ 100 (ITBIS included: 118). */
  async function facturar(
    idCliente: string,
    cantidad: number,
    extra: Json = {},
    token = admin,
  ): Promise<{ status: number; json: Json; body: string }> {
    const r = await e.api({
      method: 'POST',
      url: '/api/factura/crear',
      token,
      body: [
        {
          identificadorUnico: randomUUID(),
          idCliente,
          metodoDePago: 'Efectivo',
          efectivoRecibido: 0,
          ...extra,
        },
        [{ idProducto: producto, cantidad }],
        [],
        null,
        { desdePos: false, idTerminalRef: terminal },
        [],
        { _id: terminal },
        'Efectivo',
        {},
      ],
    });
    return { status: r.statusCode, json: r.statusCode === 200 ? r.json() : {}, body: r.body };
  }

  async function pendienteDe(
    idFactura: string,
  ): Promise<{ pendiente: number; listaDeCredtosAfavor: Json[] }> {
    const r = await e.api({ method: 'GET', url: `/api/factura/una/${idFactura}`, token: admin });
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  }

  async function anticipo(idCliente: string, Monto: number, identificadorUnico = randomUUID()) {
    return e.api({
      method: 'POST',
      url: '/api/credito-a-favor',
      token: admin,
      body: {
        identificadorUnico,
        idCliente,
        Monto,
        descripcion: 'Anticipo de prueba',
        formaDePago: 'Efectivo',
      },
    });
  }

  async function credito(id: string): Promise<Credito> {
    const r = await e.api({ method: 'GET', url: `/api/credito-a-favor/${id}`, token: admin });
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  }

  function aplicar(
    idCreditoAFavor: string,
    idFactura: string,
    monto: number,
    identificadorUnico = randomUUID(),
  ) {
    return e.api({
      method: 'POST',
      url: '/api/transaccion-del-credito-a-favor',
      token: admin,
      body: { idCreditoAFavor, idFactura, monto, identificadorUnico },
    });
  }

  function anular(ruta: 'anularCreditoAFavor' | 'anularTransaccionCreditoAFavor', body: Json, token = admin) {
    return e.api({ method: 'POST', url: `/api/credito-a-favor/${ruta}/`, token, body });
  }

  async function saldoDelDiario(tipoDocumento: string, idDocumento: string): Promise<number> {
    const [fila] = await e.db.enEmpresa(1, (tx) =>
      filas<{ neto: string }>(
        tx,
        sql`select coalesce(sum(l.debito - l.credito), 0) as neto from asientos_contables a
            join lineas_asiento l on l.tenant_id = a.tenant_id and l.id_asiento = a.id
            where a.tipo_documento = ${tipoDocumento} and a.id_documento = ${idDocumento}
              and l.debito + l.credito > 0 and l.nota like 'Anticipo%'`,
      ),
    );
    return Number(fila?.neto ?? 0);
  }

  beforeAll(async () => {
    e = await crearEntorno(motor);
    admin = await e.login();
    const principal = (await e.api({ method: 'GET', url: '/api/almacen/principal', token: admin })).json()
      ._id;
    const p = await e.api({
      method: 'POST',
      url: '/api/registro-productos/',
      token: admin,
      body: [
        {
          idCodigoDeBarra: 'CAF-1',
          nombre: 'Servicio de prueba',
          precioDeVenta: 118,
          impuestos: [{ name: 'Itbis 18%', tipoDeImpuesto: 'itbis', tasa: 0.18 }],
        },
        [{ idAlmacen: principal, cantidadInicial: 100000, cantidadMinima: 0 }],
        randomUUID(),
      ],
    });
    expect(p.statusCode, p.body).toBe(200);
    producto = p.json().producto._id;
    cliente = await contacto('Colmado La Esquina');
    otroCliente = await contacto('Farmacia Central');
    const terminales = (
      await e.api({ method: 'GET', url: '/api/terminales/?limit=50', token: admin })
    ).json();
    terminal = (terminales.res ?? terminales).find((t: Json) => t.nombre === 'Caja 1')._id;
    const u = await e.api({
      method: 'POST',
      url: '/api/users/',
      token: admin,
      body: {
        username: 'cajero-creditos',
        password: 'clave-de-prueba-1',
        privilegios: { ingresos: { acceso: true, ver: true, crear: true } },
      },
    });
    expect(u.statusCode, u.body).toBe(200);
    cajero = await e.login(1, 'cajero-creditos', 'clave-de-prueba-1');
    const [fila] = await e.db.enEmpresa(1, (tx) =>
      filas<{ id: string }>(tx, sql`select id from usuarios where username = 'admin'`),
    );
    adminId = fila?.id ?? '';
  }, 120_000);

  afterAll(async () => {
    await e?.cerrar();
  });

  it('un anticipo crea un crédito numerado con su saldo y su asiento; un reintento responde el mismo', async () => {
    const clave = randomUUID();
    const r = await anticipo(cliente, 500, clave);
    expect(r.statusCode, r.body).toBe(200);
    const { creditoAFavor, solicitudDuplicada } = r.json();
    expect(solicitudDuplicada).toBe(false);
    expect(creditoAFavor).toMatchObject({
      idCliente: cliente,
      nombreCliente: 'Colmado La Esquina',
      Monto: 500,
      disponible: 500,
      estado: 'Activo',
      origen: { tipo: 'anticipo', id: null },
      transacciones: [],
    });
    // Dr caja / Cr anticipos de clientes.
    expect(await saldoDelDiario('creditoAFavor', creditoAFavor._id)).toBe(-500);
    const otra = await anticipo(cliente, 500, clave);
    expect(otra.statusCode, otra.body).toBe(200);
    expect(otra.json()).toMatchObject({
      solicitudDuplicada: true,
      creditoAFavor: { _id: creditoAFavor._id },
    });
    const siguiente = (await anticipo(cliente, 10)).json().creditoAFavor;
    expect(siguiente.numeroCredito).toBe(creditoAFavor.numeroCredito + 1);
  });

  it('crearCredito (recibos y notas de crédito) y anularCreditosDe, que se niega si ya se aplicó', async () => {
    const usuario = { _id: adminId, username: 'admin', anularYEliminarDocumentos: true } as UsuarioSesion;
    const idIngreso = randomUUID();
    const creado = await e.db.enEmpresa(1, async (tx) => {
      const ctx = { tx, tenantId: 1, ip: '127.0.0.1', usuario };
      const idCuentaAnticipos = await cuentaDeAnticipos(ctx, terminal);
      return crearCredito(ctx, {
        idCliente: cliente,
        monto: 30000 as Centavos,
        descripcion: 'Excedente del recibo',
        fecha: '2026-01-15',
        origen: { tipo: 'ingreso', id: idIngreso },
        idCuentaAnticipos,
      });
    });
    expect(creado.numeroCredito).toBeGreaterThan(0);
    expect(await credito(creado.id)).toMatchObject({
      Monto: 300,
      disponible: 300,
      origen: { tipo: 'ingreso' },
    });
    // A credit made by a receipt is cancelled with the receipt, not on its own.
    const directo = await anular('anularCreditoAFavor', { _id: creado.id, notaAnular: 'Creado por error' });
    expect(directo.statusCode, directo.body).toBe(409);
    const factura = (await facturar(cliente, 1)).json.facturadb as Json;
    expect((await aplicar(creado.id, String(factura._id), 50)).statusCode).toBe(200);
    const conUso = e.db.enEmpresa(1, (tx) =>
      anularCreditosDe({ tx, tenantId: 1, ip: '127.0.0.1', usuario }, { tipo: 'ingreso', id: idIngreso }),
    );
    await expect(conUso).rejects.toThrow(/ya se aplicó a facturas/);
    const transaccion = (await credito(creado.id)).transacciones[0] as Json;
    expect(
      (
        await anular('anularTransaccionCreditoAFavor', {
          _id: transaccion._id,
          notaAnular: 'Error en el monto',
        })
      ).statusCode,
    ).toBe(200);
    await e.db.enEmpresa(1, (tx) =>
      anularCreditosDe({ tx, tenantId: 1, ip: '127.0.0.1', usuario }, { tipo: 'ingreso', id: idIngreso }),
    );
    expect(await credito(creado.id)).toMatchObject({ estado: 'Anulado', disponible: 0 });
    // Its credit cancelled (an edit of the receipt), the document makes the next one; never two in force.
    const deNuevo = () =>
      e.db.enEmpresa(1, (tx) =>
        crearCredito(
          { tx, tenantId: 1, ip: '127.0.0.1', usuario },
          {
            idCliente: cliente,
            monto: 20000 as Centavos,
            descripcion: 'Excedente del recibo editado',
            fecha: '2026-01-16',
            origen: { tipo: 'ingreso', id: idIngreso },
          },
        ),
      );
    const segundo = await deNuevo();
    expect(segundo.id).not.toBe(creado.id);
    expect(await credito(segundo.id)).toMatchObject({
      identificadorUnico: `ingreso:${idIngreso}:2`,
      Monto: 200,
      disponible: 200,
      estado: 'Activo',
    });
    await expect(deNuevo()).rejects.toThrow(`ya tiene el crédito a favor ${segundo.numeroCredito} vigente`);
    // The unique index keeps the rule below the code: the cancelled one cannot come back in force.
    await expect(
      e.db.enEmpresa(1, (tx) =>
        tx.execute(
          sql`update creditos_a_favor set estado = 'Activo' where tenant_id = 1 and id = ${creado.id}`,
        ),
      ),
    ).rejects.toSatisfy((error) => violaIndiceUnico(error, 'creditos_a_favor_origen_vigente'));
    expect(await credito(creado.id)).toMatchObject({ estado: 'Anulado' });
  });

  it('aplicar a una factura del cliente baja su pendiente y el saldo; nunca más del saldo ni de lo que debe', async () => {
    const c = (await anticipo(cliente, 200)).json().creditoAFavor;
    const factura = (await facturar(cliente, 1)).json.facturadb as Json; // 118
    const idFactura = String(factura._id);
    const clave = randomUUID();
    const r = await aplicar(c._id, idFactura, 100, clave);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      solicitudDuplicada: false,
      transaccion: { monto: 100, idFactura, estado: 'Activo', comprobanteFactura: factura.comprobante },
      creditoAFavor: { disponible: 100 },
    });
    expect(r.json().transaccion.numeroTransasccionDelCreditoAfavor).toBeGreaterThan(0);
    const detalle = await pendienteDe(idFactura);
    expect(detalle.pendiente).toBe(18);
    expect(detalle.listaDeCredtosAfavor).toEqual([
      expect.objectContaining({ monto: 100, idCreditoAFavor: c._id }),
    ]);
    // Dr anticipos for the transaction.
    expect(await saldoDelDiario('transaccionCreditoAFavor', r.json().transaccion._id)).toBe(100);
    // A replay answers the same transaction and applies nothing more.
    const otra = await aplicar(c._id, idFactura, 100, clave);
    expect(otra.json()).toMatchObject({
      solicitudDuplicada: true,
      transaccion: { _id: r.json().transaccion._id },
    });
    expect((await credito(c._id)).disponible).toBe(100);
    // More than the invoice owes: the ledger's refusal.
    const deMas = await aplicar(c._id, idFactura, 50);
    expect(deMas.statusCode).toBe(400);
    expect(deMas.json().message).toContain('solo debe RD$');
    // More than the credit has.
    const otraFactura = String(((await facturar(cliente, 2)).json.facturadb as Json)._id);
    const sinSaldo = await aplicar(c._id, otraFactura, 150);
    expect(sinSaldo.statusCode).toBe(400);
    expect(sinSaldo.json().message).toContain('solo tiene RD$');
    // Another customer's invoice.
    const ajena = String(((await facturar(otroCliente, 1)).json.facturadb as Json)._id);
    const r2 = await aplicar(c._id, ajena, 10);
    expect(r2.statusCode).toBe(400);
    expect(r2.json().message).toContain('es de otro cliente');
    expect((await credito(c._id)).disponible).toBe(100);
  });

  it('anular una transacción pide uno de los siete motivos y devuelve el saldo y el pendiente', async () => {
    const c = (await anticipo(cliente, 300)).json().creditoAFavor;
    const idFactura = String(((await facturar(cliente, 2)).json.facturadb as Json)._id); // 236
    const t = (await aplicar(c._id, idFactura, 236)).json().transaccion;
    expect((await pendienteDe(idFactura)).pendiente).toBe(0);
    for (const notaAnular of ['', 'porque sí']) {
      const sinMotivo = await anular('anularTransaccionCreditoAFavor', { _id: t._id, notaAnular });
      expect(sinMotivo.statusCode).toBe(400);
      expect(sinMotivo.json().message).toBe(MENSAJE_MOTIVO_CREDITO);
    }
    // Cancelling the credit is refused while it has a transaction in force.
    const conTransacciones = await anular('anularCreditoAFavor', {
      _id: c._id,
      notaAnular: 'Creado por error',
    });
    expect(conTransacciones.statusCode).toBe(409);
    const r = await anular('anularTransaccionCreditoAFavor', {
      _id: t._id,
      estado: 'Anulado',
      notaAnular: 'Cliente no reconoce la transacción',
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      resultado: 'anulada',
      transaccion: {
        estado: 'Anulado',
        autorizacion: 'Aprobada',
        notaAnular: 'Cliente no reconoce la transacción',
      },
      creditoAFavor: { disponible: 300 },
    });
    expect((await pendienteDe(idFactura)).pendiente).toBe(236);
    expect(await saldoDelDiario('transaccionCreditoAFavor', t._id)).toBe(0);
    const ya = await anular('anularTransaccionCreditoAFavor', {
      _id: t._id,
      notaAnular: 'Error en el monto',
    });
    expect(ya.statusCode).toBe(409);
    // Now the credit may be cancelled: its entry is reversed.
    const ok = await anular('anularCreditoAFavor', { _id: c._id, notaAnular: 'Creado por error' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().creditoAFavor).toMatchObject({ estado: 'Anulado', disponible: 0 });
    expect(await saldoDelDiario('creditoAFavor', c._id)).toBe(0);
    expect((await aplicar(c._id, idFactura, 10)).statusCode).toBe(409);
  });

  it('sin anular directo queda Por-Anular; el supervisor aprueba (se revierte) o rechaza', async () => {
    const c = (await anticipo(cliente, 100)).json().creditoAFavor;
    const idFactura = String(((await facturar(cliente, 1)).json.facturadb as Json)._id);
    const t = (await aplicar(c._id, idFactura, 100)).json().transaccion;
    const pedida = await anular(
      'anularTransaccionCreditoAFavor',
      { _id: t._id, notaAnular: 'duplicidad de transacción' },
      cajero,
    );
    expect(pedida.statusCode, pedida.body).toBe(200);
    expect(pedida.json()).toMatchObject({ resultado: 'solicitada', transaccion: { estado: 'Por-Anular' } });
    // Still applied while pending.
    expect((await pendienteDe(idFactura)).pendiente).toBe(18);
    const rechazada = await anular('anularTransaccionCreditoAFavor', {
      _id: t._id,
      autorizacion: 'Rechazada',
    });
    expect(rechazada.json()).toMatchObject({ resultado: 'rechazada', transaccion: { estado: 'Activo' } });
    await anular('anularTransaccionCreditoAFavor', { _id: t._id, notaAnular: 'Error en el monto' }, cajero);
    const aprobada = await anular('anularTransaccionCreditoAFavor', { _id: t._id, autorizacion: 'Aprobada' });
    expect(aprobada.json()).toMatchObject({
      resultado: 'aprobada',
      transaccion: { estado: 'Anulado' },
      creditoAFavor: { disponible: 100 },
    });
    const auditoria = await e.api({
      method: 'POST',
      url: '/api/users/solicitud-Anulacion/',
      token: admin,
      body: { estado: 'Todas', page: 1, limit: 50 },
    });
    expect(
      (auditoria.json().data as Json[]).find((s) => s.idDocumento === t._id && s.autorizacion === 'Aprobada'),
    ).toMatchObject({ tipoDocumento: 'transaccionCreditoAFavor', total: 100 });
  });

  it('una factura con IdsCreditoAfavor usa los créditos al crearse; anularla los devuelve', async () => {
    const a = (await anticipo(cliente, 100)).json().creditoAFavor;
    const b = (await anticipo(cliente, 100)).json().creditoAFavor;
    // 3 × 118 = 354: the first credit pays 100 and the second 50 of its 100 (IdCreditoAfavor + amounts).
    const r = await facturar(cliente, 3, {
      IdCreditoAfavor: a._id,
      IdsCreditoAfavor: [{ _id: b._id, monto: 50 }],
    });
    expect(r.status, r.body).toBe(200);
    const factura = r.json.facturadb as Json;
    expect(r.json.pendiente).toBe(204);
    expect(r.json.listaDeCredtosAfavor).toHaveLength(2);
    expect((await credito(a._id)).disponible).toBe(0);
    expect((await credito(b._id)).disponible).toBe(50);
    // Without amounts a credit pays at most what the invoice leaves pending.
    const c = (await anticipo(cliente, 1000)).json().creditoAFavor;
    const otra = await facturar(cliente, 1, { IdsCreditoAfavor: [c._id] });
    expect(otra.status, otra.body).toBe(200);
    expect(otra.json.pendiente).toBe(0);
    expect((await credito(c._id)).disponible).toBe(882);
    // Another customer's credit: the sale is refused whole.
    const ajena = await facturar(otroCliente, 1, { IdsCreditoAfavor: [c._id] });
    expect(ajena.status).toBe(400);
    expect((await credito(c._id)).disponible).toBe(882);
    const anulada = await e.api({
      method: 'PUT',
      url: `/api/factura/anular/${factura._id}`,
      token: admin,
      body: { tipoDeAnulacion: '4' },
    });
    expect(anulada.statusCode, anulada.body).toBe(200);
    expect((await credito(a._id)).disponible).toBe(100);
    expect((await credito(b._id)).disponible).toBe(100);
    expect((await credito(a._id)).transacciones[0]).toMatchObject({ estado: 'Anulado' });
  });

  it('editar la factura devuelve sus créditos y aplica los que la edición envía', async () => {
    const c = (await anticipo(cliente, 300)).json().creditoAFavor;
    const r = await facturar(cliente, 2, { IdsCreditoAfavor: [{ _id: c._id, monto: 200 }] }); // 236
    expect(r.status, r.body).toBe(200);
    const id = String((r.json.facturadb as Json)._id);
    const editar = (extra: Json) =>
      e.api({
        method: 'PUT',
        url: `/api/factura/${id}`,
        token: admin,
        body: [
          { idCliente: cliente, metodoDePago: 'Efectivo', efectivoRecibido: 0, ...extra },
          [],
          [{ idProducto: producto, cantidad: 1 }],
        ],
      });
    // The edit sends 50 of the credit: the 200 come back and 50 pay the rewritten invoice (118).
    const conCredito = await editar({ IdsCreditoAfavor: [{ _id: c._id, monto: 50 }] });
    expect(conCredito.statusCode, conCredito.body).toBe(200);
    expect(conCredito.json()).toMatchObject({ pendiente: 68 });
    expect((await credito(c._id)).disponible).toBe(250);
    // Without credits, all of it comes back.
    const sinCredito = await editar({});
    expect(sinCredito.statusCode, sinCredito.body).toBe(200);
    expect(sinCredito.json()).toMatchObject({ pendiente: 118, listaDeCredtosAfavor: [] });
    expect((await credito(c._id)).disponible).toBe(300);
    await editar({ IdsCreditoAfavor: [c._id] });
    expect((await credito(c._id)).disponible).toBe(182);
  });

  it('lo que pagan los créditos no cuenta para el límite de crédito del cliente', async () => {
    const r = await e.api({
      method: 'POST',
      url: '/api/cliente/crear',
      token: admin,
      body: { identificadorUnico: randomUUID(), nombre: 'Cliente con Límite', limiteCredito: 50 },
    });
    expect(r.statusCode, r.body).toBe(200);
    const conLimite = r.json().clientedb._id;
    const c = (await anticipo(conLimite, 118)).json().creditoAFavor;
    // A seller without direct-cancel rights (an administrator passes any limit).
    const u = await e.api({
      method: 'POST',
      url: '/api/users/',
      token: admin,
      body: {
        username: 'vendedor-creditos',
        password: 'clave-de-prueba-1',
        privilegios: { facturas: { acceso: true, ver: true, crear: true } },
      },
    });
    expect(u.statusCode, u.body).toBe(200);
    const vendedor = await e.login(1, 'vendedor-creditos', 'clave-de-prueba-1');
    // 118 paid all by the credit: nothing is left on credit, so the limit of 50 is not exceeded.
    const venta = await facturar(conLimite, 1, { IdsCreditoAfavor: [{ _id: c._id, monto: 118 }] }, vendedor);
    expect(venta.status, venta.body).toBe(200);
    expect(venta.json.pendiente).toBe(0);
  });

  it('las listas: las del cliente con saldo y la general con búsqueda y auditoría', async () => {
    const propio = await contacto('Cliente de Listas');
    const a = (await anticipo(propio, 40)).json().creditoAFavor;
    await anticipo(propio, 60);
    const lista = await e.api({
      method: 'POST',
      url: '/api/credito-a-favor/findAll',
      token: admin,
      body: { idCliente: propio, page: 1, limit: 1 },
    });
    expect(lista.statusCode, lista.body).toBe(200);
    expect(lista.json()).toMatchObject({ totalRows: 2, res: [{ Monto: 60 }] });
    await anular('anularCreditoAFavor', { _id: a._id, notaAnular: 'credito a favor no solicitado' });
    const disponibles = await e.api({
      method: 'POST',
      url: '/api/credito-a-favor/findAll',
      token: admin,
      body: { idCliente: propio, soloDisponibles: true },
    });
    expect(disponibles.json().totalRows).toBe(1);
    const general = await e.api({
      method: 'POST',
      url: '/api/credito-a-favor/findAllGeneral',
      token: admin,
      body: { input: 'Cliente de Listas', buscarPorEstado: true },
    });
    expect(general.json()).toMatchObject({ totalRows: 1, res: [{ _id: a._id, estado: 'Anulado' }] });
    const cambio = await e.api({
      method: 'PATCH',
      url: `/api/credito-a-favor/${a._id}`,
      token: admin,
      body: { descripcion: 'Pago adelantado de pedido' },
    });
    expect(cambio.json()).toMatchObject({ descripcion: 'Pago adelantado de pedido', Monto: 40 });
  });

  it('el resumen del turno lista las transacciones que pagaron facturas del turno (venta en el POS)', async () => {
    const abierto = await e.api({
      method: 'POST',
      url: '/api/turno/',
      token: admin,
      body: { idTerminalRef: terminal },
    });
    expect(abierto.statusCode, abierto.body).toBe(200);
    const c = (await anticipo(cliente, 50)).json().creditoAFavor;
    // 118: the credit pays 50 and cash 68.
    const r = await e.api({
      method: 'POST',
      url: '/api/factura/crear',
      token: admin,
      body: [
        {
          identificadorUnico: randomUUID(),
          idCliente: cliente,
          metodoDePago: 'Efectivo',
          efectivoRecibido: 68,
          IdsCreditoAfavor: [{ _id: c._id, monto: 50 }],
        },
        [{ idProducto: producto, cantidad: 1 }],
        [],
        null,
        { desdePos: true, idTerminalRef: terminal },
        [],
        { _id: terminal },
        'Efectivo',
        {},
      ],
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ pendiente: 0, cobrado: 118 });
    const documentos = await e.api({
      method: 'POST',
      url: '/api/factura/r-documentos-del-turno',
      token: admin,
      body: { idTurnoRef: abierto.json()._id },
    });
    expect(documentos.statusCode, documentos.body).toBe(200);
    expect(documentos.json().creditosAFavor).toEqual([
      expect.objectContaining({
        numeroCredito: c.numeroCredito,
        comprobanteFactura: r.json().facturadb.comprobante,
        nombreCliente: 'Colmado La Esquina',
        monto: 50,
        estado: 'Activo',
      }),
    ]);
    const cierre = await e.api({
      method: 'PATCH',
      url: `/api/turno/${adminId}`,
      token: admin,
      body: { desgloseDeEfectivo: [] },
    });
    expect(cierre.statusCode, cierre.body).toBe(200);
  });

  it.runIf(motor === 'postgres')(
    'diez aplicaciones a la vez de un crédito nunca lo dejan bajo cero',
    async () => {
      const c = (await anticipo(cliente, 1000)).json().creditoAFavor;
      const facturas = await Promise.all(
        Array.from({ length: 10 }, async () =>
          String(((await facturar(cliente, 2)).json.facturadb as Json)._id),
        ),
      );
      const respuestas = await Promise.all(facturas.map((id) => aplicar(c._id, id, 150)));
      const aceptadas = respuestas.filter((r) => r.statusCode === 200);
      expect(aceptadas).toHaveLength(6);
      for (const r of respuestas.filter((r) => r.statusCode !== 200)) {
        expect(r.statusCode, r.body).toBe(400);
        expect(r.json().message).toContain('solo tiene RD$');
      }
      expect(await credito(c._id)).toMatchObject({ disponible: 100 });
      expect((await credito(c._id)).transacciones).toHaveLength(6);
    },
    60_000,
  );
});
