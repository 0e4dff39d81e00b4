import { randomUUID } from 'node:crypto';
import { aCentavos, type Centavos, formatearDinero } from '@pos/domain';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrar } from '../../db/migrate.ts';
import type { Ctx } from '../../http/handle.ts';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';
import { aplicadoA, aplicar, type NuevaAplicacion, revertir } from './service.ts';

type Json = Record<string, unknown>;
const ITBIS = { name: 'Itbis 18%', tipoDeImpuesto: 'itbis', tasa: 0.18 };

// The receivables ledger (docs/payments.md; spec 001 §3 "Receipt in", §4, §5 "Credit check").
describe.each(MOTORES)('cartera: el libro de cuentas por cobrar (%s)', (motor) => {
  let e: Entorno;
  let admin: string;
  let cajera: string;
  let idCajera: string;
  let terminal: string;
  let arroz: string;
  let cliente: string;
  let idTurno: string;

  async function contacto(nombre: string, limiteCredito = 0): Promise<string> {
    const r = await e.api({
      method: 'POST',
      url: '/api/cliente/crear',
      token: admin,
      body: { identificadorUnico: randomUUID(), nombre, rnc: '', limiteCredito },
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().clientedb._id;
  }

  // An invoice of 2 × 245 (490 with ITBIS) to `idCliente`, paying `pagado` now and owing the rest.
  async function vender(
    idCliente: string,
    pagado = 0,
    opciones: { token?: string; desdePos?: boolean } = {},
  ) {
    return e.api({
      method: 'POST',
      url: '/api/factura/crear',
      token: opciones.token ?? admin,
      body: [
        { identificadorUnico: randomUUID(), idCliente, efectivoRecibido: pagado },
        [{ idProducto: arroz, cantidad: 2 }],
        [],
        null,
        { desdePos: opciones.desdePos ?? false },
        [],
        { _id: terminal },
        'Efectivo',
        {},
      ],
    });
  }

  async function factura(
    idCliente: string,
    pagado = 0,
  ): Promise<Json & { _id: string; comprobante: string }> {
    const r = await vender(idCliente, pagado);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().facturadb;
  }

  function cobrar(idFactura: string, importe: number, formaDePago = 'Efectivo') {
    return e.api({
      method: 'POST',
      url: '/api/ingresos-recibidos/',
      token: admin,
      body: { identificadorUnico: randomUUID(), formaDePago, res: [{ idFactura, importe }] },
    });
  }

  function anularRecibo(idIngresosRef: string) {
    return e.api({
      method: 'PUT',
      url: '/api/ingresos-recibidos/anular/',
      token: admin,
      body: { idIngresosRef, notaAnular: 'Cobro equivocado' },
    });
  }

  async function verFactura(id: string) {
    const r = await e.api({ method: 'GET', url: `/api/factura/una/${id}`, token: admin });
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  }

  // The ledger's functions called in a company's transaction, as a module calls them.
  function enLaEmpresa<T>(hacer: (ctx: Ctx) => Promise<T>): Promise<T> {
    return e.db.enEmpresa(1, (tx) => hacer({ tx, tenantId: 1, ip: '', usuario: null }));
  }

  function aplicacion(idFactura: string, idOrigen: string, pesos: number): NuevaAplicacion {
    return {
      tipoDestino: 'factura',
      idDestino: idFactura,
      tipoOrigen: 'prueba',
      idOrigen,
      monto: aCentavos(pesos),
      fecha: '2025-03-01',
    };
  }

  async function aplicadoEnFactura(id: string): Promise<number> {
    const aplicado = await enLaEmpresa((ctx) => aplicadoA(ctx, 'factura', [id]));
    return aplicado.get(id)?.aplicado ?? -1;
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
          idCodigoDeBarra: 'CARTERA-ARROZ',
          nombre: 'Arroz de la cartera',
          precioDeVenta: 245,
          impuestos: [ITBIS],
        },
        [{ idAlmacen: principal, cantidadInicial: 1000, cantidadMinima: 0 }],
        randomUUID(),
      ],
    });
    expect(producto.statusCode, producto.body).toBe(200);
    arroz = producto.json().producto._id;
    const usuario = await e.api({
      method: 'POST',
      url: '/api/users/',
      token: admin,
      body: {
        username: 'cajera-cartera',
        password: 'clave-de-prueba-1',
        privilegios: { puntoDeVentas: { acceso: true, crear: true, modificar: false, ver: true } },
      },
    });
    expect(usuario.statusCode, usuario.body).toBe(200);
    idCajera = usuario.json()._id;
    cajera = await e.login(1, 'cajera-cartera', 'clave-de-prueba-1');
    cliente = await contacto('Colmado La Cartera');
    const turno = await e.api({
      method: 'POST',
      url: '/api/turno/',
      token: cajera,
      body: { idTerminalRef: terminal, desgloseDeEfectivoApertura: [{ monto: 500, cantidad: 1 }] },
    });
    expect(turno.statusCode, turno.body).toBe(200);
    idTurno = turno.json()._id;
  });
  afterAll(async () => {
    await e?.cerrar();
  });

  it('las aplicaciones suman: lo cobrado es lo pagado en la venta más lo aplicado', async () => {
    const f = await factura(cliente, 100);
    const origen = randomUUID();
    const antes = await enLaEmpresa((ctx) =>
      aplicar(ctx, [aplicacion(f._id, origen, 40), aplicacion(f._id, origen, 60.5)]),
    );
    // What the invoice owed before each: 390, then 350.
    expect(antes.map((a) => a.pendienteAntes)).toEqual([39_000, 35_000]);
    const otra = await factura(cliente);
    const leido = await enLaEmpresa((ctx) => aplicadoA(ctx, 'factura', [f._id, otra._id]));
    expect(leido.get(f._id)?.aplicado).toBe(10_050);
    // Written in one transaction, they share the time: compared in any order.
    const escritas = leido.get(f._id)?.aplicaciones.map((a) => [a.monto, a.lado, a.tipoOrigen]);
    expect(escritas?.sort()).toEqual([
      [4_000, 'cobrar', 'prueba'],
      [6_050, 'cobrar', 'prueba'],
    ]);
    expect(leido.get(otra._id)).toEqual({ aplicado: 0, aplicaciones: [] });
    let detalle = await verFactura(f._id);
    expect(detalle).toMatchObject({ cobrado: 200.5, pendiente: 289.5 });
    expect(detalle.FacturaDb).toMatchObject({
      cobrado: 200.5,
      pendiente: 289.5,
      estadoDelCobro: 'Por Cobrar',
    });
    // Only money is a payment of the invoice: the sale's, then each receipt's.
    expect(detalle.listaPagosIngreso.map((p: Json) => [p.origen, p.monto])).toEqual([['factura', 100]]);

    const recibo = await cobrar(f._id, 289.5, 'Transferencia');
    expect(recibo.statusCode, recibo.body).toBe(200);
    expect(recibo.json()[0].balancePendiente).toBe(289.5);
    detalle = await verFactura(f._id);
    expect(detalle.FacturaDb).toMatchObject({ cobrado: 490, pendiente: 0, estadoDelCobro: 'Cobrada' });
    expect(detalle.listaPagosIngreso.map((p: Json) => [p.origen, p.metodo, p.monto])).toEqual([
      ['factura', 'Efectivo', 100],
      ['ingreso', 'Transferencia', 289.5],
    ]);
    // The lists read the same balance in their one query.
    const lista = async (estadoDelCobro: string) =>
      (
        await e.api({
          method: 'POST',
          url: '/api/factura/lista-de-facturas',
          token: admin,
          body: { idCliente: cliente, estadoDelCobro, limit: 200 },
        })
      )
        .json()
        .res.map((x: Json) => x._id);
    expect(await lista('Cobrada')).toContain(f._id);
    expect(await lista('Por Cobrar')).not.toContain(f._id);
    expect(await lista('Por Cobrar')).toContain(otra._id);
    const pendientes = await e.api({
      method: 'POST',
      url: '/api/ingresos-recibidos/pendientes/',
      token: admin,
      body: { id: cliente },
    });
    expect(pendientes.json().res.map((x: Json) => x._id)).not.toContain(f._id);
    const porCobrar = await e.api({
      method: 'POST',
      url: '/api/factura/r-cuentas-por-cobrar/',
      token: admin,
      body: { idCliente: cliente },
    });
    expect(porCobrar.json().listaDeFacturas.map((x: Json) => x._id)).not.toContain(f._id);
  });

  it('no aplica más de lo que se debe: el mensaje de siempre, y nada escrito', async () => {
    const f = await factura(cliente);
    const dinero = (pesos: number) => formatearDinero(aCentavos(pesos));
    await expect(
      enLaEmpresa((ctx) => aplicar(ctx, [aplicacion(f._id, randomUUID(), 490.01)])),
    ).rejects.toThrow(
      `A la factura ${f.comprobante} se le aplican ${dinero(490.01)} y solo debe ${dinero(490)}.`,
    );
    // Two in one call add up: the second finds what the first left.
    const origen = randomUUID();
    await expect(
      enLaEmpresa((ctx) => aplicar(ctx, [aplicacion(f._id, origen, 300), aplicacion(f._id, origen, 200)])),
    ).rejects.toThrow(
      `A la factura ${f.comprobante} se le aplican ${dinero(200)} y solo debe ${dinero(190)}.`,
    );
    expect(await aplicadoEnFactura(f._id)).toBe(0);
    // Through a receipt: 400 with the line's field, the invoice untouched.
    const recibo = await cobrar(f._id, 500);
    expect(recibo.statusCode).toBe(400);
    expect(recibo.json().message).toBe(
      `A la factura ${f.comprobante} se le aplican ${dinero(500)} y solo debe ${dinero(490)}.`,
    );
    expect(recibo.json().errores).toEqual([{ campo: 'res.0.importe', mensaje: `Debe ${dinero(490)}.` }]);
    expect((await verFactura(f._id)).pendiente).toBe(490);
    // Paid whole, nothing more goes on it.
    expect((await cobrar(f._id, 490)).statusCode).toBe(200);
    const otraVez = await cobrar(f._id, 1);
    expect(otraVez.statusCode).toBe(409);
    expect(otraVez.json().message).toBe(`La factura ${f.comprobante} ya está cobrada.`);
    await expect(enLaEmpresa((ctx) => aplicar(ctx, [aplicacion(f._id, randomUUID(), 1)]))).rejects.toThrow(
      'ya está cobrada',
    );
    expect(await aplicadoEnFactura(f._id)).toBe(49_000);
  });

  it('revertir devuelve el saldo y deja lo revertido en el libro, marcado', async () => {
    const f = await factura(cliente);
    const [x, y] = [randomUUID(), randomUUID()];
    await enLaEmpresa((ctx) => aplicar(ctx, [aplicacion(f._id, x, 200), aplicacion(f._id, y, 100)]));
    expect((await verFactura(f._id)).pendiente).toBe(190);
    const revertidas = await enLaEmpresa((ctx) => revertir(ctx, 'prueba', x));
    expect(revertidas.map((a) => [a.idDestino, a.monto])).toEqual([[f._id, 20_000]]);
    expect((await verFactura(f._id)).pendiente).toBe(390);
    expect(await enLaEmpresa((ctx) => revertir(ctx, 'prueba', x))).toEqual([]);
    expect(await aplicadoEnFactura(f._id)).toBe(10_000);
    const filas = await e.db.consultarComoDueno<{ id_origen: string; revertida: boolean }>(
      sql`select id_origen, revertida_en is not null as revertida from aplicaciones_de_cartera
          where tenant_id = 1 and id_destino = ${f._id} order by monto desc`,
    );
    expect(filas).toEqual([
      { id_origen: x, revertida: true },
      { id_origen: y, revertida: false },
    ]);
    // A receipt's cancellation reverts its applications: the invoice owes again and stops listing it.
    const recibo = await cobrar(f._id, 390);
    expect(recibo.statusCode, recibo.body).toBe(200);
    expect((await verFactura(f._id)).FacturaDb.estadoDelCobro).toBe('Cobrada');
    expect((await anularRecibo(recibo.json()[0].idIngresosRef)).statusCode).toBe(200);
    const despues = await verFactura(f._id);
    expect(despues).toMatchObject({ pendiente: 390, cobrado: 100 });
    expect(despues.listaPagosIngreso).toEqual([]);
  });

  it('recibos simultáneos sobre la misma factura nunca cobran de más', async () => {
    const f = await factura(cliente);
    // On PostgreSQL another connection holds the invoice until the four receipts wait on it, so they
    // all start before any commits (PGlite runs them one after another).
    let soltar: (() => Promise<void>) | null = null;
    if (motor === 'postgres') {
      const [base] = await e.db.consultarComoDueno<{ nombre: string }>(
        sql`select current_database() as nombre`,
      );
      const url = new URL(process.env.DATABASE_URL ?? '');
      url.pathname = `/${base?.nombre}`;
      const retenedor = new pg.Client({ connectionString: url.toString() });
      await retenedor.connect();
      await retenedor.query('BEGIN');
      await retenedor.query('select id from facturas where id = $1 for update', [f._id]);
      soltar = async () => {
        for (let i = 0; i < 400; i++) {
          const r = await retenedor.query(
            `select count(*)::int as n from pg_stat_activity where datname = current_database()
               and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
          );
          if (r.rows[0].n >= 4) {
            break;
          }
          await new Promise((listo) => setTimeout(listo, 5));
        }
        await retenedor.query('ROLLBACK');
        await retenedor.end();
      };
    }
    const enviados = Promise.all([1, 2, 3, 4].map(() => cobrar(f._id, 200)));
    await soltar?.();
    const respuestas = await enviados;
    const estados = respuestas.map((r) => r.statusCode).sort();
    expect(estados, respuestas.map((r) => r.body).join('\n')).toEqual([200, 200, 400, 400]);
    for (const r of respuestas.filter((x) => x.statusCode === 400)) {
      expect(r.json().message).toContain(`solo debe ${formatearDinero(9_000 as Centavos)}`);
    }
    expect(await aplicadoEnFactura(f._id)).toBe(40_000);
    expect((await verFactura(f._id)).pendiente).toBe(90);
  });

  it('el límite de crédito y el turno leen lo que los recibos cobraron', async () => {
    const enCaja = { token: cajera, desdePos: true };

    // Spec 001 §5 "Credit check": what the customer owes after its receipts.
    const conLimite = await contacto('Ferretería del Límite', 500);
    const primera = await vender(conLimite, 0, enCaja);
    expect(primera.statusCode, primera.body).toBe(200);
    const excede = await vender(conLimite, 0, enCaja);
    expect(excede.statusCode).toBe(409);
    expect(excede.json()).toMatchObject({ excedeLimiteDeCredito: true, pendientePorCobrar: 490 });
    expect((await cobrar(primera.json().facturadb._id, 300)).statusCode).toBe(200);
    const otraVez = await vender(conLimite, 0, enCaja);
    expect(otraVez.statusCode).toBe(409);
    expect(otraVez.json()).toMatchObject({ pendientePorCobrar: 190 });
    expect((await cobrar(primera.json().facturadb._id, 190)).statusCode).toBe(200);
    const segunda = await vender(conLimite, 0, enCaja);
    expect(segunda.statusCode, segunda.body).toBe(200);

    // Spec 002 §3 "Shift": a credit sale of the shift shows what receipts collected on it since.
    const venta = await vender(cliente, 100, enCaja);
    expect(venta.statusCode, venta.body).toBe(200);
    const idVenta = venta.json().facturadb._id;
    expect((await cobrar(idVenta, 150)).statusCode).toBe(200);
    const documentos = await e.api({
      method: 'POST',
      url: '/api/factura/r-documentos-del-turno',
      token: admin,
      body: { idTurnoRef: idTurno },
    });
    expect(documentos.statusCode, documentos.body).toBe(200);
    expect(documentos.json().facturasACredito).toEqual([
      expect.objectContaining({ _id: segunda.json().facturadb._id, cobrado: 0, pendiente: 490 }),
      expect.objectContaining({ _id: idVenta, total: 490, cobrado: 250, pendiente: 240 }),
    ]);
    const actual = await e.api({
      method: 'PATCH',
      url: `/api/turno/actual/${idCajera}`,
      token: cajera,
      body: {},
    });
    expect(actual.json().turnoEnCurso).toMatchObject({ credito: 730, efectivo: 100 });
  });

  // Migration 0016 on a database of before it: receipts' payments in pagos_factura (with id_ingreso)
  // and counted in facturas.cobrado. The test puts the data back in that shape, runs the migration
  // again and expects every answer as it was.
  it('la migración 0016 pasa los cobros de los recibos al libro y las respuestas no cambian', async () => {
    // Before 0016 only receipts applied to invoices: the other tests' direct applications go.
    await e.db.consultarComoDueno(sql`delete from aplicaciones_de_cartera where tipo_origen <> 'ingreso'`);
    const parcial = await factura(cliente, 50);
    const pagada = await factura(cliente);
    const anulada = await factura(cliente);
    expect((await cobrar(parcial._id, 140, 'Cheque')).statusCode).toBe(200);
    expect((await cobrar(pagada._id, 400)).statusCode).toBe(200);
    expect((await cobrar(pagada._id, 90, 'Tarjeta')).statusCode).toBe(200);
    const cancelado = await cobrar(anulada._id, 200);
    expect((await anularRecibo(cancelado.json()[0].idIngresosRef)).statusCode).toBe(200);
    const enElTurno = await vender(cliente, 20, { token: cajera, desdePos: true });
    expect(enElTurno.statusCode, enElTurno.body).toBe(200);
    expect((await cobrar(enElTurno.json().facturadb._id, 70)).statusCode).toBe(200);
    const respuestas = async () => ({
      facturas: await Promise.all([parcial, pagada, anulada].map((f) => verFactura(f._id))),
      listas: await Promise.all(
        [null, 'Cobrada', 'Por Cobrar'].map(async (estadoDelCobro) =>
          (
            await e.api({
              method: 'POST',
              url: '/api/factura/lista-de-facturas',
              token: admin,
              body: { idCliente: cliente, estadoDelCobro, limit: 200 },
            })
          ).json(),
        ),
      ),
      pendientes: (
        await e.api({
          method: 'POST',
          url: '/api/ingresos-recibidos/pendientes/',
          token: admin,
          body: { id: cliente },
        })
      ).json(),
      porCobrar: (
        await e.api({ method: 'POST', url: '/api/factura/r-cuentas-por-cobrar/', token: admin, body: {} })
      ).json(),
      turno: (
        await e.api({
          method: 'POST',
          url: '/api/factura/r-documentos-del-turno',
          token: admin,
          body: { idTurnoRef: idTurno },
        })
      ).json().facturasACredito,
      credito: (
        await e.api({ method: 'PATCH', url: `/api/turno/actual/${idCajera}`, token: cajera, body: {} })
      ).json().turnoEnCurso.credito,
    });
    const antes = await respuestas();
    expect(antes.facturas[1].FacturaDb.estadoDelCobro).toBe('Cobrada');
    expect(antes.turno).toContainEqual(
      expect.objectContaining({ _id: enElTurno.json().facturadb._id, cobrado: 90, pendiente: 400 }),
    );

    await e.db.ejecutarScript(`
      ALTER TABLE pagos_factura ADD COLUMN id_ingreso uuid;
      INSERT INTO pagos_factura (tenant_id, id, id_factura, origen, metodo, monto, numero_de_aprobacion, id_cuenta, fecha, id_ingreso)
      SELECT a.tenant_id, a.id, a.id_destino, 'ingreso', a.metodo, a.monto, a.referencia, i.id_cuenta_debito, a.creado_en, a.id_origen
      FROM aplicaciones_de_cartera a JOIN ingresos_recibidos i ON i.tenant_id = a.tenant_id AND i.id = a.id_origen
      WHERE a.tipo_origen = 'ingreso' AND a.revertida_en IS NULL;
      UPDATE facturas f SET cobrado = f.cobrado + s.monto
      FROM (SELECT tenant_id, id_destino, sum(monto) AS monto FROM aplicaciones_de_cartera
            WHERE tipo_origen = 'ingreso' AND revertida_en IS NULL GROUP BY tenant_id, id_destino) s
      WHERE f.tenant_id = s.tenant_id AND f.id = s.id_destino;
      DROP TABLE aplicaciones_de_cartera;
      DELETE FROM meta.migraciones WHERE nombre = '0016_cartera.sql';
    `);
    const [antiguo] = await e.db.consultarComoDueno<{ n: number; cobrado: string }>(
      sql`select (select count(*)::int from pagos_factura where id_factura = ${pagada._id}) as n,
            (select cobrado from facturas where id = ${pagada._id}) as cobrado`,
    );
    expect(antiguo).toEqual({ n: 2, cobrado: '490.00' });

    expect(await migrar(e.db)).toEqual(['0016_cartera.sql']);
    expect(await respuestas()).toEqual(antes);
    const [migrado] = await e.db.consultarComoDueno<{ n: number; cobrado: string }>(
      sql`select (select count(*)::int from pagos_factura where id_factura = ${pagada._id}) as n,
            (select cobrado from facturas where id = ${pagada._id}) as cobrado`,
    );
    expect(migrado).toEqual({ n: 0, cobrado: '0.00' });
  });
});
