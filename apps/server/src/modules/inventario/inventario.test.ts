import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, MOTORES } from '../../testing/entorno.ts';
import { type ContextoDeMaestros, prepararContexto, probarFamiliaMaestra } from '../../testing/maestros.ts';

describe.each(MOTORES)(
  'inventario: almacenes, lugares, categorías, secciones, áreas de producción (%s)',
  (motor) => {
    let c: ContextoDeMaestros;
    beforeAll(async () => {
      c = await prepararContexto(await crearEntorno(motor));
    });
    afterAll(async () => {
      await c?.e.cerrar();
    });
    const contexto = () => c;

    function api(opciones: {
      method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      url: string;
      body?: unknown;
      tenant?: 1 | 2;
    }) {
      const tenant = opciones.tenant ?? 1;
      return c.e.api({ ...opciones, tenant, token: c.admin[tenant] });
    }

    async function crear(url: string, body: Record<string, unknown>, tenant: 1 | 2 = 1) {
      const r = await api({
        method: 'POST',
        url,
        tenant,
        body: { identificadorUnico: randomUUID(), ...body },
      });
      expect(r.statusCode, r.body).toBe(200);
      return r.json();
    }

    probarFamiliaMaestra('almacenes', contexto, {
      base: '/api/almacen/',
      metodoDeCambio: 'PUT',
      campoNombre: 'nombre',
      mensajeNombre: 'Debes poner el nombre del almacen',
      cuerpo: (nombre) => ({ nombre }),
      cambio: { nombre: 'Almacén renombrado' },
      desactivable: true,
    });

    probarFamiliaMaestra('lugares de asignación', contexto, {
      base: '/api/asignar-pedido/',
      metodoDeCambio: 'PATCH',
      campoNombre: 'nombreDeAsignacion',
      mensajeNombre: 'Debes poner el nombre del lugar de asignación',
      cuerpo: (nombreDeAsignacion) => ({ nombreDeAsignacion, tipo: 'Mesa' }),
      cambio: { descripcion: 'Terraza', tipo: 'Mesa exterior' },
      desactivable: true,
      rutaSelector: '/api/asignar-pedido/todos',
    });

    probarFamiliaMaestra('categorías', contexto, {
      base: '/api/categorias-productos/',
      metodoDeCambio: 'PUT',
      campoNombre: 'nombre',
      mensajeNombre: 'Debes poner el nombre de la categoria',
      cuerpo: (nombre) => ({ nombre, orden: 3 }),
      cambio: { orden: 7, descripcion: 'Refrescos y jugos', avatar: 'bebidas.png' },
      desactivable: true,
    });

    probarFamiliaMaestra('secciones', contexto, {
      base: '/api/secciones/',
      metodoDeCambio: 'PUT',
      campoNombre: 'nombre',
      mensajeNombre: 'Debes poner el nombre de la categoria',
      cuerpo: (nombre) => ({ nombre }),
      cambio: { orden: 2, descripcion: 'Todo para la casa' },
      desactivable: true,
    });

    probarFamiliaMaestra('áreas de producción', contexto, {
      base: '/api/areas-de-produccion/',
      metodoDeCambio: 'PATCH',
      campoNombre: 'nombre',
      mensajeNombre: 'Debes poner el nombre de la categoria',
      cuerpo: (nombre) => ({ nombre }),
      cambio: { descripcion: 'Barra de jugos' },
      desactivable: false,
    });

    describe('reglas propias', () => {
      it('almacenes: numeroAlmacen consecutivo; el principal es el activo de menor número', async () => {
        const principal = await api({ method: 'GET', url: '/api/almacen/principal' });
        expect(principal.json()).toMatchObject({
          nombre: 'Almacén Principal',
          numeroAlmacen: 1,
          estado: 'Activo',
        });
        const todos = (await api({ method: 'GET', url: '/api/almacen/' })).json().res as Array<{
          numeroAlmacen: number;
        }>;
        const numeros = todos.map((a) => a.numeroAlmacen);
        expect(numeros).toEqual([...numeros].sort((a, b) => a - b));
        expect(new Set(numeros).size).toBe(numeros.length);
        const nuevo = await crear('/api/almacen/', { nombre: 'Almacén Norte' });
        expect(nuevo.numeroAlmacen).toBe(Math.max(...numeros) + 1);

        const id = principal.json()._id;
        await api({
          method: 'PUT',
          url: `/api/almacen/${id}`,
          body: {
            estado: 'Desactivado',
            autorizacion: 'Pendiente',
            notaAnular: 'Cerrado por remodelación',
            _id: id,
          },
        });
        const otro = await api({ method: 'GET', url: '/api/almacen/principal' });
        expect(otro.json()._id).not.toBe(id);
        await api({ method: 'PUT', url: `/api/almacen/${id}`, body: { estado: 'Activo', _id: id } });
        expect((await api({ method: 'GET', url: '/api/almacen/principal' })).json()._id).toBe(id);
        // A company without an active warehouse gets a clear 404: the operator's only one, off a moment.
        const delOperador = (await api({ method: 'GET', url: '/api/almacen/principal', tenant: 2 })).json()
          ._id;
        const apagar = await api({
          method: 'PUT',
          url: `/api/almacen/${delOperador}`,
          tenant: 2,
          body: { estado: 'Desactivado', autorizacion: 'Pendiente', notaAnular: 'Prueba', _id: delOperador },
        });
        expect(apagar.statusCode, apagar.body).toBe(200);
        const sinAlmacen = await api({ method: 'GET', url: '/api/almacen/principal', tenant: 2 });
        expect(sinAlmacen.statusCode).toBe(404);
        expect(sinAlmacen.json().message).toBe('La empresa no tiene un almacén activo.');
        await api({
          method: 'PUT',
          url: `/api/almacen/${delOperador}`,
          tenant: 2,
          body: { estado: 'Activo', _id: delOperador },
        });
        const libre = await api({ method: 'GET', url: `/api/almacen/validarEliminarAlmacen/${nuevo._id}` });
        expect(libre.json()).toEqual({ tieneDocumentos: false });
      });

      it('lugares: validar-eliminar-lugar y el borrado bloqueado por pedidos vinculados', async () => {
        const lugar = await crear('/api/asignar-pedido/', { nombreDeAsignacion: 'Mesa 4' });
        const url = `/api/asignar-pedido/validar-eliminar-lugar/${lugar._id}`;
        expect((await api({ method: 'GET', url })).json()).toEqual({ tieneDocumentos: false });
        const tabla = `prueba_pedidos_${randomUUID().slice(0, 8)}`;
        await c.e.db.ejecutarScript(`
        CREATE TABLE ${tabla} (tenant_id integer NOT NULL, id uuid NOT NULL DEFAULT gen_random_uuid(),
          id_lugar_de_asignacion uuid, PRIMARY KEY (tenant_id, id),
          FOREIGN KEY (tenant_id, id_lugar_de_asignacion) REFERENCES lugares_de_asignacion (tenant_id, id));
        GRANT SELECT ON ${tabla} TO app_empresa;
        INSERT INTO ${tabla} (tenant_id, id_lugar_de_asignacion) VALUES (1, '${lugar._id}');`);
        try {
          expect((await api({ method: 'GET', url })).json()).toEqual({ tieneDocumentos: true });
          const borrar = await api({ method: 'DELETE', url: `/api/asignar-pedido/${lugar._id}` });
          expect(borrar.statusCode).toBe(409);
          expect(borrar.json().message).toBe(
            'El lugar de asignación no se puede eliminar porque tiene pedidos vinculados.',
          );
        } finally {
          await c.e.db.ejecutarScript(`DROP TABLE ${tabla}`);
        }
        expect((await api({ method: 'DELETE', url: `/api/asignar-pedido/${lugar._id}` })).statusCode).toBe(
          200,
        );
        expect((await api({ method: 'GET', url })).statusCode).toBe(404);
      });

      it('categorías: la demo trae las del colmado; lista-categorias responde en el orden pedido', async () => {
        const demo = (await api({ method: 'GET', url: '/api/categorias-productos/' })).json().res as Array<{
          _id: string;
          nombre: string;
        }>;
        expect(demo.map((x) => x.nombre)).toEqual(
          expect.arrayContaining(['Bebidas', 'Víveres', 'Lácteos', 'Limpieza']),
        );
        const [primera, segunda] = demo;
        const pedidas = await api({
          method: 'POST',
          url: '/api/categorias-productos/lista-categorias',
          body: [segunda?._id, randomUUID(), primera?._id, segunda?._id],
        });
        expect(pedidas.statusCode).toBe(200);
        expect((pedidas.json() as Array<{ _id: string }>).map((x) => x._id)).toEqual([
          segunda?._id,
          primera?._id,
        ]);
        const ajenas = await api({
          method: 'POST',
          url: '/api/categorias-productos/lista-categorias',
          tenant: 2,
          body: [primera?._id],
        });
        expect(ajenas.json()).toEqual([]);
        const malas = await api({
          method: 'POST',
          url: '/api/categorias-productos/lista-categorias',
          body: ['x'],
        });
        expect(malas.statusCode).toBe(400);
        expect(malas.json().errores).toEqual([
          { campo: '0', mensaje: 'La categoría seleccionada no es válida' },
        ]);
      });

      it('secciones y áreas agrupan categorías existentes; eliminar una categoría la quita de ellas', async () => {
        const bebidas = await crear('/api/categorias-productos/', { nombre: 'Bebidas frías' });
        const jugos = await crear('/api/categorias-productos/', { nombre: 'Jugos' });
        const seccion = await crear('/api/secciones/', {
          nombre: 'Bar',
          categoriasProductosSeccionada: [bebidas._id, jugos._id, bebidas._id],
        });
        expect(seccion.categoriasProductosSeccionada).toEqual([bebidas._id, jugos._id]);
        const area = await crear('/api/areas-de-produccion/', {
          nombre: 'Barra',
          categoriasProductosSeccionada: [jugos._id],
        });
        const inexistente = await api({
          method: 'PUT',
          url: `/api/secciones/${seccion._id}`,
          body: { categoriasProductosSeccionada: [randomUUID()] },
        });
        expect(inexistente.statusCode).toBe(400);
        expect(inexistente.json().errores).toEqual([
          {
            campo: 'categoriasProductosSeccionada',
            mensaje: 'Una de las categorías seleccionadas no existe',
          },
        ]);
        // A category of the other company is as unknown as a made-up one.
        const ajena = await crear('/api/categorias-productos/', { nombre: 'Ajena' }, 2);
        const conAjena = await api({
          method: 'PATCH',
          url: `/api/areas-de-produccion/${area._id}`,
          body: { categoriasProductosSeccionada: [ajena._id] },
        });
        expect(conAjena.statusCode).toBe(400);

        const borrar = await api({ method: 'DELETE', url: `/api/categorias-productos/${jugos._id}` });
        expect(borrar.json()).toEqual({ message: 'Categoría «Jugos» eliminada.' });
        expect(
          (await api({ method: 'GET', url: `/api/secciones/${seccion._id}` })).json()
            .categoriasProductosSeccionada,
        ).toEqual([bebidas._id]);
        expect(
          (await api({ method: 'GET', url: `/api/areas-de-produccion/${area._id}` })).json()
            .categoriasProductosSeccionada,
        ).toEqual([]);
        const area2 = await api({ method: 'GET', url: `/api/areas-de-produccion/${area._id}` });
        expect(area2.json()).not.toHaveProperty('estado');
      });

      it('categorías: se ordenan por orden y nombre; el selector (activos=true) oculta las desactivadas', async () => {
        const prefijo = `ord-${randomUUID().slice(0, 6)}`;
        const b = await crear('/api/categorias-productos/', { nombre: `${prefijo} B`, orden: 1 });
        const a = await crear('/api/categorias-productos/', { nombre: `${prefijo} A`, orden: 2 });
        const c2 = await crear('/api/categorias-productos/', { nombre: `${prefijo} C`, orden: 1 });
        const lista = (
          await api({ method: 'GET', url: `/api/categorias-productos/?input=${prefijo}` })
        ).json().res as Array<{
          _id: string;
        }>;
        expect(lista.map((x) => x._id)).toEqual([b._id, c2._id, a._id]);
        await api({
          method: 'PUT',
          url: `/api/categorias-productos/${b._id}`,
          body: { estado: 'Desactivado', autorizacion: 'Pendiente', notaAnular: 'Sin ventas', _id: b._id },
        });
        const activas = (
          await api({ method: 'GET', url: `/api/categorias-productos/?input=${prefijo}&activos=true` })
        ).json().res as Array<{ _id: string }>;
        expect(activas.map((x) => x._id)).toEqual([c2._id, a._id]);
      });
    });
  },
);
