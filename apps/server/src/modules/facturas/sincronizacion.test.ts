import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';

type Json = Record<string, unknown>;
const ITBIS = { name: 'Itbis 18%', tipoDeImpuesto: 'itbis', tasa: 0.18 };
const RUTA = '/api/factura/sincronizar-facturas-offline';

// Spec 000 §7 (offline sync): the POS's pending invoices reach the server exactly once, each on its own.
describe.each(MOTORES)('sincronización de facturas sin conexión (%s)', (motor) => {
  let e: Entorno;
  let admin: string;
  let cajera: string;
  let idCajera: string;
  let terminal: string;
  let arroz: Json & { _id: string };

  // A POS sale as the offline POS stores it: the /factura/crear body, dated when it was sold.
  function pendiente(
    opciones: {
      precio?: number;
      idProducto?: string;
      contacto?: Json;
      idCliente?: string;
      idUsuarioDelTurno?: string;
    } = {},
  ): unknown[] {
    // Without a price the line takes the shelf price (245 with ITBIS); `precio` is before tax.
    const total = opciones.precio === undefined ? 490 : Math.round(opciones.precio * 2 * 118) / 100;
    return [
      {
        identificadorUnico: randomUUID(),
        fechaEmision: '2026-11-20',
        hora: '10:15',
        efectivoRecibido: 1000,
        ...(opciones.contacto ? { contactoPendiente: opciones.contacto } : {}),
        ...(opciones.idCliente ? { idCliente: opciones.idCliente } : {}),
      },
      [
        {
          idProducto: opciones.idProducto ?? arroz._id,
          cantidad: 2,
          ...(opciones.precio === undefined ? {} : { precio: opciones.precio }),
        },
      ],
      [],
      null,
      {
        desdePos: true,
        idTerminalRef: terminal,
        ...(opciones.idUsuarioDelTurno ? { idUsuarioDelTurno: opciones.idUsuarioDelTurno } : {}),
      },
      [],
      { _id: terminal },
      'Efectivo',
      { total },
    ];
  }

  function sincronizar(lote: unknown[], token = admin) {
    return e.api({ method: 'POST', url: RUTA, token, body: lote });
  }

  async function contar(tabla: 'facturas' | 'contactos', identificadores: string[]): Promise<number> {
    const filas = await e.db.consultarComoDueno<{ n: string }>(
      sql`select count(*) as n from ${sql.raw(tabla)} where tenant_id = 1
          and identificador_unico in ${identificadores}`,
    );
    return Number(filas[0]?.n);
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
    const r = await e.api({
      method: 'POST',
      url: '/api/registro-productos/',
      token: admin,
      body: [
        {
          idCodigoDeBarra: 'SYNC-ARROZ-1',
          nombre: 'Arroz sincronizado',
          precioDeVenta: 245,
          impuestos: [ITBIS],
        },
        [{ idAlmacen: principal, cantidadInicial: 500, cantidadMinima: 0 }],
        randomUUID(),
      ],
    });
    expect(r.statusCode, r.body).toBe(200);
    arroz = r.json().producto;
    const usuario = await e.api({
      method: 'POST',
      url: '/api/users/',
      token: admin,
      body: {
        username: 'cajera-sync',
        password: 'clave-de-prueba-1',
        bloquearPrecio: true,
        privilegios: { puntoDeVentas: { acceso: true, crear: true, modificar: false, ver: true } },
      },
    });
    expect(usuario.statusCode, usuario.body).toBe(200);
    idCajera = usuario.json()._id;
    cajera = await e.login(1, 'cajera-sync', 'clave-de-prueba-1');
    for (const token of [admin, cajera]) {
      const turno = await e.api({
        method: 'POST',
        url: '/api/turno/',
        token,
        body: { idTerminalRef: terminal, desgloseDeEfectivoApertura: [{ monto: 1000, cantidad: 1 }] },
      });
      expect(turno.statusCode, turno.body).toBe(200);
    }
  });
  afterAll(async () => {
    await e?.cerrar();
  });

  it('una venta pagada en parte con un crédito a favor lo aplica al sincronizarse, una sola vez', async () => {
    const cliente = await e.api({
      method: 'POST',
      url: '/api/cliente/crear',
      token: admin,
      body: { identificadorUnico: randomUUID(), nombre: 'Cliente con anticipo' },
    });
    expect(cliente.statusCode, cliente.body).toBe(200);
    const idCliente = cliente.json().clientedb._id;
    const anticipo = await e.api({
      method: 'POST',
      url: '/api/credito-a-favor',
      token: admin,
      body: {
        identificadorUnico: randomUUID(),
        idCliente,
        Monto: 100,
        descripcion: 'Anticipo',
        formaDePago: 'Efectivo',
      },
    });
    expect(anticipo.statusCode, anticipo.body).toBe(200);
    const idCredito = anticipo.json().creditoAFavor._id;
    const venta = pendiente({ idCliente });
    // The POS charges the rest in cash (ModalCobro): 490 − 100.
    Object.assign(venta[0] as Json, {
      IdsCreditoAfavor: [{ _id: idCredito, monto: 100 }],
      efectivoRecibido: 390,
    });
    for (let vez = 0; vez < 2; vez++) {
      const r = await sincronizar([venta, pendiente()]);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().rechazados, r.body).toEqual([]);
      expect(r.json().facturasCreadas).toHaveLength(2);
    }
    const idFactura = (
      await e.api({
        method: 'GET',
        url: `/api/factura/por-identificador-unico/${(venta[0] as Json).identificadorUnico}`,
        token: admin,
      })
    ).json().FacturaDb._id;
    const detalle = (
      await e.api({ method: 'GET', url: `/api/factura/una/${idFactura}`, token: admin })
    ).json();
    expect(detalle.listaDeCredtosAfavor).toHaveLength(1);
    const credito = (
      await e.api({ method: 'GET', url: `/api/credito-a-favor/${idCredito}`, token: admin })
    ).json();
    expect(credito.disponible).toBe(0);
  });

  it('crea cada factura una vez con su NCF, aparta la rechazada y enlaza el contacto creado sin conexión', async () => {
    const contacto = { identificadorUnico: randomUUID(), nombre: 'Rosa Almonte', telefono: '809-555-0101' };
    const lote = [
      pendiente(),
      pendiente({ contacto }),
      pendiente({ idProducto: randomUUID() }),
      pendiente({ precio: 200 }),
    ];
    const ids = lote.map((p) => (p[0] as { identificadorUnico: string }).identificadorUnico);
    const r = await sincronizar(lote);
    expect(r.statusCode, r.body).toBe(200);
    const { facturasCreadas, rechazados } = r.json();
    expect(facturasCreadas.map((f: Json) => f.identificadorUnico)).toEqual([ids[0], ids[1], ids[3]]);
    // Numbered now, in sync order, with consecutive consumer NCFs; dated when they were sold.
    const numeros = facturasCreadas.map((f: Json) => f.numeroFactura as number);
    expect(numeros).toEqual([numeros[0], (numeros[0] ?? 0) + 1, (numeros[0] ?? 0) + 2]);
    expect(facturasCreadas.every((f: Json) => /^B02\d{8}$/.test(String(f.comprobante)))).toBe(true);
    expect(facturasCreadas[0]).toMatchObject({
      fechaEmision: '2026-11-20',
      total: 490,
      estadoDelCobro: 'Cobrada',
    });
    expect(facturasCreadas[2].total).toBe(472);
    expect(rechazados).toEqual([
      expect.objectContaining({ identificadorUnico: ids[2], message: expect.stringContaining('no existe') }),
    ]);
    // The offline contact exists once and the invoice points at it.
    const [rosa] = await e.db.consultarComoDueno<{ id: string; nombre: string }>(
      sql`select id, nombre from contactos where tenant_id = 1 and identificador_unico = ${contacto.identificadorUnico}`,
    );
    expect(rosa?.nombre).toBe('Rosa Almonte');
    expect(facturasCreadas[1]).toMatchObject({ idCliente: rosa?.id, nombre: 'Rosa Almonte' });

    // The answer was lost: the same batch again creates nothing and answers the same invoices.
    const otraVez = await sincronizar(lote);
    expect(otraVez.statusCode).toBe(200);
    expect(otraVez.json().facturasCreadas.map((f: Json) => f._id)).toEqual(
      facturasCreadas.map((f: Json) => f._id),
    );
    expect(otraVez.json().rechazados.map((x: Json) => x.identificadorUnico)).toEqual([ids[2]]);
    expect(await contar('facturas', ids)).toBe(3);

    // The contact's own sync, after the invoices', finds it created and makes no second one.
    const contactos = await e.api({
      method: 'POST',
      url: '/api/cliente/sincronizar-contactos-offline',
      token: admin,
      body: [contacto],
    });
    expect(contactos.statusCode, contactos.body).toBe(200);
    expect(contactos.json().contactoCreados[0]._id).toBe(rosa?.id);
    expect(await contar('contactos', [contacto.identificadorUnico])).toBe(1);
  });

  it('una venta que nombra por su identificador a un contacto creado sin conexión y ya sincronizado lo enlaza', async () => {
    // The contact synced first (the POS removed it from its queue); a tab charged later still holds the
    // identificadorUnico the draft was given offline, and no contactoPendiente.
    const contacto = { identificadorUnico: randomUUID(), nombre: 'Julio Peña', telefono: '809-555-0133' };
    const sincronizado = await e.api({
      method: 'POST',
      url: '/api/cliente/sincronizar-contactos-offline',
      token: admin,
      body: [contacto],
    });
    expect(sincronizado.statusCode, sincronizado.body).toBe(200);
    const idJulio = sincronizado.json().contactoCreados[0]._id;
    const venta = pendiente({ idCliente: contacto.identificadorUnico });
    const r = await sincronizar([venta]);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().rechazados).toEqual([]);
    expect(r.json().facturasCreadas[0]).toMatchObject({ idCliente: idJulio, nombre: 'Julio Peña' });
  });

  it('dos dispositivos que repiten el mismo lote a la vez: cada factura una sola vez y sin huecos', async () => {
    const lote = Array.from({ length: 8 }, () => pendiente());
    const ids = lote.map((p) => (p[0] as { identificadorUnico: string }).identificadorUnico);
    const respuestas = await Promise.all([sincronizar(lote), sincronizar(lote), sincronizar(lote)]);
    for (const r of respuestas) {
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().rechazados, r.body).toEqual([]);
      expect(r.json().facturasCreadas.map((f: Json) => f.identificadorUnico)).toEqual(ids);
    }
    expect(await contar('facturas', ids)).toBe(8);
    const [secuencia] = await e.db.consultarComoDueno<{ n: string; minimo: string; maximo: string }>(
      sql`select count(distinct numero_factura) as n, min(numero_factura) as minimo, max(numero_factura) as maximo
          from facturas where tenant_id = 1 and identificador_unico in ${ids}`,
    );
    expect(Number(secuencia?.n)).toBe(8);
    expect(Number(secuencia?.maximo) - Number(secuencia?.minimo)).toBe(7);
  });

  it('dos lotes que toman B01 y B02 en orden contrario no se bloquean entre sí', async () => {
    const empresa = await e.api({
      method: 'POST',
      url: '/api/cliente/crear',
      token: admin,
      body: {
        identificadorUnico: randomUUID(),
        nombre: 'Colmado Ochoa',
        rnc: '101000011',
        tipoDeIdentificacion: 'RNC',
      },
    });
    expect(empresa.statusCode, empresa.body).toBe(200);
    const fiscal = () => {
      const venta = pendiente();
      (venta[0] as Json).idCliente = empresa.json().clientedb._id;
      return venta;
    };
    const a = [pendiente(), fiscal(), pendiente(), fiscal(), pendiente(), fiscal()];
    const b = [fiscal(), pendiente(), fiscal(), pendiente(), fiscal(), pendiente()];
    const [ra, rb] = await Promise.all([sincronizar(a), sincronizar(b)]);
    for (const r of [ra, rb]) {
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().rechazados, r.body).toEqual([]);
      expect(r.json().facturasCreadas).toHaveLength(6);
    }
    const tipos = [...ra.json().facturasCreadas, ...rb.json().facturasCreadas].map((f: Json) => f.tipoNcf);
    expect(tipos.filter((t) => t === 'B01')).toHaveLength(6);
  });

  it('en un mismo lote cada venta cuenta lo que tomaron las anteriores: existencia, crédito y la misma venta repetida', async () => {
    // The batch is written together at the end, so the database does not show its earlier sales yet.
    const principal = (await e.api({ method: 'GET', url: '/api/almacen/principal', token: admin })).json()
      ._id;
    const queso = await e.api({
      method: 'POST',
      url: '/api/registro-productos/',
      token: admin,
      body: [
        {
          idCodigoDeBarra: 'SYNC-QUESO-1',
          nombre: 'Queso sincronizado',
          precioDeVenta: 300,
          ventaSinDisponibilidad: false,
        },
        [{ idAlmacen: principal, cantidadInicial: 3, cantidadMinima: 0 }],
        randomUUID(),
      ],
    });
    expect(queso.statusCode, queso.body).toBe(200);
    const cliente = await e.api({
      method: 'POST',
      url: '/api/cliente/crear',
      token: admin,
      body: { identificadorUnico: randomUUID(), nombre: 'Bodega Lora', rnc: '', limiteCredito: 1000 },
    });
    expect(cliente.statusCode, cliente.body).toBe(200);
    const aCredito = () => {
      const venta = pendiente({ idUsuarioDelTurno: idCajera });
      Object.assign(venta[0] as Json, { idCliente: cliente.json().clientedb._id, efectivoRecibido: 0 });
      return venta;
    };
    const deQueso = () => {
      const venta = pendiente({ idProducto: queso.json().producto._id, idUsuarioDelTurno: idCajera });
      venta[8] = {};
      return venta;
    };
    const repetida = pendiente({ idUsuarioDelTurno: idCajera });
    const lote = [aCredito(), deQueso(), aCredito(), deQueso(), repetida, aCredito(), repetida];
    const ids = lote.map((p) => (p[0] as Json).identificadorUnico as string);
    await e.db.consultarComoDueno(
      sql`update configuracion_general set bloqueo_por_no_existencia = true where tenant_id = 1`,
    );
    try {
      const r = await sincronizar(lote, cajera);
      expect(r.statusCode, r.body).toBe(200);
      const { facturasCreadas, rechazados } = r.json();
      expect(facturasCreadas.map((f: Json) => f.identificadorUnico)).toEqual([
        ids[0],
        ids[1],
        ids[2],
        ids[4],
        ids[4],
      ]);
      // The repeated sale is one invoice, answered twice.
      expect(facturasCreadas[4]._id).toBe(facturasCreadas[3]._id);
      expect(await contar('facturas', ids)).toBe(4);
      // 3 cheeses: the second sale of 2 finds 1 left. Credit 1,000: the third sale of 490 goes over.
      expect(rechazados).toEqual([
        expect.objectContaining({
          identificadorUnico: ids[3],
          datos: { productoBajoStock: [expect.objectContaining({ cantidad: 2, disponibilidad: 1 })] },
        }),
        expect.objectContaining({
          identificadorUnico: ids[5],
          datos: expect.objectContaining({ excedeLimiteDeCredito: true, pendientePorCobrar: 980 }),
        }),
      ]);
      const numeros = facturasCreadas.slice(0, 4).map((f: Json) => f.numeroFactura as number);
      expect(numeros).toEqual([0, 1, 2, 3].map((k) => (numeros[0] ?? 0) + k));
    } finally {
      await e.db.consultarComoDueno(
        sql`update configuracion_general set bloqueo_por_no_existencia = false where tenant_id = 1`,
      );
    }
  });

  it('si la base rechaza una fila del lote, el lote se deshace y pasa una por una: solo esa queda apartada', async () => {
    // Sold offline on credit at a price whose amount does not fit numeric(14, 2): only the database
    // notices.
    const cliente = await e.api({
      method: 'POST',
      url: '/api/cliente/crear',
      token: admin,
      body: { identificadorUnico: randomUUID(), nombre: 'Hotel Bávaro', rnc: '' },
    });
    expect(cliente.statusCode, cliente.body).toBe(200);
    const enorme = pendiente({ precio: 9_000_000 });
    Object.assign(enorme[0] as Json, { idCliente: cliente.json().clientedb._id, efectivoRecibido: 0 });
    (enorme[1] as Json[])[0] = { ...(enorme[1] as Json[])[0], cantidad: 900_000 };
    enorme[8] = {};
    const lote = [pendiente(), enorme, pendiente()];
    const ids = lote.map((p) => (p[0] as Json).identificadorUnico as string);
    const r = await sincronizar(lote);
    expect(r.statusCode, r.body).toBe(200);
    const { facturasCreadas, rechazados } = r.json();
    expect(facturasCreadas.map((f: Json) => f.identificadorUnico)).toEqual([ids[0], ids[2]]);
    expect(rechazados).toEqual([
      expect.objectContaining({
        identificadorUnico: ids[1],
        message: expect.stringContaining('fuera de rango'),
      }),
    ]);
    // The numbers the undone batch took came back: no gap.
    expect(facturasCreadas[1].numeroFactura).toBe(facturasCreadas[0].numeroFactura + 1);
  });

  it('una numeración que se agota a mitad del lote aparta solo las ventas que ya no caben', async () => {
    const empresa = await e.api({
      method: 'POST',
      url: '/api/cliente/crear',
      token: admin,
      body: {
        identificadorUnico: randomUUID(),
        nombre: 'Ferretería Lora',
        rnc: '131000011',
        tipoDeIdentificacion: 'RNC',
      },
    });
    expect(empresa.statusCode, empresa.body).toBe(200);
    const fiscal = () => {
      const venta = pendiente();
      (venta[0] as Json).idCliente = empresa.json().clientedb._id;
      return venta;
    };
    const [antes] = await e.db.consultarComoDueno<{ hasta: string | null }>(
      sql`select hasta from numeraciones where tenant_id = 1 and perfiles_de_tipos = 'B01'`,
    );
    // One B01 number left.
    await e.db.consultarComoDueno(
      sql`update numeraciones set hasta = seq where tenant_id = 1 and perfiles_de_tipos = 'B01'`,
    );
    try {
      const lote = [fiscal(), pendiente(), fiscal(), pendiente()];
      const ids = lote.map((p) => (p[0] as Json).identificadorUnico as string);
      const r = await sincronizar(lote);
      expect(r.statusCode, r.body).toBe(200);
      const { facturasCreadas, rechazados } = r.json();
      expect(facturasCreadas.map((f: Json) => f.identificadorUnico)).toEqual([ids[0], ids[1], ids[3]]);
      expect(facturasCreadas.map((f: Json) => f.tipoNcf)).toEqual(['B01', 'B02', 'B02']);
      expect(facturasCreadas[2].numeroFactura).toBe(facturasCreadas[1].numeroFactura + 1);
      expect(rechazados).toEqual([
        expect.objectContaining({
          identificadorUnico: ids[2],
          message: expect.stringContaining('agotó su rango'),
        }),
      ]);
    } finally {
      await e.db.consultarComoDueno(
        sql`update numeraciones set hasta = ${antes?.hasta ?? null} where tenant_id = 1 and perfiles_de_tipos = 'B01'`,
      );
    }
  });

  // Two real connections are needed: PostgreSQL only. Another document (a purchase, an adjustment, an
  // online sale) creates a product's first stock balance and then takes the journal counter, while a
  // batch whose last sale is that product's first holds the counter since its first sale. The batch
  // creates its missing balances before any sale (migration 0012), so neither waits for the other.
  if (motor === 'postgres') {
    it('un lote y otro documento que crea el mismo saldo nuevo no se bloquean entre sí', async () => {
      const principal = (await e.api({ method: 'GET', url: '/api/almacen/principal', token: admin })).json()
        ._id;
      const nuevo = await e.api({
        method: 'POST',
        url: '/api/registro-productos/',
        token: admin,
        body: [
          { idCodigoDeBarra: 'SYNC-NUEVO-1', nombre: 'Producto sin saldo', precioDeVenta: 100 },
          [],
          randomUUID(),
        ],
      });
      expect(nuevo.statusCode, nuevo.body).toBe(200);
      const [base] = await e.db.consultarComoDueno<{ nombre: string }>(
        sql`select current_database() as nombre`,
      );
      const url = new URL(process.env.DATABASE_URL ?? '');
      url.pathname = `/${base?.nombre}`;
      const otro = new pg.Client({ connectionString: url.toString() });
      const observador = new pg.Client({ connectionString: url.toString() });
      await otro.connect();
      await observador.connect();
      try {
        await otro.query('BEGIN');
        await otro.query(
          'insert into productos_almacenes (tenant_id, id_producto, id_almacen, disponibilidad) values (1, $1, $2, 5)',
          [nuevo.json().producto._id, principal],
        );
        const ultima = pendiente({ idProducto: nuevo.json().producto._id });
        ultima[8] = {};
        const lote = [...Array.from({ length: 60 }, () => pendiente()), ultima];
        const respuesta = e.api({ method: 'POST', url: RUTA, token: admin, body: lote });
        // Once the batch is writing, the other document takes the journal counter.
        for (let i = 0; i < 400; i++) {
          const activo = await observador.query(
            `select 1 from pg_stat_activity where datname = current_database() and state = 'active'
               and query like '%facturas_registrar_ventas%' and pid <> pg_backend_pid()`,
          );
          if (activo.rowCount) {
            break;
          }
          await new Promise((listo) => setTimeout(listo, 5));
        }
        await new Promise((listo) => setTimeout(listo, 25));
        await otro.query(
          `update contadores set valor = valor + 1 where tenant_id = 1 and clave = 'asientos'`,
        );
        await otro.query('ROLLBACK');
        const r = await respuesta;
        expect(r.statusCode, r.body).toBe(200);
        expect(r.json().facturasCreadas).toHaveLength(61);
      } finally {
        await otro.end();
        await observador.end();
      }
    });
  }

  it('respeta el precio cobrado sin conexión aunque la cajera tenga el precio bloqueado', async () => {
    const venta = pendiente({ precio: 180, idUsuarioDelTurno: idCajera });
    const r = await sincronizar([venta], cajera);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().facturasCreadas[0]).toMatchObject({ total: 424.8, creadaPor: 'cajera-sync' });
    // Online the same cashier gets the shelf price.
    const enLinea = await e.api({
      method: 'POST',
      url: '/api/factura/crear',
      token: cajera,
      body: pendiente({ precio: 180 }).slice(0, 8),
    });
    expect(enLinea.statusCode, enLinea.body).toBe(200);
    expect(enLinea.json().facturadb.total).toBe(490);
  });

  it('sin turno abierto la factura queda apartada con estadoDelTurno false y las demás pasan', async () => {
    // One the server created while the shift was open, whose answer was lost.
    const yaCreada = pendiente({ idUsuarioDelTurno: idCajera });
    const primera = await sincronizar([yaCreada]);
    expect(primera.json().facturasCreadas).toHaveLength(1);
    const cerrar = await e.api({
      method: 'PATCH',
      url: `/api/turno/${idCajera}`,
      token: cajera,
      body: { desgloseDeEfectivoCierre: [] },
    });
    expect(cerrar.statusCode, cerrar.body).toBe(200);
    const deLaCajera = pendiente({ idUsuarioDelTurno: idCajera });
    const delAdmin = pendiente();
    const r = await sincronizar([deLaCajera, delAdmin, yaCreada]);
    expect(r.statusCode, r.body).toBe(200);
    // Replayed after the shift closed, the one already created is answered as created, not refused.
    expect(r.json().facturasCreadas.map((f: Json) => f._id)).toEqual([
      expect.any(String),
      primera.json().facturasCreadas[0]._id,
    ]);
    expect(r.json().facturasCreadas.map((f: Json) => f.identificadorUnico)).toEqual([
      (delAdmin[0] as Json).identificadorUnico,
      (yaCreada[0] as Json).identificadorUnico,
    ]);
    expect(r.json().rechazados).toEqual([
      expect.objectContaining({
        identificadorUnico: (deLaCajera[0] as Json).identificadorUnico,
        datos: { estadoDelTurno: false },
      }),
    ]);
  });

  it('un cliente nuevo dentro de la venta necesita el permiso de crear clientes de quien sincroniza', async () => {
    const contacto = { identificadorUnico: randomUUID(), nombre: 'Sin permiso SRL' };
    const venta = pendiente({ contacto, idUsuarioDelTurno: idCajera });
    const r = await sincronizar([venta], cajera);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().facturasCreadas).toEqual([]);
    expect(r.json().rechazados).toEqual([
      expect.objectContaining({
        message: expect.stringContaining('No tienes permiso para crear el cliente'),
      }),
    ]);
    expect(await contar('contactos', [contacto.identificadorUnico])).toBe(0);
    // A right the user lacks is tagged so the POS sets the batch aside; a request without a session is
    // refused before its body is read.
    const contactos = await e.api({
      method: 'POST',
      url: '/api/cliente/sincronizar-contactos-offline',
      token: cajera,
      body: [contacto],
    });
    expect(contactos.statusCode).toBe(403);
    expect(contactos.json()).toMatchObject({ sinPermiso: true });
    const sinSesion = await e.api({
      method: 'POST',
      url: RUTA,
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(2 * 1024 * 1024),
    });
    expect(sinSesion.statusCode).toBe(401);
  });

  it('acepta un lote de más de 1 MiB (100 facturas de muchas líneas) y responde por cada una', async () => {
    const lote = Array.from({ length: 100 }, () => {
      const venta = pendiente({ idProducto: randomUUID() });
      venta[1] = Array.from({ length: 40 }, () => ({
        idProducto: randomUUID(),
        cantidad: 1,
        nota: 'Entregar en la galería de atrás, tocar el timbre dos veces. '.repeat(5),
      }));
      return venta;
    });
    expect(JSON.stringify(lote).length).toBeGreaterThan(1024 * 1024);
    const r = await sincronizar(lote);
    expect(r.statusCode, r.body.slice(0, 300)).toBe(200);
    expect(r.json().rechazados).toHaveLength(100);
  });

  it('rechaza un lote que no es una lista o pasa de 100 facturas', async () => {
    expect((await sincronizar({} as never)).statusCode).toBe(400);
    const grande = await sincronizar(Array.from({ length: 101 }, () => []));
    expect(grande.statusCode).toBe(400);
    expect(grande.json().message).toContain('100 facturas');
  });
});
