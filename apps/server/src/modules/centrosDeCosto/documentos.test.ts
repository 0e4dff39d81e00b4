import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';

type Json = Record<string, unknown>;
const ITBIS = { name: 'Itbis 18%', tipoDeImpuesto: 'itbis', tasa: 0.18 };

// docs/accounting.md «Centros de costo»: a document's cost centre goes on every line of its journal
// entry, and the reversal of a cancellation carries it too, so the entries balance per centre.
describe.each(MOTORES)('el centro de costo de los documentos llega a sus asientos (%s)', (motor) => {
  let e: Entorno;
  let admin: string;
  let centro: string;
  let producto: string;
  let cliente: string;
  let proveedor: string;
  let terminal: string;

  async function post(url: string, body: unknown, method: 'POST' | 'PUT' = 'POST') {
    return e.api({ method, url, token: admin, body });
  }

  async function contacto(nombre: string, rnc: string, tipoDeContacto: string): Promise<string> {
    const r = await post('/api/cliente/crear', {
      identificadorUnico: randomUUID(),
      nombre,
      rnc,
      tipoDeIdentificacion: 'RNC',
      tipoDeContacto,
      limiteCredito: 100_000,
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().clientedb._id;
  }

  async function cuentaAsignada(clave: string): Promise<string> {
    const [fila] = await e.db.consultarComoDueno<{ id_cuenta: string }>(
      sql`select id_cuenta from asignacion_cuentas_contables where tenant_id = 1 and clave = ${clave}`,
    );
    if (!fila) {
      throw new Error(`sin asignación ${clave}`);
    }
    return fila.id_cuenta;
  }

  /** The centre of every line of the document's entries, per entry (original first, then reversals). */
  async function centrosDe(idDocumento: string) {
    const filas = await e.db.consultarComoDueno<{ revierte: boolean; centros: (string | null)[]; n: number }>(
      sql`select a.id_asiento_revertido is not null as revierte, array_agg(l.id_centro_de_costo) as centros,
            count(*)::int as n
          from asientos_contables a join lineas_asiento l on l.tenant_id = a.tenant_id and l.id_asiento = a.id
          where a.tenant_id = 1 and a.id_documento = ${idDocumento}
          group by a.id, a.numero, a.id_asiento_revertido order by a.numero`,
    );
    return filas.map((f) => ({ revierte: f.revierte, centros: [...new Set(f.centros)], lineas: f.n }));
  }

  function esperarCentroEnTodo(asientos: Awaited<ReturnType<typeof centrosDe>>, revertido: boolean) {
    expect(asientos.map((a) => a.revierte)).toEqual(revertido ? [false, true] : [false]);
    for (const asiento of asientos) {
      expect(asiento.lineas).toBeGreaterThan(1);
      expect(asiento.centros).toEqual([centro]);
    }
  }

  beforeAll(async () => {
    e = await crearEntorno(motor);
    admin = await e.login();
    const creado = await post('/api/centro-de-costo/', {
      identificadorUnico: randomUUID(),
      nombre: 'Sucursal de prueba',
    });
    centro = creado.json()._id;
    const principal = (await e.api({ method: 'GET', url: '/api/almacen/principal', token: admin })).json()
      ._id;
    const p = await post('/api/registro-productos/', [
      {
        idCodigoDeBarra: 'CC-0001',
        nombre: 'Producto con centro',
        precioDeVenta: 200,
        costo: 100,
        impuestos: [ITBIS],
      },
      [{ idAlmacen: principal, cantidadInicial: 50, cantidadMinima: 0 }],
      randomUUID(),
    ]);
    expect(p.statusCode, p.body).toBe(200);
    producto = p.json().producto._id;
    cliente = await contacto('Cliente del centro', '101000021', 'cliente');
    proveedor = await contacto('Proveedor del centro', '101000022', 'proveedor');
    const terminales = (
      await e.api({ method: 'GET', url: '/api/terminales/?limit=50', token: admin })
    ).json();
    terminal = (terminales.res as Json[]).find((t) => t.nombre === 'Caja 1')?._id as string;
  }, 120_000);
  afterAll(async () => {
    await e?.cerrar();
  });

  function facturar(cabecera: Json) {
    return post('/api/factura/crear', [
      { identificadorUnico: randomUUID(), idCliente: cliente, efectivoRecibido: 0, ...cabecera },
      [{ idProducto: producto, cantidad: 2 }],
      [],
      null,
      { desdePos: false, idTerminalRef: terminal },
      [],
      { _id: terminal },
      'Efectivo',
      {},
    ]);
  }

  it('factura: en todas las líneas de su asiento y de su reverso al anularla', async () => {
    const r = await facturar({ idCentroDeCosto: centro, centroDeCosto: 'Sucursal de prueba' });
    expect(r.statusCode, r.body).toBe(200);
    const factura = r.json().facturadb;
    expect(factura).toMatchObject({ idCentroDeCosto: centro, centroDeCosto: 'Sucursal de prueba' });
    const anulada = await post(`/api/factura/anular/${factura._id}`, { tipoDeAnulacion: '4' }, 'PUT');
    expect(anulada.statusCode, anulada.body).toBe(200);
    esperarCentroEnTodo(await centrosDe(factura._id), true);
  });

  it('factura: un centro que no existe se rechaza en español y no se escribe nada', async () => {
    const antes = await e.db.consultarComoDueno<{ n: number }>(
      sql`select count(*)::int as n from facturas where tenant_id = 1`,
    );
    const r = await facturar({ idCentroDeCosto: randomUUID() });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe('El centro de costo no existe');
    const despues = await e.db.consultarComoDueno<{ n: number }>(
      sql`select count(*)::int as n from facturas where tenant_id = 1`,
    );
    expect(despues).toEqual(antes);
  });

  it('compra: en todas las líneas de su asiento y de su reverso al anularla', async () => {
    const r = await post('/api/compras-proveedores/', [
      {
        idProveedor: proveedor,
        ncf: 'B0100000777',
        idCentroDeCosto: centro,
        centroDeCosto: 'Sucursal de prueba',
      },
      [{ idProducto: producto, cantidad: 3, precio: 100 }],
      [],
      [],
      null,
      randomUUID(),
    ]);
    expect(r.statusCode, r.body).toBe(200);
    const compra = r.json().compraDb;
    expect(compra.idCentroDeCosto).toBe(centro);
    const anulada = await post(
      `/api/compras-proveedores/anular/${compra._id}`,
      { notaAnular: 'Prueba de centro' },
      'PUT',
    );
    expect(anulada.statusCode, anulada.body).toBe(200);
    esperarCentroEnTodo(await centrosDe(compra._id), true);
  });

  it('recibo de ingreso: en todas las líneas de su asiento y de su reverso al anularlo', async () => {
    const r = await post('/api/ingresos-recibidos/', {
      identificadorUnico: randomUUID(),
      tipoDeIngreso: false,
      idCentroDeCosto: centro,
      res: [
        { cuentaContableCredito: { idCuenta: await cuentaAsignada('ingresosFinancieros') }, importe: 80 },
      ],
    });
    expect(r.statusCode, r.body).toBe(200);
    const id = r.json()[0].idIngresosRef;
    const anulado = await post(
      '/api/ingresos-recibidos/anular/',
      { idIngresosRef: id, notaAnular: 'Prueba' },
      'PUT',
    );
    expect(anulado.statusCode, anulado.body).toBe(200);
    esperarCentroEnTodo(await centrosDe(id), true);
  });

  it('recibo de egreso: en todas las líneas de su asiento y de su reverso al anularlo', async () => {
    const r = await post('/api/recibos-egresos/', {
      identificadorUnico: randomUUID(),
      tipoDeEgreso: false,
      idCentroDeCosto: centro,
      formaDePago: 'Transferencia',
      res: [{ importe: 75, cuentaContableDebito: { idCuenta: await cuentaAsignada('gastosBancarios') } }],
    });
    expect(r.statusCode, r.body).toBe(200);
    const id = r.json()[0].idEgresosRef;
    const anulado = await post(
      '/api/recibos-egresos/anular/',
      { idEgresosRef: id, notaAnular: 'Prueba' },
      'PUT',
    );
    expect(anulado.statusCode, anulado.body).toBe(200);
    esperarCentroEnTodo(await centrosDe(id), true);
    const malo = await post('/api/recibos-egresos/', {
      identificadorUnico: randomUUID(),
      tipoDeEgreso: false,
      idCentroDeCosto: randomUUID(),
      formaDePago: 'Transferencia',
      res: [{ importe: 75, cuentaContableDebito: { idCuenta: await cuentaAsignada('gastosBancarios') } }],
    });
    expect(malo.statusCode).toBe(400);
    expect(malo.json().message).toBe('El centro de costo no existe');
  });
});
