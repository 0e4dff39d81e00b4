import { randomUUID } from 'node:crypto';
import { fechaYHoraEnSantoDomingo } from '@pos/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';
import { CONSULTAS_DE_VENTAS } from './ventas.ts';

// The sales reports over real documents made through the API: invoices (one by the POS cashier, one on
// credit, one with a discount, one cancelled), a credit note returning goods with a money refund; the
// January 2025 documents sit on the period's edges (Dec 31 23:59:59 and Feb 1 00:00:00 Santo Domingo).

const ITBIS = { name: 'Itbis 18%', tipoDeImpuesto: 'itbis', tasa: 0.18 };
const PROPINA = { name: 'Propina 10%', tipoDeImpuesto: 'propina', tasa: 0.1 };
type Json = Record<string, unknown>;
// biome-ignore lint/suspicious/noExplicitAny: report answers are checked against their zod schemas.
type Respuesta = any;

const ENERO = { fechaInicial: '2025-01-01', fechaFinal: '2025-01-31' };
/** The window of every back-dated document: nothing else of the demo company is dated there. */
const VENTANA = { fechaInicial: '2024-12-01', fechaFinal: '2025-02-28' };

const centavos = (valores: number[]) => valores.reduce((s, v) => s + Math.round(v * 100), 0) / 100;

describe.each(MOTORES)('reportes de ventas (%s)', (motor) => {
  let e: Entorno;
  let admin: string;
  let admin2: string;
  let cajera: string;
  let idCajera: string;
  let terminal: string;
  let principal: string;
  let categoria: string;
  let arroz: string;
  let mani: string;
  let plato: string;
  let consumidor: string;
  type Documento = Json & { _id: string; total: number; subtotal: number; impuestos: number };
  const f = {} as Record<
    'diciembre' | 'cajera' | 'credito' | 'descuento' | 'febrero' | 'hoy' | 'anulada',
    Documento
  >;

  function crear(
    factura: Json,
    lineas: Json[],
    token = admin,
  ): Promise<Json & { _id: string; total: number; subtotal: number; impuestos: number }> {
    return e
      .api({
        method: 'POST',
        url: '/api/factura/crear',
        token,
        body: [
          { identificadorUnico: randomUUID(), metodoDePago: 'Efectivo', efectivoRecibido: 5000, ...factura },
          lineas,
          [],
          null,
          { desdePos: false, idTerminalRef: terminal },
          [],
          { _id: terminal },
          'Efectivo',
          {},
        ],
      })
      .then((r) => {
        expect(r.statusCode, r.body).toBe(200);
        return r.json().facturadb;
      });
  }

  async function producto(datos: Json): Promise<string> {
    const r = await e.api({
      method: 'POST',
      url: '/api/registro-productos/',
      token: admin,
      body: [
        { idCodigoDeBarra: `V${randomUUID().replaceAll('-', '').slice(0, 11)}`, ...datos },
        [{ idAlmacen: principal, cantidadInicial: 100, cantidadMinima: 0 }],
        randomUUID(),
      ],
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().producto._id;
  }

  /** A report's answer: through its route once the kit registers it, else its query in a tenant's transaction. */
  async function reporte(id: string, filtro: Json, tenant = 1): Promise<Respuesta> {
    const consulta = CONSULTAS_DE_VENTAS.find((c) => c.declaracion.id === id);
    if (!consulta) {
      throw new Error(`sin consulta ${id}`);
    }
    const { body, path, respuesta } = consulta.declaracion.consulta;
    const url = `/api${path}`;
    if (e.app.hasRoute({ method: 'POST', url })) {
      const r = await e.api({
        method: 'POST',
        url,
        tenant,
        token: tenant === 1 ? admin : admin2,
        body: filtro,
      });
      expect(r.statusCode, r.body).toBe(200);
      return respuesta.parse(r.json());
    }
    const cuerpo = body.parse(filtro);
    return respuesta.parse(
      await e.db.enEmpresa(tenant, (tx) =>
        consulta.consultar({ tx, tenantId: tenant, ip: '127.0.0.1', usuario: null }, cuerpo),
      ),
    );
  }

  /** Net movement (credit − debit) of the accounts assigned to `claves` between two days of the journal. */
  async function diario(claves: string[], desde: string, hasta: string): Promise<number> {
    const [fila] = await e.db.consultarComoDueno<{ neto: string }>(
      sql`select coalesce(sum(l.credito - l.debito), 0) as neto
          from asientos_contables a join lineas_asiento l on l.tenant_id = a.tenant_id and l.id_asiento = a.id
          where a.tenant_id = 1 and a.fecha between ${desde}::date and ${hasta}::date
            and l.id_cuenta in (select s.id_cuenta from asignacion_cuentas_contables s
              where s.tenant_id = 1 and s.clave in ${claves})`,
    );
    return Number(fila?.neto);
  }

  beforeAll(async () => {
    e = await crearEntorno(motor);
    admin = await e.login();
    admin2 = await e.login(2);
    principal = (await e.api({ method: 'GET', url: '/api/almacen/principal', token: admin })).json()._id;
    const terminales = (
      await e.api({ method: 'GET', url: '/api/terminales/?limit=50', token: admin })
    ).json();
    terminal = (terminales.res ?? terminales).find((t: Json) => t.nombre === 'Caja 1')._id;
    const categorias = (
      await e.api({ method: 'GET', url: '/api/categorias-productos/', token: admin })
    ).json();
    categoria = categorias.res[0]._id;
    const usuario = await e.api({
      method: 'POST',
      url: '/api/users/',
      token: admin,
      body: {
        username: 'cajera-reportes',
        password: 'clave-de-prueba-1',
        limiteDescuento: 10,
        privilegios: { facturas: { acceso: true, crear: true, ver: true } },
      },
    });
    expect(usuario.statusCode, usuario.body).toBe(200);
    idCajera = usuario.json()._id;
    cajera = await e.login(1, 'cajera-reportes', 'clave-de-prueba-1');
    arroz = await producto({
      nombre: 'Arroz de reporte',
      precioDeVenta: 118,
      costo: 60,
      impuestos: [ITBIS],
      categoria,
    });
    mani = await producto({ nombre: 'Maní de reporte', precioDeVenta: 50, costo: 20, impuestos: [] });
    plato = await producto({
      nombre: 'Plato del día',
      precioDeVenta: 128,
      impuestos: [ITBIS, PROPINA],
      productoInventariable: false,
      tipo: 'servicio',
    });
    const cliente = await e.api({
      method: 'POST',
      url: '/api/cliente/crear',
      token: admin,
      body: { identificadorUnico: randomUUID(), nombre: 'Cliente de reportes', rnc: '' },
    });
    consumidor = cliente.json().clientedb._id;

    f.diciembre = await crear({ fechaEmision: '2024-12-31', hora: '23:59:59' }, [
      { idProducto: arroz, cantidad: 2 },
      { idProducto: mani, cantidad: 1 },
    ]);
    f.cajera = await crear(
      { fechaEmision: '2025-01-01', hora: '00:00:00' },
      [
        { idProducto: arroz, cantidad: 3 },
        { idProducto: plato, cantidad: 1 },
      ],
      cajera,
    );
    f.credito = await crear(
      { fechaEmision: '2025-01-15', hora: '12:00:00', idCliente: consumidor, efectivoRecibido: 0 },
      [{ idProducto: mani, cantidad: 2 }],
    );
    f.descuento = await crear({ fechaEmision: '2025-01-31', hora: '23:59:59' }, [
      { idProducto: arroz, cantidad: 1, descuento: 0.1 },
    ]);
    f.febrero = await crear({ fechaEmision: '2025-02-01', hora: '00:00:00' }, [
      { idProducto: arroz, cantidad: 1 },
    ]);
    // The credit note returns one rice and the dish of the cashier's sale, refunded in money.
    const lineas = (
      await e.api({ method: 'GET', url: `/api/factura/una/${f.cajera._id}`, token: admin })
    ).json().linea_facturasRef as Json[];
    const nota = await e.api({
      method: 'POST',
      url: '/api/notas-de-credito/',
      token: admin,
      body: {
        identificadorUnico: randomUUID(),
        notaDeCredito: { idFactura: f.cajera._id, fechaEmision: '2025-01-20' },
        lineasNotasDeCredito: lineas.map((l) => ({ idLineaFactura: l._id, cantidad: 1 })),
        lineasDevoluciones: [{ importe: 246 }],
      },
    });
    expect(nota.statusCode, nota.body).toBe(200);
    // Today: the cashier's sale with a discount and her credit sale that the administrator cancels.
    f.hoy = await crear({}, [{ idProducto: mani, cantidad: 1, descuento: 0.05 }], cajera);
    f.anulada = await crear(
      { idCliente: consumidor, efectivoRecibido: 0 },
      [{ idProducto: mani, cantidad: 1 }],
      cajera,
    );
    const anular = await e.api({
      method: 'PUT',
      url: `/api/factura/anular/${f.anulada._id}`,
      token: admin,
      body: { tipoDeAnulacion: '4', notaAnular: 'Prueba de reportes' },
    });
    expect(anular.statusCode, anular.body).toBe(200);
  });
  afterAll(async () => {
    await e?.cerrar();
  });

  it('r-facturas: las facturas del periodo y sus totales; los bordes del periodo; 25 por página', async () => {
    const enero = await reporte('r-facturas', ENERO);
    expect(enero.facturas.map((x: Json) => x._id).sort()).toEqual(
      [f.cajera._id, f.credito._id, f.descuento._id].sort(),
    );
    expect(enero).toMatchObject({
      totalRows: 3,
      cantidadDeFacturas: 3,
      totalGralSinImpuesto: 590,
      descuentoTotalGral: 10,
      impuestosTotalGral: 98.2,
      totalFacturado: 688.2,
    });
    // The totals are the sum of the invoices as they were saved.
    const documentos = [f.cajera, f.credito, f.descuento];
    expect(enero.totalFacturado).toBe(centavos(documentos.map((d) => d.total)));
    expect(enero.totalGralSinImpuesto).toBe(centavos(documentos.map((d) => d.subtotal)));
    expect(enero.impuestosTotalGral).toBe(centavos(documentos.map((d) => d.impuestos)));
    expect(enero.desgloseDeImpuestos).toEqual([
      { name: 'Itbis 18%', tipoDeImpuesto: 'itbis', total: 88.2 },
      { name: 'Propina 10%', tipoDeImpuesto: 'propina', total: 10 },
    ]);
    // Dec 31 23:59:59 belongs to December, Feb 1 00:00:00 to February.
    const diciembre = await reporte('r-facturas', { fechaInicial: '2024-12-31', fechaFinal: '2024-12-31' });
    expect(diciembre.facturas.map((x: Json) => x._id)).toEqual([f.diciembre._id]);
    const febrero = await reporte('r-facturas', { fechaInicial: '2025-02-01', fechaFinal: '2025-02-01' });
    expect(febrero.facturas.map((x: Json) => x._id)).toEqual([f.febrero._id]);
    // A page holds `limit` rows; totalRows and the totals are the whole filter's.
    const pagina = await reporte('r-facturas', { ...ENERO, page: 2, limit: 2 });
    expect(pagina.facturas).toHaveLength(1);
    expect(pagina.facturas[0]._id).toBe(f.cajera._id);
    expect(pagina).toMatchObject({ totalRows: 3, totalFacturado: 688.2 });
  });

  it('r-facturas: filtros de usuario, cliente y método; la anulada solo cuando el estado la pide', async () => {
    const deLaCajera = await reporte('r-facturas', { ...ENERO, idUsuario: idCajera });
    expect(deLaCajera.facturas.map((x: Json) => x._id)).toEqual([f.cajera._id]);
    expect(deLaCajera.totalFacturado).toBe(482);
    const delCliente = await reporte('r-facturas', { ...ENERO, idCliente: consumidor });
    expect(delCliente.facturas.map((x: Json) => x._id)).toEqual([f.credito._id]);
    expect((await reporte('r-facturas', { ...ENERO, metodoDePago: 'Tarjeta' })).totalRows).toBe(0);
    expect((await reporte('r-facturas', { ...ENERO, idTerminal: terminal })).totalRows).toBe(3);

    const hoy = await reporte('r-facturas', { periodo: 1, idUsuario: idCajera });
    expect(hoy.facturas.map((x: Json) => x._id)).toEqual([f.hoy._id]);
    expect(hoy.totalFacturado).toBe(47.5);
    const anuladas = await reporte('r-facturas', { periodo: 1, idUsuario: idCajera, estado: 'Anulado' });
    expect(anuladas.facturas.map((x: Json) => [x._id, x.estado])).toEqual([[f.anulada._id, 'Anulado']]);
    expect(anuladas.totalFacturado).toBe(50);
  });

  it('desglose de impuestos: base e impuesto por impuesto, descontadas las notas de crédito', async () => {
    const enero = await reporte('r-facturas-desglose-impuestos', ENERO);
    const sinClave = enero.desgloseDeImpuestos.map(({ clave: _c, ...resto }: Json) => resto);
    expect(sinClave).toEqual(
      [
        {
          name: 'Propina 10%',
          tipoDeImpuesto: 'propina',
          tasa: 0.1,
          baseFacturas: 100,
          impuestoFacturas: 10,
          baseNotasDeCredito: 100,
          impuestoNotasDeCredito: 10,
          base: 0,
          impuesto: 0,
        },
        {
          name: 'Itbis 18%',
          tipoDeImpuesto: 'itbis',
          tasa: 0.18,
          baseFacturas: 490,
          impuestoFacturas: 88.2,
          baseNotasDeCredito: 200,
          impuestoNotasDeCredito: 36,
          base: 290,
          impuesto: 52.2,
        },
        {
          name: 'Exento 0%',
          tipoDeImpuesto: 'exento',
          tasa: 0,
          baseFacturas: 100,
          impuestoFacturas: 0,
          baseNotasDeCredito: 0,
          impuestoNotasDeCredito: 0,
          base: 100,
          impuesto: 0,
        },
      ].sort((a, b) => b.tasa - a.tasa),
    );
    expect(enero).toMatchObject({
      impuestoFacturas: 98.2,
      impuestoNotasDeCredito: 46,
      impuestosTotalGral: 52.2,
      totalGralSinImpuesto: 390,
    });
  });

  it('los reportes cuadran con el diario: ventas, ITBIS, propina, devoluciones y costo de ventas', async () => {
    const { fechaInicial: desde, fechaFinal: hasta } = VENTANA;
    const facturas = await reporte('r-facturas', VENTANA);
    const desglose = await reporte('r-facturas-desglose-impuestos', VENTANA);
    const rentabilidad = await reporte('r-rentabilidad-productos', VENTANA);
    const ventas = await diario(['ventasDeMercancias', 'ventasDeServicios'], desde, hasta);
    expect(facturas.totalGralSinImpuesto).toBe(940);
    expect(facturas.totalGralSinImpuesto).toBe(ventas);
    const impuesto = (tipo: string) =>
      centavos(
        desglose.desgloseDeImpuestos
          .filter((d: Json) => d.tipoDeImpuesto === tipo)
          .map((d: Json) => d.impuesto),
      );
    expect(impuesto('itbis')).toBe(106.2);
    expect(impuesto('itbis')).toBe(await diario(['itbisPorPagar'], desde, hasta));
    expect(impuesto('propina')).toBe(await diario(['propinaLegalPorPagar'], desde, hasta));
    // Sales less returns: the sales accounts net of the returns account.
    expect(desglose.totalGralSinImpuesto).toBe(
      centavos([ventas, await diario(['devolucionesEnVentas'], desde, hasta)]),
    );
    expect(rentabilidad.totalCosto).toBe(420);
    expect(rentabilidad.totalCosto).toBe(-(await diario(['costoDeVentas'], desde, hasta)));
  });

  it('facturas por usuario: una fila por usuario; con el usuario, sus facturas', async () => {
    const enero = await reporte('r-facturas-usuario', ENERO);
    const porUsuario = Object.fromEntries(
      enero.facturas.map((x: Json) => [x.usuario, [x.cantidadDeFacturas, x.subtotal, x.impuestos, x.total]]),
    );
    expect(porUsuario).toEqual({ 'cajera-reportes': [1, 400, 82, 482], admin: [2, 190, 16.2, 206.2] });
    expect(enero).toMatchObject({ cantidadDeFacturas: 3, totalFacturado: 688.2, descuentoTotalGral: 10 });
    const deAdmin = await reporte('r-facturas-usuario', {
      ...ENERO,
      idUsuario: enero.facturas.find((x: Json) => x.usuario === 'admin').idUsuario,
    });
    expect(deAdmin.facturas.map((x: Json) => [x._id, x.total])).toEqual([
      [f.credito._id, 100],
      [f.descuento._id, 106.2],
    ]);
    expect(deAdmin.totalFacturado).toBe(206.2);
  });

  it('ventas por productos: cantidad, ventas e impuestos netos de devoluciones; filtros de categoría y cliente', async () => {
    const enero = await reporte('r-ventas-productos', ENERO);
    const fila = (id: string) => {
      const { idProducto, cantidadVendida, cantidadDevuelta, cantidad, subtotal, impuestos, total } =
        enero.productos.find((p: Json) => p.idProducto === id);
      return { idProducto, cantidadVendida, cantidadDevuelta, cantidad, subtotal, impuestos, total };
    };
    expect(enero.productos).toHaveLength(3);
    expect(fila(arroz)).toEqual({
      idProducto: arroz,
      cantidadVendida: 4,
      cantidadDevuelta: 1,
      cantidad: 3,
      subtotal: 290,
      impuestos: 52.2,
      total: 342.2,
    });
    expect(fila(plato)).toMatchObject({ cantidadVendida: 1, cantidadDevuelta: 1, cantidad: 0, total: 0 });
    expect(fila(mani)).toMatchObject({ cantidad: 2, subtotal: 100, impuestos: 0, total: 100 });
    expect(enero).toMatchObject({
      totalGralSinImpuesto: 390,
      impuestosTotalGral: 52.2,
      totalFacturado: 442.2,
    });
    const deCategoria = await reporte('r-ventas-productos', { ...ENERO, idCategoria: categoria });
    expect(deCategoria.productos.map((p: Json) => p.idProducto)).toEqual([arroz]);
    const delCliente = await reporte('r-ventas-productos', { ...ENERO, idCliente: consumidor });
    expect(delCliente.productos.map((p: Json) => [p.idProducto, p.cantidad])).toEqual([[mani, 2]]);
  });

  it('rentabilidad: precio − costo de la venta, utilidad y margen', async () => {
    const enero = await reporte('r-rentabilidad-productos', ENERO);
    const fila = (id: string) => enero.productos.find((p: Json) => p.idProducto === id);
    expect(fila(arroz)).toMatchObject({
      cantidad: 3,
      ventas: 290,
      costo: 180,
      utilidad: 110,
      margen: 0.3793,
      costoPromedio: 60,
    });
    expect(fila(mani)).toMatchObject({
      ventas: 100,
      costo: 40,
      utilidad: 60,
      margen: 0.6,
      precioPromedio: 50,
    });
    expect(fila(plato)).toMatchObject({ ventas: 0, costo: 0, margen: 0 });
    expect(enero).toMatchObject({ totalVentas: 390, totalCosto: 220, totalUtilidad: 170, margen: 0.4359 });
  });

  it('estadística de usuarios: facturas, total, ticket promedio, anuladas y descuentos', async () => {
    const hoy = await reporte('r-usuarios-estadistica', { periodo: 1, idUsuario: idCajera });
    expect(hoy.usuarios).toEqual([
      {
        idUsuario: idCajera,
        usuario: 'cajera-reportes',
        cantidadDeFacturas: 1,
        totalVendido: 47.5,
        ticketPromedio: 47.5,
        cantidadDeAnuladas: 1,
        totalAnulado: 50,
        descuentos: 2.5,
      },
    ]);
    const enero = await reporte('r-usuarios-estadistica', ENERO);
    const admin = enero.usuarios.find((u: Json) => u.usuario === 'admin');
    expect(admin).toMatchObject({
      cantidadDeFacturas: 2,
      totalVendido: 206.2,
      ticketPromedio: 103.1,
      descuentos: 10,
    });
    expect(enero).toMatchObject({
      cantidadDeFacturas: 3,
      totalVendido: 688.2,
      ticketPromedio: 229.4,
      cantidadDeAnuladas: 0,
    });
  });

  it('los periodos: la semana empieza el lunes y el año cambia a las 00:00:00 del 1 de enero (Santo Domingo)', async () => {
    const hoy = fechaYHoraEnSantoDomingo(new Date()).fecha;
    const dia = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const medianoche = Date.parse(`${hoy}T00:00:00Z`);
    const lunes = medianoche - ((new Date(medianoche).getUTCDay() + 6) % 7) * 86_400_000;
    const anio = Number(hoy.slice(0, 4));
    const lunesDeEsta = await crear({ fechaEmision: dia(lunes), hora: '00:00:00' }, [
      { idProducto: mani, cantidad: 1 },
    ]);
    const domingoAnterior = await crear({ fechaEmision: dia(lunes - 86_400_000), hora: '23:59:59' }, [
      { idProducto: mani, cantidad: 1 },
    ]);
    const primeroDeEnero = await crear({ fechaEmision: `${anio}-01-01`, hora: '00:00:00' }, [
      { idProducto: mani, cantidad: 1 },
    ]);
    const finDelAnterior = await crear({ fechaEmision: `${anio - 1}-12-31`, hora: '23:59:59' }, [
      { idProducto: mani, cantidad: 1 },
    ]);
    const ids = async (periodo: number) =>
      new Set((await reporte('r-facturas', { periodo })).facturas.map((x: Json) => x._id));
    const [semana, anterior, esteAnio, anioAnterior] = [
      await ids(2),
      await ids(3),
      await ids(6),
      await ids(7),
    ];
    expect([semana.has(lunesDeEsta._id), semana.has(domingoAnterior._id)]).toEqual([true, false]);
    expect([anterior.has(lunesDeEsta._id), anterior.has(domingoAnterior._id)]).toEqual([false, true]);
    expect([esteAnio.has(primeroDeEnero._id), esteAnio.has(finDelAnterior._id)]).toEqual([true, false]);
    expect([anioAnterior.has(primeroDeEnero._id), anioAnterior.has(finDelAnterior._id)]).toEqual([
      false,
      true,
    ]);
  });

  it('cada empresa ve solo sus ventas', async () => {
    for (const consulta of CONSULTAS_DE_VENTAS) {
      const respuesta = await reporte(consulta.declaracion.id, VENTANA, 2);
      expect(respuesta[consulta.declaracion.filas], consulta.declaracion.id).toEqual([]);
    }
    const deLa2 = await reporte('r-facturas', VENTANA, 2);
    expect(deLa2).toMatchObject({ totalRows: 0, totalFacturado: 0, desgloseDeImpuestos: [] });
    // Row-level security already hides the other company; each query filters by tenant itself too,
    // which shows once the transaction runs as the owner (policies do not apply to it).
    for (const consulta of CONSULTAS_DE_VENTAS) {
      const comoDueno = await e.db.enEmpresa(2, async (tx) => {
        await tx.execute(sql`reset role`);
        return consulta.consultar(
          { tx, tenantId: 2, ip: '127.0.0.1', usuario: null },
          consulta.declaracion.consulta.body.parse(VENTANA),
        );
      });
      expect(comoDueno[consulta.declaracion.filas], consulta.declaracion.id).toEqual([]);
    }
  });
});
