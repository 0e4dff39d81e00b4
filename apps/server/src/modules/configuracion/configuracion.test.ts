import { randomUUID } from 'node:crypto';
import { OPCIONES_DE_IMPUESTO } from '@pos/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, MOTORES } from '../../testing/entorno.ts';
import { type ContextoDeMaestros, prepararContexto, probarFamiliaMaestra } from '../../testing/maestros.ts';

const cuentaDeVentas = { idCuenta: 'c-4101', nombre: 'Ventas', codigoDeCuenta: '4101', tipo: 'ingreso' };

describe.each(MOTORES)(
  'configuración: impuestos, listas de precio, retenciones, terminales, rutas, planes (%s)',
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

    /** A table standing for documents built later, linked by a blocking foreign key to `tabla`. */
    async function documentoQueReferencia(tabla: string, id: string): Promise<() => Promise<void>> {
      const nombre = `prueba_docs_${randomUUID().slice(0, 8)}`;
      await c.e.db.ejecutarScript(`
      CREATE TABLE ${nombre} (tenant_id integer NOT NULL, id uuid NOT NULL DEFAULT gen_random_uuid(), ref uuid NOT NULL,
        PRIMARY KEY (tenant_id, id), FOREIGN KEY (tenant_id, ref) REFERENCES ${tabla} (tenant_id, id));
      GRANT SELECT ON ${nombre} TO app_empresa;
      INSERT INTO ${nombre} (tenant_id, ref) VALUES (1, '${id}');`);
      return () => c.e.db.ejecutarScript(`DROP TABLE ${nombre}`);
    }

    probarFamiliaMaestra('impuestos', contexto, {
      base: '/api/impuestos/',
      metodoDeCambio: 'PATCH',
      campoNombre: 'name',
      mensajeNombre: 'Debes poner el nombre del impuesto',
      cuerpo: (name) => ({ name, tasa: 0.18, tipoDeImpuesto: 'itbis' }),
      cambio: { tasa: 0.16, tipoDeImpuesto: 'itbis16', cuentaContableParaVenta: cuentaDeVentas },
      desactivable: true,
      rutaSelector: '/api/impuestos/activos',
    });

    probarFamiliaMaestra('listas de precio', contexto, {
      base: '/api/listas-precio/',
      metodoDeCambio: 'PATCH',
      campoNombre: 'nombre',
      mensajeNombre: 'Debes poner el nombre de la lista de precio',
      cuerpo: (nombre) => ({ nombre, tipo: true, porcentaje: 5 }),
      cambio: { porcentaje: 12.5, diasDisponibles: [1, 2, 3], vigencia: '2030-12-31', esUnaOferta: true },
      desactivable: true,
    });

    probarFamiliaMaestra('retenciones', contexto, {
      base: '/api/lista-de-retenciones/',
      rutaListar: '/api/lista-de-retenciones/todas',
      rutaCrear: '/api/lista-de-retenciones',
      metodoDeCambio: 'PATCH',
      campoNombre: 'nombre',
      mensajeNombre: 'Debes poner el nombre de la retención',
      cuerpo: (nombre) => ({ nombre, porcentaje: 30, tipoRetencion: 'itbis' }),
      cambio: { porcentaje: 10, tipoRetencion: 'isr', tipoRetencionIsr: '02' },
      desactivable: true,
    });

    probarFamiliaMaestra('terminales', contexto, {
      base: '/api/terminales/',
      metodoDeCambio: 'PATCH',
      campoNombre: 'nombre',
      mensajeNombre: 'Debes poner el nombre del terminal',
      cuerpo: (nombre) => ({ nombre, descripcion: 'Caja de prueba' }),
      cambio: {
        descripcion: 'Caja del fondo',
        cuentaDeTransferencias: cuentaDeVentas,
        cajaDefectvoIdRef: 'c-1101',
      },
      desactivable: false,
    });

    probarFamiliaMaestra('rutas', contexto, {
      base: '/api/lista-ruta/',
      metodoDeCambio: 'PATCH',
      campoNombre: 'nombre',
      mensajeNombre: 'Debes poner el nombre de la ruta',
      cuerpo: (nombre) => ({ _id: null, nombre, direccion: 'Santiago' }),
      cambio: { direccion: 'La Vega' },
      desactivable: false,
    });

    probarFamiliaMaestra('planes', contexto, {
      base: '/api/planes/',
      metodoDeCambio: 'PATCH',
      campoNombre: 'descripcion',
      mensajeNombre: 'Debes poner la descripción del plan',
      cuerpo: (descripcion) => ({ descripcion, precio: 1500 }),
      cambio: { precio: 1999.99, cantidadDeUsuarios: 5, vigencia: 365 },
      desactivable: false,
      tenant: 2,
      estadoAjeno: 403,
      lecturaConPermiso: true,
    });

    describe('reglas propias', () => {
      it('la empresa demo trae las opciones de impuesto del spec; /impuestos/activos las ofrece', async () => {
        const activos = await api({ method: 'GET', url: '/api/impuestos/activos' });
        expect(activos.statusCode).toBe(200);
        const porNombre = new Map(
          (activos.json() as Array<{ name: string; tasa: number; tipoDeImpuesto: string }>).map((i) => [
            i.name,
            i,
          ]),
        );
        expect(porNombre.get('Itbis 18%')).toMatchObject({
          tasa: 0.18,
          tipoDeImpuesto: 'itbis',
          estado: 'Activo',
        });
        expect(porNombre.get('Itbis 16%')).toMatchObject({ tasa: 0.16, tipoDeImpuesto: 'itbis16' });
        expect(porNombre.get('Propina 10%')).toMatchObject({ tasa: 0.1, tipoDeImpuesto: 'propina' });
        expect(porNombre.get('Exento 0%')).toMatchObject({ tasa: 0 });
        // The operator company starts like a registered company: the same options (docs/empresas.md).
        const delOperador = await api({ method: 'GET', url: '/api/impuestos/activos', tenant: 2 });
        expect(delOperador.json<Array<{ name: string }>>().map((i) => i.name)).toEqual(
          expect.arrayContaining(OPCIONES_DE_IMPUESTO.map((o) => o.name)),
        );
        expect(delOperador.json()).toHaveLength(OPCIONES_DE_IMPUESTO.length);
      });

      it('impuestos: una opción del spec completa tasa y tipo; 1.18 se guarda como 0.18; sin tasa se pide', async () => {
        const opcion = await api({
          method: 'POST',
          url: '/api/impuestos/',
          body: { identificadorUnico: randomUUID(), name: 'isc 10%' },
        });
        expect(opcion.json()).toMatchObject({ name: 'isc 10%', tasa: 0.1, tipoDeImpuesto: 'isc' });
        const factor = await api({
          method: 'POST',
          url: '/api/impuestos/',
          body: {
            identificadorUnico: randomUUID(),
            name: 'ITBIS incluido',
            tasa: 1.18,
            tipoDeImpuesto: 'itbis',
          },
        });
        expect(factor.json()).toMatchObject({ tasa: 0.18 });
        const cambio = await api({
          method: 'PATCH',
          url: `/api/impuestos/${factor.json()._id}`,
          body: { tasa: 1.16 },
        });
        expect(cambio.json()).toMatchObject({ tasa: 0.16, name: 'ITBIS incluido' });
        const sinTasa = await api({
          method: 'POST',
          url: '/api/impuestos/',
          body: { identificadorUnico: randomUUID(), name: 'Impuesto municipal' },
        });
        expect(sinTasa.statusCode).toBe(400);
        expect(sinTasa.json().errores).toEqual([
          { campo: 'tasa', mensaje: 'Debes poner la tasa del impuesto' },
        ]);
        const negativa = await api({
          method: 'POST',
          url: '/api/impuestos/',
          body: { identificadorUnico: randomUUID(), name: 'Raro', tasa: -1 },
        });
        expect(negativa.json().errores).toContainEqual({
          campo: 'tasa',
          mensaje: 'La tasa no puede ser negativa',
        });
        // Spec 002 §7: DELETE answers the tax's name.
        const borrado = await api({ method: 'DELETE', url: `/api/impuestos/${opcion.json()._id}` });
        expect(borrado.json()).toEqual({ name: 'isc 10%', message: 'Impuesto «isc 10%» eliminado.' });
      });

      it('listas de precio: la predeterminada es única, no se desactiva ni elimina; activas = activo y no Desactivado', async () => {
        const predeterminada = await api({ method: 'GET', url: '/api/listas-precio/predeterminada/' });
        expect(predeterminada.json()).toMatchObject({
          nombre: 'Precio de venta',
          predeterminado: true,
          activo: true,
        });
        const idVieja = predeterminada.json()._id;
        const bloqueos = [
          await api({ method: 'DELETE', url: `/api/listas-precio/${idVieja}` }),
          await api({
            method: 'PATCH',
            url: `/api/listas-precio/${idVieja}`,
            body: { estado: 'Desactivado', autorizacion: 'Pendiente', notaAnular: 'x', _id: idVieja },
          }),
          await api({
            method: 'PATCH',
            url: `/api/listas-precio/${idVieja}`,
            body: { predeterminado: false },
          }),
        ];
        for (const r of bloqueos) {
          expect(r.statusCode).toBe(409);
          expect(r.json().message).toContain('marca otra lista como predeterminada primero');
        }

        const nueva = await api({
          method: 'POST',
          url: '/api/listas-precio/',
          body: { identificadorUnico: randomUUID(), nombre: 'Precio especial', predeterminado: true },
        });
        expect(nueva.json()).toMatchObject({ predeterminado: true, solicitudDuplicada: false });
        expect(
          (await api({ method: 'GET', url: `/api/listas-precio/${idVieja}` })).json().predeterminado,
        ).toBe(false);
        expect((await api({ method: 'GET', url: '/api/listas-precio/predeterminada/' })).json()._id).toBe(
          nueva.json()._id,
        );
        // The role goes back by PATCH; the old default becomes deletable-protected again.
        const devuelta = await api({
          method: 'PATCH',
          url: `/api/listas-precio/${idVieja}`,
          body: { predeterminado: true },
        });
        expect(devuelta.json().predeterminado).toBe(true);
        expect(
          (await api({ method: 'GET', url: `/api/listas-precio/${nueva.json()._id}` })).json().predeterminado,
        ).toBe(false);

        const inactiva = await api({
          method: 'POST',
          url: '/api/listas-precio/',
          body: { identificadorUnico: randomUUID(), nombre: 'Lista inactiva', activo: false },
        });
        const activas = await api({ method: 'GET', url: '/api/listas-precio/?activos=true' });
        const ids = (activas.json().res as Array<{ _id: string }>).map((l) => l._id);
        expect(ids).not.toContain(inactiva.json()._id);
        expect(ids).toContain(idVieja);
        const hacerlaPredeterminada = await api({
          method: 'PATCH',
          url: `/api/listas-precio/${inactiva.json()._id}`,
          body: { predeterminado: true },
        });
        expect(hacerlaPredeterminada.statusCode).toBe(409);
      });

      it('listas de precio: validar-eliminar-lista y el borrado bloqueado con el mensaje del spec', async () => {
        const lista = await api({
          method: 'POST',
          url: '/api/listas-precio/',
          body: { identificadorUnico: randomUUID(), nombre: 'Con facturas', porcentaje: 1.0001 },
        });
        const id = lista.json()._id;
        expect(lista.json().porcentaje).toBe(1.0001);
        const libre = await api({ method: 'GET', url: `/api/listas-precio/validar-eliminar-lista/${id}` });
        expect(libre.json()).toEqual({ tieneDocumentos: false });
        const quitar = await documentoQueReferencia('listas_de_precio', id);
        try {
          const vinculada = await api({
            method: 'GET',
            url: `/api/listas-precio/validar-eliminar-lista/${id}`,
          });
          expect(vinculada.json()).toEqual({ tieneDocumentos: true });
          const borrar = await api({ method: 'DELETE', url: `/api/listas-precio/${id}` });
          expect(borrar.statusCode).toBe(409);
          expect(borrar.json().message).toBe(
            'La lista de precio no se puede eliminar por que tiene facturas vinculadas. Primero desvincule las facturas y vuelva a intentarlo',
          );
          // The other company sees neither the list nor its documents.
          expect(
            (await api({ method: 'GET', url: `/api/listas-precio/validar-eliminar-lista/${id}`, tenant: 2 }))
              .statusCode,
          ).toBe(404);
        } finally {
          await quitar();
        }
        expect((await api({ method: 'DELETE', url: `/api/listas-precio/${id}` })).statusCode).toBe(200);
        const demasiadosDecimales = await api({
          method: 'POST',
          url: '/api/listas-precio/',
          body: { identificadorUnico: randomUUID(), nombre: 'x', porcentaje: 1.00001, diasDisponibles: [7] },
        });
        expect(demasiadosDecimales.json().errores).toEqual(
          expect.arrayContaining([
            { campo: 'porcentaje', mensaje: 'El porcentaje admite hasta 4 decimales' },
            { campo: 'diasDisponibles.0', mensaje: 'Los días van de 0 (domingo) a 6 (sábado)' },
          ]),
        );
      });

      it('retenciones: todas y todas/ listan; el tipo es isr o itbis; la demo trae las usuales', async () => {
        const sinBarra = await api({ method: 'GET', url: '/api/lista-de-retenciones/todas?activos=true' });
        const conBarra = await api({ method: 'GET', url: '/api/lista-de-retenciones/todas/?activos=true' });
        expect(conBarra.json()).toEqual(sinBarra.json());
        const nombres = (sinBarra.json().res as Array<{ nombre: string }>).map((r) => r.nombre);
        expect(nombres).toContain('Retención ISR 10% (honorarios)');
        const malTipo = await api({
          method: 'POST',
          url: '/api/lista-de-retenciones',
          body: { identificadorUnico: randomUUID(), nombre: 'Mala', porcentaje: 5, tipoRetencion: 'iva' },
        });
        expect(malTipo.statusCode).toBe(400);
        expect(malTipo.json().errores).toContainEqual({
          campo: 'tipoRetencion',
          mensaje: 'El tipo de retención debe ser isr o itbis',
        });
        const demasiado = await api({
          method: 'POST',
          url: '/api/lista-de-retenciones',
          body: { identificadorUnico: randomUUID(), nombre: 'Mala', porcentaje: 150, tipoRetencion: 'isr' },
        });
        expect(demasiado.json().errores).toContainEqual({
          campo: 'porcentaje',
          mensaje: 'El porcentaje debe ser un número de 0 a 100',
        });
      });

      it('terminales: Caja 1 de la demo con su almacén; vínculos comprobados; un solo predeterminado', async () => {
        const lista = await api({ method: 'GET', url: '/api/terminales/' });
        const caja = (lista.json().res as Array<{ nombre: string }>).find((t) => t.nombre === 'Caja 1');
        const principal = await api({ method: 'GET', url: '/api/almacen/principal' });
        // The demo cash register sells on day one: consumer invoices, returns and receipts numbered, and
        // each payment method posting to the account the assignment names.
        const ventas = await api({ method: 'GET', url: '/api/numeracion/buscar-predeterminada/ventas' });
        const devoluciones = await api({
          method: 'GET',
          url: '/api/numeracion/buscar-predeterminada/notaDeCredito',
        });
        const asignacion = (await api({ method: 'GET', url: '/api/asignacion-de-cuentas-contables' })).json();
        expect(caja).toMatchObject({
          predeterminado: true,
          almacenPorDefecto: principal.json()._id,
          numeracionFacturas: ventas.json()._id,
          numeracionDevoluciones: devoluciones.json()._id,
          cajaDefectvoIdRef: asignacion.cajaGeneral.idCuenta,
          cuentaDeTransferencias: { idCuenta: asignacion.transferencias.idCuenta },
          cuentaDeTarjetaDeCredito: { idCuenta: asignacion.tarjetasDeCredito.idCuenta },
          cuentaContableBanco: { idCuenta: asignacion.bancos.idCuenta },
        });
        const perfil = await api({ method: 'GET', url: '/api/profile' });
        const nueva = await api({
          method: 'POST',
          url: '/api/terminales/',
          body: {
            identificadorUnico: randomUUID(),
            nombre: 'Caja 2',
            predeterminado: true,
            usuariosViculados: [perfil.json()._id, perfil.json()._id],
            almacenPorDefecto: principal.json()._id,
          },
        });
        expect(nueva.json()).toMatchObject({ predeterminado: true, usuariosViculados: [perfil.json()._id] });
        const despues = await api({ method: 'GET', url: '/api/terminales/?input=Caja 1' });
        expect(despues.json().res[0].predeterminado).toBe(false);

        const almacenInexistente = await api({
          method: 'PATCH',
          url: `/api/terminales/${nueva.json()._id}`,
          body: { almacenPorDefecto: randomUUID() },
        });
        expect(almacenInexistente.statusCode).toBe(400);
        expect(almacenInexistente.json().errores).toEqual([
          { campo: 'almacenPorDefecto', mensaje: 'El almacén seleccionado no existe' },
        ]);
        const usuarioInexistente = await api({
          method: 'PATCH',
          url: `/api/terminales/${nueva.json()._id}`,
          body: { usuariosViculados: [randomUUID()] },
        });
        expect(usuarioInexistente.json().errores).toEqual([
          { campo: 'usuariosViculados', mensaje: 'Uno de los usuarios vinculados no existe.' },
        ]);

        // A warehouse a terminal uses cannot be deleted (the foreign key is found by validarEliminarAlmacen).
        const almacen = await api({
          method: 'POST',
          url: '/api/almacen/',
          body: { identificadorUnico: randomUUID(), nombre: 'Almacén de la caja 2' },
        });
        await api({
          method: 'PATCH',
          url: `/api/terminales/${nueva.json()._id}`,
          body: { almacenPorDefecto: almacen.json()._id },
        });
        const validar = await api({
          method: 'GET',
          url: `/api/almacen/validarEliminarAlmacen/${almacen.json()._id}`,
        });
        expect(validar.json()).toEqual({ tieneDocumentos: true });
        const borrar = await api({ method: 'DELETE', url: `/api/almacen/${almacen.json()._id}` });
        expect(borrar.statusCode).toBe(409);
        expect(borrar.json().message).toBe(
          'El almacén no se puede eliminar porque tiene productos o documentos vinculados.',
        );
        await api({
          method: 'PATCH',
          url: `/api/terminales/${nueva.json()._id}`,
          body: { almacenPorDefecto: null },
        });
        expect((await api({ method: 'DELETE', url: `/api/almacen/${almacen.json()._id}` })).statusCode).toBe(
          200,
        );
      });

      it('cada familia se guarda con su módulo: las rutas con el de clientes (spec 002 §2, formulario de contactos)', async () => {
        const usuario = await api({
          method: 'POST',
          url: '/api/users/',
          body: {
            username: 'vendedor-rutas',
            password: 'clave-vendedor',
            privilegios: { clientes: { acceso: true, crear: true, modificar: true, ver: true } },
          },
        });
        expect(usuario.statusCode).toBe(200);
        const token = await c.e.login(1, 'vendedor-rutas', 'clave-vendedor');
        const ruta = await c.e.api({
          method: 'POST',
          url: '/api/lista-ruta/',
          token,
          body: { identificadorUnico: randomUUID(), nombre: 'Ruta Este' },
        });
        expect(ruta.statusCode).toBe(200);
        const impuesto = await c.e.api({
          method: 'POST',
          url: '/api/impuestos/',
          token,
          body: { identificadorUnico: randomUUID(), name: 'Itbis 18%' },
        });
        expect(impuesto.statusCode).toBe(403);
        expect(impuesto.json().message).toMatch(/^No tienes permiso para crear en /);
      });

      it('planes: solo la empresa 2; el precio se guarda exacto a 2 decimales', async () => {
        const enLa1 = await api({ method: 'GET', url: '/api/planes/' });
        expect(enLa1.statusCode).toBe(403);
        expect(enLa1.json().message).toBe(
          'Los planes solo se administran desde la empresa operadora de la plataforma.',
        );
        const crearEnLa1 = await api({
          method: 'POST',
          url: '/api/planes/',
          body: { identificadorUnico: randomUUID(), descripcion: 'Básico', precio: 10 },
        });
        expect(crearEnLa1.statusCode).toBe(403);
        const plan = await api({
          method: 'POST',
          url: '/api/planes/',
          tenant: 2,
          body: { identificadorUnico: randomUUID(), descripcion: 'Básico', precio: 1.005 },
        });
        // Spec 002 §9: frecuencia 30 by default; money rounds half away from zero on its decimal text.
        expect(plan.json()).toMatchObject({
          precio: 1.01,
          frecuencia: 30,
          vigencia: 0,
          cantidadDeUsuarios: 0,
        });
        const sinPrecio = await api({
          method: 'POST',
          url: '/api/planes/',
          tenant: 2,
          body: { identificadorUnico: randomUUID(), descripcion: 'Sin precio' },
        });
        expect(sinPrecio.json().errores).toEqual([
          { campo: 'precio', mensaje: 'Debes poner el precio del plan' },
        ]);
      });
    });
  },
);
