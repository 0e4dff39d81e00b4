import { randomUUID } from 'node:crypto';
import {
  MENSAJE_DEVOLUCIONES_ACTIVAS,
  MENSAJE_FACTURA_REPETIDA,
  MENSAJE_TURNO_CERRADO_NOTA,
  MENSAJE_UNA_SOLA_FACTURA,
} from '@pos/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';
import { existencia } from '../ajustes/pruebas.ts';

type Json = Record<string, unknown>;
const ITBIS = { name: 'Itbis 18%', tipoDeImpuesto: 'itbis', tasa: 0.18 };

// Credit notes (spec 001 §3 "Credit note", §4, §5, §7 "Credit notes", §8): goods of an invoice come back
// at the price they were sold, stock returns at its cost, the journal reverses the sale, and the total
// goes to the linked invoice or back in money (never both).
describe.each(MOTORES)('notas de crédito (%s)', (motor) => {
  let e: Entorno;
  let admin: string;
  let cajera: string;
  let idCajera: string;
  let terminal: string;
  let principal: string;
  let silla: string;
  let cliente: string;
  let otroCliente: string;

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

  /** A credit sale (nothing paid) of `cantidad` chairs at 1,180 with ITBIS (1,000 + 180). */
  async function facturar(
    cantidad: number,
    idCliente: string | null = cliente,
    pagado = 0,
  ): Promise<{ _id: string; comprobante: string; lineas: Array<{ _id: string }> }> {
    const r = await e.api({
      method: 'POST',
      url: '/api/factura/crear',
      token: admin,
      body: [
        { identificadorUnico: randomUUID(), idCliente, metodoDePago: 'Efectivo', efectivoRecibido: pagado },
        [{ idProducto: silla, cantidad }],
        [],
        null,
        { desdePos: false, idTerminalRef: terminal },
        [],
        { _id: terminal },
        'Efectivo',
        {},
      ],
    });
    expect(r.statusCode, r.body).toBe(200);
    const factura = r.json().facturadb;
    return { ...factura, lineas: (await verFactura(factura._id)).linea_facturasRef };
  }

  async function verFactura(id: string) {
    return (await e.api({ method: 'GET', url: `/api/factura/una/${id}`, token: admin })).json();
  }

  function crearNota(cuerpo: Json, token = admin) {
    return e.api({
      method: 'POST',
      url: '/api/notas-de-credito/',
      token,
      body: { identificadorUnico: randomUUID(), ...cuerpo },
    });
  }

  /** A note returning `cantidad` of the invoice's only line, linked to the same invoice. */
  function devolverContraFactura(f: { _id: string; lineas: Array<{ _id: string }> }, cantidad: number) {
    return crearNota({
      notaDeCredito: { idFactura: f._id },
      lineasNotasDeCredito: [{ idLineaFactura: f.lineas[0]?._id, cantidad }],
      lineasCreditoFacturas: [{ idFactura: f._id }],
    });
  }

  async function asientosDe(idDocumento: string) {
    return e.db.consultarComoDueno<{ debitos: string; creditos: string; revierte: boolean }>(
      sql`select sum(l.debito) as debitos, sum(l.credito) as creditos, a.id_asiento_revertido is not null as revierte
          from asientos_contables a join lineas_asiento l on l.tenant_id = a.tenant_id and l.id_asiento = a.id
          where a.tenant_id = 1 and a.id_documento = ${idDocumento} group by a.tenant_id, a.id order by a.numero`,
    );
  }

  /** Net movement per assigned account key of the note's entries (debit − credit, in pesos). */
  async function netoPorClave(idDocumento: string): Promise<Record<string, number>> {
    const filas = await e.db.consultarComoDueno<{ clave: string; neto: string }>(
      sql`select coalesce(s.clave, l.id_cuenta::text) as clave, sum(l.debito - l.credito) as neto
          from asientos_contables a join lineas_asiento l on l.tenant_id = a.tenant_id and l.id_asiento = a.id
          left join asignacion_cuentas_contables s on s.tenant_id = l.tenant_id and s.id_cuenta = l.id_cuenta
          where a.tenant_id = 1 and a.id_documento = ${idDocumento}
          group by coalesce(s.clave, l.id_cuenta::text)`,
    );
    return Object.fromEntries(filas.map((f) => [f.clave, Number(f.neto)]));
  }

  async function turnoActual() {
    return (
      await e.api({ method: 'PATCH', url: `/api/turno/actual/${idCajera}`, token: cajera, body: {} })
    ).json().turnoEnCurso;
  }

  beforeAll(async () => {
    e = await crearEntorno(motor);
    admin = await e.login();
    principal = (await e.api({ method: 'GET', url: '/api/almacen/principal', token: admin })).json()._id;
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
          idCodigoDeBarra: 'NC-SILLA',
          nombre: 'Silla de oficina',
          precioDeVenta: 1180,
          costo: 600,
          impuestos: [ITBIS],
        },
        [{ idAlmacen: principal, cantidadInicial: 500, cantidadMinima: 0 }],
        randomUUID(),
      ],
    });
    expect(producto.statusCode, producto.body).toBe(200);
    silla = producto.json().producto._id;
    const r = await e.api({
      method: 'POST',
      url: '/api/users/',
      token: admin,
      body: {
        username: 'cajera-devoluciones',
        password: 'clave-de-prueba-1',
        privilegios: {
          puntoDeVentas: { acceso: true, crear: true, modificar: false, ver: true },
          notasDeCredito: { acceso: true, crear: true, modificar: false, ver: true },
        },
      },
    });
    expect(r.statusCode, r.body).toBe(200);
    idCajera = r.json()._id;
    cajera = await e.login(1, 'cajera-devoluciones', 'clave-de-prueba-1');
    cliente = await contacto('Oficentro Peña');
    otroCliente = await contacto('Papelería Núñez');
  }, 120_000);

  afterAll(async () => {
    await e?.cerrar();
  });

  it('contra la factura: B04 con ncfModificado, la existencia vuelve a su costo, el asiento cuadra y la factura debe menos', async () => {
    const f = await facturar(5);
    const antes = await existencia(e, silla, principal);
    expect((await verFactura(f._id)).pendiente).toBe(5900);
    const r = await devolverContraFactura(f, 2);
    expect(r.statusCode, r.body).toBe(200);
    const {
      notaDeCreditoDb: nota,
      lineasNotasDeCredito,
      lineasCreditoFacturas,
      solicitudDuplicada,
    } = r.json();
    expect(solicitudDuplicada).toBe(false);
    expect(nota.comprobante).toMatch(/^B04\d{8}$/);
    expect(nota).toMatchObject({
      idFactura: f._id,
      ncfModificado: f.comprobante,
      idCliente: cliente,
      nombre: 'Oficentro Peña',
      subtotal: 2000,
      impuestos: 360,
      totalGral: 2360,
      montoAplicado: 2360,
      montoDevuelto: 0,
      montoCredito: 0,
      costoTotal: 1200,
      estado: 'Activo',
    });
    expect(lineasNotasDeCredito).toEqual([
      expect.objectContaining({
        idLineaFactura: f.lineas[0]?._id,
        idProducto: silla,
        cantidad: 2,
        total: 2360,
      }),
    ]);
    expect(lineasCreditoFacturas).toEqual([expect.objectContaining({ idFactura: f._id, monto: 2360 })]);
    const despues = await existencia(e, silla, principal);
    expect(despues.disponibilidad).toBe(antes.disponibilidad + 2);
    expect(despues.sumaDeMovimientos).toBe(despues.disponibilidad);
    // Stock came back at the cost it left with.
    const [movimiento] = await e.db.consultarComoDueno<{ costo_unitario: string; tipo_documento: string }>(
      sql`select costo_unitario, tipo_documento from movimientos_de_inventario
          where tenant_id = 1 and id_documento = ${nota._id}`,
    );
    expect(movimiento).toMatchObject({ tipo_documento: 'devolucion' });
    expect(Number(movimiento?.costo_unitario)).toBe(600);
    const [asiento] = await asientosDe(nota._id);
    expect(Number(asiento?.debitos)).toBe(Number(asiento?.creditos));
    expect(await netoPorClave(nota._id)).toMatchObject({
      devolucionesEnVentas: 2000,
      itbisPorPagar: 360,
      cuentasPorCobrarClientes: -2360,
      inventario: 1200,
      costoDeVentas: -1200,
    });
    // Spec 001 §3: the invoice's detail tells what credit notes applied to it.
    expect(await verFactura(f._id)).toMatchObject({ pendiente: 3540, montoNotaDeCreditoRef: 2360 });
  });

  it('en dinero desde el POS: exige el turno abierto y el efectivo devuelto sale de la caja del turno', async () => {
    const f = await facturar(3, cliente, 3540);
    const cuerpo = {
      identificadorUnico: randomUUID(),
      desdeElpos: { desdePos: true, idTerminalRef: terminal },
      notaDeCredito: { idFactura: f._id },
      lineasNotasDeCredito: [{ idLineaFactura: f.lineas[0]?._id, cantidad: 1 }],
      lineasDevoluciones: [{ importe: 1180, nota: 'Devuelto en efectivo' }],
    };
    const cerrado = await crearNota(cuerpo, cajera);
    expect(cerrado.statusCode).toBe(409);
    expect(cerrado.json()).toMatchObject({ estadoDelTurno: false });
    expect(cerrado.json().message).toContain(MENSAJE_TURNO_CERRADO_NOTA);
    const abierto = await e.api({
      method: 'POST',
      url: '/api/turno/',
      token: cajera,
      body: { idTerminalRef: terminal, desgloseDeEfectivoApertura: [{ monto: 2000, cantidad: 1 }] },
    });
    expect(abierto.statusCode, abierto.body).toBe(200);
    const r = await crearNota(cuerpo, cajera);
    expect(r.statusCode, r.body).toBe(200);
    const { notaDeCreditoDb: nota, lineasDevoluciones } = r.json();
    const turno = await turnoActual();
    expect(nota).toMatchObject({ desdePos: true, idTurno: turno._id, montoDevuelto: 1180, montoAplicado: 0 });
    expect(lineasDevoluciones).toEqual([
      expect.objectContaining({ efectivo: true, importe: 1180, idTurnoRef: turno._id }),
    ]);
    // Opening 2,000 − 1,180 paid back from the drawer.
    expect(turno).toMatchObject({ devolucionesDeEfectvo: 1180, totalEnCaja: 820 });
    expect(await netoPorClave(nota._id)).toMatchObject({ cajaGeneral: -1180 });
    const resumen = await e.api({
      method: 'POST',
      url: '/api/factura/r-documentos-del-turno',
      token: cajera,
      body: { idTurnoRef: turno._id },
    });
    expect(resumen.statusCode, resumen.body).toBe(200);
    expect(resumen.json().notasDeCredito).toEqual([
      expect.objectContaining({ _id: nota._id, devueltoEnEfectivo: 1180, totalGral: 1180 }),
    ]);
    const delTurno = await e.api({
      method: 'POST',
      url: '/api/notas-de-credito/todas',
      token: cajera,
      body: { devolucionDelTurno: true, idTurnoRef: turno._id },
    });
    expect(delTurno.json()).toMatchObject({
      totalRows: 1,
      res: [expect.objectContaining({ _id: nota._id })],
    });
    // Cancelled, its cash no longer counts as paid back.
    const anulada = await e.api({
      method: 'PUT',
      url: `/api/notas-de-credito/anular/${nota._id}`,
      token: admin,
      body: { notaAnular: 'El cliente se quedó con la silla' },
    });
    expect(anulada.json().resultado).toBe('anulada');
    expect(await turnoActual()).toMatchObject({ devolucionesDeEfectvo: 0, totalEnCaja: 2000 });
    const cerrar = await e.api({ method: 'PATCH', url: `/api/turno/${idCajera}`, token: cajera, body: {} });
    expect(cerrar.statusCode, cerrar.body).toBe(200);
    // A replay that arrives once the shift closed answers the note already made.
    const repetida = await crearNota(cuerpo, cajera);
    expect(repetida.statusCode, repetida.body).toBe(200);
    expect(repetida.json()).toMatchObject({ solicitudDuplicada: true, notaDeCreditoDb: { _id: nota._id } });
  });

  it('una factura vinculada o devoluciones, nunca ambas; una sola factura y nunca repetida (spec 001 §5)', async () => {
    const f = await facturar(2);
    const otra = await facturar(1);
    const linea = [{ idLineaFactura: f.lineas[0]?._id, cantidad: 1 }];
    const base = { notaDeCredito: { idFactura: f._id }, lineasNotasDeCredito: linea };
    const ambas = await crearNota({
      ...base,
      lineasCreditoFacturas: [{ idFactura: f._id }],
      lineasDevoluciones: [{ importe: 100 }],
    });
    expect(ambas.statusCode).toBe(400);
    expect(ambas.json().message).toContain(MENSAJE_DEVOLUCIONES_ACTIVAS);
    const dos = await crearNota({
      ...base,
      lineasCreditoFacturas: [{ idFactura: f._id }, { idFactura: otra._id }],
    });
    expect(dos.statusCode).toBe(400);
    expect(dos.json().message).toContain(MENSAJE_UNA_SOLA_FACTURA);
    const repetida = await crearNota({
      ...base,
      lineasCreditoFacturas: [{ idFactura: f._id }, { idFactura: f._id }],
    });
    expect(repetida.statusCode).toBe(400);
    expect(repetida.json().message).toContain(MENSAJE_FACTURA_REPETIDA);
    // The same rule on the final lines of an edit: a refund added to a note linked to an invoice.
    const vinculada = await crearNota({ ...base, lineasCreditoFacturas: [{ idFactura: f._id }] });
    expect(vinculada.statusCode, vinculada.body).toBe(200);
    const editada = await e.api({
      method: 'PUT',
      url: `/api/notas-de-credito/${vinculada.json().notaDeCreditoDb._id}`,
      token: admin,
      body: { notaDeCredito: {}, actualizarLineasDevoluciones: [{ importe: 50 }] },
    });
    expect(editada.statusCode).toBe(400);
    expect(editada.json().message).toContain(MENSAJE_DEVOLUCIONES_ACTIVAS);
    // A linked invoice of another customer is refused too.
    const ajena = await facturar(1, otroCliente);
    const deOtro = await crearNota({ ...base, lineasCreditoFacturas: [{ idFactura: ajena._id }] });
    expect(deOtro.statusCode).toBe(400);
    expect(deOtro.json().message).toContain('es de otro cliente');
    // The invoice whose goods came back is not cancelled under the note (the rest a credit in favour: nothing applied to it).
    const h = await facturar(2, otroCliente);
    const conDevolucion = await crearNota({
      notaDeCredito: { idFactura: h._id },
      lineasNotasDeCredito: [{ idLineaFactura: h.lineas[0]?._id, cantidad: 1 }],
    });
    expect(conDevolucion.statusCode, conDevolucion.body).toBe(200);
    const anularLaDevuelta = await e.api({
      method: 'PUT',
      url: `/api/factura/anular/${h._id}`,
      token: admin,
      body: { tipoDeAnulacion: '6', notaAnular: 'Devolución' },
    });
    expect(anularLaDevuelta.statusCode).toBe(409);
    expect(anularLaDevuelta.json().message).toContain(
      `tiene notas de crédito (${conDevolucion.json().notaDeCreditoDb.comprobante})`,
    );
  });

  it('devuelve en dinero solo lo que la factura cobró en dinero, menos lo que otras notas ya devolvieron', async () => {
    const devolver = (
      f: { _id: string; lineas: Array<{ _id: string }> },
      cantidad: number,
      importe: number,
    ) =>
      crearNota({
        notaDeCredito: { idFactura: f._id },
        lineasNotasDeCredito: [{ idLineaFactura: f.lineas[0]?._id, cantidad }],
        lineasDevoluciones: [{ importe }],
      });
    // A customer of its own: the credit in favour left at the end is not another test's.
    const quien = await contacto('Librería Almánzar');
    // A credit sale with nothing paid gives no money back: the return lowers what it owes instead.
    const aCredito = await facturar(2, quien);
    const sinDinero = await devolver(aCredito, 1, 1180);
    expect(sinDinero.statusCode).toBe(400);
    expect(sinDinero.json().message).toContain('recibió en dinero RD$0.00');
    // Paid 1,180 at the sale and 590 by a receipt: 1,770 can go back, across notes.
    const parcial = await facturar(3, quien, 1180);
    const recibo = await e.api({
      method: 'POST',
      url: '/api/ingresos-recibidos/',
      token: admin,
      body: {
        identificadorUnico: randomUUID(),
        idCliente: quien,
        tipoDeIngreso: true,
        formaDePago: 'Efectivo',
        res: [{ idFactura: parcial._id, importe: 590 }],
      },
    });
    expect(recibo.statusCode, recibo.body).toBe(200);
    const devolvible = async () =>
      (
        await e.api({ method: 'GET', url: `/api/notas-de-credito/devuelto/${parcial._id}`, token: admin })
      ).json().dineroDevolvible;
    expect(await devolvible()).toBe(1770);
    expect((await devolver(parcial, 1, 1180)).statusCode).toBe(200);
    // The form reads the same figure to propose the refund.
    expect(await devolvible()).toBe(590);
    const demas = await devolver(parcial, 1, 1180);
    expect(demas.statusCode).toBe(400);
    expect(demas.json().message).toContain('recibió en dinero RD$590.00');
    // The rest of the second return stays with the customer as credit in favour.
    const resto = await devolver(parcial, 1, 590);
    expect(resto.statusCode, resto.body).toBe(200);
    expect(resto.json().notaDeCreditoDb).toMatchObject({ montoDevuelto: 590, montoCredito: 590 });
  });

  it('no devuelve más de lo vendido menos lo ya devuelto por las notas activas', async () => {
    const f = await facturar(5);
    const demas = await devolverContraFactura(f, 6);
    expect(demas.statusCode).toBe(409);
    expect(demas.json().message).toContain('quedan 5 por devolver');
    expect((await devolverContraFactura(f, 3)).statusCode).toBe(200);
    const otra = await devolverContraFactura(f, 3);
    expect(otra.statusCode).toBe(409);
    expect(otra.json().message).toContain('quedan 2 por devolver');
    expect((await devolverContraFactura(f, 2)).statusCode).toBe(200);
  });

  it('dos numeraciones internas con el mismo prefijo que empiezan en 1 numeran cada una sus notas: el número es único por numeración', async () => {
    // Migration 0035, as 0030 for the other documents: (tenant, numbering, number), not the comprobante.
    const notas = [];
    for (const nombre of ['Devoluciones sucursal norte', 'Devoluciones sucursal sur']) {
      const numeracion = await e.api({
        method: 'POST',
        url: '/api/numeracion/',
        token: admin,
        body: { identificadorUnico: randomUUID(), nombre, tipoDeDocumento: 'notaDeCredito', prefijo: 'DEV' },
      });
      expect(numeracion.statusCode, numeracion.body).toBe(200);
      const f = await facturar(1);
      const r = await crearNota({
        notaDeCredito: { idFactura: f._id, idNumeracion: numeracion.json()._id },
        lineasNotasDeCredito: [{ idLineaFactura: f.lineas[0]?._id, cantidad: 1 }],
        lineasCreditoFacturas: [{ idFactura: f._id }],
      });
      expect(r.statusCode, r.body).toBe(200);
      notas.push(r.json().notaDeCreditoDb);
    }
    expect(notas.map((n) => [n.numeroNotaDeCredito, n.comprobante])).toEqual([
      [1, 'DEV00000001'],
      [1, 'DEV00000001'],
    ]);
  });

  it('GET /notas-de-credito/devuelto/{idFactura}: lo devuelto por línea según las notas vigentes, la misma regla que al crear', async () => {
    const f = await facturar(5);
    const idLinea = f.lineas[0]?._id;
    const devuelto = (consulta = '', token = admin) =>
      e.api({ method: 'GET', url: `/api/notas-de-credito/devuelto/${f._id}${consulta}`, token });
    expect((await devuelto()).json()).toEqual({
      dineroDevolvible: 0,
      lineas: [{ idLineaFactura: idLinea, vendida: 5, devuelta: 0 }],
    });
    const vigente = (await devolverContraFactura(f, 2)).json().notaDeCreditoDb;
    const anulada = (await devolverContraFactura(f, 1)).json().notaDeCreditoDb;
    const anular = await e.api({
      method: 'PUT',
      url: `/api/notas-de-credito/anular/${anulada._id}`,
      token: admin,
      body: { notaAnular: 'Devuelta por error' },
    });
    expect(anular.json().resultado, anular.body).toBe('anulada');
    // A cancelled note no longer counts; the one in force does, except when it is the one being edited.
    const leido = await devuelto();
    expect(leido.statusCode, leido.body).toBe(200);
    expect(leido.json().lineas).toEqual([{ idLineaFactura: idLinea, vendida: 5, devuelta: 2 }]);
    expect((await devuelto(`?excepto=${vigente._id}`)).json().lineas[0].devuelta).toBe(0);
    // The create rule reads the same: 3 are left.
    expect((await devolverContraFactura(f, 4)).json().message).toContain('quedan 3 por devolver');
    // The cashier (notasDeCredito.ver) may read it; a malformed or unknown invoice is refused.
    expect((await devuelto('', cajera)).statusCode).toBe(200);
    expect((await devuelto('?excepto=x')).statusCode).toBe(400);
    const ajena = await e.api({
      method: 'GET',
      url: `/api/notas-de-credito/devuelto/${randomUUID()}`,
      token: admin,
    });
    expect(ajena.statusCode).toBe(404);
  });

  it.runIf(motor === 'postgres')(
    'dos notas a la vez sobre la misma factura no devuelven más de lo vendido',
    async () => {
      const f = await facturar(5);
      const antes = await existencia(e, silla, principal);
      // A second connection holds the invoice until both requests wait on it, so they truly overlap.
      const [base] = await e.db.consultarComoDueno<{ nombre: string }>(
        sql`select current_database() as nombre`,
      );
      const url = new URL(process.env.DATABASE_URL ?? '');
      url.pathname = `/${base?.nombre}`;
      const conexion = new pg.Client({ connectionString: url.toString() });
      await conexion.connect();
      await conexion.query('BEGIN');
      await conexion.query('select id from facturas where id = $1 for update', [f._id]);
      const respuestas = Promise.all([devolverContraFactura(f, 3), devolverContraFactura(f, 3)]);
      for (let i = 0; i < 400; i++) {
        const r = await conexion.query(
          `select count(*)::int as n from pg_stat_activity where datname = current_database()
           and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
        );
        if (r.rows[0].n >= 2) {
          break;
        }
        await new Promise((listo) => setTimeout(listo, 5));
      }
      await conexion.query('ROLLBACK');
      await conexion.end();
      const [primera, segunda] = (await respuestas).sort((a, b) => a.statusCode - b.statusCode);
      expect(primera?.statusCode, primera?.body).toBe(200);
      // Refused by the returns rule (not later by the receivables ledger): the invoice lock made it wait.
      expect(segunda?.statusCode).toBe(409);
      expect(segunda?.json().message).toContain('quedan 2 por devolver');
      expect((await existencia(e, silla, principal)).disponibilidad).toBe(antes.disponibilidad + 3);
    },
  );

  it('anular (directo o al aprobar la solicitud) deshace existencia, asiento y saldo; un reintento responde la misma', async () => {
    const f = await facturar(4);
    const antes = await existencia(e, silla, principal);
    const cuerpo = {
      identificadorUnico: randomUUID(),
      notaDeCredito: { idFactura: f._id },
      lineasNotasDeCredito: [{ idLineaFactura: f.lineas[0]?._id, cantidad: 1 }],
      lineasCreditoFacturas: [{ idFactura: f._id }],
    };
    const r = await crearNota(cuerpo);
    expect(r.statusCode, r.body).toBe(200);
    const otra = await crearNota(cuerpo);
    expect(otra.json()).toMatchObject({
      solicitudDuplicada: true,
      notaDeCreditoDb: { _id: r.json().notaDeCreditoDb._id },
    });
    const nota = r.json().notaDeCreditoDb;
    expect((await existencia(e, silla, principal)).disponibilidad).toBe(antes.disponibilidad + 1);
    expect((await verFactura(f._id)).pendiente).toBe(4720 - 1180);
    // The cashier files a request; it still counts until a supervisor approves it.
    const solicitada = await e.api({
      method: 'PUT',
      url: `/api/notas-de-credito/anular/${nota._id}`,
      token: cajera,
      body: { notaAnular: 'Error de digitación' },
    });
    expect(solicitada.statusCode, solicitada.body).toBe(200);
    expect(solicitada.json()).toMatchObject({
      resultado: 'solicitada',
      notaDeCreditoDb: { estado: 'Por-Anular' },
    });
    expect((await existencia(e, silla, principal)).disponibilidad).toBe(antes.disponibilidad + 1);
    const pendientes = await e.api({
      method: 'POST',
      url: '/api/users/solicitud-Anulacion/',
      token: admin,
      body: { estado: 'Pendiente', page: 1, limit: 50 },
    });
    expect(pendientes.json().data).toContainEqual(
      expect.objectContaining({ tipoDocumento: 'notaDeCredito', idDocumento: nota._id, total: 1180 }),
    );
    const aprobada = await e.api({
      method: 'PUT',
      url: `/api/notas-de-credito/anular/${nota._id}`,
      token: admin,
      body: { autorizacion: 'Aprobada' },
    });
    expect(aprobada.json()).toMatchObject({ resultado: 'aprobada', notaDeCreditoDb: { estado: 'Anulado' } });
    const despues = await existencia(e, silla, principal);
    expect(despues.disponibilidad).toBe(antes.disponibilidad);
    expect(despues.sumaDeMovimientos).toBe(despues.disponibilidad);
    expect(await verFactura(f._id)).toMatchObject({ pendiente: 4720, montoNotaDeCreditoRef: 0 });
    const asientos = await asientosDe(nota._id);
    expect(asientos.map((a) => a.revierte)).toEqual([false, true]);
    expect(Object.values(await netoPorClave(nota._id)).every((neto) => neto === 0)).toBe(true);
    // Cancelled, its quantity can be returned again.
    expect((await devolverContraFactura(f, 4)).statusCode).toBe(200);
  });

  it('editar reescribe líneas, totales y efectos; eliminar los deshace y deja la nota anulada', async () => {
    const f = await facturar(5);
    const antes = await existencia(e, silla, principal);
    const r = await devolverContraFactura(f, 3);
    expect(r.statusCode, r.body).toBe(200);
    const { notaDeCreditoDb: nota, lineasNotasDeCredito } = r.json();
    const editada = await e.api({
      method: 'PUT',
      url: `/api/notas-de-credito/${nota._id}`,
      token: admin,
      body: {
        notaDeCredito: { notaPieDePagina: 'Solo una silla tenía defecto' },
        actualizarLineasNotasDeCredito: [
          { _id: lineasNotasDeCredito[0]._id, idLineaFactura: f.lineas[0]?._id, cantidad: 1 },
        ],
      },
    });
    expect(editada.statusCode, editada.body).toBe(200);
    expect(editada.json().notaDeCreditoDb).toMatchObject({
      comprobante: nota.comprobante,
      totalGral: 1180,
      montoAplicado: 1180,
      notaPieDePagina: 'Solo una silla tenía defecto',
    });
    expect(editada.json().lineasNotasDeCredito).toEqual([
      expect.objectContaining({ _id: lineasNotasDeCredito[0]._id, cantidad: 1 }),
    ]);
    expect((await existencia(e, silla, principal)).disponibilidad).toBe(antes.disponibilidad + 1);
    expect((await verFactura(f._id)).pendiente).toBe(5900 - 1180);
    expect(await netoPorClave(nota._id)).toMatchObject({
      devolucionesEnVentas: 1000,
      cuentasPorCobrarClientes: -1180,
    });
    // The edit does not count the note's own returns: 4 are left.
    expect((await devolverContraFactura(f, 5)).json().message).toContain('quedan 4 por devolver');
    // Up to all 5: the invoice owes 5,900 once this note's own application is undone, so all applies.
    const mas = await e.api({
      method: 'PUT',
      url: `/api/notas-de-credito/${nota._id}`,
      token: admin,
      body: {
        notaDeCredito: {},
        actualizarLineasNotasDeCredito: [
          { _id: lineasNotasDeCredito[0]._id, idLineaFactura: f.lineas[0]?._id, cantidad: 5 },
        ],
      },
    });
    expect(mas.statusCode, mas.body).toBe(200);
    expect(mas.json().notaDeCreditoDb).toMatchObject({
      totalGral: 5900,
      montoAplicado: 5900,
      montoCredito: 0,
    });
    expect((await verFactura(f._id)).pendiente).toBe(0);
    expect((await existencia(e, silla, principal)).disponibilidad).toBe(antes.disponibilidad + 5);

    const eliminada = await e.api({
      method: 'DELETE',
      url: `/api/notas-de-credito/${nota._id}`,
      token: admin,
    });
    expect(eliminada.statusCode, eliminada.body).toBe(200);
    expect(eliminada.json().notaDeCreditoDb).toMatchObject({
      estado: 'Anulado',
      notaAnular: 'Eliminado por admin',
    });
    expect((await existencia(e, silla, principal)).disponibilidad).toBe(antes.disponibilidad);
    expect((await verFactura(f._id)).pendiente).toBe(5900);
    const lista = await e.api({ method: 'POST', url: '/api/notas-de-credito/todas', token: admin, body: {} });
    expect((lista.json().res as Json[]).some((n) => n._id === nota._id)).toBe(false);
    const auditoria = await e.api({
      method: 'POST',
      url: '/api/notas-de-credito/todas',
      token: admin,
      body: { buscarPorEstado: true },
    });
    expect((auditoria.json().res as Json[]).some((n) => n._id === nota._id)).toBe(true);
  });

  it('lo que la factura ya no debe queda como crédito a favor del cliente; anular la nota lo anula', async () => {
    const f = await facturar(2, cliente, 2360);
    const r = await devolverContraFactura(f, 1);
    expect(r.statusCode, r.body).toBe(200);
    const nota = r.json().notaDeCreditoDb;
    expect(nota).toMatchObject({ montoAplicado: 0, montoCredito: 1180, idCreditoAFavor: expect.any(String) });
    expect(await netoPorClave(nota._id)).toMatchObject({ anticiposDeClientes: -1180 });
    const disponible = async () =>
      (
        await e.api({
          method: 'POST',
          url: '/api/notas-de-credito/notaDeCreditoDisponibleDelCliente',
          token: admin,
          body: { idCliente: cliente },
        })
      ).json().totalGeneralPorAplicar;
    expect(await disponible()).toBe(1180);
    const creditos = () =>
      e.db.consultarComoDueno<{ id: string; monto: string; estado: string }>(
        sql`select id, monto, estado from creditos_a_favor
            where tenant_id = 1 and tipo_origen = 'notaDeCredito' and id_origen = ${nota._id} order by numero`,
      );
    // An edit that changes the credit cancels the unused one and makes the new amount's (one in force).
    const editar = (cantidad: number) =>
      e.api({
        method: 'PUT',
        url: `/api/notas-de-credito/${nota._id}`,
        token: admin,
        body: {
          notaDeCredito: { notaPieDePagina: 'otra' },
          actualizarLineasNotasDeCredito: [
            { _id: r.json().lineasNotasDeCredito[0]._id, idLineaFactura: f.lineas[0]?._id, cantidad },
          ],
        },
      });
    const editada = await editar(2);
    expect(editada.statusCode, editada.body).toBe(200);
    const nueva = editada.json().notaDeCreditoDb;
    expect(nueva).toMatchObject({ montoCredito: 2360, idCreditoAFavor: expect.any(String) });
    expect(nueva.idCreditoAFavor).not.toBe(nota.idCreditoAFavor);
    expect((await creditos()).map((c) => [c.id, c.monto, c.estado])).toEqual([
      [nota.idCreditoAFavor, '1180.00', 'Anulado'],
      [nueva.idCreditoAFavor, '2360.00', 'Activo'],
    ]);
    expect(await disponible()).toBe(2360);
    expect(await netoPorClave(nota._id)).toMatchObject({ anticiposDeClientes: -2360 });
    // Once the customer used part of the credit, the edit is refused with the credit's message.
    const otra = await facturar(1);
    const usar = await e.api({
      method: 'POST',
      url: '/api/transaccion-del-credito-a-favor',
      token: admin,
      body: {
        identificadorUnico: randomUUID(),
        idCreditoAFavor: nueva.idCreditoAFavor,
        idFactura: otra._id,
        monto: 100,
      },
    });
    expect(usar.statusCode, usar.body).toBe(200);
    const usada = await editar(1);
    expect(usada.statusCode, usada.body).toBe(409);
    expect(usada.json().message).toContain('ya se aplicó a facturas');
    expect((await creditos()).map((c) => c.estado)).toEqual(['Anulado', 'Activo']);
    const deshecha = await e.api({
      method: 'POST',
      url: '/api/credito-a-favor/anularTransaccionCreditoAFavor/',
      token: admin,
      body: { _id: usar.json().transaccion._id, notaAnular: 'Error en el monto' },
    });
    expect(deshecha.statusCode, deshecha.body).toBe(200);
    const anulada = await e.api({
      method: 'PUT',
      url: `/api/notas-de-credito/anular/${nota._id}`,
      token: admin,
      body: { notaAnular: 'Devolución registrada dos veces' },
    });
    expect(anulada.statusCode, anulada.body).toBe(200);
    expect(await disponible()).toBe(0);
  });
});
