import { randomUUID } from 'node:crypto';
import {
  MENSAJE_COMPRA_REPETIDA,
  MENSAJE_CREDITO_A_FACTURA,
  MENSAJE_DEBITO_A_COMPRA,
  MENSAJE_UNA_SOLA_COMPRA,
} from '@pos/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textoDelPdf } from '../../testing/correoYPdf.ts';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';
import { existencia } from '../ajustes/pruebas.ts';

type Json = Record<string, unknown>;
type Compra = { _id: string; comprobante: string; ncf: string; lineas: Array<{ _id: string }> };
const ITBIS = { name: 'Itbis 18%', tipoDeImpuesto: 'itbis', tasa: 0.18 };

// Debit notes (spec 001 §3 "Debit note", §4, §5, §7 "Debit notes"; docs/documents.md «Notas de débito»):
// goods of a purchase go back to the supplier at the cost they were bought with, stock leaves at its
// average, the journal reverses the purchase (the difference to purchase returns), and the total lowers
// what the linked purchase owes or the supplier pays it back (never both).
describe.each(MOTORES)('notas de débito (%s)', (motor) => {
  let e: Entorno;
  let admin: string;
  let auxiliar: string;
  let principal: string;
  let mesa: string;
  let proveedor: string;
  let otroProveedor: string;
  let banco: string;
  let ncf = 100;

  async function contacto(nombre: string): Promise<string> {
    const r = await e.api({
      method: 'POST',
      url: '/api/cliente/crear',
      token: admin,
      body: { identificadorUnico: randomUUID(), nombre, rnc: '', tipoDeContacto: 'proveedor' },
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().clientedb._id;
  }

  /** A purchase on credit (nothing paid unless `pagado`) of `cantidad` tables at `costo` each + ITBIS. */
  async function comprar(
    cantidad: number,
    costo: number,
    idProveedor = proveedor,
    pagado = 0,
    cabecera: Json = {},
  ): Promise<Compra> {
    ncf++;
    const r = await e.api({
      method: 'POST',
      url: '/api/compras-proveedores/',
      token: admin,
      body: [
        { idProveedor, ncf: `B01${String(ncf).padStart(8, '0')}`, efectivoRecibido: pagado, ...cabecera },
        [{ idProducto: mesa, cantidad, precio: costo }],
        [],
        [],
        null,
        randomUUID(),
      ],
    });
    expect(r.statusCode, r.body).toBe(200);
    const { compraDb, lineasCompraDb } = r.json();
    return { ...compraDb, lineas: lineasCompraDb };
  }

  async function verCompra(id: string) {
    return (await e.api({ method: 'GET', url: `/api/compras-proveedores/una/${id}`, token: admin })).json();
  }

  function crearNota(cuerpo: Json, token = admin) {
    return e.api({
      method: 'POST',
      url: '/api/notas-de-debito/',
      token,
      body: { identificadorUnico: randomUUID(), ...cuerpo },
    });
  }

  /** A note returning `cantidad` of the purchase's only line, linked to the same purchase. */
  function devolverContraCompra(c: Compra, cantidad: number) {
    return crearNota({
      notaDeDebito: { idCompra: c._id },
      lineasNotasDeDebito: [{ idLineaCompra: c.lineas[0]?._id, cantidad }],
      lineasDebitoCompras: [{ idCompra: c._id }],
    });
  }

  function editar(id: string, cuerpo: Json) {
    return e.api({
      method: 'PUT',
      url: `/api/notas-de-debito/${id}`,
      token: admin,
      body: { notaDeDebito: {}, ...cuerpo },
    });
  }

  async function costoPromedio(): Promise<number> {
    const [fila] = await e.db.consultarComoDueno<{ costo: string }>(
      sql`select costo_promedio as costo from productos where tenant_id = 1 and id = ${mesa}`,
    );
    return Number(fila?.costo);
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

  beforeAll(async () => {
    e = await crearEntorno(motor);
    admin = await e.login();
    principal = (await e.api({ method: 'GET', url: '/api/almacen/principal', token: admin })).json()._id;
    // No initial stock: the first purchase sets the average cost.
    const producto = await e.api({
      method: 'POST',
      url: '/api/registro-productos/',
      token: admin,
      body: [
        {
          idCodigoDeBarra: 'ND-MESA',
          nombre: 'Mesa plegable',
          precioDeVenta: 1500,
          costo: 0,
          impuestos: [ITBIS],
        },
        [{ idAlmacen: principal, cantidadInicial: 0, cantidadMinima: 0 }],
        randomUUID(),
      ],
    });
    expect(producto.statusCode, producto.body).toBe(200);
    mesa = producto.json().producto._id;
    const asignacion = (
      await e.api({ method: 'GET', url: '/api/asignacion-de-cuentas-contables', token: admin })
    ).json();
    banco = asignacion.bancos.idCuenta;
    const r = await e.api({
      method: 'POST',
      url: '/api/users/',
      token: admin,
      body: {
        username: 'auxiliar-compras',
        password: 'clave-de-prueba-1',
        privilegios: {
          compras: { acceso: true, crear: true, modificar: false, ver: true },
          notasDeDebito: { acceso: true, crear: true, modificar: false, ver: true },
        },
      },
    });
    expect(r.statusCode, r.body).toBe(200);
    auxiliar = await e.login(1, 'auxiliar-compras', 'clave-de-prueba-1');
    proveedor = await contacto('Muebles del Cibao');
    otroProveedor = await contacto('Maderas Tavárez');
    // Two purchases at 500 and 700: 20 tables at an average of 600.
    await comprar(10, 500);
    await comprar(10, 700);
    expect(await costoPromedio()).toBe(600);
  }, 120_000);

  afterAll(async () => {
    await e?.cerrar();
  });

  it('contra la compra: ncfModificado, la existencia sale al promedio, el asiento cuadra y la compra debe menos', async () => {
    const c = await comprar(5, 600);
    const antes = await existencia(e, mesa, principal);
    expect((await verCompra(c._id)).pendiente).toBe(3540);
    const r = await devolverContraCompra(c, 2);
    expect(r.statusCode, r.body).toBe(200);
    const { notaDeDebitoDb: nota, lineasNotasDeDebito, lineasDebitoCompras, solicitudDuplicada } = r.json();
    expect(solicitudDuplicada).toBe(false);
    expect(nota).toMatchObject({
      idCompra: c._id,
      ncfModificado: c.ncf,
      idCliente: proveedor,
      nombre: 'Muebles del Cibao',
      tipoDeNotasDeDebito: 2,
      subtotal: 1200,
      impuestos: 216,
      totalGral: 1416,
      montoAplicado: 1416,
      montoDevuelto: 0,
      montoPorCobrar: 0,
      costoTotal: 1200,
      costoDeSalida: 1200,
      estado: 'Activo',
    });
    expect(nota.comprobante).not.toBe('');
    expect(lineasNotasDeDebito).toEqual([
      expect.objectContaining({
        idLineaCompra: c.lineas[0]?._id,
        idProducto: mesa,
        cantidad: 2,
        total: 1416,
      }),
    ]);
    expect(lineasDebitoCompras).toEqual([expect.objectContaining({ idCompra: c._id, monto: 1416 })]);
    const despues = await existencia(e, mesa, principal);
    expect(despues.disponibilidad).toBe(antes.disponibilidad - 2);
    expect(despues.sumaDeMovimientos).toBe(despues.disponibilidad);
    const [movimiento] = await e.db.consultarComoDueno<{ costo_unitario: string; tipo_documento: string }>(
      sql`select costo_unitario, tipo_documento from movimientos_de_inventario
          where tenant_id = 1 and id_documento = ${nota._id}`,
    );
    expect(movimiento).toMatchObject({ tipo_documento: 'devolucionDeCompra' });
    expect(Number(movimiento?.costo_unitario)).toBe(600);
    const [asiento] = await asientosDe(nota._id);
    expect(Number(asiento?.debitos)).toBe(Number(asiento?.creditos));
    expect(await netoPorClave(nota._id)).toMatchObject({
      cuentasPorPagarProveedores: 1416,
      inventario: -1200,
      itbisAdelantado: -216,
    });
    // Spec 001 §3 "Purchase": the detail tells what debit notes applied (montoNotaDeDebitoRef).
    expect(await verCompra(c._id)).toMatchObject({ pendiente: 3540 - 1416, montoNotaDeDebitoRef: 1416 });
  });

  it('una compra con el ITBIS al costo: costoTotal y el asiento cuentan ese ITBIS como costo, la regla de la compra', async () => {
    const c = await comprar(2, 500, proveedor, 0, { itbisAlCosto: true });
    const r = await devolverContraCompra(c, 1);
    expect(r.statusCode, r.body).toBe(200);
    const nota = r.json().notaDeDebitoDb;
    // The purchase put 500 + 90 ITBIS into inventory per table; its return takes back that same cost.
    expect(nota).toMatchObject({ totalGral: 590, montoAplicado: 590, costoTotal: 590 });
    const neto = await netoPorClave(nota._id);
    expect(neto.itbisAdelantado ?? 0).toBe(0);
    expect(neto).toMatchObject({
      cuentasPorPagarProveedores: 590,
      inventario: -nota.costoDeSalida,
      devolucionesEnCompras: -Math.round((nota.costoTotal - nota.costoDeSalida) * 100) / 100,
    });
  });

  it('lo comprado más caro que el promedio: el inventario sale al promedio y la diferencia va a devoluciones en compras', async () => {
    const c = await comprar(4, 900);
    const promedio = await costoPromedio();
    const r = await devolverContraCompra(c, 1);
    expect(r.statusCode, r.body).toBe(200);
    const nota = r.json().notaDeDebitoDb;
    const salida = Math.round(promedio * 100) / 100;
    expect(nota).toMatchObject({ costoTotal: 900, costoDeSalida: salida });
    const neto = await netoPorClave(nota._id);
    expect(neto).toMatchObject({
      cuentasPorPagarProveedores: 1062,
      inventario: -salida,
      itbisAdelantado: -162,
      devolucionesEnCompras: -Math.round((900 - salida) * 100) / 100,
    });
    expect(Object.values(neto).reduce((a, b) => a + b, 0)).toBeCloseTo(0, 2);
    // The average does not move on a return out.
    expect(await costoPromedio()).toBe(promedio);
  });

  it('una compra vinculada o devoluciones de dinero, nunca ambas; una sola compra y nunca repetida (spec 001 §5)', async () => {
    const c = await comprar(3, 500);
    const otra = await comprar(1, 500);
    const linea = [{ idLineaCompra: c.lineas[0]?._id, cantidad: 1 }];
    const base = { notaDeDebito: { idCompra: c._id }, lineasNotasDeDebito: linea };
    const ambas = await crearNota({
      ...base,
      lineasDebitoCompras: [{ idCompra: c._id }],
      lineasDevoluciones: [{ importe: 100 }],
    });
    expect(ambas.statusCode).toBe(400);
    expect(ambas.json().message).toContain(MENSAJE_DEBITO_A_COMPRA);
    const dos = await crearNota({
      ...base,
      lineasDebitoCompras: [{ idCompra: c._id }, { idCompra: otra._id }],
    });
    expect(dos.statusCode).toBe(400);
    expect(dos.json().message).toContain(MENSAJE_UNA_SOLA_COMPRA);
    const repetida = await crearNota({
      ...base,
      lineasDebitoCompras: [{ idCompra: c._id }, { idCompra: c._id }],
    });
    expect(repetida.statusCode).toBe(400);
    expect(repetida.json().message).toContain(MENSAJE_COMPRA_REPETIDA);
    // On an edit, what is added to the saved note came last: a money return added to a linked purchase…
    const vinculada = await crearNota({ ...base, lineasDebitoCompras: [{ idCompra: c._id }] });
    expect(vinculada.statusCode, vinculada.body).toBe(200);
    const conDevolucion = await editar(vinculada.json().notaDeDebitoDb._id, {
      actualizarLineasDevoluciones: [{ importe: 50 }],
    });
    expect(conDevolucion.statusCode).toBe(400);
    expect(conDevolucion.json().message).toContain(MENSAJE_DEBITO_A_COMPRA);
    // …and a purchase linked to a note with money returns.
    const pagada = await comprar(2, 500, proveedor, 1180);
    const enDinero = await crearNota({
      notaDeDebito: { idCompra: pagada._id },
      lineasNotasDeDebito: [{ idLineaCompra: pagada.lineas[0]?._id, cantidad: 1 }],
      lineasDevoluciones: [{ importe: 590, cuentaContableDebito: { idCuenta: banco } }],
    });
    expect(enDinero.statusCode, enDinero.body).toBe(200);
    const conCompra = await editar(enDinero.json().notaDeDebitoDb._id, {
      actualizarLineasComprasVinculadas: [{ idCompra: pagada._id }],
    });
    expect(conCompra.statusCode).toBe(400);
    expect(conCompra.json().message).toContain(MENSAJE_CREDITO_A_FACTURA);
    // A linked purchase of another supplier is refused too.
    const ajena = await comprar(1, 500, otroProveedor);
    const deOtro = await crearNota({ ...base, lineasDebitoCompras: [{ idCompra: ajena._id }] });
    expect(deOtro.statusCode).toBe(400);
    expect(deOtro.json().message).toContain('es de otro proveedor');
  });

  it('devolución en dinero: el proveedor paga a la cuenta elegida; lo que ni se aplica ni se devuelve queda por cobrar', async () => {
    const c = await comprar(2, 500, proveedor, 1180);
    const r = await crearNota({
      notaDeDebito: { idCompra: c._id },
      lineasNotasDeDebito: [{ idLineaCompra: c.lineas[0]?._id, cantidad: 1 }],
      lineasDevoluciones: [
        { importe: 400, cuentaContableDebito: { idCuenta: banco }, nota: 'Transferencia' },
      ],
    });
    expect(r.statusCode, r.body).toBe(200);
    const { notaDeDebitoDb: nota, lineasDevoluciones } = r.json();
    expect(nota).toMatchObject({ totalGral: 590, montoAplicado: 0, montoDevuelto: 400, montoPorCobrar: 190 });
    expect(lineasDevoluciones).toEqual([
      expect.objectContaining({
        importe: 400,
        cuentaContableDebito: expect.objectContaining({ idCuenta: banco }),
      }),
    ]);
    // Inventory leaves at the average; the rest of what the table cost (500) is the purchase return.
    expect(nota.costoTotal).toBe(500);
    const neto = await netoPorClave(nota._id);
    expect(neto).toMatchObject({
      bancos: 400,
      anticiposAProveedores: 190,
      inventario: -nota.costoDeSalida,
      itbisAdelantado: -90,
    });
    expect(neto.devolucionesEnCompras ?? 0).toBeCloseTo(nota.costoDeSalida - 500, 2);
    const demas = await crearNota({
      notaDeDebito: { idCompra: c._id },
      lineasNotasDeDebito: [{ idLineaCompra: c.lineas[0]?._id, cantidad: 1 }],
      lineasDevoluciones: [{ importe: 600 }],
    });
    expect(demas.statusCode).toBe(400);
    expect(demas.json().message).toContain('Las devoluciones suman');
  });

  it('no devuelve más de lo comprado menos lo ya devuelto por las notas vigentes; GET devuelto lee la misma regla', async () => {
    const c = await comprar(5, 500);
    const idLinea = c.lineas[0]?._id;
    const devuelto = (consulta = '', token = admin) =>
      e.api({ method: 'GET', url: `/api/notas-de-debito/devuelto/${c._id}${consulta}`, token });
    expect((await devuelto()).json()).toEqual({
      pendiente: 2950,
      lineas: [{ idLineaCompra: idLinea, comprada: 5, devuelta: 0 }],
    });
    const demas = await devolverContraCompra(c, 6);
    expect(demas.statusCode).toBe(409);
    expect(demas.json().message).toContain('quedan 5 por devolver');
    const vigente = (await devolverContraCompra(c, 3)).json().notaDeDebitoDb;
    const otra = await devolverContraCompra(c, 3);
    expect(otra.statusCode).toBe(409);
    expect(otra.json().message).toContain('quedan 2 por devolver');
    const leido = (await devuelto()).json();
    expect(leido).toEqual({
      pendiente: 2950 - 1770,
      lineas: [{ idLineaCompra: idLinea, comprada: 5, devuelta: 3 }],
    });
    // The note being edited is left out, as its edit leaves it out (and gives back what it applied).
    expect((await devuelto(`?excepto=${vigente._id}`)).json()).toEqual({
      pendiente: 2950,
      lineas: [{ idLineaCompra: idLinea, comprada: 5, devuelta: 0 }],
    });
    expect((await devuelto('', auxiliar)).statusCode).toBe(200);
    expect((await devuelto('?excepto=x')).statusCode).toBe(400);
    const ajena = await e.api({
      method: 'GET',
      url: `/api/notas-de-debito/devuelto/${randomUUID()}`,
      token: admin,
    });
    expect(ajena.statusCode).toBe(404);
    expect((await devolverContraCompra(c, 2)).statusCode).toBe(200);
  });

  it.runIf(motor === 'postgres')(
    'dos notas a la vez sobre la misma compra no devuelven más de lo comprado',
    async () => {
      const c = await comprar(5, 500);
      const antes = await existencia(e, mesa, principal);
      // A second connection holds the purchase until both requests wait on it, so they truly overlap.
      const [base] = await e.db.consultarComoDueno<{ nombre: string }>(
        sql`select current_database() as nombre`,
      );
      const url = new URL(process.env.DATABASE_URL ?? '');
      url.pathname = `/${base?.nombre}`;
      const conexion = new pg.Client({ connectionString: url.toString() });
      await conexion.connect();
      await conexion.query('BEGIN');
      await conexion.query('select id from compras where id = $1 for update', [c._id]);
      const respuestas = Promise.all([devolverContraCompra(c, 3), devolverContraCompra(c, 3)]);
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
      // Refused by the returns rule: the purchase lock made it wait and read what the first returned.
      expect(segunda?.statusCode).toBe(409);
      expect(segunda?.json().message).toContain('quedan 2 por devolver');
      expect((await existencia(e, mesa, principal)).disponibilidad).toBe(antes.disponibilidad - 3);
    },
  );

  it('anular (directo o al aprobar la solicitud) deshace existencia, asiento y saldo; un reintento responde la misma', async () => {
    const c = await comprar(4, 600);
    const antes = await existencia(e, mesa, principal);
    const promedio = await costoPromedio();
    const cuerpo = {
      identificadorUnico: randomUUID(),
      notaDeDebito: { idCompra: c._id },
      lineasNotasDeDebito: [{ idLineaCompra: c.lineas[0]?._id, cantidad: 1 }],
      lineasDebitoCompras: [{ idCompra: c._id }],
    };
    const r = await crearNota(cuerpo);
    expect(r.statusCode, r.body).toBe(200);
    const otra = await crearNota(cuerpo);
    expect(otra.json()).toMatchObject({
      solicitudDuplicada: true,
      notaDeDebitoDb: { _id: r.json().notaDeDebitoDb._id },
    });
    const nota = r.json().notaDeDebitoDb;
    expect((await existencia(e, mesa, principal)).disponibilidad).toBe(antes.disponibilidad - 1);
    expect((await verCompra(c._id)).pendiente).toBe(2832 - 708);
    // A user without anularYEliminarDocumentos files a request; it still counts until approved.
    const solicitada = await e.api({
      method: 'PUT',
      url: `/api/notas-de-debito/anular/${nota._id}`,
      token: auxiliar,
      body: { notaAnular: 'Error de digitación' },
    });
    expect(solicitada.statusCode, solicitada.body).toBe(200);
    expect(solicitada.json()).toMatchObject({
      resultado: 'solicitada',
      notaDeDebitoDb: { estado: 'Por-Anular' },
    });
    expect((await existencia(e, mesa, principal)).disponibilidad).toBe(antes.disponibilidad - 1);
    const pendientes = await e.api({
      method: 'POST',
      url: '/api/users/solicitud-Anulacion/',
      token: admin,
      body: { estado: 'Pendiente', page: 1, limit: 50 },
    });
    expect(pendientes.json().data).toContainEqual(
      expect.objectContaining({ tipoDocumento: 'notaDeDebito', idDocumento: nota._id, total: 708 }),
    );
    const auditoria = await e.api({
      method: 'POST',
      url: '/api/notas-de-debito/todas',
      token: admin,
      body: { buscarPorEstado: true },
    });
    expect((auditoria.json().res as Json[]).some((n) => n._id === nota._id)).toBe(true);
    const aprobada = await e.api({
      method: 'PUT',
      url: `/api/notas-de-debito/anular/${nota._id}`,
      token: admin,
      body: { autorizacion: 'Aprobada' },
    });
    expect(aprobada.json()).toMatchObject({ resultado: 'aprobada', notaDeDebitoDb: { estado: 'Anulado' } });
    const despues = await existencia(e, mesa, principal);
    expect(despues.disponibilidad).toBe(antes.disponibilidad);
    expect(despues.sumaDeMovimientos).toBe(despues.disponibilidad);
    expect(await costoPromedio()).toBe(promedio);
    expect(await verCompra(c._id)).toMatchObject({ pendiente: 2832, montoNotaDeDebitoRef: 0 });
    const asientos = await asientosDe(nota._id);
    expect(asientos.map((a) => a.revierte)).toEqual([false, true]);
    expect(Object.values(await netoPorClave(nota._id)).every((neto) => neto === 0)).toBe(true);
    // Cancelled, its quantity can be returned again.
    expect((await devolverContraCompra(c, 4)).statusCode).toBe(200);
  });

  it('la demo trae una nota de débito vigente sobre una compra demo, que baja lo que esa compra debe', async () => {
    const [demo] = await e.db.consultarComoDueno<{ id: string; id_compra: string; monto_aplicado: string }>(
      sql`select id, id_compra, monto_aplicado from notas_de_debito
          where tenant_id = 1 and identificador_unico = 'demo-nota-de-debito-1' and estado = 'Activo'`,
    );
    expect(demo).toBeDefined();
    expect(Number(demo?.monto_aplicado)).toBeGreaterThan(0);
    expect((await verCompra(demo?.id_compra ?? '')).montoNotaDeDebitoRef).toBe(Number(demo?.monto_aplicado));
    const [asiento] = await asientosDe(demo?.id ?? '');
    expect(Number(asiento?.debitos)).toBe(Number(asiento?.creditos));
  });

  it('GET /notas-de-debito/pdf/{id}: su número, el NCF modificado, lo devuelto y a dónde fue el total', async () => {
    const c = await comprar(2, 500);
    const r = await crearNota({
      notaDeDebito: { idCompra: c._id, notaPieDePagina: 'Devueltas por defecto de fábrica' },
      lineasNotasDeDebito: [{ idLineaCompra: c.lineas[0]?._id, cantidad: 1, nota: 'Pata rota' }],
      lineasDebitoCompras: [{ idCompra: c._id }],
    });
    expect(r.statusCode, r.body).toBe(200);
    const nota = r.json().notaDeDebitoDb;
    const pdf = await e.api({ method: 'GET', url: `/api/notas-de-debito/pdf/${nota._id}`, token: admin });
    expect(pdf.statusCode, pdf.body.slice(0, 300)).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`filename="NotaDeDebito-${nota.comprobante}.pdf"`);
    const texto = textoDelPdf(pdf.rawPayload);
    expect(texto).toContain('NOTA DE DÉBITO');
    expect(texto).toContain(nota.comprobante);
    expect(texto).toContain('NCF modificado');
    expect(texto).toContain(c.ncf);
    expect(texto).toContain('Pata rota');
    expect(texto).toContain(`Aplicado a la compra ${c.comprobante}`);
    // A purchasing document (the kit's lado 'compra'): supplier and cost, never customer and price.
    expect(texto).toContain('PROVEEDOR');
    expect(texto).toContain('Costos sin ITBIS');
    expect(texto).not.toContain('CLIENTE');
    expect(texto).not.toContain('Precio');
    const ajena = await e.api({
      method: 'GET',
      url: `/api/notas-de-debito/pdf/${randomUUID()}`,
      token: admin,
    });
    expect(ajena.statusCode).toBe(404);
  });

  it('editar reescribe líneas, totales y efectos; eliminar los deshace y deja la nota anulada', async () => {
    const c = await comprar(5, 600);
    const antes = await existencia(e, mesa, principal);
    const r = await devolverContraCompra(c, 3);
    expect(r.statusCode, r.body).toBe(200);
    const { notaDeDebitoDb: nota, lineasNotasDeDebito } = r.json();
    const editada = await editar(nota._id, {
      notaDeDebito: { notaPieDePagina: 'Solo una mesa llegó rota' },
      actualizarLineasNotasDeDebito: [
        { _id: lineasNotasDeDebito[0]._id, idLineaCompra: c.lineas[0]?._id, cantidad: 1 },
      ],
    });
    expect(editada.statusCode, editada.body).toBe(200);
    expect(editada.json().notaDeDebitoDb).toMatchObject({
      comprobante: nota.comprobante,
      totalGral: 708,
      montoAplicado: 708,
      notaPieDePagina: 'Solo una mesa llegó rota',
    });
    expect((await existencia(e, mesa, principal)).disponibilidad).toBe(antes.disponibilidad - 1);
    expect((await verCompra(c._id)).pendiente).toBe(3540 - 708);
    expect(await netoPorClave(nota._id)).toMatchObject({ cuentasPorPagarProveedores: 708 });
    // The edit does not count the note's own returns: 4 are left.
    expect((await devolverContraCompra(c, 5)).json().message).toContain('quedan 4 por devolver');
    const eliminada = await e.api({
      method: 'DELETE',
      url: `/api/notas-de-debito/${nota._id}`,
      token: admin,
    });
    expect(eliminada.statusCode, eliminada.body).toBe(200);
    expect(eliminada.json().notaDeDebitoDb).toMatchObject({
      estado: 'Anulado',
      notaAnular: 'Eliminado por admin',
    });
    expect((await existencia(e, mesa, principal)).disponibilidad).toBe(antes.disponibilidad);
    expect((await verCompra(c._id)).pendiente).toBe(3540);
    const lista = await e.api({ method: 'POST', url: '/api/notas-de-debito/todas', token: admin, body: {} });
    expect((lista.json().res as Json[]).some((n) => n._id === nota._id)).toBe(false);
  });
});
