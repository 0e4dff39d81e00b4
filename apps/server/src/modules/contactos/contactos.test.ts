import { randomUUID } from 'node:crypto';
import { digitoVerificadorCedula, digitoVerificadorRnc } from '@pos/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filas } from '../../db/client.ts';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';

const RNC = (ocho: string) => `${ocho}${digitoVerificadorRnc(ocho)}`;
const CEDULA = (diez: string) => `${diez}${digitoVerificadorCedula(diez)}`;

describe.each(MOTORES)('contactos (%s)', (motor) => {
  let e: Entorno;
  let admin: string;
  let vendedor: string;
  beforeAll(async () => {
    e = await crearEntorno(motor);
    admin = await e.login();
    // A clerk with every contacts flag but without anularYEliminarDocumentos.
    await e.api({
      method: 'POST',
      url: '/api/users/',
      token: admin,
      body: {
        username: 'vendedora',
        password: 'clave-vendedora',
        privilegios: { clientes: { acceso: true, crear: true, modificar: true, ver: true } },
      },
    });
    vendedor = await e.login(1, 'vendedora', 'clave-vendedora');
  });
  afterAll(async () => {
    await e?.cerrar();
  });

  function crear(body: Record<string, unknown>, token = admin) {
    return e.api({
      method: 'POST',
      url: '/api/cliente/crear',
      token,
      body: { identificadorUnico: randomUUID(), ...body },
    });
  }

  function listar(body: Record<string, unknown> = {}, token = admin) {
    return e.api({ method: 'POST', url: '/api/cliente/contactos', token, body });
  }

  it('crea un cliente con todos los campos; RNC sin guiones y cuentas por defecto', async () => {
    const r = await crear({
      nombre: 'Colmado Los Primos',
      rnc: `1-30-${RNC('13055501').slice(3, 8)}-${RNC('13055501').slice(8)}`,
      ncfPredeterminado: 'B01',
      limiteCredito: 15000.5,
      diasDeCredito: 30,
      socio: true,
      descuentoParaSocios: 7.5,
      telefono: '8095550000',
      correo: 'primos@correo.do',
      direccion: 'C/ Mella 20',
      location: { lat: 18.47, lng: -69.9 },
    });
    expect(r.statusCode).toBe(200);
    const { clientedb, advertencias, solicitudDuplicada } = r.json();
    expect(solicitudDuplicada).toBe(false);
    expect(advertencias).toEqual([]);
    expect(clientedb).toMatchObject({
      nombre: 'Colmado Los Primos',
      rnc: RNC('13055501'),
      tipoDeIdentificacion: 'RNC',
      tipoDeContacto: 'cliente',
      limiteCredito: 15000.5,
      descuentoParaSocios: 7.5,
      estado: 'Activo',
      activo: true,
      autorizacion: null,
      cuentaPorCobrar: { codigoDeCuenta: '1.1.02.01', nombre: 'Cuentas por cobrar clientes' },
      cuentaPorPagar: null,
      location: { lat: 18.47, lng: -69.9 },
    });
    expect(clientedb._id).toMatch(/^[0-9a-f-]{36}$/);
    const perfil = (await e.api({ method: 'GET', url: '/api/profile', token: admin })).json();
    expect(clientedb.idUsuarioCreador).toBe(perfil._id);
    const uno = await e.api({ method: 'GET', url: `/api/cliente/${clientedb._id}`, token: admin });
    expect(uno.json()).toEqual(clientedb);
    const proveedor = await crear({
      nombre: 'Suplidora Norte',
      tipoDeContacto: 'proveedor',
      rnc: CEDULA('0010000001'),
    });
    expect(proveedor.json().clientedb).toMatchObject({
      tipoDeIdentificacion: 'Cédula',
      cuentaPorCobrar: null,
      cuentaPorPagar: { codigoDeCuenta: '2.1.01.01' },
    });
  });

  it('un dígito verificador que no cuadra es una advertencia, no un bloqueo; el duplicado se avisa', async () => {
    const r = await crear({ nombre: 'Dígito raro SRL', rnc: '101850042' });
    expect(r.statusCode).toBe(200);
    expect(r.json().advertencias).toEqual([
      'El dígito verificador del RNC no coincide; verifíquelo en el registro de la DGII.',
    ]);
    const otra = await crear({ nombre: 'Otra con el mismo', rnc: '101850042' });
    expect(otra.json().advertencias).toContain(
      'Ya existe otro contacto con la identificación 101850042: «Dígito raro SRL».',
    );
  });

  it('protege contra duplicados por identificadorUnico', async () => {
    const identificadorUnico = randomUUID();
    const primero = await crear({ identificadorUnico, nombre: 'Cliente de mostrador' });
    const segundo = await crear({ identificadorUnico, nombre: 'Cliente de mostrador' });
    expect(segundo.statusCode).toBe(200);
    expect(segundo.json()).toMatchObject({
      solicitudDuplicada: true,
      clientedb: { _id: primero.json().clientedb._id },
    });
  });

  it('validación con mensajes en español y el campo', async () => {
    const r = await crear({
      nombre: '',
      correo: 'no-es-correo',
      descuentoParaSocios: 150,
      tipoDeContacto: 'socio',
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().errores).toEqual(
      expect.arrayContaining([
        { campo: 'nombre', mensaje: 'Debes poner el nombre del cliente' },
        { campo: 'correo', mensaje: 'El correo no tiene un formato válido' },
        {
          campo: 'descuentoParaSocios',
          mensaje: 'El descuento para socios debe ser un porcentaje de 0 a 100',
        },
        { campo: 'tipoDeContacto', mensaje: 'El tipo de contacto debe ser cliente, proveedor o ambos' },
      ]),
    );
    // The identification is checked once the fields are well formed.
    const rnc = await crear({ nombre: 'RNC corto', rnc: '12345' });
    expect(rnc.json().errores).toEqual([
      { campo: 'rnc', mensaje: 'El RNC debe tener 9 dígitos y la cédula 11 dígitos' },
    ]);
    const cedulaComoRnc = await crear({
      nombre: 'Mal tipo',
      tipoDeIdentificacion: 'RNC',
      rnc: CEDULA('0010000002'),
    });
    expect(cedulaComoRnc.json().errores).toEqual([{ campo: 'rnc', mensaje: 'El RNC debe tener 9 dígitos' }]);
    const sinRuta = await crear({ nombre: 'Con ruta inventada', idRuta: randomUUID() });
    expect(sinRuta.statusCode).toBe(400);
    expect(sinRuta.json().errores).toEqual([{ campo: 'idRuta', mensaje: 'La ruta elegida no existe.' }]);
  });

  it('lista con páginas de 25, filtros por tipo, ruta, texto y estado', async () => {
    const [ruta] = await e.db.enEmpresa(1, (tx) =>
      filas<{ id: string }>(
        tx,
        sql`insert into rutas (tenant_id, identificador_unico, nombre) values (1, ${randomUUID()}, 'Ruta Este') returning id`,
      ),
    );
    for (let i = 1; i <= 20; i++) {
      await crear({
        nombre: `Cliente en ruta ${String(i).padStart(2, '0')}`,
        idRuta: ruta?.id,
        telefono: `80955599${String(i).padStart(2, '0')}`,
      });
    }
    const pagina1 = (await listar()).json();
    expect(pagina1.res).toHaveLength(25);
    const pagina2 = (await listar({ page: 2 })).json();
    expect(pagina2.totalRows).toBe(pagina1.totalRows);
    expect(pagina1.res.length + pagina2.res.length).toBe(Math.min(pagina1.totalRows, 50));
    const enRuta = (await listar({ idRuta: ruta?.id, limit: 10 })).json();
    expect(enRuta.totalRows).toBe(20);
    expect(enRuta.res[0].nombre).toBe('Cliente en ruta 01');
    const proveedores = (await listar({ tipoDeContacto: 'proveedor' })).json();
    expect(proveedores.res.every((c: { tipoDeContacto: string }) => c.tipoDeContacto !== 'cliente')).toBe(
      true,
    );
    expect(proveedores.res.map((c: { nombre: string }) => c.nombre)).toContain('Importadora Quisqueya SRL');
    const porTexto = (await listar({ input: 'quisqueya' })).json();
    expect(porTexto.res.map((c: { nombre: string }) => c.nombre)).toEqual(['Importadora Quisqueya SRL']);
    const porTelefono = (await listar({ input: '8095559907' })).json();
    expect(porTelefono.totalRows).toBe(1);
    const malo = await listar({ page: 0 });
    expect(malo.statusCode).toBe(400);
  });

  it('PUT actualiza; la anulación directa (con permiso) y la solicitud (sin él) siguen el ciclo del spec', async () => {
    const c = (await crear({ nombre: 'Para anular', rnc: RNC('13099901') })).json().clientedb;
    const cambio = await e.api({
      method: 'PUT',
      url: `/api/cliente/${c._id}`,
      token: admin,
      body: { nombre: 'Para anular SRL', rnc: RNC('13099901'), tipoDeContacto: 'ambos', diasDeCredito: 15 },
    });
    expect(cambio.statusCode).toBe(200);
    expect(cambio.json().clientedb).toMatchObject({
      nombre: 'Para anular SRL',
      tipoDeContacto: 'ambos',
      cuentaPorPagar: { codigoDeCuenta: '2.1.01.01' },
    });

    const sinMotivo = await e.api({
      method: 'PUT',
      url: `/api/cliente/${c._id}`,
      token: admin,
      body: { nombre: 'x', estado: 'Anulado' },
    });
    expect(sinMotivo.statusCode).toBe(400);
    expect(sinMotivo.json().errores).toEqual([
      { campo: 'notaAnular', mensaje: 'Debes ingresar un motivo de anulación' },
    ]);

    // Direct: the user has anularYEliminarDocumentos.
    const directa = await e.api({
      method: 'PUT',
      url: `/api/cliente/${c._id}`,
      token: admin,
      body: { nombre: 'x', estado: 'Anulado', notaAnular: 'Cerró el negocio' },
    });
    expect(directa.json().clientedb).toMatchObject({
      estado: 'Anulado',
      autorizacion: 'Aprobada',
      notaAnular: 'Cerró el negocio',
    });
    const todos = (await e.api({ method: 'GET', url: '/api/cliente/', token: admin })).json();
    expect(todos.some((x: { _id: string }) => x._id === c._id)).toBe(false);
    const anulados = (await listar({ buscarPorEstado: 'Anulado' })).json();
    expect(anulados.res.map((x: { _id: string }) => x._id)).toContain(c._id);
    const editarAnulado = await e.api({
      method: 'PUT',
      url: `/api/cliente/${c._id}`,
      token: admin,
      body: { nombre: 'Revivido' },
    });
    expect(editarAnulado.statusCode).toBe(409);
    expect(editarAnulado.json().message).toBe('El contacto está anulado y no se puede modificar.');

    // Request: the clerk has no anularYEliminarDocumentos.
    const d = (await crear({ nombre: 'Solicitud de anulación' }, vendedor)).json().clientedb;
    const solicitud = await e.api({
      method: 'PUT',
      url: `/api/cliente/${d._id}`,
      token: vendedor,
      body: { nombre: 'x', estado: 'Anulado', notaAnular: 'Duplicado' },
    });
    expect(solicitud.json().clientedb).toMatchObject({
      estado: 'Por-Anular',
      autorizacion: 'Pendiente',
      activo: true,
    });
    const aprobarSinPermiso = await e.api({
      method: 'PUT',
      url: `/api/cliente/${d._id}`,
      token: vendedor,
      body: { nombre: 'x', autorizacion: 'Aprobada', notaAutorizacion: 'ok' },
    });
    expect(aprobarSinPermiso.statusCode).toBe(403);
    const aprobada = await e.api({
      method: 'PUT',
      url: `/api/cliente/${d._id}`,
      token: admin,
      body: { nombre: 'x', autorizacion: 'Aprobada', notaAutorizacion: 'Revisado por gerencia' },
    });
    expect(aprobada.json().clientedb).toMatchObject({
      estado: 'Anulado',
      autorizacion: 'Aprobada',
      activo: false,
      notaAutorizacion: 'Revisado por gerencia',
    });

    const f = (await crear({ nombre: 'Solicitud rechazada' }, vendedor)).json().clientedb;
    await e.api({
      method: 'PUT',
      url: `/api/cliente/${f._id}`,
      token: vendedor,
      body: { nombre: 'x', estado: 'Por-Anular', notaAnular: 'Error' },
    });
    const rechazada = await e.api({
      method: 'PUT',
      url: `/api/cliente/${f._id}`,
      token: admin,
      body: { nombre: 'x', autorizacion: 'Rechazada' },
    });
    expect(rechazada.json().clientedb).toMatchObject({
      estado: 'Activo',
      autorizacion: 'Rechazada',
      activo: true,
      notaAutorizacion: 'Solicitud Denegada',
      notaAnular: '',
      nombre: 'Solicitud rechazada',
    });
  });

  it('con documentos: validar-existencia lo dice, no se elimina ni se anula; sin ellos se elimina', async () => {
    const c = (await crear({ nombre: 'Con facturas' })).json().clientedb;
    const libre = await e.api({
      method: 'GET',
      url: `/api/cliente/validar-existencia/${c._id}`,
      token: admin,
    });
    expect(libre.json()).toEqual({ validacion: [{ tieneDocumentos: false }] });
    // A document table of a later module, pointing at contacts through its foreign key.
    await e.db.ejecutarScript(`
      CREATE TABLE facturas_de_prueba (
        tenant_id integer NOT NULL, id uuid NOT NULL DEFAULT gen_random_uuid(), id_cliente uuid NOT NULL,
        PRIMARY KEY (tenant_id, id), FOREIGN KEY (tenant_id, id_cliente) REFERENCES contactos (tenant_id, id));
      GRANT SELECT, INSERT ON facturas_de_prueba TO app_empresa;
      INSERT INTO facturas_de_prueba (tenant_id, id_cliente) VALUES (1, '${c._id}');`);
    try {
      const ocupado = await e.api({
        method: 'GET',
        url: `/api/cliente/validar-existencia/${c._id}`,
        token: admin,
      });
      expect(ocupado.json()).toEqual({ validacion: [{ tieneDocumentos: true }] });
      const borrar = await e.api({ method: 'DELETE', url: `/api/cliente/eliminar/${c._id}`, token: admin });
      expect(borrar.statusCode).toBe(409);
      expect(borrar.json().message).toBe('No se puede eliminar por que tienes documentos activos o anulados');
      const anular = await e.api({
        method: 'PUT',
        url: `/api/cliente/${c._id}`,
        token: admin,
        body: { nombre: 'x', estado: 'Anulado', notaAnular: 'Ya no compra' },
      });
      expect(anular.statusCode).toBe(409);
      expect(anular.json().message).toBe('El contacto tiene facturas y no se puede anular.');
    } finally {
      await e.db.ejecutarScript('DROP TABLE facturas_de_prueba');
    }
    const sinPermiso = await e.api({
      method: 'DELETE',
      url: `/api/cliente/eliminar/${c._id}`,
      token: vendedor,
    });
    expect(sinPermiso.statusCode).toBe(403);
    const borrado = await e.api({ method: 'DELETE', url: `/api/cliente/eliminar/${c._id}`, token: admin });
    expect(borrado.json()).toEqual({ message: 'Contacto «Con facturas» eliminado.' });
    expect((await e.api({ method: 'GET', url: `/api/cliente/${c._id}`, token: admin })).statusCode).toBe(404);
  });

  it('busca por función y sincroniza contactos sin conexión sin duplicar', async () => {
    const choferes = await e.api({
      method: 'POST',
      url: '/api/cliente/buscar-contacto-por-funcion',
      token: admin,
      body: { funcion: 'Chofer' },
    });
    expect(choferes.json().map((c: { nombre: string }) => c.nombre)).toEqual(['Pedro Antonio']);
    const funcionMala = await e.api({
      method: 'POST',
      url: '/api/cliente/buscar-contacto-por-funcion',
      token: admin,
      body: { funcion: 'Piloto' },
    });
    expect(funcionMala.statusCode).toBe(400);

    const pendientes = [
      { identificadorUnico: randomUUID(), nombre: 'Offline uno', rnc: CEDULA('4020000001') },
      { identificadorUnico: randomUUID(), nombre: 'Offline dos' },
      { identificadorUnico: randomUUID(), nombre: '' },
    ];
    const sinc = await e.api({
      method: 'POST',
      url: '/api/cliente/sincronizar-contactos-offline',
      token: admin,
      body: pendientes,
    });
    expect(sinc.statusCode).toBe(200);
    expect(
      sinc.json().contactoCreados.map((c: { identificadorUnico: string }) => c.identificadorUnico),
    ).toEqual([pendientes[0]?.identificadorUnico, pendientes[1]?.identificadorUnico]);
    expect(sinc.json().rechazados).toEqual([
      {
        identificadorUnico: pendientes[2]?.identificadorUnico,
        message: 'Datos inválidos en «nombre»: Debes poner el nombre del cliente',
        errores: [{ campo: 'nombre', mensaje: 'Debes poner el nombre del cliente' }],
      },
    ]);
    const antes = (await listar({ input: 'Offline' })).json().totalRows;
    // A retried sync (the answer was lost) answers the same contacts and creates nothing.
    const otraVez = await e.api({
      method: 'POST',
      url: '/api/cliente/sincronizar-contactos-offline',
      token: admin,
      body: pendientes.slice(0, 2),
    });
    expect(otraVez.json().contactoCreados.map((c: { _id: string }) => c._id)).toEqual(
      sinc.json().contactoCreados.map((c: { _id: string }) => c._id),
    );
    expect((await listar({ input: 'Offline' })).json().totalRows).toBe(antes);
    // Two devices send the same new contact at once: one contact, answered to both.
    const mismo = [{ identificadorUnico: randomUUID(), nombre: 'Offline a la vez' }];
    const [a, b] = await Promise.all(
      [1, 2].map(() =>
        e.api({
          method: 'POST',
          url: '/api/cliente/sincronizar-contactos-offline',
          token: admin,
          body: mismo,
        }),
      ),
    );
    expect(a?.json().contactoCreados[0]._id).toBe(b?.json().contactoCreados[0]._id);
    expect((await listar({ input: 'Offline a la vez' })).json().totalRows).toBe(1);
  });

  it('un revendedor ve solo sus contactos', async () => {
    await e.api({
      method: 'POST',
      url: '/api/users/',
      token: admin,
      body: {
        username: 'revendedor1',
        password: 'clave-revende',
        revendedor: true,
        privilegios: { clientes: { acceso: true, crear: true, ver: true } },
      },
    });
    const revendedor = await e.login(1, 'revendedor1', 'clave-revende');
    await crear({ nombre: 'Cliente del revendedor' }, revendedor);
    const suyos = (await listar({}, revendedor)).json();
    expect(suyos.res.map((c: { nombre: string }) => c.nombre)).toEqual(['Cliente del revendedor']);
    const todos = (await e.api({ method: 'GET', url: '/api/cliente/', token: revendedor })).json();
    expect(todos).toHaveLength(1);
  });

  it('aislamiento por empresa y permisos del módulo clientes', async () => {
    const c = (await crear({ nombre: 'Solo de la empresa 1' })).json().clientedb;
    const token2 = await e.login(2);
    expect(
      (await e.api({ method: 'GET', url: `/api/cliente/${c._id}`, tenant: 2, token: token2 })).statusCode,
    ).toBe(404);
    const put2 = await e.api({
      method: 'PUT',
      url: `/api/cliente/${c._id}`,
      tenant: 2,
      token: token2,
      body: { nombre: 'robado' },
    });
    expect(put2.statusCode).toBe(404);
    const del2 = await e.api({
      method: 'DELETE',
      url: `/api/cliente/eliminar/${c._id}`,
      tenant: 2,
      token: token2,
    });
    expect(del2.statusCode).toBe(404);
    expect(
      (
        await e.api({ method: 'POST', url: '/api/cliente/contactos', tenant: 2, token: token2, body: {} })
      ).json().totalRows,
    ).toBe(0);
    expect(
      (await e.api({ method: 'GET', url: `/api/cliente/${c._id}`, tenant: 1, token: token2 })).statusCode,
    ).toBe(403);

    await e.api({
      method: 'POST',
      url: '/api/users/',
      token: admin,
      body: { username: 'cocinero', password: 'clave-cocinero' },
    });
    const cocinero = await e.login(1, 'cocinero', 'clave-cocinero');
    const r = await listar({}, cocinero);
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toMatch(/^No tienes permiso para /);
    expect((await crear({ nombre: 'x' }, cocinero)).statusCode).toBe(403);
  });
});
