import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Entorno } from './entorno.ts';

/** What every master-data suite shares: the environment and tokens of both companies. */
export type ContextoDeMaestros = {
  e: Entorno;
  /** Administrator of each company, by tenant. */
  admin: Record<1 | 2, string>;
  /** A user of each company without any module flag. */
  sinPermisos: Record<1 | 2, string>;
};

/** Signs in both administrators and creates a user without privileges in each company. */
export async function prepararContexto(e: Entorno): Promise<ContextoDeMaestros> {
  const admin = { 1: await e.login(1), 2: await e.login(2) };
  const sinPermisos = { 1: '', 2: '' };
  for (const tenant of [1, 2] as const) {
    const creado = await e.api({
      method: 'POST',
      url: '/api/users/',
      tenant,
      token: admin[tenant],
      body: { username: 'sin-permisos', password: 'clave-sin-permisos' },
    });
    expect(creado.statusCode).toBe(200);
    sinPermisos[tenant] = await e.login(tenant, 'sin-permisos', 'clave-sin-permisos');
  }
  return { e, admin, sinPermisos };
}

/** A master-data family as the shared tests see it. */
export type FamiliaDePrueba = {
  /** The spec's base path under /api, with its trailing slash (e.g. `/api/impuestos/`). */
  base: string;
  rutaListar?: string;
  rutaCrear?: string;
  metodoDeCambio: 'PUT' | 'PATCH';
  campoNombre: string;
  mensajeNombre: string;
  /** A valid create body (without identificadorUnico) whose name is `nombre`. */
  cuerpo(nombre: string): Record<string, unknown>;
  /** A valid change and what the answer must then contain. */
  cambio: Record<string, unknown>;
  /** Items with the deactivation lifecycle (spec 002 §4). */
  desactivable: boolean;
  /** The family's selector call answering a plain array, if any (e.g. `/api/impuestos/activos`). */
  rutaSelector?: string;
  /** Company that owns the family's data (plans: 2). */
  tenant?: 1 | 2;
  /** What the other company gets when reaching an item of this one: 404 (not found), or 403 for plans. */
  estadoAjeno?: 403 | 404;
  /** Reads need the module flag (plans); otherwise a session is enough. */
  lecturaConPermiso?: boolean;
};

type Fila = Record<string, unknown> & { _id: string };

/** The shared API tests every family gets: create, read, list, page, update, deactivate, delete, errors. */
export function probarFamiliaMaestra(
  nombre: string,
  contexto: () => ContextoDeMaestros,
  familia: FamiliaDePrueba,
) {
  const tenant = familia.tenant ?? 1;
  const ajeno = tenant === 1 ? 2 : 1;
  const rutaListar = familia.rutaListar ?? familia.base;
  const rutaCrear = familia.rutaCrear ?? familia.base;

  function api(opciones: {
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    url: string;
    body?: unknown;
    token?: string;
    tenant?: 1 | 2;
  }) {
    const { e, admin } = contexto();
    const empresa = opciones.tenant ?? tenant;
    return e.api({ ...opciones, tenant: empresa, token: opciones.token ?? admin[empresa] });
  }

  async function crear(nombreDelItem: string, identificadorUnico = randomUUID()): Promise<Fila> {
    const r = await api({
      method: 'POST',
      url: rutaCrear,
      body: { ...familia.cuerpo(nombreDelItem), identificadorUnico },
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  }

  async function listar(consulta: string): Promise<{ res: Fila[]; totalRows: number }> {
    const r = await api({ method: 'GET', url: `${rutaListar}?${consulta}` });
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  }

  describe(nombre, () => {
    it('crea, lee y protege la creación repetida con el mismo identificadorUnico', async () => {
      const identificadorUnico = randomUUID();
      const creado = await crear(`${nombre} uno`, identificadorUnico);
      expect(creado._id).toMatch(/^[0-9a-f-]{36}$/);
      expect(creado[familia.campoNombre]).toBe(`${nombre} uno`);
      expect(creado.solicitudDuplicada).toBe(false);
      expect(creado.identificadorUnico).toBe(identificadorUnico);

      const otraVez = await crear(`${nombre} otro nombre`, identificadorUnico);
      expect(otraVez).toEqual({ ...creado, solicitudDuplicada: true });

      const leido = await api({ method: 'GET', url: `${familia.base}${creado._id}` });
      expect(leido.statusCode).toBe(200);
      const { solicitudDuplicada: _s, ...sinBandera } = creado;
      expect(leido.json()).toEqual(sinBandera);
    });

    it('lista con paginación de 10 (spec 002 §9), búsqueda por nombre y todas las filas sin page', async () => {
      const prefijo = `pag-${randomUUID().slice(0, 8)}`;
      for (let i = 1; i <= 12; i++) {
        await crear(`${prefijo} ${String(i).padStart(2, '0')}`);
      }
      const primera = await listar(`page=1&input=${prefijo}`);
      expect(primera.totalRows).toBe(12);
      expect(primera.res).toHaveLength(10);
      const segunda = await listar(`page=2&input=${prefijo}`);
      expect(segunda.totalRows).toBe(12);
      expect(segunda.res).toHaveLength(2);
      const ids = new Set([...primera.res, ...segunda.res].map((f) => f._id));
      expect(ids.size).toBe(12);
      const todas = await listar(`input=${prefijo}`);
      expect(todas.res).toHaveLength(12);
      expect(todas.totalRows).toBe(12);
      const deACinco = await listar(`page=3&limit=5&input=${prefijo}`);
      expect(deACinco.res).toHaveLength(2);
      const malPedida = await api({ method: 'GET', url: `${rutaListar}?page=0` });
      expect(malPedida.statusCode).toBe(400);
      expect(malPedida.json().errores).toContainEqual({ campo: 'page', mensaje: 'La página empieza en 1' });
    });

    it('actualiza solo los campos enviados', async () => {
      const creado = await crear(`${nombre} por cambiar`);
      const r = await api({
        method: familia.metodoDeCambio,
        url: `${familia.base}${creado._id}`,
        body: { ...familia.cambio, _id: creado._id },
      });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toMatchObject(familia.cambio);
      expect(r.json()[familia.campoNombre]).toBe(
        familia.cambio[familia.campoNombre] ?? `${nombre} por cambiar`,
      );
      const leido = await api({ method: 'GET', url: `${familia.base}${creado._id}` });
      expect(leido.json()).toEqual(r.json());

      const otroId = await api({
        method: familia.metodoDeCambio,
        url: `${familia.base}${creado._id}`,
        body: { _id: randomUUID() },
      });
      expect(otroId.statusCode).toBe(400);
      expect(otroId.json().message).toBe('El _id del cuerpo no coincide con el de la ruta.');
    });

    if (familia.desactivable) {
      it('desactiva con {estado, autorizacion, notaAnular, _id}; el selector deja de ofrecerlo', async () => {
        const creado = await crear(`${nombre} por desactivar`);
        const url = `${familia.base}${creado._id}`;
        const sinNota = await api({ method: familia.metodoDeCambio, url, body: { estado: 'Desactivado' } });
        expect(sinNota.statusCode).toBe(400);
        expect(sinNota.json().errores).toEqual([
          { campo: 'notaAnular', mensaje: 'Debes escribir el motivo de la desactivación' },
        ]);

        const r = await api({
          method: familia.metodoDeCambio,
          url,
          body: {
            estado: 'Desactivado',
            autorizacion: 'Pendiente',
            notaAnular: 'Ya no se usa',
            _id: creado._id,
          },
        });
        expect(r.statusCode, r.body).toBe(200);
        expect(r.json()).toMatchObject({
          estado: 'Desactivado',
          autorizacion: 'Pendiente',
          notaAnular: 'Ya no se usa',
        });

        const enSelector = async () => {
          const activos = (await listar('activos=true')).res.map((f) => f._id);
          const todos = (await listar('')).res.map((f) => f._id);
          expect(todos).toContain(creado._id);
          if (familia.rutaSelector) {
            const selector = await api({ method: 'GET', url: familia.rutaSelector });
            expect(selector.statusCode).toBe(200);
            const ids = (selector.json() as Fila[]).map((f) => f._id);
            expect(ids.includes(creado._id)).toBe(activos.includes(creado._id));
          }
          return activos.includes(creado._id);
        };
        expect(await enSelector()).toBe(false);

        const reactivado = await api({ method: familia.metodoDeCambio, url, body: { estado: 'Activo' } });
        expect(reactivado.json()).toMatchObject({ estado: 'Activo', notaAnular: '' });
        expect(await enSelector()).toBe(true);

        const estadoRaro = await api({ method: familia.metodoDeCambio, url, body: { estado: 'Borrado' } });
        expect(estadoRaro.statusCode).toBe(400);
        expect(estadoRaro.json().errores).toContainEqual({
          campo: 'estado',
          mensaje: 'El estado debe ser Activo o Desactivado',
        });
      });
    }

    it('elimina; después no existe', async () => {
      const creado = await crear(`${nombre} por eliminar`);
      const url = `${familia.base}${creado._id}`;
      const r = await api({ method: 'DELETE', url });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().message).toContain(`${nombre} por eliminar`);
      expect((await api({ method: 'GET', url })).statusCode).toBe(404);
      expect((await api({ method: 'DELETE', url })).statusCode).toBe(404);
      expect((await api({ method: familia.metodoDeCambio, url, body: {} })).statusCode).toBe(404);
    });

    it('validación: el nombre con el mensaje del spec, el identificadorUnico, y nada se escribe', async () => {
      const antes = (await listar('')).totalRows;
      const { [familia.campoNombre]: _nombre, ...sinNombre } = familia.cuerpo('x');
      const faltaNombre = await api({
        method: 'POST',
        url: rutaCrear,
        body: { ...sinNombre, identificadorUnico: randomUUID() },
      });
      expect(faltaNombre.statusCode).toBe(400);
      expect(faltaNombre.json().errores).toContainEqual({
        campo: familia.campoNombre,
        mensaje: familia.mensajeNombre,
      });
      const vacio = await api({
        method: 'POST',
        url: rutaCrear,
        body: { ...familia.cuerpo('   '), identificadorUnico: randomUUID() },
      });
      expect(vacio.statusCode).toBe(400);
      expect(vacio.json().message).toBe(
        `Datos inválidos en «${familia.campoNombre}»: ${familia.mensajeNombre}`,
      );
      const sinIdentificador = await api({ method: 'POST', url: rutaCrear, body: familia.cuerpo('sin id') });
      expect(sinIdentificador.statusCode).toBe(400);
      expect(sinIdentificador.json().errores).toContainEqual({
        campo: 'identificadorUnico',
        mensaje: 'Falta el identificadorUnico del documento',
      });
      const cambioVacio = await api({
        method: familia.metodoDeCambio,
        url: `${familia.base}${randomUUID()}`,
        body: { [familia.campoNombre]: '' },
      });
      expect(cambioVacio.statusCode).toBe(400);
      expect(cambioVacio.json().errores).toContainEqual({
        campo: familia.campoNombre,
        mensaje: familia.mensajeNombre,
      });
      expect((await api({ method: 'GET', url: `${familia.base}no-es-uuid` })).statusCode).toBe(400);
      expect((await listar('')).totalRows).toBe(antes);
    });

    it('aislamiento: la otra empresa no ve ni cambia sus filas; un token ajeno con este tenantId da 403', async () => {
      const { admin } = contexto();
      const creado = await crear(`${nombre} privado`);
      const url = `${familia.base}${creado._id}`;
      const estado = familia.estadoAjeno ?? 404;
      expect((await api({ method: 'GET', url, tenant: ajeno })).statusCode).toBe(estado);
      const cambio = await api({ method: familia.metodoDeCambio, url, tenant: ajeno, body: familia.cambio });
      expect(cambio.statusCode).toBe(estado);
      expect((await api({ method: 'DELETE', url, tenant: ajeno })).statusCode).toBe(estado);
      if (estado === 404) {
        const suyos = await api({ method: 'GET', url: `${rutaListar}?input=privado`, tenant: ajeno });
        expect((suyos.json() as { res: Fila[] }).res.map((f) => f._id)).not.toContain(creado._id);
      }
      const cruzado = await api({ method: 'GET', url, token: admin[ajeno] });
      expect(cruzado.statusCode).toBe(403);
      expect(cruzado.json().message).toBe('La sesión pertenece a otra empresa.');
      expect((await api({ method: 'GET', url })).json()).toMatchObject({
        [familia.campoNombre]: `${nombre} privado`,
      });
    });

    it('permisos: sin la bandera del módulo no crea, no cambia ni elimina (403)', async () => {
      const { sinPermisos } = contexto();
      const token = sinPermisos[tenant];
      const creado = await crear(`${nombre} protegido`);
      const url = `${familia.base}${creado._id}`;
      const crearSinPermiso = await api({
        method: 'POST',
        url: rutaCrear,
        token,
        body: { ...familia.cuerpo('no'), identificadorUnico: randomUUID() },
      });
      expect(crearSinPermiso.statusCode).toBe(403);
      // The message names the module by its Spanish label (ETIQUETAS_DE_MODULO).
      expect(crearSinPermiso.json().message).toMatch(/^No tienes permiso para crear en /);
      const cambiar = await api({ method: familia.metodoDeCambio, url, token, body: familia.cambio });
      expect(cambiar.statusCode).toBe(403);
      expect(cambiar.json().message).toMatch(/^No tienes permiso para modificar en /);
      expect((await api({ method: 'DELETE', url, token })).statusCode).toBe(403);
      // Reading is for every signed-in user (selectors in documents), except the plans back office.
      const lectura = familia.lecturaConPermiso ? 403 : 200;
      expect((await api({ method: 'GET', url, token })).statusCode).toBe(lectura);
      expect((await api({ method: 'GET', url: rutaListar, token })).statusCode).toBe(lectura);
      expect((await api({ method: 'GET', url })).json()[familia.campoNombre]).toBe(`${nombre} protegido`);
    });
  });
}
