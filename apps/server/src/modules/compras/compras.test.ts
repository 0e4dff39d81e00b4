import { randomUUID } from 'node:crypto';
import {
  MENSAJE_COMPRA_CON_NOTAS_DE_DEBITO,
  MENSAJE_COMPRA_CON_NOTAS_DE_DEBITO_ELIMINAR,
  MENSAJE_COMPRA_CON_NOTAS_DE_DEBITO_MODIFICAR,
  MENSAJE_COMPRA_CON_PAGOS,
  MENSAJE_COMPRA_CON_PAGOS_ELIMINAR,
  MENSAJE_COMPRA_CON_PAGOS_MODIFICAR,
  MENSAJE_NCF_DEL_COMPRADOR,
  MENSAJE_NCF_OBLIGATORIO,
  MENSAJE_NCF_REPETIDO,
  MENSAJE_ORDEN_DE_COMPRA_YA_EXISTE,
  MENSAJE_PROVEEDOR_OBLIGATORIO,
} from '@pos/contract';
import { aCentavos, MENSAJE_SIN_ITBIS } from '@pos/domain';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ctx } from '../../http/handle.ts';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';
import { aplicar } from '../cartera/service.ts';

type Json = Record<string, unknown>;
const ITBIS = { name: 'Itbis 18%', tipoDeImpuesto: 'itbis', tasa: 0.18 };

// Purchases (spec 001 §3 "Purchase", §4, §5, §7 "Purchases"; docs/documents.md «Compras»): stock in at cost
// and the weighted average, the journal, the payables ledger and its payment status, the 606's NCF rules.
describe.each(MOTORES)('compras (%s)', (motor) => {
  let e: Entorno;
  let admin: string;
  let principal: string;
  let proveedor: Json;
  let otroProveedor: Json;
  let siguienteNcf = 1;

  const ncf = () => `B01${String(siguienteNcf++).padStart(8, '0')}`;

  async function producto(codigo: string, costo: number, datos: Json = {}, inicial = 10): Promise<string> {
    const r = await e.api({
      method: 'POST',
      url: '/api/registro-productos/',
      token: admin,
      body: [
        {
          idCodigoDeBarra: codigo,
          nombre: `Producto ${codigo}`,
          precioDeVenta: costo * 2,
          costo,
          impuestos: [ITBIS],
          ...datos,
        },
        [{ idAlmacen: principal, cantidadInicial: inicial, cantidadMinima: 0 }],
        randomUUID(),
      ],
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().producto._id;
  }

  async function contacto(nombre: string, rnc: string, tipoDeIdentificacion = 'RNC'): Promise<Json> {
    const r = await e.api({
      method: 'POST',
      url: '/api/cliente/crear',
      token: admin,
      body: {
        identificadorUnico: randomUUID(),
        nombre,
        tipoDeIdentificacion,
        rnc,
        tipoDeContacto: 'proveedor',
      },
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().clientedb;
  }

  function comprar(
    lineas: Json[],
    cabecera: Json = {},
    extra: { retenciones?: Json[]; ordenes?: unknown[]; total?: number | null; id?: string } = {},
  ) {
    return e.api({
      method: 'POST',
      url: '/api/compras-proveedores/',
      token: admin,
      body: [
        { idProveedor: proveedor._id, ncf: ncf(), ...cabecera },
        lineas,
        extra.retenciones ?? [],
        extra.ordenes ?? [],
        extra.total ?? null,
        extra.id ?? randomUUID(),
      ],
    });
  }

  /** PUT of a purchase as it is (its header and lines unchanged). */
  function editarCompra(detalle: { compraDb: Json; lineasCompraDb: Json[] }) {
    return e.api({
      method: 'PUT',
      url: `/api/compras-proveedores/${detalle.compraDb._id}`,
      token: admin,
      body: [
        { idProveedor: proveedor._id, ncf: detalle.compraDb.ncf },
        [],
        detalle.lineasCompraDb.map((l) => ({
          _id: l._id,
          idProducto: l.idProducto,
          cantidad: Number(l.cantidad),
          precio: Number(l.precio),
        })),
        [],
        [],
        null,
      ],
    });
  }

  async function stockYCosto(idProducto: string) {
    const [fila] = await e.db.consultarComoDueno<{ stock: string; costo_promedio: string }>(
      sql`select (select coalesce(sum(disponibilidad), 0) from productos_almacenes
                  where tenant_id = 1 and id_producto = ${idProducto}) as stock, costo_promedio
          from productos where tenant_id = 1 and id = ${idProducto}`,
    );
    return { stock: Number(fila?.stock), costoPromedio: fila?.costo_promedio ?? '' };
  }

  /** Net per assigned account key of the purchase's entries (debit − credit), and the entries' sums. */
  async function diario(idDocumento: string) {
    const filas = await e.db.consultarComoDueno<{
      clave: string;
      neto: string;
      debitos: string;
      creditos: string;
    }>(
      sql`select coalesce(s.clave, l.id_cuenta::text) as clave, sum(l.debito - l.credito) as neto,
            sum(l.debito) as debitos, sum(l.credito) as creditos
          from asientos_contables a join lineas_asiento l on l.tenant_id = a.tenant_id and l.id_asiento = a.id
          left join asignacion_cuentas_contables s on s.tenant_id = l.tenant_id and s.id_cuenta = l.id_cuenta
          where a.tenant_id = 1 and a.id_documento = ${idDocumento}
          group by coalesce(s.clave, l.id_cuenta::text)`,
    );
    return {
      neto: Object.fromEntries(
        filas.filter((f) => Number(f.neto) !== 0).map((f) => [f.clave, Number(f.neto)]),
      ),
      debitos: filas.reduce((s, f) => s + aCentavos(f.debitos), 0),
      creditos: filas.reduce((s, f) => s + aCentavos(f.creditos), 0),
    };
  }

  async function una(id: string) {
    const r = await e.api({ method: 'GET', url: `/api/compras-proveedores/una/${id}`, token: admin });
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  }

  async function retencion(nombre: string, tipoRetencion: 'isr' | 'itbis', porcentaje: number) {
    const r = await e.api({
      method: 'POST',
      url: '/api/lista-de-retenciones',
      token: admin,
      body: { identificadorUnico: randomUUID(), nombre, tipoRetencion, porcentaje },
    });
    expect(r.statusCode, r.body).toBe(200);
    return (r.json().retencion ?? r.json())._id as string;
  }

  function pagar(idCompra: string, monto: number) {
    return e.db.enEmpresa(1, (tx) =>
      aplicar({ tx, tenantId: 1 } as unknown as Ctx, [
        {
          tipoDestino: 'compra',
          idDestino: idCompra,
          tipoOrigen: 'egreso',
          idOrigen: randomUUID(),
          monto: aCentavos(monto),
          fecha: '2026-01-15',
          metodo: 'Efectivo',
        },
      ]),
    );
  }

  beforeAll(async () => {
    e = await crearEntorno(motor);
    admin = await e.login();
    principal = (await e.api({ method: 'GET', url: '/api/almacen/principal', token: admin })).json()._id;
    proveedor = await contacto('Distribuidora Compras Prueba', '101000001');
    otroProveedor = await contacto('Ferretería Otro Proveedor', '130000001');
  }, 120_000);

  afterAll(async () => {
    await e?.cerrar();
  });

  it('la empresa demo trae compras: a crédito con su orden, con pago parcial y una informal B11 con retención', async () => {
    const lista = await e.api({
      method: 'POST',
      url: '/api/compras-proveedores/lista-de-compras',
      token: admin,
      body: { page: 1, limit: 50 },
    });
    expect(lista.statusCode, lista.body).toBe(200);
    const porProveedor = new Map(lista.json().res.map((c: Json) => [c.nombre, c]));
    const credito = porProveedor.get('Distribuidora Caribe de Alimentos SRL') as Json;
    expect(credito.plazoPagos).toBe(30);
    expect((await una(credito._id as string)).ordenDeCompraVinculadas).toHaveLength(1);
    expect((porProveedor.get('Embotelladora del Cibao SRL') as Json).efectivoRecibido).toBe(1500);
    const informal = porProveedor.get('Rafael Antonio Díaz Hernández') as Json;
    expect(informal.comprobante).toMatch(/^B11\d{8}$/);
    expect(informal.ncf).toBe(informal.comprobante);
    expect(informal.totalRetenciones).toBe(180);
  });

  it('una compra sube el inventario a su costo neto de descuento y recalcula el costo promedio ponderado', async () => {
    const id = await producto('CMP-PROM', 100);
    expect(await stockYCosto(id)).toEqual({ stock: 10, costoPromedio: '100.000000000000' });
    // 10 units at 250 less 20% = 200 each: (10 × 100 + 10 × 200) / 20 = 150.
    const r = await comprar([{ idProducto: id, cantidad: 10, precio: 250, descuento: 0.2 }]);
    expect(r.statusCode, r.body).toBe(200);
    const compra = r.json();
    expect(compra.compraDb.subtotal).toBe(2000);
    expect(compra.compraDb.itbis).toBe(360);
    expect(compra.compraDb.totalGral).toBe(2360);
    expect(compra.compraDb.comprobante).toMatch(/^CMP/);
    expect(await stockYCosto(id)).toEqual({ stock: 20, costoPromedio: '150.000000000000' });
    // Paid in cash at once (default Efectivo, efectivoRecibido 0 = all owed): Dr inventory 2000 +
    // ITBIS 360, Cr payable 2360.
    const d = await diario(compra.compraDb._id);
    expect(d.neto).toEqual({ inventario: 2000, itbisAdelantado: 360, cuentasPorPagarProveedores: -2360 });
  });

  it('con ITBIS al costo, el ITBIS entra en el costo del inventario y no se adelanta', async () => {
    const id = await producto('CMP-ALCOSTO', 100, {}, 0);
    const r = await comprar([{ idProducto: id, cantidad: 4, precio: 100 }], { itbisAlCosto: true });
    expect(r.statusCode, r.body).toBe(200);
    expect(await stockYCosto(id)).toEqual({ stock: 4, costoPromedio: '118.000000000000' });
    expect((await diario(r.json().compraDb._id)).neto).toEqual({
      inventario: 472,
      cuentasPorPagarProveedores: -472,
    });
  });

  it('con retenciones y pago parcial el asiento cuadra: retenciones por pagar, caja y la cuenta por pagar', async () => {
    const isr = await retencion('ISR honorarios 10%', 'isr', 10);
    const itbis30 = await retencion('ITBIS servicios 30%', 'itbis', 30);
    const id = await producto('CMP-RET', 1000, { productoInventariable: false }, 0);
    const r = await comprar(
      [{ idProducto: id, cantidad: 1, precio: 1000 }],
      { efectivoRecibido: 500, metodoDePago: 'Efectivo', plazoPagos: 30, fechaEmision: '2026-03-10' },
      { retenciones: [{ idRetencionSeleccionada: isr }, { idRetencionSeleccionada: itbis30 }], total: 1180 },
    );
    expect(r.statusCode, r.body).toBe(200);
    const compra = r.json();
    // ISR = 1000 × 10% = 100; ITBIS withheld = 180 × 30% = 54; to pay = 1180 − 154 = 1026.
    expect(compra.retenciones.map((x: Json) => x.monto)).toEqual([100, 54]);
    expect(compra.compraDb.totalRetenciones).toBe(154);
    expect(compra.compraDb.montoAPagar).toBe(1026);
    expect(compra.compraDb.vencimiento).toBe('2026-04-09');
    expect(compra.cobrado).toBe(500);
    expect(compra.pendiente).toBe(526);
    expect(compra.compraDb.estadoDePago).toBe('Por Pagar');
    const d = await diario(compra.compraDb._id);
    expect(d.debitos).toBe(d.creditos);
    // A service: the expense (cost account), not inventory; stock does not move.
    expect(d.neto).toEqual({
      costoDeVentas: 1000,
      itbisAdelantado: 180,
      isrRetenidoPorPagar: -100,
      itbisRetenidoPorPagar: -54,
      cajaGeneral: -500,
      cuentasPorPagarProveedores: -526,
    });
    expect((await stockYCosto(id)).stock).toBe(0);
  });

  it('una retención de ITBIS sobre una compra sin ITBIS se rechaza; el total de la pantalla debe ser el del servidor', async () => {
    const itbis = await retencion('ITBIS 100%', 'itbis', 100);
    const id = await producto('CMP-EXENTO', 50, { impuestos: [] }, 0);
    const r = await comprar(
      [{ idProducto: id, cantidad: 1, precio: 50 }],
      {},
      {
        retenciones: [{ idRetencionSeleccionada: itbis }],
      },
    );
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe(MENSAJE_SIN_ITBIS);
    const t = await comprar([{ idProducto: id, cantidad: 1, precio: 50 }], {}, { total: 60 });
    expect(t.statusCode).toBe(400);
    expect(t.json().message).toMatch(
      /^El total de la compra cambió: la pantalla mostraba RD\$60\.00 y el cálculo da RD\$50\.00/,
    );
    const pagoDeMas = await comprar([{ idProducto: id, cantidad: 1, precio: 50 }], { efectivoRecibido: 51 });
    expect(pagoDeMas.statusCode).toBe(400);
    expect(pagoDeMas.json().message).toBe(
      'Lo pagado (RD$51.00) no puede pasar del monto a pagar (RD$50.00).',
    );
  });

  it("el estado de pago pasa de '' a 'Por Pagar' a 'Pagado' según las aplicaciones del libro de cuentas por pagar", async () => {
    const id = await producto('CMP-PAGO', 100, {}, 0);
    const r = await comprar([{ idProducto: id, cantidad: 1, precio: 100 }], { plazoPagos: 15 });
    expect(r.statusCode, r.body).toBe(200);
    const idCompra = r.json().compraDb._id;
    const estado = async () => {
      const lista = await e.api({
        method: 'POST',
        url: '/api/compras-proveedores/lista-de-compras',
        token: admin,
        body: { input: r.json().compraDb.comprobante, page: 1 },
      });
      expect(lista.statusCode, lista.body).toBe(200);
      const fila = lista.json().res.find((c: Json) => c._id === idCompra);
      return [fila.estadoDePago, fila.cobrado, fila.pendiente];
    };
    expect(await estado()).toEqual(['', 0, 118]);
    await pagar(idCompra, 18);
    expect(await estado()).toEqual(['Por Pagar', 18, 100]);
    await expect(pagar(idCompra, 100.01)).rejects.toThrow('A la compra');
    await pagar(idCompra, 100);
    expect(await estado()).toEqual(['Pagado', 118, 0]);
    const detalle = await una(idCompra);
    expect(detalle.listaPagosEgreso.map((p: Json) => p.monto)).toEqual([18, 100]);
    expect(detalle.montoNotaDeDebitoRef).toBe(0);
    // Spec 001 §4, §8: with payments it can be neither cancelled nor deleted.
    const anular = await e.api({
      method: 'PUT',
      url: `/api/compras-proveedores/anular/${idCompra}`,
      token: admin,
      body: { notaAnular: 'Error' },
    });
    expect(anular.statusCode).toBe(409);
    expect(anular.json().message).toBe(MENSAJE_COMPRA_CON_PAGOS);
    // An edit and a delete are refused too, each saying what cannot be done.
    const editar = await editarCompra(r.json());
    expect(editar.statusCode, editar.body).toBe(409);
    expect(editar.json().message).toBe(MENSAJE_COMPRA_CON_PAGOS_MODIFICAR);
    const borrar = await e.api({
      method: 'DELETE',
      url: `/api/compras-proveedores/${idCompra}`,
      token: admin,
    });
    expect(borrar.statusCode).toBe(409);
    expect(borrar.json().message).toBe(MENSAJE_COMPRA_CON_PAGOS_ELIMINAR);
  });

  it('el NCF del proveedor es obligatorio, válido y único por proveedor entre las compras vigentes', async () => {
    const id = await producto('CMP-NCF', 10, {}, 0);
    const linea = [{ idProducto: id, cantidad: 1, precio: 10 }];
    const sinNcf = await comprar(linea, { ncf: '' });
    expect(sinNcf.statusCode).toBe(400);
    expect(sinNcf.json().message).toBe(MENSAJE_NCF_OBLIGATORIO);
    const malo = await comprar(linea, { ncf: 'B99000001' });
    expect(malo.statusCode).toBe(400);
    expect(malo.json().message).toContain('El NCF debe tener 11 caracteres');
    const delComprador = await comprar(linea, { ncf: 'B1100000001' });
    expect(delComprador.json().message).toContain(MENSAJE_NCF_DEL_COMPRADOR);
    const sinProveedor = await comprar(linea, { idProveedor: undefined });
    expect(sinProveedor.json().message).toContain(MENSAJE_PROVEEDOR_OBLIGATORIO);

    const primera = await comprar(linea, { ncf: 'b01-0000 9999' });
    expect(primera.statusCode, primera.body).toBe(200);
    expect(primera.json().compraDb.ncf).toBe('B0100009999');
    const repetida = await comprar(linea, { ncf: 'B0100009999' });
    expect(repetida.statusCode).toBe(409);
    expect(repetida.json().message).toBe(
      `El NCF B0100009999 de este proveedor ya está registrado en la compra ${primera.json().compraDb.comprobante}.`,
    );
    // Another supplier may have the same number; a cancelled purchase frees it.
    const otro = await comprar(linea, { ncf: 'B0100009999', idProveedor: otroProveedor._id });
    expect(otro.statusCode, otro.body).toBe(200);
    const anular = await e.api({
      method: 'PUT',
      url: `/api/compras-proveedores/anular/${primera.json().compraDb._id}`,
      token: admin,
      body: { notaAnular: 'NCF equivocado' },
    });
    expect(anular.statusCode, anular.body).toBe(200);
    expect((await comprar(linea, { ncf: 'B0100009999' })).statusCode).toBe(200);
  });

  it('con la numeración fiscal B11 de un proveedor informal, el NCF es el nuestro y no se escribe', async () => {
    const informal = await contacto('Juan Pérez (informal)', '00100000001', 'Cédula');
    const b11 = await e.api({
      method: 'POST',
      url: '/api/numeracion/',
      token: admin,
      body: {
        identificadorUnico: randomUUID(),
        nombre: 'Compras a informales (prueba)',
        tipoDeDocumento: 'compras',
        perfilesDeTipos: 'B11',
        // After the demo's B11 range (1–100): two ranges of one NCF type never cross (fiscal-do.md §1).
        desde: 101,
        hasta: 200,
        fechaVencimiento: '2099-12-31',
      },
    });
    expect(b11.statusCode, b11.body).toBe(200);
    const id = await producto('CMP-B11', 10, {}, 0);
    const r = await comprar([{ idProducto: id, cantidad: 1, precio: 10 }], {
      idProveedor: informal._id,
      idNumeracion: b11.json()._id,
      ncf: '',
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().compraDb.comprobante).toMatch(/^B11\d{8}$/);
    expect(r.json().compraDb.ncf).toBe(r.json().compraDb.comprobante);
    // fiscal-do.md §2.3: a cédula whose check digit fails is a warning, not a block.
    expect(r.json().advertencias).toEqual([
      'El dígito verificador de la cédula no coincide; verifíquelo en el registro de la DGII',
    ]);
  });

  it('dos numeraciones internas con el mismo prefijo que empiezan en 1 numeran cada una sus compras: el número es único por numeración', async () => {
    // Two fiscal (B11) ranges may not cross (modules/numeracion), internal ones may: same prefix, both from 1.
    const id = await producto('CMP-DOS-B11', 10, {}, 0);
    const numeracion = async (nombre: string) => {
      const r = await e.api({
        method: 'POST',
        url: '/api/numeracion/',
        token: admin,
        body: {
          identificadorUnico: randomUUID(),
          nombre,
          tipoDeDocumento: 'compras',
          prefijo: 'CSU',
        },
      });
      expect(r.statusCode, r.body).toBe(200);
      return r.json()._id as string;
    };
    const primera = await numeracion('Compras sucursal norte (prueba)');
    const segunda = await numeracion('Compras sucursal sur (prueba)');
    const compras = [];
    for (const idNumeracion of [primera, segunda]) {
      const r = await comprar([{ idProducto: id, cantidad: 1, precio: 10 }], { idNumeracion });
      expect(r.statusCode, r.body).toBe(200);
      compras.push(r.json().compraDb);
    }
    expect(compras.map((c) => c.numeroCompra)).toEqual([1, 1]);
    expect(compras[1].comprobante).toBe(compras[0].comprobante);
  });

  it.runIf(motor === 'postgres')(
    'dos compras a la vez con el mismo NCF del proveedor: la segunda recibe el mensaje del NCF repetido',
    async () => {
      const id = await producto('CMP-NCF-CARRERA', 10, {}, 0);
      // A second connection holds the purchase numberings: both requests pass the NCF check and wait to
      // take their number, so the unique index compras_ncf_vigente is what stops the second.
      const [base] = await e.db.consultarComoDueno<{ nombre: string }>(
        sql`select current_database() as nombre`,
      );
      const url = new URL(process.env.DATABASE_URL ?? '');
      url.pathname = `/${base?.nombre}`;
      const conexion = new pg.Client({ connectionString: url.toString() });
      await conexion.connect();
      await conexion.query('BEGIN');
      await conexion.query(
        `select id from numeraciones where tenant_id = 1 and tipo_de_documento = 'compras' for update`,
      );
      const linea = [{ idProducto: id, cantidad: 1, precio: 10 }];
      const respuestas = Promise.all([
        comprar(linea, { ncf: 'B0100055555' }),
        comprar(linea, { ncf: 'B0100055555' }),
      ]);
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
      const [a, b] = await respuestas;
      const estados = [a.statusCode, b.statusCode].sort();
      expect(estados, `${a.body} ${b.body}`).toEqual([200, 409]);
      const perdedora = a.statusCode === 409 ? a : b;
      expect(perdedora.json()).toMatchObject({
        message: MENSAJE_NCF_REPETIDO,
        errores: [{ campo: 'ncf', mensaje: MENSAJE_NCF_REPETIDO }],
      });
    },
    60_000,
  );

  it('un producto bloqueado por inventario no entra en una compra', async () => {
    const id = await producto('CMP-BLOQ', 10, { bloqueoPorInventario: true }, 0);
    const r = await comprar([{ idProducto: id, cantidad: 1, precio: 10 }]);
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe(
      'Producto CMP-BLOQ: El producto está bloqueado por inventario; se necesita un ticket de salida.',
    );
  });

  it('repetir el identificadorUnico devuelve la misma compra (solicitudDuplicada) sin mover dos veces', async () => {
    const id = await producto('CMP-DUP', 10, {}, 0);
    const identificador = randomUUID();
    const primera = await comprar(
      [{ idProducto: id, cantidad: 3, precio: 10 }],
      { ncf: 'B0100077777' },
      { id: identificador },
    );
    const segunda = await comprar(
      [{ idProducto: id, cantidad: 3, precio: 10 }],
      { ncf: 'B0100077777' },
      { id: identificador },
    );
    expect(primera.statusCode, primera.body).toBe(200);
    expect(segunda.statusCode, segunda.body).toBe(200);
    expect(primera.json().solicitudDuplicada).toBe(false);
    expect(segunda.json().solicitudDuplicada).toBe(true);
    expect(segunda.json().compraDb._id).toBe(primera.json().compraDb._id);
    expect((await stockYCosto(id)).stock).toBe(3);
  });

  it('anular devuelve el inventario, el costo promedio y el diario; editar los reescribe', async () => {
    const id = await producto('CMP-ANUL', 100);
    const r = await comprar([{ idProducto: id, cantidad: 10, precio: 200 }]);
    expect(r.statusCode, r.body).toBe(200);
    const compra = r.json().compraDb;
    expect(await stockYCosto(id)).toEqual({ stock: 20, costoPromedio: '150.000000000000' });
    // Edit: 5 units at 400 → (10 × 100 + 5 × 400) / 15 = 200.
    const linea = r.json().lineasCompraDb[0];
    const editada = await e.api({
      method: 'PUT',
      url: `/api/compras-proveedores/${compra._id}`,
      token: admin,
      body: [
        { idProveedor: proveedor._id, ncf: compra.ncf },
        [],
        [{ _id: linea._id, idProducto: id, cantidad: 5, precio: 400 }],
        [],
        [],
        null,
      ],
    });
    expect(editada.statusCode, editada.body).toBe(200);
    expect(await stockYCosto(id)).toEqual({ stock: 15, costoPromedio: '200.000000000000' });
    expect((await diario(compra._id)).neto).toEqual({
      inventario: 2000,
      itbisAdelantado: 360,
      cuentasPorPagarProveedores: -2360,
    });
    const anulada = await e.api({
      method: 'PUT',
      url: `/api/compras-proveedores/anular/${compra._id}`,
      token: admin,
      body: { notaAnular: 'Compra duplicada' },
    });
    expect(anulada.statusCode, anulada.body).toBe(200);
    expect(anulada.json().resultado).toBe('anulada');
    expect(anulada.json().compraDb.estadoDePago).toBe('Anulado');
    expect(await stockYCosto(id)).toEqual({ stock: 10, costoPromedio: '100.000000000000' });
    expect((await diario(compra._id)).neto).toEqual({});
    const sinMotivo = await e.api({
      method: 'PUT',
      url: `/api/compras-proveedores/anular/${(await comprar([{ idProducto: id, cantidad: 1, precio: 1 }])).json().compraDb._id}`,
      token: admin,
      body: {},
    });
    expect(sinMotivo.json().message).toBe('Debes ingresar un motivo para anular la compra');
  });

  it('sin permiso de anular directo se solicita; la aprobación del supervisor deshace inventario y diario', async () => {
    const crear = await e.api({
      method: 'POST',
      url: '/api/users/',
      token: admin,
      body: {
        username: 'comprador-prueba',
        password: 'clave-de-prueba-1',
        privilegios: { compras: { acceso: true, crear: true, modificar: true, ver: true } },
      },
    });
    expect(crear.statusCode, crear.body).toBe(200);
    const comprador = await e.login(1, 'comprador-prueba', 'clave-de-prueba-1');
    const id = await producto('CMP-SOL', 100);
    const r = await comprar([{ idProducto: id, cantidad: 10, precio: 200 }]);
    const idCompra = r.json().compraDb._id;
    const anular = (token: string, body: Json) =>
      e.api({ method: 'PUT', url: `/api/compras-proveedores/anular/${idCompra}`, token, body });
    const solicitada = await anular(comprador, { notaAnular: 'Mercancía devuelta completa' });
    expect(solicitada.statusCode, solicitada.body).toBe(200);
    expect(solicitada.json()).toMatchObject({ resultado: 'solicitada', compraDb: { estado: 'Por-Anular' } });
    expect(await stockYCosto(id)).toEqual({ stock: 20, costoPromedio: '150.000000000000' });
    const aprobada = await anular(admin, { autorizacion: 'Aprobada', notaAutorizacion: 'Ok' });
    expect(aprobada.statusCode, aprobada.body).toBe(200);
    expect(aprobada.json()).toMatchObject({ resultado: 'aprobada', compraDb: { estado: 'Anulado' } });
    expect(await stockYCosto(id)).toEqual({ stock: 10, costoPromedio: '100.000000000000' });
    expect((await diario(idCompra)).neto).toEqual({});
  });

  it('eliminar deshace sus efectos y la saca de la lista; la lista pagina de 14 en 14', async () => {
    const id = await producto('CMP-ELIM', 10, {}, 0);
    const r = await comprar([{ idProducto: id, cantidad: 2, precio: 10 }]);
    const borrar = await e.api({
      method: 'DELETE',
      url: `/api/compras-proveedores/${r.json().compraDb._id}`,
      token: admin,
    });
    expect(borrar.statusCode, borrar.body).toBe(200);
    expect((await stockYCosto(id)).stock).toBe(0);
    const lista = await e.api({
      method: 'POST',
      url: '/api/compras-proveedores/lista-de-compras',
      token: admin,
      body: {},
    });
    expect(lista.statusCode, lista.body).toBe(200);
    expect(lista.json().res.length).toBeLessThanOrEqual(14);
    expect(lista.json().res.some((c: Json) => c._id === r.json().compraDb._id)).toBe(false);
  });

  it('con una nota de débito vigente la compra no se anula ni se elimina', async () => {
    const id = await producto('CMP-ND', 10, {}, 0);
    const r = await comprar([{ idProducto: id, cantidad: 5, precio: 10 }]);
    expect(r.statusCode, r.body).toBe(200);
    const compra = r.json();
    const nota = await e.api({
      method: 'POST',
      url: '/api/notas-de-debito/',
      token: admin,
      body: {
        identificadorUnico: randomUUID(),
        notaDeDebito: { idCompra: compra.compraDb._id },
        lineasNotasDeDebito: [{ idLineaCompra: compra.lineasCompraDb[0]._id, cantidad: 1 }],
        lineasDebitoCompras: [{ idCompra: compra.compraDb._id }],
      },
    });
    expect(nota.statusCode, nota.body).toBe(200);
    await pagar(compra.compraDb._id, 10);
    // listaPagosEgreso lists the payments out only; cobrado and pendiente count the note too.
    expect(await una(compra.compraDb._id)).toMatchObject({
      montoNotaDeDebitoRef: 11.8,
      listaPagosEgreso: [expect.objectContaining({ tipoOrigen: 'egreso', monto: 10 })],
      cobrado: 21.8,
      pendiente: 37.2,
    });
    const editar = await editarCompra(compra);
    expect(editar.statusCode).toBe(409);
    expect(editar.json().message).toBe(MENSAJE_COMPRA_CON_NOTAS_DE_DEBITO_MODIFICAR);
    const anular = await e.api({
      method: 'PUT',
      url: `/api/compras-proveedores/anular/${compra.compraDb._id}`,
      token: admin,
      body: { notaAnular: 'Error' },
    });
    expect(anular.statusCode).toBe(409);
    expect(anular.json().message).toBe(MENSAJE_COMPRA_CON_NOTAS_DE_DEBITO);
    const borrar = await e.api({
      method: 'DELETE',
      url: `/api/compras-proveedores/${compra.compraDb._id}`,
      token: admin,
    });
    expect(borrar.json().message).toBe(MENSAJE_COMPRA_CON_NOTAS_DE_DEBITO_ELIMINAR);
  });

  it('el PDF de la compra se descarga como Compra-{comprobante}.pdf', async () => {
    const id = await producto('CMP-PDF', 10, {}, 0);
    const r = await comprar([{ idProducto: id, cantidad: 1, precio: 10 }]);
    const pdf = await e.api({
      method: 'GET',
      url: `/api/compras-proveedores/pdf/${r.json().compraDb._id}`,
      token: admin,
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`Compra-${r.json().compraDb.comprobante}.pdf`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('una orden de compra se vincula una sola vez', async () => {
    const id = await producto('CMP-OC', 10, {}, 0);
    const orden = await e.api({
      method: 'POST',
      url: '/api/orden-de-compra/',
      token: admin,
      body: {
        idCliente: proveedor._id,
        lineasDeCompraDto: [{ idProducto: id, cantidad: 1, precio: 10 }],
        identificadorUnico: randomUUID(),
      },
    });
    expect(orden.statusCode, orden.body).toBe(200);
    const idOrden = orden.json().ordenCompraDb._id;
    const linea = [{ idProducto: id, cantidad: 1, precio: 10 }];
    const dos = await comprar(linea, {}, { ordenes: [idOrden, idOrden] });
    expect(dos.json().message).toBe(MENSAJE_ORDEN_DE_COMPRA_YA_EXISTE);
    const primera = await comprar(linea, {}, { ordenes: [{ _id: idOrden }] });
    expect(primera.statusCode, primera.body).toBe(200);
    expect(primera.json().ordenDeCompraVinculadas.map((o: Json) => o._id)).toEqual([idOrden]);
    const otra = await comprar(linea, {}, { ordenes: [idOrden] });
    expect(otra.statusCode).toBe(409);
    expect(otra.json().message).toBe(MENSAJE_ORDEN_DE_COMPRA_YA_EXISTE);
  });
});
