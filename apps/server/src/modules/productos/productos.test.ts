import { randomUUID } from 'node:crypto';
import { agregarProducto, digitoVerificadorEan13, precioSinImpuesto } from '@pos/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filas } from '../../db/client.ts';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';
import { registrarMovimientos } from './movimientos.service.ts';

const ITBIS = { name: 'Itbis 18%', tipoDeImpuesto: 'itbis', tasa: 0.18 };
const EXENTO = { name: 'Exento 0%', tipoDeImpuesto: 'exento', tasa: 0 };

type Respuesta = { statusCode: number; json<T = Record<string, unknown>>(): T };
type ProductoJson = Record<string, unknown> & { _id: string; disponibilidad: number };

function etiquetaDeBalanza(codigo: string, milesimas: number): string {
  const doce = `20${codigo}${String(milesimas).padStart(5, '0')}`;
  return `${doce}${digitoVerificadorEan13(doce)}`;
}

describe.each(MOTORES)('productos (%s)', (motor) => {
  let e: Entorno;
  let admin: string;
  let admin2: string;
  let sinPermisos: string;
  let principal: string;
  let segundo: string;
  let almacen2: string;
  let porMayor: string;
  let categoria: string;

  beforeAll(async () => {
    e = await crearEntorno(motor);
    admin = await e.login(1);
    admin2 = await e.login(2);
    await e.api({
      method: 'POST',
      url: '/api/users/',
      token: admin,
      body: { username: 'cajera', password: 'clave-de-la-cajera' },
    });
    sinPermisos = await e.login(1, 'cajera', 'clave-de-la-cajera');
    principal = (await e.api({ method: 'GET', url: '/api/almacen/principal', token: admin })).json<{
      _id: string;
    }>()._id;
    segundo = (
      await e.api({
        method: 'POST',
        url: '/api/almacen/',
        token: admin,
        body: { nombre: 'Almacén del patio', identificadorUnico: randomUUID() },
      })
    ).json<{ _id: string }>()._id;
    almacen2 = (
      await e.api({
        method: 'POST',
        url: '/api/almacen/',
        tenant: 2,
        token: admin2,
        body: { nombre: 'Depósito', identificadorUnico: randomUUID() },
      })
    ).json<{ _id: string }>()._id;
    const listas = (await e.api({ method: 'GET', url: '/api/listas-precio/', token: admin })).json<{
      res: { _id: string; nombre: string }[];
    }>();
    porMayor = listas.res.find((l) => l.nombre === 'Por mayor')?._id ?? '';
    const categorias = (
      await e.api({ method: 'GET', url: '/api/categorias-productos/', token: admin })
    ).json<{
      res: { _id: string; nombre: string }[];
    }>();
    categoria = categorias.res.find((c) => c.nombre === 'Víveres')?._id ?? '';
  });
  afterAll(async () => {
    await e?.cerrar();
  });

  function crear(
    producto: Record<string, unknown>,
    lineas: Record<string, unknown>[] = [],
    opciones: { id?: string; token?: string; tenant?: 1 | 2 } = {},
  ): Promise<Respuesta> {
    return e.api({
      method: 'POST',
      url: '/api/registro-productos/',
      tenant: opciones.tenant ?? 1,
      token: opciones.token ?? (opciones.tenant === 2 ? admin2 : admin),
      body: [producto, lineas, opciones.id ?? randomUUID()],
    });
  }

  async function crearOk(producto: Record<string, unknown>, lineas: Record<string, unknown>[] = []) {
    const r = await crear(producto, lineas);
    expect(r.statusCode, JSON.stringify(r.json())).toBe(200);
    return r.json<{ producto: ProductoJson }>().producto;
  }

  function agregar(body: Record<string, unknown>, token = admin): Promise<Respuesta> {
    return e.api({ method: 'POST', url: '/api/registro-productos/agregarproducto', token, body });
  }

  function porAlmacen(body: Record<string, unknown>): Promise<Respuesta> {
    return e.api({ method: 'POST', url: '/api/registro-productos/porAlmacen/', token: admin, body });
  }

  const codigo = () => `T${randomUUID().replaceAll('-', '').slice(0, 11)}`;

  // ------------------------------------------------------------------ create, defaults, prices

  it('crea con los valores por defecto del spec y deriva los precios sin impuesto con el dominio', async () => {
    const p = await crearOk(
      {
        nombre: 'Arroz de prueba 5 lb',
        categoria,
        idCodigoDeBarra: codigo(),
        precioDeVenta: 100,
        impuestos: [ITBIS],
        costo: 50.555,
      },
      [{ idAlmacen: principal, cantidadInicial: 10, cantidadMinima: 2 }],
    );
    expect(p).toMatchObject({
      productoInventariable: true,
      ventaSinDisponibilidad: true,
      frecuencia: 30,
      tipoDeReserva: 'cita',
      duracionReserva: 15,
      estado: 'Activo',
      categoria,
      precioDeVenta: 100,
      precioSinImpuestoSinRedondeo: precioSinImpuesto(100, [ITBIS]),
      precioSinImpuesto: 84.75,
      precioTotal: 84.75,
      costo: 50.56,
      costoPromedio: 50.56,
      ultimoCosto: 50.56,
      disponibilidad: 10,
    });
    expect(p.precioSinImpuestoSinRedondeo).toBe('84.745762711865');
    const horario = p.horarioDeTrabajo as { dia: string; estado: boolean }[];
    expect(horario.filter((d) => d.estado).map((d) => d.dia)).toEqual([
      'Lunes',
      'Martes',
      'Miércoles',
      'Jueves',
      'Viernes',
    ]);
    expect(p.asignaciones).toEqual([
      expect.objectContaining({
        idAlmacen: principal,
        cantidadInicial: 10,
        cantidadMinima: 2,
        disponibilidad: 10,
      }),
    ]);
    const otro = await crearOk({ nombre: 'Otro', impuestos: [{ ...ITBIS, tasa: 1.18 }], precioDeVenta: 59 });
    expect(otro.numeroProducto).toBe(Number(p.numeroProducto) + 1);
    // Spec 000 §5: a rate of 1.18 is 0.18.
    expect(otro.impuestos).toEqual([ITBIS]);
    expect(otro.precioSinImpuesto).toBe(50);
  });

  it('exige el nombre con el mensaje del spec y valida los campos en español', async () => {
    for (const producto of [{ nombre: '' }, { nombre: '   ' }, {}]) {
      const r = await crear(producto);
      expect(r.statusCode).toBe(400);
      expect(r.json<{ message: string }>().message).toContain('Debes poner el nombre del Producto');
    }
    const r = await crear({ nombre: 'X', precioDeVenta: -1 });
    expect(r.statusCode).toBe(400);
    expect(r.json<{ errores: { campo: string }[] }>().errores[0]?.campo).toBe('0.precioDeVenta');
    const sinId = await e.api({
      method: 'POST',
      url: '/api/registro-productos/',
      token: admin,
      body: [{ nombre: 'X' }, []],
    });
    expect(sinId.statusCode).toBe(400);
  });

  it('guarda como 0 un código de 2 caracteres o menos; varios productos pueden tenerlo', async () => {
    const a = await crearOk({ nombre: 'Sin código A', idCodigoDeBarra: '12' });
    const b = await crearOk({ nombre: 'Sin código B', idCodigoDeBarra: '' });
    expect(a.idCodigoDeBarra).toBe('0');
    expect(b.idCodigoDeBarra).toBe('0');
  });

  it('rechaza un código de 3+ caracteres de otro producto activo, nombrando el artículo; barra/{code}', async () => {
    const c = codigo();
    const dueno = await crearOk({ nombre: 'Salami Dueño del código', idCodigoDeBarra: c });
    const r = await crear({ nombre: 'Intruso', idCodigoDeBarra: c });
    expect(r.statusCode).toBe(409);
    expect(r.json<{ message: string }>().message).toContain('Salami Dueño del código');
    const barra = await e.api({ method: 'GET', url: `/api/registro-productos/barra/${c}`, token: admin });
    expect(barra.json()).toEqual({ activo: true, nombre: 'Salami Dueño del código' });
    const propio = await e.api({
      method: 'GET',
      url: `/api/registro-productos/barra/${c}?idProducto=${dueno._id}`,
      token: admin,
    });
    expect(propio.json()).toEqual({ activo: false, nombre: '' });
    // Editing the owner keeps its code; an Anulado product frees it.
    const editado = await e.api({
      method: 'PUT',
      url: `/api/registro-productos/${dueno._id}`,
      token: admin,
      body: [{ nombre: 'Salami renombrado', idCodigoDeBarra: c }, [], []],
    });
    expect(editado.statusCode).toBe(200);
    const anulado = await e.api({
      method: 'PUT',
      url: `/api/registro-productos/anular/${dueno._id}`,
      token: admin,
      body: {},
    });
    expect(anulado.json()).toMatchObject({ estado: 'Anulado', autorizacion: 'Pendiente' });
    expect((await crear({ nombre: 'Nuevo dueño', idCodigoDeBarra: c })).statusCode).toBe(200);
    // Reactivating the old one would take the code back: refused.
    const reactivar = await e.api({
      method: 'PUT',
      url: `/api/registro-productos/anular/${dueno._id}`,
      token: admin,
      body: { estado: 'Activo' },
    });
    expect(reactivar.statusCode).toBe(409);
    expect(reactivar.json<{ message: string }>().message).toContain('Nuevo dueño');
  });

  it('protege contra duplicados: el reintento responde solicitudDuplicada sin duplicar la existencia', async () => {
    const id = randomUUID();
    const cuerpo = { nombre: 'Habichuelas duplicadas', idCodigoDeBarra: codigo() };
    const lineas = [{ idAlmacen: principal, cantidadInicial: 5 }];
    const [a, b] = await Promise.all([crear(cuerpo, lineas, { id }), crear(cuerpo, lineas, { id })]);
    const respuestas = [a, b].map((r) => r.json<{ producto: ProductoJson; solicitudDuplicada: boolean }>());
    expect(respuestas.map((r) => r.solicitudDuplicada).sort()).toEqual([false, true]);
    expect(respuestas[0]?.producto._id).toBe(respuestas[1]?.producto._id);
    const tercero = (await crear(cuerpo, lineas, { id })).json<{
      producto: ProductoJson;
      solicitudDuplicada: boolean;
    }>();
    expect(tercero.solicitudDuplicada).toBe(true);
    expect(tercero.producto.disponibilidad).toBe(5);
  });

  it('actualiza: líneas asignadas, líneas a quitar (no con existencia) y precios por lista', async () => {
    const p = await crearOk(
      { nombre: 'Aceite de prueba', idCodigoDeBarra: codigo(), precioDeVenta: 200, impuestos: [ITBIS] },
      [{ idAlmacen: principal, cantidadInicial: 3 }],
    );
    const conSegundo = await e.api({
      method: 'PUT',
      url: `/api/registro-productos/${p._id}`,
      token: admin,
      body: [
        {
          _id: p._id,
          nombre: 'Aceite de prueba',
          precioDeVenta: 210,
          impuestos: [ITBIS],
          listaDePrecioAsignada: [{ idLista: porMayor, precio: 150.555 }],
        },
        [
          { idAlmacen: principal, cantidadInicial: 99, cantidadMinima: 1 },
          { idAlmacen: segundo, cantidadInicial: 4 },
        ],
        [],
      ],
    });
    expect(conSegundo.statusCode, conSegundo.body).toBe(200);
    const producto = conSegundo.json<{ producto: ProductoJson }>().producto;
    // The existing line keeps its stock (changes go through documents); the new one gets its initial stock.
    expect(producto.asignaciones).toEqual([
      expect.objectContaining({ idAlmacen: principal, disponibilidad: 3, cantidadMinima: 1 }),
      expect.objectContaining({ idAlmacen: segundo, disponibilidad: 4 }),
    ]);
    expect(producto.listaDePrecioAsignada).toEqual([
      expect.objectContaining({
        idLista: porMayor,
        nombre: 'Por mayor',
        tipo: true,
        porcentaje: 10,
        precio: 150.56,
      }),
    ]);
    expect(producto.precioSinImpuesto).toBe(177.97);
    const quitarConExistencia = await e.api({
      method: 'PUT',
      url: `/api/registro-productos/${p._id}`,
      token: admin,
      body: [{ nombre: 'Aceite de prueba' }, [], [segundo]],
    });
    expect(quitarConExistencia.statusCode).toBe(409);
    await e.db.enEmpresa(1, (tx) =>
      registrarMovimientos({ tx, tenantId: 1, ip: '', usuario: null }, [
        { idProducto: p._id, idAlmacen: segundo, cantidad: -4, tipoDocumento: 'ajusteDeInventario' },
      ]),
    );
    const quitado = await e.api({
      method: 'PUT',
      url: `/api/registro-productos/${p._id}`,
      token: admin,
      body: [
        { nombre: 'Aceite de prueba', listaDePrecioAsignada: [{ idLista: porMayor, precio: 150 }] },
        [],
        [{ idAlmacen: segundo }],
      ],
    });
    expect(quitado.statusCode).toBe(200);
    expect((quitado.json<{ producto: ProductoJson }>().producto.asignaciones as unknown[]).length).toBe(1);
    // The price list is referenced by the product: it cannot be deleted.
    const borrarLista = await e.api({
      method: 'DELETE',
      url: `/api/listas-precio/${porMayor}`,
      token: admin,
    });
    expect(borrarLista.statusCode).toBe(409);
    const distinto = await e.api({
      method: 'PUT',
      url: `/api/registro-productos/${p._id}`,
      token: admin,
      body: [{ _id: randomUUID(), nombre: 'X' }, [], []],
    });
    expect(distinto.statusCode).toBe(400);
  });

  it('elimina solo sin vínculos a documentos: Acción no permitida', async () => {
    const libre = await crearOk({ nombre: 'Para borrar', idCodigoDeBarra: codigo() }, [
      { idAlmacen: principal, cantidadInicial: 2 },
    ]);
    const borrado = await e.api({
      method: 'DELETE',
      url: `/api/registro-productos/${libre._id}`,
      token: admin,
    });
    expect(borrado.statusCode).toBe(200);
    expect(
      (await e.api({ method: 'GET', url: `/api/registro-productos/${libre._id}`, token: admin })).statusCode,
    ).toBe(404);
    const vendido = await crearOk({ nombre: 'Vendido', idCodigoDeBarra: codigo() }, [
      { idAlmacen: principal, cantidadInicial: 2 },
    ]);
    await e.db.enEmpresa(1, (tx) =>
      registrarMovimientos({ tx, tenantId: 1, ip: '', usuario: null }, [
        {
          idProducto: vendido._id,
          idAlmacen: principal,
          cantidad: -1,
          tipoDocumento: 'factura',
          idDocumento: randomUUID(),
        },
      ]),
    );
    const r = await e.api({ method: 'DELETE', url: `/api/registro-productos/${vendido._id}`, token: admin });
    expect(r.statusCode).toBe(409);
    expect(r.json<{ message: string }>().message).toContain('Acción no permitida');
    // The catalog check: a table built later with a blocking key to productos is a link too.
    await e.db.ejecutarScript(`CREATE TABLE IF NOT EXISTS prueba_lineas_de_factura (
      tenant_id integer NOT NULL, id uuid NOT NULL DEFAULT gen_random_uuid(), id_producto uuid NOT NULL,
      PRIMARY KEY (tenant_id, id), FOREIGN KEY (tenant_id, id_producto) REFERENCES productos (tenant_id, id));
      GRANT ALL ON prueba_lineas_de_factura TO app_empresa;`);
    const enFactura = await crearOk({ nombre: 'En una factura', idCodigoDeBarra: codigo() });
    await e.db.consultarComoDueno(
      sql`insert into prueba_lineas_de_factura (tenant_id, id_producto) values (1, ${enFactura._id})`,
    );
    const r2 = await e.api({
      method: 'DELETE',
      url: `/api/registro-productos/${enFactura._id}`,
      token: admin,
    });
    expect(r2.statusCode).toBe(409);
    await e.db.ejecutarScript('DROP TABLE prueba_lineas_de_factura;');
  });

  // ------------------------------------------------------------------ lists

  it('porAlmacen: búsqueda sin acentos, categoría, almacén, páginas de 14, excluirDelCatalogo', async () => {
    const marca = `Zq${randomUUID().slice(0, 6)}`;
    for (let i = 0; i < 16; i++) {
      await crearOk(
        {
          nombre: `Café ${marca} número ${String(i).padStart(2, '0')}`,
          categoria: i % 2 === 0 ? categoria : null,
          excluirDelCatalogo: i === 3,
        },
        [{ idAlmacen: i < 10 ? principal : segundo, cantidadInicial: i }],
      );
    }
    const pagina1 = (await porAlmacen({ input: `cafe ${marca.toUpperCase()}` })).json<{
      res: ProductoJson[];
      totalRows: number;
    }>();
    expect(pagina1.totalRows).toBe(16);
    expect(pagina1.res).toHaveLength(14);
    expect(pagina1.res[0]?.nombre).toBe(`Café ${marca} número 00`);
    const pagina2 = (await porAlmacen({ input: `CAFÉ ${marca}`, page: 2 })).json<{ res: ProductoJson[] }>();
    expect(pagina2.res).toHaveLength(2);
    const enPrincipal = (await porAlmacen({ input: marca, idAlmacen: principal, limit: 50 })).json<{
      res: ProductoJson[];
      totalRows: number;
    }>();
    expect(enPrincipal.totalRows).toBe(10);
    expect(enPrincipal.res[4]).toMatchObject({
      idAlmacen: principal,
      disponibilidad: 4,
      notificacionExistencia: null,
    });
    expect(enPrincipal.res[0]).toMatchObject({ disponibilidad: 0, notificacionExistencia: 0 });
    const deCategoria = (await porAlmacen({ input: marca, idCategoria: categoria })).json<{
      totalRows: number;
    }>();
    expect(deCategoria.totalRows).toBe(8);
    const catalogo = (await porAlmacen({ input: marca, excluirDelCatalogo: true })).json<{
      totalRows: number;
    }>();
    expect(catalogo.totalRows).toBe(15);
    const corto = (await porAlmacen({ input: 'é' })).json<{ totalRows: number }>();
    expect(corto.totalRows).toBeGreaterThan(16);
    const todos = await e.api({
      method: 'POST',
      url: '/api/registro-productos/todos',
      token: admin,
      body: { input: marca },
    });
    expect(todos.json<{ totalRows: number }>().totalRows).toBe(16);
  });

  it('auditoría (quién creó y modificó), lista de anulados y búsqueda literal de % y _', async () => {
    const nombre = `Jugo 100% natural_${randomUUID().slice(0, 6)}`;
    const creado = await crearOk({ nombre, idCodigoDeBarra: codigo() });
    expect(creado).toMatchObject({ creadoPor: 'admin', modificadoPor: 'admin' });
    const anulado = await e.api({
      method: 'PUT',
      url: `/api/registro-productos/anular/${creado._id}`,
      token: admin,
      body: { notaAnular: 'Ya no se vende' },
    });
    expect(anulado.json()).toMatchObject({ estado: 'Anulado', modificadoPor: 'admin' });
    const activos = (await porAlmacen({ input: '100% natural_' })).json<{ res: ProductoJson[] }>();
    expect(activos.res.map((p) => p._id)).not.toContain(creado._id);
    const anulados = (await porAlmacen({ input: '100% natural_', buscarPorEstado: 'Anulado' })).json<{
      res: ProductoJson[];
      totalRows: number;
    }>();
    expect(anulados.res.map((p) => p._id)).toContain(creado._id);
    // '%' and '_' are the user's characters, not LIKE wildcards.
    expect((await porAlmacen({ input: '100_ natural', buscarPorEstado: 'Anulado' })).json()).toMatchObject({
      totalRows: 0,
    });
  });

  it('las listas siguen al producto: renombrar, quitar un almacén, marcar favorito, eliminar', async () => {
    const sufijo = randomUUID().slice(0, 8);
    const p = await crearOk({ nombre: `Guandules verdes ${sufijo}` }, [
      { idAlmacen: principal },
      { idAlmacen: segundo },
    ]);
    const ids = async (body: Record<string, unknown>, url = '/api/registro-productos/porAlmacen/') =>
      (await e.api({ method: 'POST', url, token: admin, body }))
        .json<{ res: ProductoJson[] }>()
        .res.map((f) => f._id);
    expect(await ids({ input: `guandules verdes ${sufijo}`, idAlmacen: segundo })).toEqual([p._id]);
    const cambio = await e.api({
      method: 'PUT',
      url: `/api/registro-productos/${p._id}`,
      token: admin,
      body: [
        { _id: p._id, nombre: `Gandules en lata ${sufijo}`, favorito: true },
        [{ idAlmacen: principal }],
        [segundo],
      ],
    });
    expect(cambio.statusCode, cambio.body).toBe(200);
    expect(await ids({ input: `guandules verdes ${sufijo}` })).toEqual([]);
    expect(await ids({ input: `GANDULES EN LATA ${sufijo}`, idAlmacen: principal })).toEqual([p._id]);
    expect(await ids({ input: `gandules en lata ${sufijo}`, idAlmacen: segundo })).toEqual([]);
    expect(await ids({ input: sufijo }, '/api/registro-productos/favoritos-por-almacen/')).toEqual([p._id]);
    await e.api({ method: 'DELETE', url: `/api/registro-productos/${p._id}`, token: admin });
    expect(await ids({ input: sufijo })).toEqual([]);
  });

  it('favoritos, ofertas, servicios reservables y todos-for-offline', async () => {
    const marca = `Yq${randomUUID().slice(0, 6)}`;
    const oferta = (
      await e.api({
        method: 'POST',
        url: '/api/listas-precio/',
        token: admin,
        body: { nombre: `Oferta ${marca}`, esUnaOferta: true, identificadorUnico: randomUUID() },
      })
    ).json<{ _id: string }>()._id;
    await crearOk({ nombre: `${marca} favorito`, favorito: true }, [{ idAlmacen: principal }]);
    await crearOk(
      { nombre: `${marca} en oferta`, listaDePrecioAsignada: [{ idLista: oferta, precio: 10 }] },
      [{ idAlmacen: principal }],
    );
    await crearOk({
      nombre: `${marca} corte de pelo`,
      reservable: true,
      productoInventariable: false,
      tipo: 'servicio',
    });
    const nombres = async (url: string) =>
      (await e.api({ method: 'POST', url, token: admin, body: { input: marca } }))
        .json<{ res: ProductoJson[] }>()
        .res.map((p) => p.nombre);
    expect(await nombres('/api/registro-productos/favoritos-por-almacen/')).toEqual([`${marca} favorito`]);
    expect(await nombres('/api/registro-productos/ofertas/')).toEqual([`${marca} en oferta`]);
    expect(await nombres('/api/registro-productos/servcios-reservables/')).toEqual([
      `${marca} corte de pelo`,
    ]);
    const offline = (
      await e.api({ method: 'POST', url: '/api/registro-productos/todos-for-offline', token: admin })
    ).json<{
      res: (ProductoJson & { asignaciones: { idAlmacen: string }[]; listaDePrecioAsignada: unknown[] })[];
    }>();
    const enOferta = offline.res.find((p) => p.nombre === `${marca} en oferta`);
    expect(enOferta?.asignaciones).toEqual([{ idAlmacen: principal, disponibilidad: 0, cantidadMinima: 0 }]);
    expect(enOferta?.listaDePrecioAsignada).toEqual([{ idLista: oferta, precio: 10 }]);
  });

  // ------------------------------------------------------------------ adding to a document

  it('agregarproducto: código simple, cantidad-código, paquete PQT#, y la línea del dominio', async () => {
    const c = codigo();
    const p = await crearOk(
      {
        nombre: 'Refresco de prueba 20 oz',
        idCodigoDeBarra: c,
        precioDeVenta: 60,
        impuestos: [ITBIS],
        costo: 40,
        paqueteIncluido: true,
        nombrePaquete: 'Paca de 24',
        cantidadPorPaquete: 24,
        precioPorPaqueteConImpuesto: 1320,
      },
      [{ idAlmacen: principal, cantidadInicial: 48, cantidadMinima: 5 }],
    );
    const r = await agregar({ idCodigoDeBarra: c, Almacen: principal });
    expect(r.statusCode, JSON.stringify(r.json())).toBe(200);
    expect(r.json()).toMatchObject({
      _id: p._id,
      idProductoMaster: p._id,
      costoPromedio: 40,
      disponibilidad: 48,
      notificacionExistencia: null,
      aviso: null,
      cantidad: 1,
      paquete: false,
      precioSinImpuestoSinRedondeo: precioSinImpuesto(60, [ITBIS]),
      linea: { idProducto: p._id, cantidad: 1, precioDeVenta: 60, paquete: false, itemPersonalizado: false },
    });
    const porCantidad = (await agregar({ idCodigoDeBarra: `3-${c}`, Almacen: principal })).json();
    expect(porCantidad).toMatchObject({ cantidad: 3, linea: { cantidad: 3 } });
    const paquete = (await agregar({ idCodigoDeBarra: `PQT#${c}`, Almacen: principal })).json();
    expect(paquete).toMatchObject({ paquete: true, linea: { paquete: true, precioDeVenta: 1320 } });
    const paqueteConFlag = (
      await agregar({ idCodigoDeBarra: c, Almacen: principal, agregarComoPaquete: true })
    ).json();
    expect(paqueteConFlag).toMatchObject({ paquete: true });
    // By _id too (a product without a code chosen from the list).
    const porId = await agregar({ idCodigoDeBarra: p._id, Almacen: principal });
    expect(porId.statusCode, `${p._id} ${JSON.stringify(porId.json())}`).toBe(200);
    // precioModificado replaces the price before tax; descripcion and impuestos the line's.
    const modificado = (
      await agregar({
        idCodigoDeBarra: c,
        Almacen: principal,
        precioModificado: 50,
        descripcion: 'Refresco frío',
        impuestos: [EXENTO],
      })
    ).json<{ linea: Record<string, unknown> }>();
    expect(modificado.linea).toMatchObject({ precio: '50', precioDeVenta: 50, descripcion: 'Refresco frío' });
  });

  it('agregarproducto: paquete no configurado, almacén equivocado, agotado con y sin bloqueo, existencia baja', async () => {
    const c = codigo();
    await crearOk(
      { nombre: 'Galleta sin paquete', idCodigoDeBarra: c, precioDeVenta: 35, ventaSinDisponibilidad: false },
      [{ idAlmacen: principal, cantidadInicial: 0, cantidadMinima: 3 }],
    );
    const sinPaquete = await agregar({ idCodigoDeBarra: `PQT#${c}`, Almacen: principal });
    expect(sinPaquete.statusCode).toBe(409);
    expect(sinPaquete.json<{ message: string }>().message).toBe(
      'Este producto no tiene el modo de empaque configurado.',
    );
    const otroAlmacen = await agregar({ idCodigoDeBarra: c, Almacen: segundo });
    expect(otroAlmacen.statusCode).toBe(404);
    expect(otroAlmacen.json<{ message: string }>().message).toBe(
      'Producto no disponible en el almacén seleccionado.',
    );
    const inexistente = await agregar({ idCodigoDeBarra: 'NO-EXISTE-123', Almacen: principal });
    expect(inexistente.json<{ message: string }>().message).toBe(
      'Producto no disponible en el almacén seleccionado.',
    );
    const bloqueado = await agregar({
      idCodigoDeBarra: c,
      Almacen: principal,
      bloqueoPorNoExistenciaDelInventario: true,
    });
    expect(bloqueado.statusCode).toBe(409);
    expect(bloqueado.json<{ message: string }>().message).toBe('No hay disponibilidad');
    // Taking one off a line is never blocked.
    const disminuir = await agregar({
      idCodigoDeBarra: c,
      Almacen: principal,
      bloqueoPorNoExistenciaDelInventario: true,
      disminuirCantidad: true,
    });
    expect(disminuir.statusCode).toBe(200);
    const sinBloqueo = (await agregar({ idCodigoDeBarra: c, Almacen: principal })).json();
    expect(sinBloqueo).toMatchObject({
      notificacionExistencia: 0,
      aviso: { tipo: 'danger', mensaje: 'Este artículo esta agotado' },
    });
    // ventaSinDisponibilidad on: never blocked.
    const c2 = codigo();
    await crearOk({ nombre: 'Se vende sin existencia', idCodigoDeBarra: c2 }, [{ idAlmacen: principal }]);
    expect(
      (await agregar({ idCodigoDeBarra: c2, Almacen: principal, bloqueoPorNoExistenciaDelInventario: true }))
        .statusCode,
    ).toBe(200);
    const c3 = codigo();
    await crearOk({ nombre: 'Casi agotado', idCodigoDeBarra: c3 }, [
      { idAlmacen: principal, cantidadInicial: 2, cantidadMinima: 3 },
    ]);
    expect((await agregar({ idCodigoDeBarra: c3, Almacen: principal })).json()).toMatchObject({
      notificacionExistencia: 1,
      aviso: { tipo: 'warning', mensaje: 'Este artículo esta próximo a agotarse' },
    });
    // A service (not inventoriable) needs no warehouse line and has no banner.
    const c4 = codigo();
    await crearOk({
      nombre: 'Delivery',
      idCodigoDeBarra: c4,
      productoInventariable: false,
      precioDeVenta: 100,
    });
    expect((await agregar({ idCodigoDeBarra: c4, Almacen: segundo })).json()).toMatchObject({
      notificacionExistencia: null,
    });
  });

  it('agregarproducto: lista de precio (porcentaje y precio asignado), descuento de socio y variantes', async () => {
    const c = codigo();
    const p = await crearOk(
      {
        nombre: 'Funda de hielo de prueba',
        idCodigoDeBarra: c,
        precioDeVenta: 118,
        impuestos: [ITBIS],
        descuentoParaSocios: 7.5,
        variantes: [
          { name: 'Grande', valor: 50 },
          { name: 'Pequeña', valor: 0 },
        ],
      },
      [{ idAlmacen: principal, cantidadInicial: 10 }],
    );
    const variantes = p.variantes as { _id: string; valor: number }[];
    const grande = variantes[0];
    expect(grande?._id).toMatch(/^[0-9a-f-]{36}$/);
    const base = (await agregar({ idCodigoDeBarra: c, Almacen: principal })).json<{
      linea: { precio: string };
    }>();
    expect(base.linea.precio).toBe('100');
    const mayor = (
      await agregar({ idCodigoDeBarra: c, Almacen: principal, idListaDePrecio: porMayor })
    ).json<{
      linea: { precio: string; precioDeVenta: number };
    }>();
    expect(mayor.linea).toMatchObject({ precio: '90', precioDeVenta: 106.2 });
    const lista = (
      await e.api({
        method: 'POST',
        url: '/api/listas-precio/',
        token: admin,
        body: { nombre: `Especial ${c}`, identificadorUnico: randomUUID() },
      })
    ).json<{ _id: string }>()._id;
    await e.api({
      method: 'PUT',
      url: `/api/registro-productos/${p._id}`,
      token: admin,
      body: [
        {
          nombre: 'Funda de hielo de prueba',
          idCodigoDeBarra: c,
          precioDeVenta: 118,
          impuestos: [ITBIS],
          descuentoParaSocios: 7.5,
          variantes,
          listaDePrecioAsignada: [{ idLista: lista, precio: 80 }],
        },
        [],
        [],
      ],
    });
    const asignado = (
      await agregar({ idCodigoDeBarra: c, Almacen: principal, idListaDePrecio: lista })
    ).json<{
      linea: { precio: string };
    }>();
    expect(asignado.linea.precio).toBe('80');
    const socio = (
      await e.api({
        method: 'POST',
        url: '/api/cliente/crear',
        token: admin,
        body: {
          nombre: 'Socio de prueba',
          socio: true,
          idListaDePrecio: porMayor,
          identificadorUnico: randomUUID(),
        },
      })
    ).json<{ clientedb: { _id: string } }>().clientedb._id;
    const deSocio = (await agregar({ idCodigoDeBarra: c, Almacen: principal, idCliente: socio })).json<{
      linea: { descuento: number; descuentoParaSocios: number; precio: string };
    }>();
    // The customer's list applies when the document sends none; the partner discount as a fraction.
    expect(deSocio.linea).toMatchObject({ descuento: 0.075, descuentoParaSocios: 7.5, precio: '90' });
    const conVariante = (
      await agregar({ idCodigoDeBarra: c, Almacen: principal, variantes: [{ _id: grande?._id, valor: 999 }] })
    ).json<{ linea: { precio: string } }>();
    // The stored valor of the chosen variant is used, not the one sent.
    expect(conVariante.linea.precio).toBe('150');
  });

  it('agregarproducto: la etiqueta de balanza cuenta solo con usoCodigoDeBalanza', async () => {
    // Demo data: cheese by weight with scale code 00101 in the main warehouse.
    const etiqueta = etiquetaDeBalanza('00101', 375);
    const apagado = await agregar({ idCodigoDeBarra: etiqueta, Almacen: principal });
    expect(apagado.statusCode).toBe(404);
    const general = (await e.api({ method: 'GET', url: '/api/general/1001', token: admin })).json<
      Record<string, unknown>
    >();
    const { _id, ...resto } = general;
    const encender = await e.api({
      method: 'PUT',
      url: '/api/general/1001',
      token: admin,
      body: { ...resto, usoCodigoDeBalanza: true },
    });
    expect(encender.statusCode, encender.body).toBe(200);
    const encendido = await agregar({ idCodigoDeBarra: etiqueta, Almacen: principal });
    expect(encendido.statusCode).toBe(200);
    expect(encendido.json()).toMatchObject({
      nombre: 'Queso de freír Rica (lb)',
      cantidad: 0.375,
      linea: { cantidad: 0.375, itemPersonalizado: true },
    });
    // A bad check digit is not a scale label: read as a plain (unknown) code.
    const malo = `${etiqueta.slice(0, 12)}${(Number(etiqueta[12]) + 1) % 10}`;
    expect((await agregar({ idCodigoDeBarra: malo, Almacen: principal })).statusCode).toBe(404);
    await e.api({
      method: 'PUT',
      url: '/api/general/1001',
      token: admin,
      body: { ...resto, usoCodigoDeBalanza: false },
    });
  });

  it('las banderas de fusión vuelven en la respuesta y el dominio fusiona las líneas con ellas', async () => {
    const c = codigo();
    await crearOk({ nombre: 'Maní de prueba', idCodigoDeBarra: c }, [
      { idAlmacen: principal, cantidadInicial: 5 },
    ]);
    const primero = (await agregar({ idCodigoDeBarra: c, Almacen: principal })).json<{
      linea: { idProducto: string; cantidad: number };
    }>();
    let lineas = agregarProducto([], primero.linea).lineas;
    const segundo = (await agregar({ idCodigoDeBarra: c, Almacen: principal })).json<{
      linea: { idProducto: string; cantidad: number };
    }>();
    lineas = agregarProducto(lineas, segundo.linea).lineas;
    expect(lineas).toEqual([expect.objectContaining({ cantidad: 2 })]);
    for (const [bandera, esperado] of [
      ['disminuirCantidad', 1],
      ['noActualizarCantidad', 2],
      ['noDuplicarProducto', 2],
    ] as const) {
      const r = (await agregar({ idCodigoDeBarra: c, Almacen: principal, [bandera]: true })).json<{
        linea: { idProducto: string; cantidad: number };
        opciones: Record<string, boolean>;
      }>();
      expect(r.opciones[bandera]).toBe(true);
      expect(agregarProducto(lineas, r.linea, r.opciones).lineas[0]?.cantidad).toBe(esperado);
    }
  });

  it('agregar-producto-compras: al costo; un producto con bloqueoPorInventario no entra a compras', async () => {
    const c = codigo();
    await crearOk(
      {
        nombre: 'Cloro de prueba',
        idCodigoDeBarra: c,
        precioDeVenta: 165,
        costo: 120,
        impuestos: [ITBIS],
        paqueteIncluido: true,
        cantidadPorPaquete: 4,
        costoPorPaquete: 470,
      },
      [{ idAlmacen: principal, cantidadInicial: 1 }],
    );
    const r = await e.api({
      method: 'POST',
      url: '/api/registro-productos/agregar-producto-compras',
      token: admin,
      body: { idCodigoDeBarra: c, cantidad: 6 },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      cantidad: 6,
      bloqueoPorInventario: false,
      linea: { precio: '120', cantidad: 6 },
    });
    const caja = (
      await e.api({
        method: 'POST',
        url: '/api/registro-productos/agregar-producto-compras',
        token: admin,
        body: { idCodigoDeBarra: `PQT#${c}` },
      })
    ).json<{ linea: { precio: string } }>();
    expect(caja.linea.precio).toBe('470');
    const cb = codigo();
    await crearOk({ nombre: 'En inventario físico', idCodigoDeBarra: cb, bloqueoPorInventario: true }, [
      { idAlmacen: principal },
    ]);
    const bloqueado = await e.api({
      method: 'POST',
      url: '/api/registro-productos/agregar-producto-compras',
      token: admin,
      body: { idCodigoDeBarra: cb },
    });
    expect(bloqueado.statusCode).toBe(409);
    expect(bloqueado.json<{ message: string }>().message).toContain('bloqueado por inventario');
  });

  it('convertir: las líneas de una cotización conservan lo cotizado y traen el producto actual', async () => {
    const p = await crearOk(
      { nombre: 'Cotizado', idCodigoDeBarra: codigo(), precioDeVenta: 100, costo: 30 },
      [{ idAlmacen: principal, cantidadInicial: 7 }],
    );
    const perdido = randomUUID();
    const r = await e.api({
      method: 'POST',
      url: '/api/registro-productos/convertir/',
      token: admin,
      body: {
        Almacen: principal,
        lineas: [
          { idProducto: p._id, cantidad: 3, precio: '95', descuento: 0.05 },
          { idProducto: perdido, cantidad: 1 },
        ],
      },
    });
    expect(r.statusCode, r.body).toBe(200);
    const [uno, dos] = r.json<{ nuevaLineaProducto: Record<string, unknown>[] }>().nuevaLineaProducto;
    expect(uno).toMatchObject({
      idProducto: p._id,
      cantidad: 3,
      precio: '95',
      descuento: 0.05,
      disponible: true,
    });
    expect(uno?.producto).toMatchObject({ disponibilidad: 7, costoPromedio: 30 });
    expect(dos).toMatchObject({ idProducto: perdido, producto: null, disponible: false });
    const comoArreglo = await e.api({
      method: 'POST',
      url: '/api/registro-productos/convertir/',
      token: admin,
      body: [{ idProducto: p._id }],
    });
    expect(
      comoArreglo.json<{ nuevaLineaProducto: { producto: ProductoJson }[] }>().nuevaLineaProducto[0]?.producto
        .disponibilidad,
    ).toBe(7);
  });

  // ------------------------------------------------------------------ bulk actions

  it('update-venta-sin-disponibilidad, asignar almacén a todos, fix-precio-sin-impuesto y objectid', async () => {
    const apagar = await e.api({
      method: 'POST',
      url: '/api/registro-productos/update-venta-sin-disponibilidad',
      token: admin,
      body: { accion: false },
    });
    expect(apagar.json<{ modificados: number }>().modificados).toBeGreaterThan(0);
    const [quedan] = await e.db.enEmpresa(1, (tx) =>
      filas<{ n: number }>(tx, sql`select count(*)::int as n from productos where venta_sin_disponibilidad`),
    );
    expect(quedan?.n).toBe(0);
    await e.api({
      method: 'POST',
      url: '/api/registro-productos/update-venta-sin-disponibilidad',
      token: admin,
      body: { accion: true },
    });
    const asignar = await e.api({
      method: 'POST',
      url: '/api/registro-productos/asignar-almacen-a-todos-los-productos/',
      token: admin,
      body: { idAlmacen: segundo },
    });
    expect(asignar.statusCode).toBe(200);
    const [sinSegundo] = await e.db.enEmpresa(1, (tx) =>
      filas<{ n: number }>(
        tx,
        sql`select count(*)::int as n from productos p where estado <> 'Anulado' and not exists
            (select 1 from productos_almacenes pa where pa.id_producto = p.id and pa.id_almacen = ${segundo})`,
      ),
    );
    expect(sinSegundo?.n).toBe(0);
    const p = await crearOk({ nombre: 'Precio roto', precioDeVenta: 100, impuestos: [ITBIS] });
    await e.db.consultarComoDueno(
      sql`update productos set precio_sin_impuesto = 1, precio_sin_impuesto_sin_redondeo = 1 where id = ${p._id}`,
    );
    const fix = await e.api({
      method: 'GET',
      url: '/api/registro-productos/fix-precio-sin-impuesto',
      token: admin,
    });
    expect(fix.json<{ modificados: number }>().modificados).toBe(1);
    const corregido = (
      await e.api({ method: 'GET', url: `/api/registro-productos/${p._id}`, token: admin })
    ).json();
    expect(corregido).toMatchObject({
      precioSinImpuesto: 84.75,
      precioSinImpuestoSinRedondeo: '84.745762711865',
    });
    const id = await e.api({ method: 'GET', url: '/api/general/objectid/1', token: admin });
    expect(id.json<{ objectId: string }>().objectId).toMatch(/^[0-9a-f-]{36}$/);
  });

  // ------------------------------------------------------------------ permissions and isolation

  it('exige los permisos de productos (403) y la sesión para las búsquedas de documentos', async () => {
    const r = await crear({ nombre: 'Sin permiso' }, [], { token: sinPermisos });
    expect(r.statusCode).toBe(403);
    const lista = await e.api({
      method: 'POST',
      url: '/api/registro-productos/todos',
      token: sinPermisos,
      body: {},
    });
    expect(lista.statusCode).toBe(403);
    const fix = await e.api({
      method: 'GET',
      url: '/api/registro-productos/fix-precio-sin-impuesto',
      token: sinPermisos,
    });
    expect(fix.statusCode).toBe(403);
    // A cashier adds products to a sale without the products module.
    const demo = await agregar({ idCodigoDeBarra: '7461000100015', Almacen: principal }, sinPermisos);
    expect(demo.statusCode).toBe(200);
    const anonimo = await e.api({
      method: 'POST',
      url: '/api/registro-productos/agregarproducto',
      body: { idCodigoDeBarra: '7461000100015', Almacen: principal },
    });
    expect(anonimo.statusCode).toBe(401);
  });

  it('aísla las empresas: otra empresa no ve, ni agrega, ni reutiliza nada de esta', async () => {
    const c = codigo();
    const p = await crearOk({ nombre: 'De la empresa 1', idCodigoDeBarra: c }, [
      { idAlmacen: principal, cantidadInicial: 3 },
    ]);
    expect(
      (await e.api({ method: 'GET', url: `/api/registro-productos/${p._id}`, tenant: 2, token: admin2 }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await e.api({
          method: 'POST',
          url: '/api/registro-productos/agregarproducto',
          tenant: 2,
          token: admin2,
          body: { idCodigoDeBarra: c, Almacen: almacen2 },
        })
      ).statusCode,
    ).toBe(404);
    // The same code is free in the other company; its warehouse lines cannot name this company's warehouse.
    expect(
      (
        await crear({ nombre: 'De la empresa 2', idCodigoDeBarra: c }, [{ idAlmacen: almacen2 }], {
          tenant: 2,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await crear({ nombre: 'Ajeno', idCodigoDeBarra: codigo() }, [{ idAlmacen: principal }], { tenant: 2 }))
        .statusCode,
    ).toBe(400);
    const lista = (
      await e.api({
        method: 'POST',
        url: '/api/registro-productos/porAlmacen/',
        tenant: 2,
        token: admin2,
        body: {},
      })
    ).json<{ res: ProductoJson[] }>();
    // Its own product and the operator's demo subscription service (modules/registro/demo.ts), none of company 1.
    expect(lista.res.map((x) => x.nombre).sort()).toEqual([
      'De la empresa 2',
      'Suscripción mensual, Plan Emprendedor',
    ]);
    expect(
      (await e.api({ method: 'DELETE', url: `/api/registro-productos/${p._id}`, tenant: 2, token: admin2 }))
        .statusCode,
    ).toBe(404);
    const movimiento = e.db.enEmpresa(2, (tx) =>
      registrarMovimientos({ tx, tenantId: 2, ip: '', usuario: null }, [
        { idProducto: p._id, idAlmacen: principal, cantidad: 1, tipoDocumento: 'compra' },
      ]),
    );
    await expect(movimiento).rejects.toThrow('no existe');
  });

  it('siembra unos 60 productos de colmado con existencia por el libro de inventario', async () => {
    const [demo] = await e.db.enEmpresa(1, (tx) =>
      filas<{ productos: number; exentos: number; paquetes: number; variantes: number; descuadres: number }>(
        tx,
        sql`select count(*) filter (where identificador_unico like 'demo-producto-%')::int as productos,
              count(*) filter (where identificador_unico like 'demo-producto-%' and impuestos @> '[{"tipoDeImpuesto":"exento"}]')::int as exentos,
              count(*) filter (where identificador_unico like 'demo-producto-%' and paquete_incluido)::int as paquetes,
              count(*) filter (where identificador_unico like 'demo-producto-%' and jsonb_array_length(variantes) > 0)::int as variantes,
              (select count(*)::int from productos_almacenes pa where pa.disponibilidad <>
                 (select coalesce(sum(cantidad), 0) from movimientos_de_inventario m
                  where m.tenant_id = pa.tenant_id and m.id_producto = pa.id_producto and m.id_almacen = pa.id_almacen)) as descuadres
            from productos`,
      ),
    );
    expect(demo?.productos).toBeGreaterThanOrEqual(55);
    expect(demo?.exentos).toBeGreaterThan(3);
    expect(demo?.paquetes).toBeGreaterThanOrEqual(2);
    expect(demo?.variantes).toBe(1);
    expect(demo?.descuadres).toBe(0);
    expect(motor).toBeDefined();
  });
});
