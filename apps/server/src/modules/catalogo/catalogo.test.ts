import { randomUUID } from 'node:crypto';
import { textoDelPedidoDelCatalogo } from '@pos/domain';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filas } from '../../db/client.ts';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';
import { MENSAJE_PLAN_SUSPENDIDO } from '../empresas/service.ts';
import {
  LECTURAS_DEL_CATALOGO_POR_MINUTO,
  PEDIDOS_DEL_CATALOGO_POR_MINUTO,
  SEGUNDOS_DE_CACHE_DEL_CATALOGO,
} from './routes.ts';
import {
  MENSAJE_CATALOGO_INEXISTENTE,
  MENSAJE_CATALOGO_NO_DISPONIBLE,
  MENSAJE_SIN_PEDIDOS_EN_LINEA,
} from './service.ts';

type Json = Record<string, unknown>;
type Producto = {
  _id: string;
  nombre: string;
  precio: number;
  oferta: { precio: number; vigencia: string | null } | null;
  disponible: boolean;
  idCategoria: string | null;
};

const ITBIS = { name: 'Itbis 18%', tipoDeImpuesto: 'itbis', tasa: 0.18 };
const EXENTO = { name: 'Exento 0%', tipoDeImpuesto: 'exento', tasa: 0 };

// The public catalogue (spec 000 §2, 002 §2, §9; docs/catalogo.md): no session, only what a visitor may
// see, one company per header, cached reads, limited per address, and orders registered once.
describe.each(MOTORES)('catálogo público (%s)', (motor) => {
  let e: Entorno;
  let admin: string;
  let admin2: string;
  let principal: string;
  let patio: string;
  let categoria: string;
  let seccion: string;
  let oferta: string;
  const ids: Record<string, string> = {};
  let ajeno: string;
  let direccion = 0;

  /** A public call, without session unless `token`, from an address of its own unless `ip` is given. */
  function publica(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    opciones: { tenant?: number | null; token?: string; body?: unknown; ip?: string; headers?: Json } = {},
  ): Promise<LightMyRequestResponse> {
    const cabeceras: Record<string, string> = { ...(opciones.headers as Record<string, string>) };
    const tenant = opciones.tenant === undefined ? 1 : opciones.tenant;
    if (tenant !== null) {
      cabeceras.tenantid = String(tenant);
    }
    if (opciones.token) {
      cabeceras.authorization = `Bearer ${opciones.token}`;
    }
    direccion += 1;
    return e.app.inject({
      method,
      url,
      headers: cabeceras,
      remoteAddress: opciones.ip ?? `10.1.${Math.floor(direccion / 250)}.${direccion % 250}`,
      ...(opciones.body === undefined ? {} : { payload: opciones.body as Json }),
    });
  }

  async function crearProducto(producto: Json, lineas: Json[], tenant = 1): Promise<string> {
    const r = await e.api({
      method: 'POST',
      url: '/api/registro-productos/',
      tenant,
      token: tenant === 1 ? admin : admin2,
      body: [
        { idCodigoDeBarra: `Z${randomUUID().replaceAll('-', '').slice(0, 11)}`, ...producto },
        lineas,
        randomUUID(),
      ],
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json<{ producto: { _id: string } }>().producto._id;
  }

  async function crear(url: string, body: Json, tenant = 1): Promise<string> {
    const r = await e.api({
      method: 'POST',
      url,
      tenant,
      token: tenant === 1 ? admin : admin2,
      body: { identificadorUnico: randomUUID(), ...body },
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json<{ _id: string }>()._id;
  }

  function productos(query: string, opciones: { tenant?: number; token?: string } = {}) {
    return publica('GET', `/api/publico/catalogo/productos?${query}`, opciones);
  }

  beforeAll(async () => {
    e = await crearEntorno(motor);
    admin = await e.login(1);
    admin2 = await e.login(2);
    principal = (await e.api({ method: 'GET', url: '/api/almacen/principal', token: admin })).json<{
      _id: string;
    }>()._id;
    patio = await crear('/api/almacen/', { nombre: 'Almacén del patio' });
    categoria = await crear('/api/categorias-productos/', { nombre: 'Zeta categoría' });
    seccion = await crear('/api/secciones/', {
      nombre: 'Zeta sección',
      categoriasProductosSeccionada: [categoria],
    });
    oferta = await crear('/api/listas-precio/', { nombre: 'Oferta Zeta', esUnaOferta: true });
    const enPrincipal = (cantidad: number) => [{ idAlmacen: principal, cantidadInicial: cantidad }];
    ids.galletas = await crearProducto(
      {
        nombre: 'Zeta Galletas',
        categoria,
        precioDeVenta: 118,
        impuestos: [ITBIS],
        costo: 70.25,
        listaDePrecioAsignada: [{ idLista: oferta, precio: 80 }],
      },
      enPrincipal(10),
    );
    ids.jugo = await crearProducto(
      { nombre: 'Zeta Jugo', categoria, precioDeVenta: 50, impuestos: [EXENTO], costo: 31.5 },
      [
        { idAlmacen: principal, cantidadInicial: 7 },
        { idAlmacen: patio, cantidadInicial: 333 },
      ],
    );
    ids.oculto = await crearProducto(
      { nombre: 'Zeta Oculto', categoria, precioDeVenta: 10, excluirDelCatalogo: true },
      enPrincipal(5),
    );
    ids.anulado = await crearProducto(
      { nombre: 'Zeta Anulado', categoria, precioDeVenta: 10 },
      enPrincipal(5),
    );
    ids.patio = await crearProducto({ nombre: 'Zeta Patio', categoria, precioDeVenta: 10 }, [
      { idAlmacen: patio, cantidadInicial: 5 },
    ]);
    ids.agotado = await crearProducto(
      { nombre: 'Zeta Agotado', categoria, precioDeVenta: 20, ventaSinDisponibilidad: false },
      [
        { idAlmacen: principal, cantidadInicial: 0 },
        { idAlmacen: patio, cantidadInicial: 50 },
      ],
    );
    await e.db.enEmpresa(1, (tx) =>
      tx.execute(sql`update productos set estado = 'Anulado' where tenant_id = 1 and id = ${ids.anulado}`),
    );
    // Company 2: a product in its own main warehouse whose name would match the same search.
    const principal2 = (
      await e.api({ method: 'GET', url: '/api/almacen/principal', tenant: 2, token: admin2 })
    ).json<{ _id: string }>()._id;
    ajeno = await crearProducto(
      { nombre: 'Zeta Ajeno', precioDeVenta: 999, costo: 1 },
      [{ idAlmacen: principal2, cantidadInicial: 4 }],
      2,
    );
  });
  afterAll(async () => {
    await e?.cerrar();
  });

  it('los datos de la empresa se leen sin sesión: logo, portada, banner, color y WhatsApp', async () => {
    await e.db.enEmpresa(1, (tx) =>
      tx.execute(sql`update configuracion_general set avatar = 'logo.png', banner_publicitario = 'banner.png',
        imagen_de_portada = 'portada.jpg', color_link_catalogo = '#14a44d' where tenant_id = 1`),
    );
    const r = await publica('GET', '/api/publico/catalogo/empresa');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({
      tenantId: 1,
      nombre: 'Colmado Demo SRL',
      direccion: 'Av. Winston Churchill 1099, Santo Domingo',
      logo: 'logo.png',
      imagenDePortada: 'portada.jpg',
      bannerPublicitario: 'banner.png',
      colorLinkCatalogo: '#14a44d',
      habilitarSecciones: false,
      telefonoWhatsApp: '18095550100',
      registraPedidos: false,
    });
    // Nothing of the company's private settings leaves (RNC, mail, sale rules, SMTP).
    expect(r.body).not.toMatch(/rnc|correo|smtp|codigoDeAutorizacion|bloqueo/i);
  });

  it('una empresa inexistente o suspendida recibe un mensaje claro', async () => {
    const inexistente = await publica('GET', '/api/publico/catalogo/empresa', { tenant: 999 });
    expect(inexistente.statusCode).toBe(404);
    expect(inexistente.json().message).toBe(MENSAJE_CATALOGO_INEXISTENTE);
    const sinEmpresa = await publica('GET', '/api/publico/catalogo/empresa', { tenant: null });
    expect(sinEmpresa.statusCode).toBe(400);
    await e.db.enEmpresa(1, (tx) =>
      tx.execute(sql`update empresas set estado_del_plan = 'Suspendido' where tenant_id = 1`),
    );
    try {
      for (const url of ['empresa', 'secciones', 'categorias', 'productos']) {
        const r = await publica('GET', `/api/publico/catalogo/${url}`);
        expect(r.statusCode, url).toBe(403);
        expect(r.json().message).toBe(MENSAJE_CATALOGO_NO_DISPONIBLE);
        expect(r.headers['cache-control']).toBe('no-store');
      }
      const pedido = await publica('POST', '/api/publico/catalogo/pedido', { body: {} });
      expect(pedido.statusCode).toBe(403);
      expect(pedido.json().message).toBe(MENSAJE_PLAN_SUSPENDIDO);
    } finally {
      await e.db.enEmpresa(1, (tx) =>
        tx.execute(sql`update empresas set estado_del_plan = 'Activo' where tenant_id = 1`),
      );
    }
  });

  it('los productos: solo los visibles del almacén principal, con precio con impuestos y oferta, sin costo', async () => {
    const r = await productos('buscar=zeta');
    expect(r.statusCode, r.body).toBe(200);
    const cuerpo = r.json<{ productos: Producto[]; total: number }>();
    expect(cuerpo.productos.map((p) => p.nombre)).toEqual(['Zeta Agotado', 'Zeta Galletas', 'Zeta Jugo']);
    expect(cuerpo.total).toBe(3);
    const galletas = cuerpo.productos.find((p) => p.nombre === 'Zeta Galletas');
    // 80 before tax on the offer list: 94.40 with ITBIS, below the shelf price of 118.
    expect(galletas).toMatchObject({
      precio: 118,
      oferta: { precio: 94.4, vigencia: null },
      disponible: true,
    });
    expect(cuerpo.productos.find((p) => p.nombre === 'Zeta Jugo')).toMatchObject({
      precio: 50,
      oferta: null,
    });
    // No cost, no stock count (7 in the main warehouse, 333 in the other), nothing internal.
    expect(r.body).not.toMatch(/costo|70\.25|31\.5|disponibilidad|cantidad|333|asignaciones|almacen/i);
    expect(Object.keys(galletas ?? {}).sort()).toEqual(
      ['_id', 'avatar', 'disponible', 'idCategoria', 'nombre', 'oferta', 'precio', 'unidadMedida'].sort(),
    );
    // Excluded, cancelled, only in another warehouse, or another company's: never, even by name.
    for (const nombre of ['oculto', 'anulado', 'patio', 'ajeno']) {
      const buscado = await productos(`buscar=${nombre}`);
      expect(buscado.json().productos, nombre).toEqual([]);
    }
  });

  it('agotado solo con el bloqueo por existencia y sin stock en el almacén principal (nunca el conteo)', async () => {
    const antes = (await productos('buscar=zeta agotado')).json<{ productos: Producto[] }>();
    expect(antes.productos[0]?.disponible).toBe(true);
    await e.db.enEmpresa(1, (tx) =>
      tx.execute(sql`update configuracion_general set bloqueo_por_no_existencia = true where tenant_id = 1`),
    );
    try {
      const despues = await productos('buscar=zeta agotado');
      // 50 in the other warehouse do not count.
      expect(despues.json().productos[0]).toMatchObject({ nombre: 'Zeta Agotado', disponible: false });
      // No number 50 anywhere (a bare substring would also match a uuid's digits).
      expect(despues.body).not.toMatch(/[:[,]50(\.0+)?[,\]}]/);
    } finally {
      await e.db.enEmpresa(1, (tx) =>
        tx.execute(
          sql`update configuracion_general set bloqueo_por_no_existencia = false where tenant_id = 1`,
        ),
      );
    }
  });

  it('filtra por categoría, por sección y por ofertas, y pagina', async () => {
    const porCategoria = (await productos(`categoria=${categoria}`)).json<{ productos: Producto[] }>();
    expect(porCategoria.productos.map((p) => p.nombre)).toEqual([
      'Zeta Agotado',
      'Zeta Galletas',
      'Zeta Jugo',
    ]);
    const porSeccion = (await productos(`seccion=${seccion}`)).json<{ productos: Producto[] }>();
    expect(porSeccion.productos.map((p) => p.nombre)).toEqual(['Zeta Agotado', 'Zeta Galletas', 'Zeta Jugo']);
    const ofertas = (await productos('ofertas=true&buscar=zeta')).json<{ productos: Producto[] }>();
    expect(ofertas.productos.map((p) => p.nombre)).toEqual(['Zeta Galletas']);
    const pagina2 = (await productos(`categoria=${categoria}&limit=2&page=2`)).json<{
      productos: Producto[];
      total: number;
    }>();
    expect(pagina2).toMatchObject({ total: 3 });
    expect(pagina2.productos.map((p) => p.nombre)).toEqual(['Zeta Jugo']);
    const fuera = (await productos(`categoria=${categoria}&limit=2&page=9`)).json();
    expect(fuera).toEqual({ productos: [], total: 3 });
    // The demo company's whole catalogue pages at 24 by default.
    const todos = (await productos('')).json<{ productos: Producto[]; total: number }>();
    expect(todos.productos).toHaveLength(24);
    expect(todos.total).toBeGreaterThan(24);
  });

  it('una consulta mala responde 400 en español con el campo', async () => {
    for (const [query, campo] of [
      ['categoria=no-es-uuid', 'categoria'],
      ['limit=500', 'limit'],
      ['page=0', 'page'],
      ['ofertas=quizas', 'ofertas'],
      [`buscar=${'x'.repeat(101)}`, 'buscar'],
      ['buscar=a%00b', 'buscar'],
    ] as const) {
      const r = await productos(query);
      expect(r.statusCode, query).toBe(400);
      expect(r.json().errores[0].campo, query).toBe(campo);
    }
    const secciones = await publica('GET', '/api/publico/catalogo/categorias?secciones=1,2');
    expect(secciones.statusCode).toBe(400);
  });

  it('secciones y categorías: solo las activas con algo que mostrar; las de las secciones elegidas', async () => {
    const vacia = await crear('/api/categorias-productos/', { nombre: 'Zeta vacía' });
    await crear('/api/secciones/', { nombre: 'Zeta sección vacía', categoriasProductosSeccionada: [vacia] });
    const secciones = (await publica('GET', '/api/publico/catalogo/secciones')).json<{
      secciones: { _id: string; nombre: string; categorias: string[] }[];
    }>().secciones;
    expect(secciones.find((s) => s._id === seccion)).toMatchObject({
      nombre: 'Zeta sección',
      categorias: [categoria],
    });
    expect(secciones.some((s) => s.nombre === 'Zeta sección vacía')).toBe(false);
    const todas = (await publica('GET', '/api/publico/catalogo/categorias')).json<{
      categorias: { _id: string; nombre: string; cantidadDeProductos: number }[];
    }>().categorias;
    expect(todas.find((c) => c._id === categoria)?.cantidadDeProductos).toBe(3);
    expect(todas.some((c) => c._id === vacia)).toBe(false);
    expect(todas.length).toBeGreaterThan(1);
    const deLaSeccion = (await publica('GET', `/api/publico/catalogo/categorias?secciones=${seccion}`)).json<{
      categorias: { _id: string }[];
    }>().categorias;
    expect(deLaSeccion.map((c) => c._id)).toEqual([categoria]);
  });

  it('cada empresa ve lo suyo: el token de otra empresa no cambia nada', async () => {
    const conTokenAjeno = await productos('buscar=zeta', { token: admin2 });
    expect(conTokenAjeno.statusCode).toBe(200);
    expect(conTokenAjeno.json().productos.map((p: Producto) => p.nombre)).toEqual([
      'Zeta Agotado',
      'Zeta Galletas',
      'Zeta Jugo',
    ]);
    const empresa2 = await productos('buscar=zeta', { tenant: 2, token: admin });
    expect(empresa2.statusCode).toBe(200);
    expect(empresa2.json()).toMatchObject({
      total: 1,
      productos: [{ _id: ajeno, nombre: 'Zeta Ajeno', precio: 999 }],
    });
    expect(empresa2.body).not.toContain('Galletas');
    const datos2 = (
      await publica('GET', '/api/publico/catalogo/empresa', { tenant: 2, token: admin })
    ).json();
    expect(datos2).toMatchObject({
      tenantId: 2,
      nombre: 'Operador de la plataforma',
      telefonoWhatsApp: null,
    });
  });

  it('las lecturas llevan caché corta y ETag; una visita repetida recibe 304', async () => {
    const ip = '10.9.9.9';
    const primera = await publica('GET', '/api/publico/catalogo/empresa', { ip });
    expect(primera.headers['cache-control']).toBe(
      `public, max-age=${SEGUNDOS_DE_CACHE_DEL_CATALOGO}, must-revalidate`,
    );
    const etiqueta = String(primera.headers.etag);
    expect(etiqueta).toMatch(/^W\//);
    const repetida = await publica('GET', '/api/publico/catalogo/empresa', {
      ip,
      headers: { 'if-none-match': etiqueta },
    });
    expect(repetida.statusCode).toBe(304);
    expect(repetida.body).toBe('');
    const otraEmpresa = await publica('GET', '/api/publico/catalogo/empresa', {
      ip,
      tenant: 2,
      headers: { 'if-none-match': etiqueta },
    });
    expect(otraEmpresa.statusCode).toBe(200);
  });

  it('más de 120 lecturas por minuto desde una dirección reciben 429 en español; los pedidos tienen su propio límite', async () => {
    const ip = '10.8.8.8';
    for (let i = 0; i < LECTURAS_DEL_CATALOGO_POR_MINUTO; i += 1) {
      expect((await publica('GET', '/api/publico/catalogo/empresa', { ip })).statusCode).toBe(200);
    }
    const rechazada = await publica('GET', '/api/publico/catalogo/productos', { ip });
    expect(rechazada.statusCode).toBe(429);
    expect(rechazada.json().message).toMatch(/^Demasiadas solicitudes desde esta dirección\./);
    // The order group keeps its allowance (a 403: the company does not register orders yet).
    const pedido = await publica('POST', '/api/publico/catalogo/pedido', {
      ip,
      body: {
        identificadorUnico: randomUUID(),
        nombre: 'Ana',
        lineas: [{ idProducto: ids.jugo, cantidad: 1 }],
      },
    });
    expect(pedido.statusCode).toBe(403);
    const ipPedidos = '10.7.7.7';
    const codigos: number[] = [];
    for (let i = 0; i <= PEDIDOS_DEL_CATALOGO_POR_MINUTO; i += 1) {
      codigos.push(
        (await publica('POST', '/api/publico/catalogo/pedido', { ip: ipPedidos, body: {} })).statusCode,
      );
    }
    expect(codigos.slice(0, -1).every((c) => c === 400)).toBe(true);
    expect(codigos.at(-1)).toBe(429);
  });

  describe('pedidos', () => {
    const lineas = () => [
      { idProducto: ids.galletas, cantidad: 2 },
      { idProducto: ids.jugo, cantidad: 3 },
    ];
    function enviar(body: Json) {
      return publica('POST', '/api/publico/catalogo/pedido', { body });
    }

    it('sin el ajuste de la empresa no se registra: el pedido va solo por WhatsApp', async () => {
      const r = await enviar({ identificadorUnico: randomUUID(), nombre: 'Ana', lineas: lineas() });
      expect(r.statusCode).toBe(403);
      expect(r.json().message).toBe(MENSAJE_SIN_PEDIDOS_EN_LINEA);
    });

    it('el ajuste lo cambia el personal con sesión y permiso', async () => {
      const sinSesion = await e.api({
        method: 'PUT',
        url: '/api/catalogo/ajustes',
        body: { registrarPedidos: true },
      });
      expect(sinSesion.statusCode).toBe(401);
      const leido = await e.api({ method: 'GET', url: '/api/catalogo/ajustes', token: admin });
      expect(leido.json()).toEqual({ registrarPedidos: false, usuarioResponsable: null });
      const malo = await e.api({ method: 'PUT', url: '/api/catalogo/ajustes', token: admin, body: {} });
      expect(malo.statusCode).toBe(400);
      const r = await e.api({
        method: 'PUT',
        url: '/api/catalogo/ajustes',
        token: admin,
        body: { registrarPedidos: true },
      });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toEqual({ registrarPedidos: true, usuarioResponsable: 'admin' });
      expect((await publica('GET', '/api/publico/catalogo/empresa')).json().registraPedidos).toBe(true);
    });

    it('registra el pedido una sola vez, Activo y sin facturar, con los precios del servidor', async () => {
      const identificadorUnico = randomUUID();
      const cuerpo = {
        identificadorUnico,
        nombre: 'Ana Pérez',
        telefono: '809-555-1234',
        nota: 'Entregar en la tarde',
        // A price sent by the visitor is not part of the order: it is ignored.
        lineas: lineas().map((l) => ({ ...l, precio: 0.01 })),
      };
      const r = await enviar(cuerpo);
      expect(r.statusCode, r.body).toBe(200);
      const registrado = r.json<{
        numeroPedido: number;
        lineas: { nombre: string; cantidad: number; precio: number }[];
        total: number;
        solicitudDuplicada: boolean;
      }>();
      expect(registrado.lineas).toEqual([
        { nombre: 'Zeta Galletas', cantidad: 2, precio: 94.4 },
        { nombre: 'Zeta Jugo', cantidad: 3, precio: 50 },
      ]);
      expect(registrado.total).toBe(338.8);
      expect(registrado.solicitudDuplicada).toBe(false);
      // The chat message's total is the registered order's.
      expect(
        textoDelPedidoDelCatalogo({ empresa: 'X', visitante: 'Ana', lineas: registrado.lineas }),
      ).toContain('Total: RD$338.80');
      const otraVez = await enviar({ ...cuerpo, lineas: [{ idProducto: ids.jugo, cantidad: 9 }] });
      expect(otraVez.statusCode).toBe(200);
      expect(otraVez.json()).toMatchObject({
        numeroPedido: registrado.numeroPedido,
        solicitudDuplicada: true,
      });

      const guardados = await e.db.enEmpresa(1, (tx) =>
        filas<{
          numero_pedido: number;
          nombre: string;
          alias: string;
          estado: string;
          estado_facturado: boolean;
          total_gral: string;
          creada_por: string;
          lineas: { precio: string; cantidad: string; nota: string }[];
        }>(
          tx,
          sql`select p.numero_pedido::int, p.nombre, p.alias, p.estado, p.estado_facturado, p.total_gral::text,
                p.creada_por,
                (select json_agg(json_build_object('precio', l.precio::text, 'cantidad', l.cantidad::text,
                   'nota', l.nota) order by l.orden) from lineas_pedido l
                 where l.tenant_id = p.tenant_id and l.id_pedido = p.id) as lineas
              from pedidos p where p.tenant_id = 1 and p.identificador_unico = ${`catalogo:${identificadorUnico}`}`,
        ),
      );
      expect(guardados).toHaveLength(1);
      const [pedido] = guardados;
      expect(pedido).toMatchObject({
        numero_pedido: registrado.numeroPedido,
        nombre: 'Ana Pérez',
        alias: 'Catálogo en línea · 809-555-1234',
        estado: 'Activo',
        estado_facturado: false,
        total_gral: '338.80',
        creada_por: 'admin',
      });
      expect(pedido?.lineas.map((l) => [Number(l.precio), Number(l.cantidad)])).toEqual([
        [80, 2],
        [50, 3],
      ]);
      expect(pedido?.lineas[0]?.nota).toBe('Nota del cliente: Entregar en la tarde');
      // The staff sees it in the order list of the POS.
      const lista = await e.api({
        method: 'POST',
        url: '/api/pedido/todas',
        token: admin,
        body: { input: 'Ana Pérez', estadoFacturado: false },
      });
      expect(lista.statusCode, lista.body).toBe(200);
      expect(lista.json().res.map((p: { numeroPedido: number }) => p.numeroPedido)).toContain(
        registrado.numeroPedido,
      );
    });

    it('valida cantidades de 1 a 1000, el nombre y las líneas, con el campo', async () => {
      const base = { identificadorUnico: randomUUID(), nombre: 'Ana' };
      for (const [cuerpo, campo, mensaje] of [
        [{ ...base, lineas: [{ idProducto: ids.jugo, cantidad: 0 }] }, 'lineas.0.cantidad', /de 1 a 1000/],
        [{ ...base, lineas: [{ idProducto: ids.jugo, cantidad: 1001 }] }, 'lineas.0.cantidad', /de 1 a 1000/],
        [{ ...base, lineas: [{ idProducto: ids.jugo, cantidad: 1.5 }] }, 'lineas.0.cantidad', /de 1 a 1000/],
        [{ ...base, lineas: [{ idProducto: ids.jugo, cantidad: '2' }] }, 'lineas.0.cantidad', /de 1 a 1000/],
        [{ ...base, nombre: '  ', lineas: lineas() }, 'nombre', /Escribe tu nombre/],
        [{ ...base, lineas: [] }, 'lineas', /por lo menos un producto/],
        [{ ...base, telefono: '<script>', lineas: lineas() }, 'telefono', /teléfono/],
        [{ nombre: 'Ana', lineas: lineas() }, 'identificadorUnico', /identificadorUnico/],
        [
          {
            ...base,
            lineas: [
              { idProducto: ids.jugo, cantidad: 600 },
              { idProducto: ids.jugo, cantidad: 401 },
            ],
          },
          'lineas.1.cantidad',
          /de 1 a 1000/,
        ],
      ] as const) {
        const r = await enviar(cuerpo);
        expect(r.statusCode, JSON.stringify(cuerpo)).toBe(400);
        expect(r.json().errores[0].campo).toBe(campo);
        expect(r.json().message).toMatch(mensaje);
      }
    });

    it('no acepta productos que el visitante no ve ni de otra empresa, ni agotados; nada queda a medias', async () => {
      const contar = async () =>
        (
          await e.db.enEmpresa(1, (tx) =>
            filas<{ n: number }>(tx, sql`select count(*)::int as n from pedidos where tenant_id = 1`),
          )
        )[0]?.n;
      const antes = await contar();
      for (const id of [ids.oculto, ids.anulado, ids.patio, ajeno, randomUUID()]) {
        const r = await enviar({
          identificadorUnico: randomUUID(),
          nombre: 'Ana',
          lineas: [
            { idProducto: ids.jugo, cantidad: 1 },
            { idProducto: id, cantidad: 1 },
          ],
        });
        expect(r.statusCode).toBe(404);
        expect(r.json().message).toBe('Uno de los productos del pedido ya no está en el catálogo.');
        expect(r.json().errores[0].campo).toBe('lineas.1.idProducto');
      }
      await e.db.enEmpresa(1, (tx) =>
        tx.execute(
          sql`update configuracion_general set bloqueo_por_no_existencia = true where tenant_id = 1`,
        ),
      );
      try {
        const agotado = await enviar({
          identificadorUnico: randomUUID(),
          nombre: 'Ana',
          lineas: [{ idProducto: ids.agotado, cantidad: 1 }],
        });
        expect(agotado.statusCode).toBe(409);
        expect(agotado.json().message).toBe('«Zeta Agotado» está agotado; quítalo del pedido.');
      } finally {
        await e.db.enEmpresa(1, (tx) =>
          tx.execute(
            sql`update configuracion_general set bloqueo_por_no_existencia = false where tenant_id = 1`,
          ),
        );
      }
      expect(await contar()).toBe(antes);
      // Company 2 has not turned it on: its catalogue does not take orders.
      const r2 = await publica('POST', '/api/publico/catalogo/pedido', {
        tenant: 2,
        token: admin,
        body: {
          identificadorUnico: randomUUID(),
          nombre: 'Ana',
          lineas: [{ idProducto: ajeno, cantidad: 1 }],
        },
      });
      expect(r2.statusCode).toBe(403);
    });

    it('apagado de nuevo, deja de registrar', async () => {
      const r = await e.api({
        method: 'PUT',
        url: '/api/catalogo/ajustes',
        token: admin,
        body: { registrarPedidos: false },
      });
      expect(r.json()).toEqual({ registrarPedidos: false, usuarioResponsable: 'admin' });
      const pedido = await enviar({ identificadorUnico: randomUUID(), nombre: 'Ana', lineas: lineas() });
      expect(pedido.statusCode).toBe(403);
    });
  });
});
