import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';

describe.each(MOTORES)('usuarios (%s)', (motor) => {
  let e: Entorno;
  let admin: string;
  beforeAll(async () => {
    e = await crearEntorno(motor);
    admin = await e.login();
  });
  afterAll(async () => {
    await e?.cerrar();
  });

  function crear(body: unknown, token = admin) {
    return e.api({ method: 'POST', url: '/api/users/', token, body });
  }

  it('crea un usuario con la forma completa y los valores por defecto del spec', async () => {
    const r = await crear({ username: 'mesero1', password: 'clave-mesero' });
    expect(r.statusCode).toBe(200);
    const u = r.json();
    expect(u).toMatchObject({
      username: 'mesero1',
      limiteDescuento: 100,
      limitePedidosAsignados: 5,
      buscadorPredeterminado: 1,
      anularYEliminarDocumentos: false,
      activo: true,
      impresion: { impresorasBluetooth: ['', ''], impresorasIp: [], formatoDePagina: '80mm' },
    });
    expect(u._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(u.privilegios.clientes).toEqual({ acceso: false, crear: false, modificar: false, ver: false });
    expect(u.privilegios.cuentaPorCobrar).toEqual({
      acceso: false,
      crear: false,
      emitirRecibo: false,
      ver: false,
    });
    expect(u.privilegios.pedidos.gestorDeEnvios).toBe(false);
    expect(u).not.toHaveProperty('password');
    expect(JSON.stringify(u)).not.toContain('scrypt');

    const ip = await crear({
      username: 'cocina',
      password: 'clave-cocina',
      impresion: { impresorasIp: [{ nombre: 'Cocina', ip: '192.168.1.50' }] },
    });
    expect(ip.json().impresion.impresorasIp).toEqual([
      { nombre: 'Cocina', ip: '192.168.1.50', puerto: 9100 },
    ]);
  });

  it('GET /users/ y GET /users/{id}; nombres únicos por empresa sin importar mayúsculas', async () => {
    const lista = await e.api({ method: 'GET', url: '/api/users/', token: admin });
    expect(lista.statusCode).toBe(200);
    const nombres = lista.json().map((u: { username: string }) => u.username);
    expect(nombres).toEqual(expect.arrayContaining(['admin', 'mesero1']));
    const id = lista.json().find((u: { username: string }) => u.username === 'mesero1')._id;
    const uno = await e.api({ method: 'GET', url: `/api/users/${id}`, token: admin });
    expect(uno.json().username).toBe('mesero1');

    const repetido = await crear({ username: 'MESERO1', password: 'otra-clave-1' });
    expect(repetido.statusCode).toBe(409);
    expect(repetido.json().message).toBe('Ya existe un usuario con el nombre «MESERO1» en esta empresa.');
    // The same username in another company is fine.
    const token2 = await e.login(2);
    expect((await crear({ username: 'mesero1', password: 'clave-mesero' }, token2)).statusCode).toBe(403);
    const enLa2 = await e.api({
      method: 'POST',
      url: '/api/users/',
      tenant: 2,
      token: token2,
      body: { username: 'mesero1', password: 'clave-mesero' },
    });
    expect(enLa2.statusCode).toBe(200);
  });

  it('PUT cambia datos y privilegios; una nueva contraseña cierra las sesiones del usuario', async () => {
    const creado = (await crear({ username: 'supervisor', password: 'clave-super-1' })).json();
    const tokenViejo = await e.login(1, 'supervisor', 'clave-super-1');
    const cambio = await e.api({
      method: 'PUT',
      url: `/api/users/${creado._id}`,
      token: admin,
      body: {
        username: 'supervisor',
        limiteDescuento: 15,
        anularYEliminarDocumentos: true,
        privilegios: { usuarios: { acceso: true, ver: true } },
        password: 'clave-nueva-22',
      },
    });
    expect(cambio.statusCode).toBe(200);
    expect(cambio.json()).toMatchObject({ limiteDescuento: 15, anularYEliminarDocumentos: true });
    expect(cambio.json().privilegios.usuarios).toEqual({
      acceso: true,
      crear: false,
      modificar: false,
      ver: true,
    });
    expect((await e.api({ method: 'GET', url: '/api/profile', token: tokenViejo })).statusCode).toBe(401);
    const nuevo = await e.login(1, 'supervisor', 'clave-nueva-22');
    // Can see users, cannot create them: the server checks, not only the menu.
    expect((await e.api({ method: 'GET', url: '/api/users/', token: nuevo })).statusCode).toBe(200);
    const prohibido = await crear({ username: 'otro', password: 'clave-otro-1' }, nuevo);
    expect(prohibido.statusCode).toBe(403);
    expect(prohibido.json().message).toBe('No tienes permiso para crear en Usuarios.');
  });

  it('un usuario sin privilegios no accede a los usuarios ni a la configuración', async () => {
    await crear({ username: 'cajero', password: 'clave-cajero' });
    const cajero = await e.login(1, 'cajero', 'clave-cajero');
    expect((await e.api({ method: 'GET', url: '/api/profile', token: cajero })).statusCode).toBe(200);
    expect((await e.api({ method: 'GET', url: '/api/users/', token: cajero })).statusCode).toBe(403);
    const general = await e.api({ method: 'GET', url: '/api/general/1001', token: cajero });
    expect(general.statusCode).toBe(200);
    const cambio = await e.api({
      method: 'PUT',
      url: '/api/general/1001',
      token: cajero,
      body: general.json(),
    });
    expect(cambio.statusCode).toBe(403);
  });

  it('DELETE elimina (sin borrar su historial), cierra sus sesiones y libera el nombre', async () => {
    const creado = (await crear({ username: 'temporal', password: 'clave-temporal' })).json();
    const suToken = await e.login(1, 'temporal', 'clave-temporal');
    const borrar = await e.api({ method: 'DELETE', url: `/api/users/${creado._id}`, token: admin });
    expect(borrar.statusCode).toBe(200);
    expect(borrar.json().message).toBe('Usuario «temporal» eliminado.');
    expect((await e.api({ method: 'GET', url: '/api/profile', token: suToken })).statusCode).toBe(401);
    expect((await e.api({ method: 'GET', url: `/api/users/${creado._id}`, token: admin })).statusCode).toBe(
      404,
    );
    expect(
      (await e.api({ method: 'DELETE', url: `/api/users/${creado._id}`, token: admin })).statusCode,
    ).toBe(404);
    expect((await crear({ username: 'temporal', password: 'clave-temporal' })).statusCode).toBe(200);
    const perfil = (await e.api({ method: 'GET', url: '/api/profile', token: admin })).json();
    const propio = await e.api({ method: 'DELETE', url: `/api/users/${perfil._id}`, token: admin });
    expect(propio.statusCode).toBe(409);
    expect(propio.json().message).toBe('No puedes eliminar tu propio usuario.');
  });

  it('el límite de usuarios del plan (0 = ilimitado) se respeta con el mensaje del spec', async () => {
    const activos = (await e.api({ method: 'GET', url: '/api/tenant/api-test' })).json().cantidadDeUsuarios;
    await e.db.enEmpresa(1, (tx) =>
      tx.execute(sql`update empresas set limite_cantidad_de_usuarios = ${activos}`),
    );
    const r = await crear({ username: 'uno-de-mas', password: 'clave-de-mas' });
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toBe(
      'No puedes crear mas usuarios, has llegado al limite de usuarios permitidos en tu plan',
    );
    // An inactive user does not count, so it can still be created.
    expect(
      (await crear({ username: 'inactivo', password: 'clave-inactivo', activo: false })).statusCode,
    ).toBe(200);
    await e.db.enEmpresa(1, (tx) => tx.execute(sql`update empresas set limite_cantidad_de_usuarios = 0`));
    expect((await crear({ username: 'uno-de-mas', password: 'clave-de-mas' })).statusCode).toBe(200);
  });

  it('validación: campos con el mensaje en español y nada se escribe', async () => {
    const antes = (await e.api({ method: 'GET', url: '/api/users/', token: admin })).json().length;
    const r = await crear({
      username: 'ab',
      password: 'corta',
      limiteDescuento: 150,
      privilegios: { clientes: { acceso: 'si' } },
    });
    expect(r.statusCode).toBe(400);
    const campos = r.json().errores.map((x: { campo: string }) => x.campo);
    expect(campos).toEqual(
      expect.arrayContaining(['username', 'password', 'limiteDescuento', 'privilegios.clientes.acceso']),
    );
    expect(r.json().errores).toContainEqual({
      campo: 'limiteDescuento',
      mensaje: 'El límite de descuento debe ser un número entero de 0 a 100',
    });
    expect((await e.api({ method: 'GET', url: '/api/users/', token: admin })).json().length).toBe(antes);
  });

  describe('nadie da permisos que no tiene', () => {
    // A user-admin: full rights on Usuarios, seeing customers, a 10 % discount limit. Not a full administrator.
    const GESTOR = {
      username: 'gestor',
      password: 'clave-gestor-1',
      limiteDescuento: 10,
      privilegios: {
        usuarios: { acceso: true, ver: true, crear: true, modificar: true },
        clientes: { acceso: true, ver: true },
      },
    };
    let gestor: string;
    let gestorId: string;
    let adminId: string;
    let cajeroId: string;
    beforeAll(async () => {
      gestorId = (await crear(GESTOR)).json()._id;
      gestor = await e.login(1, 'gestor', 'clave-gestor-1');
      adminId = (await e.api({ method: 'GET', url: '/api/profile', token: admin })).json()._id;
      cajeroId = (
        await crear({ username: 'cajero-del-gestor', password: 'clave-cajero-9', limiteDescuento: 5 })
      ).json()._id;
    });

    function editar(id: string, body: Record<string, unknown>, token = gestor) {
      return e.api({ method: 'PUT', url: `/api/users/${id}`, token, body });
    }
    async function leer(id: string) {
      return (await e.api({ method: 'GET', url: `/api/users/${id}`, token: admin })).json();
    }

    it('no cambia sus propios permisos (sí sus otros datos)', async () => {
      const yo = await leer(gestorId);
      const { _id, creadoEn, actualizadoEn, accesosFallidos, ...datos } = yo;
      const todo = await editar(gestorId, {
        ...datos,
        anularYEliminarDocumentos: true,
        privilegios: {
          ...datos.privilegios,
          productos: { acceso: true, ver: true, crear: true, modificar: true },
        },
      });
      expect(todo.statusCode).toBe(403);
      expect(todo.json().message).toBe(
        'No puedes cambiar tus propios permisos: pídeselo a otro administrador.',
      );
      const descuento = await editar(gestorId, { ...datos, limiteDescuento: 100 });
      expect(descuento.statusCode).toBe(403);
      expect(await leer(gestorId)).toMatchObject({ anularYEliminarDocumentos: false, limiteDescuento: 10 });
      expect((await leer(gestorId)).privilegios.productos.acceso).toBe(false);

      const perfil = await editar(gestorId, { ...datos, perfilSeleccionado: 'Encargado' });
      expect(perfil.statusCode).toBe(200);
      expect(perfil.json().perfilSeleccionado).toBe('Encargado');
    });

    it('al crear no da permisos ni un descuento que no tiene', async () => {
      const productos = await crear(
        {
          username: 'ayudante',
          password: 'clave-ayudante',
          limiteDescuento: 5,
          privilegios: { productos: { acceso: true, ver: true } },
        },
        gestor,
      );
      expect(productos.statusCode).toBe(403);
      expect(productos.json().message).toBe(
        'No puedes dar permisos que tú no tienes: Productos y servicios: Acceso, Productos y servicios: Ver.',
      );
      const anular = await crear(
        {
          username: 'ayudante',
          password: 'clave-ayudante',
          limiteDescuento: 5,
          anularYEliminarDocumentos: true,
        },
        gestor,
      );
      expect(anular.statusCode).toBe(403);
      expect(anular.json().message).toBe(
        'No puedes dar permisos que tú no tienes: Anular y eliminar sin aprobación.',
      );
      // The spec's default discount limit is 100 %, more than this user-admin's own 10 %.
      const descuento = await crear({ username: 'ayudante', password: 'clave-ayudante' }, gestor);
      expect(descuento.statusCode).toBe(403);
      expect(descuento.json().message).toBe(
        'No puedes dar permisos que tú no tienes: Descuento máximo mayor que el tuyo.',
      );
      const bien = await crear(
        {
          username: 'ayudante',
          password: 'clave-ayudante',
          limiteDescuento: 10,
          privilegios: { clientes: { acceso: true, ver: true } },
        },
        gestor,
      );
      expect(bien.statusCode).toBe(200);
    });

    it('solo un administrador completo cambia la contraseña de otro', async () => {
      const cajero = await leer(cajeroId);
      const { _id, creadoEn, actualizadoEn, accesosFallidos, ...datos } = cajero;
      const r = await editar(cajeroId, { ...datos, password: 'tomada-por-gestor' });
      expect(r.statusCode).toBe(403);
      expect(r.json().message).toBe(
        'Solo un administrador con todos los permisos puede cambiar la contraseña de otro usuario.',
      );
      const entrar = await e.api({
        method: 'POST',
        url: '/api/auth/login',
        body: { username: 'cajero-del-gestor', password: 'tomada-por-gestor' },
      });
      expect(entrar.statusCode).toBe(401);
      // The admin's own password is out of reach all the more.
      const delAdmin = await leer(adminId);
      const { _id: _a, creadoEn: _c, actualizadoEn: _u, accesosFallidos: _f, ...datosAdmin } = delAdmin;
      const tomar = await editar(adminId, { ...datosAdmin, password: 'tomada-por-gestor' });
      expect(tomar.statusCode).toBe(403);
      expect(tomar.json().message).toMatch(
        /^Solo un administrador con todos los permisos puede modificar a «admin»/,
      );
      // A full administrator may.
      expect((await editar(cajeroId, { ...datos, password: 'clave-del-admin-1' }, admin)).statusCode).toBe(
        200,
      );
    });

    it('da a otro solo lo que tiene, y no toca a quien tiene más permisos que él', async () => {
      const { _id, creadoEn, actualizadoEn, accesosFallidos, ...datos } = await leer(cajeroId);
      const clientes = await editar(cajeroId, {
        ...datos,
        privilegios: { ...datos.privilegios, clientes: { acceso: true, ver: true } },
      });
      expect(clientes.statusCode).toBe(200);
      const mas = await editar(cajeroId, {
        ...datos,
        privilegios: { ...datos.privilegios, facturas: { acceso: true, crear: true } },
      });
      expect(mas.statusCode).toBe(403);
      expect(mas.json().message).toBe(
        'No puedes dar permisos que tú no tienes: Facturas: Acceso, Facturas: Crear.',
      );

      // The admin gives the cashier invoices: now the user-admin may neither edit, deactivate nor delete them.
      const {
        _id: _i,
        creadoEn: _c,
        actualizadoEn: _u,
        accesosFallidos: _f,
        ...actual
      } = await leer(cajeroId);
      expect(
        (
          await editar(
            cajeroId,
            { ...actual, privilegios: { ...actual.privilegios, facturas: { acceso: true, crear: true } } },
            admin,
          )
        ).statusCode,
      ).toBe(200);
      const {
        _id: _j,
        creadoEn: _d,
        actualizadoEn: _v,
        accesosFallidos: _g,
        ...conFacturas
      } = await leer(cajeroId);
      const desactivar = await editar(cajeroId, { ...conFacturas, activo: false });
      expect(desactivar.statusCode).toBe(403);
      expect(desactivar.json().message).toBe(
        'Solo un administrador con todos los permisos puede modificar a «cajero-del-gestor»: tiene permisos que tú no tienes (Facturas: Acceso, Facturas: Crear).',
      );
      const borrar = await e.api({ method: 'DELETE', url: `/api/users/${cajeroId}`, token: gestor });
      expect(borrar.statusCode).toBe(403);
      expect(borrar.json().message).toMatch(/^Solo un administrador con todos los permisos puede eliminar a/);
      const borrarAdmin = await e.api({ method: 'DELETE', url: `/api/users/${adminId}`, token: gestor });
      expect(borrarAdmin.statusCode).toBe(403);
      expect((await leer(cajeroId)).activo).toBe(true);
      expect((await leer(adminId)).activo).toBe(true);
      // Itself: never.
      const propio = await e.api({ method: 'DELETE', url: `/api/users/${gestorId}`, token: gestor });
      expect(propio.statusCode).toBe(409);
    });
  });

  it('el último cupo del plan se lo lleva una sola de diez creaciones simultáneas', async () => {
    await e.db.enEmpresa(1, (tx) => tx.execute(sql`update empresas set limite_cantidad_de_usuarios = 0`));
    const activos = (await e.api({ method: 'GET', url: '/api/tenant/api-test' })).json().cantidadDeUsuarios;
    await e.db.enEmpresa(1, (tx) =>
      tx.execute(sql`update empresas set limite_cantidad_de_usuarios = ${activos + 1}`),
    );
    const respuestas = await Promise.all(
      Array.from({ length: 10 }, (_, i) => crear({ username: `carrera-${i}`, password: 'clave-carrera' })),
    );
    const creados = respuestas.filter((r) => r.statusCode === 200);
    expect(creados).toHaveLength(1);
    for (const r of respuestas.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(403);
      expect(r.json().message).toBe(
        'No puedes crear mas usuarios, has llegado al limite de usuarios permitidos en tu plan',
      );
    }
    expect((await e.api({ method: 'GET', url: '/api/tenant/api-test' })).json().cantidadDeUsuarios).toBe(
      activos + 1,
    );
    await e.db.enEmpresa(1, (tx) => tx.execute(sql`update empresas set limite_cantidad_de_usuarios = 0`));
  });
});
