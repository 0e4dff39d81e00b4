import { randomUUID } from 'node:crypto';
import { TIPOS_DE_DOCUMENTO } from '@pos/contract';
import { fechaYHoraEnSantoDomingo } from '@pos/domain';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filas } from '../../db/client.ts';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';
import { tomarNumero } from './service.ts';

describe.each(MOTORES)('numeración fiscal (%s)', (motor) => {
  let e: Entorno;
  let admin: string;
  beforeAll(async () => {
    e = await crearEntorno(motor);
    admin = await e.login();
  });
  afterAll(async () => {
    await e?.cerrar();
  });

  function crear(body: Record<string, unknown>, token = admin, tenant = 1) {
    return e.api({
      method: 'POST',
      url: '/api/numeracion/',
      token,
      tenant,
      body: { identificadorUnico: randomUUID(), ...body },
    });
  }

  // Days from today in Santo Domingo, as the server counts them (UTC is a day ahead after 20:00 there).
  function fechaEnDias(dias: number): string {
    const hoy = fechaYHoraEnSantoDomingo(new Date()).fecha;
    return new Date(Date.parse(`${hoy}T00:00:00Z`) + dias * 86_400_000).toISOString().slice(0, 10);
  }

  it('los perfiles listan los NCF B y E por tipo de documento y la numeración interna', async () => {
    const r = await e.api({ method: 'GET', url: '/api/numeracion/perfiles-de-numeracion/', token: admin });
    expect(r.statusCode).toBe(200);
    const perfiles = r.json() as Array<{ perfilesDeTipos: string; tiposDeDocumento: string[] }>;
    const codigos = perfiles.map((p) => p.perfilesDeTipos);
    for (const codigo of [
      'B01',
      'B02',
      'B03',
      'B04',
      'B11',
      'B13',
      'B14',
      'B15',
      'B16',
      'B17',
      'E31',
      'E34',
      'E47',
    ]) {
      expect(codigos).toContain(codigo);
    }
    expect(codigos).not.toContain('B12');
    expect(codigos).not.toContain('E42');
    expect(perfiles.find((p) => p.perfilesDeTipos === 'B04')?.tiposDeDocumento).toEqual(['notaDeCredito']);
    // The internal numbering serves every document type: journal entries, recurring invoices, case files.
    expect(perfiles.find((p) => p.perfilesDeTipos === 'interna')?.tiposDeDocumento).toHaveLength(13);
  });

  it('la empresa de demostración trae B01, B02, B04, B11, B13, B14, B15 y numeraciones internas predeterminadas', async () => {
    const lista = (await e.api({ method: 'GET', url: '/api/numeracion/', token: admin })).json() as Array<{
      perfilesDeTipos: string;
      tipoDeDocumento: string;
      predeterminado: boolean;
      fechaVencimiento: string | null;
      proximoComprobante: string;
    }>;
    const fiscales = lista.filter((n) => n.perfilesDeTipos !== 'interna').map((n) => n.perfilesDeTipos);
    expect(fiscales.sort()).toEqual(['B01', 'B02', 'B04', 'B11', 'B13', 'B14', 'B15']);
    const anio = new Date().getFullYear();
    expect(lista.find((n) => n.perfilesDeTipos === 'B01')?.fechaVencimiento).toBe(`${anio + 1}-12-31`);
    const ventas = await e.api({
      method: 'GET',
      url: '/api/numeracion/buscar-predeterminada/ventas',
      token: admin,
    });
    // The demo's sales history (facturas/demo.ts) has used some numbers: the next one follows seq.
    const predeterminada = ventas.json();
    expect(predeterminada).toMatchObject({ perfilesDeTipos: 'B02' });
    expect(predeterminada.proximoComprobante).toBe(`B02${String(predeterminada.seq).padStart(8, '0')}`);
    const cotizacion = await e.api({
      method: 'GET',
      url: '/api/numeracion/buscar-predeterminada/cotizacion',
      token: admin,
    });
    // The demo's three quotations (cotizaciones/demo.ts) took COT00000001 to COT00000003.
    expect(cotizacion.json()).toMatchObject({
      prefijo: 'COT',
      fiscal: false,
      proximoComprobante: 'COT00000004',
    });
    const malo = await e.api({
      method: 'GET',
      url: '/api/numeracion/buscar-predeterminada/facturas',
      token: admin,
    });
    expect(malo.statusCode).toBe(400);
  });

  it('crea, lee, protege contra duplicados y cambia la predeterminada', async () => {
    const identificadorUnico = randomUUID();
    const cuerpo = {
      identificadorUnico,
      nombre: 'Crédito fiscal sucursal',
      tipoDeDocumento: 'ventas',
      perfilesDeTipos: 'B01',
      prefijo: 'X',
      fechaVencimiento: fechaEnDias(400),
      desde: 501,
      hasta: 1000,
      predeterminado: true,
    };
    const r = await crear(cuerpo);
    expect(r.statusCode).toBe(200);
    const creada = r.json();
    // The profile decides prefix, type and digits of a fiscal numbering.
    expect(creada).toMatchObject({
      prefijo: 'B',
      prefijoNumerico: '01',
      perfilNumericoOpciones: 8,
      fiscal: true,
      seq: 501,
      proximoComprobante: 'B0100000501',
      predeterminado: true,
      solicitudDuplicada: false,
    });
    const repetida = await crear(cuerpo);
    expect(repetida.json()).toMatchObject({ _id: creada._id, solicitudDuplicada: true });
    const uno = await e.api({ method: 'GET', url: `/api/numeracion/${creada._id}`, token: admin });
    expect(uno.json().nombre).toBe('Crédito fiscal sucursal');
    const predeterminada = await e.api({
      method: 'GET',
      url: '/api/numeracion/buscar-predeterminada/ventas',
      token: admin,
    });
    expect(predeterminada.json()._id).toBe(creada._id);
    const lista = (await e.api({ method: 'GET', url: '/api/numeracion/', token: admin })).json() as Array<{
      tipoDeDocumento: string;
      predeterminado: boolean;
    }>;
    expect(lista.filter((n) => n.tipoDeDocumento === 'ventas' && n.predeterminado)).toHaveLength(1);
  });

  it('PUT cambia los datos pero nunca la secuencia', async () => {
    const creada = (
      await crear({
        nombre: 'Cotizaciones mostrador',
        tipoDeDocumento: 'cotizacion',
        prefijo: 'CM',
        perfilNumericoOpciones: 5,
      })
    ).json();
    expect(creada.proximoComprobante).toBe('CM00001');
    // The number is formatted by the database as the list formats the next one.
    const tomado = await e.db.enEmpresa(1, (tx) =>
      tomarNumero({ tx, tenantId: 1 }, 'cotizacion', creada._id),
    );
    expect(tomado).toMatchObject({ numero: 1, comprobante: 'CM00001', fiscal: false, tipoNcf: null });
    const cambio = await e.api({
      method: 'PUT',
      url: `/api/numeracion/${creada._id}`,
      token: admin,
      body: {
        nombre: 'Cotizaciones del mostrador',
        tipoDeDocumento: 'cotizacion',
        prefijo: 'CMO',
        perfilNumericoOpciones: 6,
        seq: 900,
      },
    });
    expect(cambio.statusCode).toBe(200);
    expect(cambio.json()).toMatchObject({
      nombre: 'Cotizaciones del mostrador',
      seq: 2,
      proximoComprobante: 'CMO000002',
    });
    const rango = await e.api({
      method: 'PUT',
      url: `/api/numeracion/${creada._id}`,
      token: admin,
      body: { nombre: 'x', tipoDeDocumento: 'cotizacion', desde: 5 },
    });
    expect(rango.statusCode).toBe(400);
    expect(rango.json().message).toBe('El inicio del rango no puede ser mayor que la secuencia actual (2).');
  });

  it('validación: mensajes en español con el campo', async () => {
    const sinNombre = await crear({ tipoDeDocumento: 'ventas' });
    expect(sinNombre.statusCode).toBe(400);
    expect(sinNombre.json().errores).toContainEqual({
      campo: 'nombre',
      mensaje: 'Debes poner el nombre de la numeración',
    });
    const fiscalIncompleta = await crear({
      nombre: 'B01 sin rango',
      tipoDeDocumento: 'ventas',
      perfilesDeTipos: 'B01',
    });
    expect(fiscalIncompleta.json().errores).toEqual(
      expect.arrayContaining([
        { campo: 'hasta', mensaje: 'Debes poner el final del rango autorizado por la DGII' },
        { campo: 'fechaVencimiento', mensaje: 'Debes poner la fecha de vencimiento de la secuencia' },
      ]),
    );
    const tipoEquivocado = await crear({
      nombre: 'B04 en ventas',
      tipoDeDocumento: 'ventas',
      perfilesDeTipos: 'B04',
      hasta: 10,
      fechaVencimiento: fechaEnDias(30),
    });
    expect(tipoEquivocado.json().errores).toContainEqual({
      campo: 'perfilesDeTipos',
      mensaje: 'El comprobante B04 no se usa en ventas',
    });
    const fueraDeRango = await crear({
      nombre: 'B02 enorme',
      tipoDeDocumento: 'ventas',
      perfilesDeTipos: 'B02',
      hasta: 100_000_000,
      fechaVencimiento: fechaEnDias(30),
    });
    expect(fueraDeRango.json().errores).toContainEqual({
      campo: 'hasta',
      mensaje: 'El rango no cabe en 8 dígitos (máximo 99999999)',
    });
  });

  it('tomarNumero formatea NCF B y E, devuelve el número si la transacción se revierte', async () => {
    const b14 = (
      await crear({
        nombre: 'Zona franca',
        tipoDeDocumento: 'ventas',
        perfilesDeTipos: 'B14',
        // After the demo's B14 range (1–50): ranges of one NCF type never cross.
        desde: 51,
        hasta: 70,
        fechaVencimiento: fechaEnDias(100),
      })
    ).json();
    const e31 = (
      await crear({
        nombre: 'e-CF crédito fiscal',
        tipoDeDocumento: 'ventas',
        perfilesDeTipos: 'E31',
        desde: 41,
        hasta: 5000,
        fechaVencimiento: fechaEnDias(100),
      })
    ).json();
    expect([b14.proximoComprobante, e31.proximoComprobante]).toEqual(['B1400000051', 'E310000000041']);
    const primero = await e.db.enEmpresa(1, (tx) => tomarNumero({ tx, tenantId: 1 }, 'ventas', b14._id));
    expect(primero).toMatchObject({ numero: 51, comprobante: 'B1400000051', fiscal: true, tipoNcf: 'B14' });
    const electronico = await e.db.enEmpresa(1, (tx) => tomarNumero({ tx, tenantId: 1 }, 'ventas', e31._id));
    expect(electronico.comprobante).toBe('E310000000041');
    await expect(
      e.db.enEmpresa(1, async (tx) => {
        await tomarNumero({ tx, tenantId: 1 }, 'ventas', b14._id);
        throw new Error('la factura falló');
      }),
    ).rejects.toThrow('la factura falló');
    const segundo = await e.db.enEmpresa(1, (tx) => tomarNumero({ tx, tenantId: 1 }, 'ventas', b14._id));
    expect(segundo.comprobante).toBe('B1400000052');
    // A numbering of another document type is refused.
    await expect(
      e.db.enEmpresa(1, (tx) => tomarNumero({ tx, tenantId: 1 }, 'notaDeCredito', b14._id)),
    ).rejects.toThrow('La numeración «Zona franca» es de ventas, no de notas de crédito.');
  });

  it('50 tomadores concurrentes reciben 50 números consecutivos, sin huecos ni repetidos', async () => {
    const b15 = (
      await crear({
        nombre: 'Gubernamental concurrencia',
        tipoDeDocumento: 'ventas',
        perfilesDeTipos: 'B15',
        desde: 101,
        hasta: 1000,
        fechaVencimiento: fechaEnDias(100),
      })
    ).json();
    // One transaction per taker through db.enEmpresa: on PostgreSQL they run in parallel on the pool.
    const tomados = await Promise.all(
      Array.from({ length: 50 }, () =>
        e.db.enEmpresa(1, async (tx) => {
          const numero = await tomarNumero({ tx, tenantId: 1 }, 'ventas', b15._id);
          await tx.execute(sql`select pg_sleep(0.002)`);
          return numero;
        }),
      ),
    );
    const numeros = tomados.map((t) => t.numero).sort((a, b) => a - b);
    expect(numeros).toEqual(Array.from({ length: 50 }, (_, i) => 101 + i));
    expect(new Set(tomados.map((t) => t.comprobante)).size).toBe(50);
    const despues = await e.api({ method: 'GET', url: `/api/numeracion/${b15._id}`, token: admin });
    expect(despues.json().seq).toBe(151);
  });

  it('una secuencia vencida o agotada se rechaza con un mensaje claro; el tablero las señala', async () => {
    const vencida = (
      await crear({
        nombre: 'B01 del año pasado',
        tipoDeDocumento: 'compras',
        perfilesDeTipos: 'B11',
        // After the demo's B11 range (1–100, compras/demo.ts).
        desde: 101,
        hasta: 200,
        fechaVencimiento: fechaEnDias(-3),
      })
    ).json();
    const corta = (
      await crear({
        nombre: 'Gastos menores cortos',
        tipoDeDocumento: 'gastoMenores',
        perfilesDeTipos: 'B13',
        // After the demo's B13 range (1–200).
        desde: 201,
        hasta: 202,
        fechaVencimiento: fechaEnDias(10),
      })
    ).json();
    await expect(
      e.db.enEmpresa(1, (tx) => tomarNumero({ tx, tenantId: 1 }, 'compras', vencida._id)),
    ).rejects.toThrow(
      /^La numeración «B01 del año pasado» venció el \d{2}\/\d{2}\/\d{4}\. Solicita una nueva secuencia a la DGII/,
    );
    for (const esperado of ['B1300000201', 'B1300000202']) {
      const t = await e.db.enEmpresa(1, (tx) => tomarNumero({ tx, tenantId: 1 }, 'gastoMenores', corta._id));
      expect(t.comprobante).toBe(esperado);
    }
    await expect(
      e.db.enEmpresa(1, (tx) => tomarNumero({ tx, tenantId: 1 }, 'gastoMenores', corta._id)),
    ).rejects.toThrow(
      'La numeración «Gastos menores cortos» agotó su rango autorizado (último número: B1300000202). Solicita una nueva secuencia a la DGII y regístrala en Configuración › Numeraciones.',
    );
    // Without a default for the type, the message says where to set one.
    const predeterminadas = await e.db.enEmpresa(1, (tx) =>
      filas<{ id: string }>(
        tx,
        sql`update numeraciones set predeterminado = false
            where tipo_de_documento = 'conduce' and predeterminado returning id`,
      ),
    );
    await expect(e.db.enEmpresa(1, (tx) => tomarNumero({ tx, tenantId: 1 }, 'conduce'))).rejects.toThrow(
      'No hay una numeración predeterminada para conduces. Configúrala en Configuración › Numeraciones.',
    );
    for (const { id } of predeterminadas) {
      await e.db.enEmpresa(1, (tx) =>
        tx.execute(sql`update numeraciones set predeterminado = true where id = ${id}`),
      );
    }

    const tablero = await e.api({
      method: 'POST',
      url: '/api/numeracion/buscar-numeracion-para-dashboard/',
      token: admin,
      body: { diasParaVencer: 15 },
    });
    expect(tablero.statusCode).toBe(200);
    const alertas = tablero.json() as Array<{
      _id: string;
      alertas: string[];
      mensaje: string;
      restantes: number;
    }>;
    expect(alertas.find((a) => a._id === vencida._id)?.alertas).toEqual(['vencida']);
    const agotada = alertas.find((a) => a._id === corta._id);
    expect(agotada).toMatchObject({ alertas: ['agotada', 'porVencer'], restantes: 0 });
    expect(agotada?.mensaje).toMatch(
      /^La numeración «Gastos menores cortos» agotó su rango autorizado y vence en 10 días/,
    );
    // Healthy sequences are not reported.
    expect(alertas.every((a) => a.alertas.length > 0)).toBe(true);
    const sinCuerpo = await e.api({
      method: 'POST',
      url: '/api/numeracion/buscar-numeracion-para-dashboard/',
      token: admin,
    });
    expect(sinCuerpo.statusCode).toBe(200);
  });

  it('aislamiento por empresa y permisos del módulo numeraciones', async () => {
    const de1 = (await e.api({ method: 'GET', url: '/api/numeracion/', token: admin })).json()[0];
    const token2 = await e.login(2);
    const desde2 = await e.api({
      method: 'GET',
      url: `/api/numeracion/${de1._id}`,
      tenant: 2,
      token: token2,
    });
    expect(desde2.statusCode).toBe(404);
    const cambio2 = await e.api({
      method: 'PUT',
      url: `/api/numeracion/${de1._id}`,
      tenant: 2,
      token: token2,
      body: { nombre: 'robada', tipoDeDocumento: 'cotizacion' },
    });
    expect(cambio2.statusCode).toBe(404);
    // Company 2 sees only its own: the internal numberings every company starts with and, like a
    // registered company, a default D numbering for every other document type (docs/empresas.md).
    const de2: Array<{ _id: string; prefijo: string; tipoDeDocumento: string; predeterminado: boolean }> = (
      await e.api({ method: 'GET', url: '/api/numeracion/', tenant: 2, token: token2 })
    ).json();
    expect(de2.map((n) => n.tipoDeDocumento).sort()).toEqual([...TIPOS_DE_DOCUMENTO].sort());
    expect(de2.every((n) => n.predeterminado)).toBe(true);
    expect(
      de2
        .filter((n) => n.prefijo !== 'D')
        .map((n) => n.prefijo)
        .sort(),
    ).toEqual(['ED', 'EX', 'FR']);
    const ids1 = new Set(
      (await e.api({ method: 'GET', url: '/api/numeracion/', token: admin }))
        .json()
        .map((n: { _id: string }) => n._id),
    );
    expect(de2.filter((n) => ids1.has(n._id))).toEqual([]);
    const cruzado = await e.api({ method: 'GET', url: '/api/numeracion/', tenant: 1, token: token2 });
    expect(cruzado.statusCode).toBe(403);

    await e.api({
      method: 'POST',
      url: '/api/users/',
      token: admin,
      body: { username: 'cajera-num', password: 'clave-cajera-1' },
    });
    const cajera = await e.login(1, 'cajera-num', 'clave-cajera-1');
    const sinPermiso = await e.api({ method: 'GET', url: '/api/numeracion/', token: cajera });
    expect(sinPermiso.statusCode).toBe(403);
    expect(sinPermiso.json().message).toMatch(/^No tienes permiso para /);
    expect((await crear({ nombre: 'x', tipoDeDocumento: 'conduce' }, cajera)).statusCode).toBe(403);
    // Documents still find their default numbering with just a session.
    const predeterminada = await e.api({
      method: 'GET',
      url: '/api/numeracion/buscar-predeterminada/ventas',
      token: cajera,
    });
    expect(predeterminada.statusCode).toBe(200);
  });
  // fiscal-do.md §1: DGII authorises each NCF once, so two numberings of one NCF type never share a number.
  describe('rangos fiscales que no se cruzan', () => {
    function fiscal(nombre: string, perfil: string, desde: number, hasta: number, tipo = 'ventas') {
      return crear({
        nombre,
        tipoDeDocumento: tipo,
        perfilesDeTipos: perfil,
        desde,
        hasta,
        fechaVencimiento: fechaEnDias(200),
      });
    }

    function editar(id: string, cambios: Record<string, unknown>) {
      return e.api({
        method: 'PUT',
        url: `/api/numeracion/${id}`,
        token: admin,
        body: {
          tipoDeDocumento: 'ventas',
          perfilesDeTipos: 'B16',
          fechaVencimiento: fechaEnDias(200),
          ...cambios,
        },
      });
    }

    it('crear: se rechaza el rango que se cruza con otro del mismo tipo de NCF, con el nombre y el rango del otro', async () => {
      const primera = await fiscal('Exportaciones', 'B16', 1, 1000);
      expect(primera.statusCode, primera.body).toBe(200);
      const cruzada = await fiscal('Exportaciones sucursal', 'B16', 500, 1500);
      expect(cruzada.statusCode).toBe(409);
      expect(cruzada.json()).toMatchObject({
        message:
          'El rango B1600000500–B1600001500 se cruza con la numeración «Exportaciones» (B1600000001–B1600001000).',
        errores: [{ campo: 'desde', mensaje: 'El rango se cruza con la numeración «Exportaciones»' }],
      });
      // Inside, around, and sharing only the last number: all cross.
      for (const [desde, hasta] of [
        [10, 20],
        [1, 5000],
        [1000, 1000],
      ] as const) {
        expect((await fiscal('Exportaciones otra', 'B16', desde, hasta)).statusCode).toBe(409);
      }
      // Nothing was written by the refused ones.
      const lista = (await e.api({ method: 'GET', url: '/api/numeracion/', token: admin })).json() as Array<{
        perfilesDeTipos: string;
      }>;
      expect(lista.filter((n) => n.perfilesDeTipos === 'B16')).toHaveLength(1);
    });

    it('crear: un rango contiguo, otro tipo de NCF o la serie electrónica del mismo tipo se aceptan', async () => {
      const contigua = await fiscal('Exportaciones segundo lote', 'B16', 1001, 2000);
      expect(contigua.statusCode, contigua.body).toBe(200);
      expect(contigua.json().proximoComprobante).toBe('B1600001001');
      // E46 is the electronic B16: its NCF (E460000000001) never equals a B one.
      expect((await fiscal('Exportaciones electrónicas', 'E46', 1, 1000)).statusCode).toBe(200);
      // Numbers the B16 ones have, in another NCF type (after the demo's B15 and the test above).
      expect((await fiscal('Gubernamental cruce', 'B15', 1001, 1500)).statusCode).toBe(200);
      // Internal numberings carry no NCF: the same prefix and range twice is allowed.
      for (const nombre of ['Proformas A', 'Proformas B']) {
        const interna = await crear({
          nombre,
          tipoDeDocumento: 'ventas',
          prefijo: 'PF',
          desde: 1,
          hasta: 100,
        });
        expect(interna.statusCode, interna.body).toBe(200);
      }
    });

    it('crear: el mismo NCF en dos tipos de documento (B17 en compras y en egresos) también se cruza', async () => {
      expect((await fiscal('Pagos al exterior compras', 'B17', 1, 100, 'compras')).statusCode).toBe(200);
      const egresos = await fiscal('Pagos al exterior egresos', 'B17', 100, 200, 'egresos');
      expect(egresos.statusCode).toBe(409);
      expect(egresos.json().message).toBe(
        'El rango B1700000100–B1700000200 se cruza con la numeración «Pagos al exterior compras» (B1700000001–B1700000100).',
      );
      expect((await fiscal('Pagos al exterior egresos', 'B17', 101, 200, 'egresos')).statusCode).toBe(200);
    });

    it('editar: se rechaza llevar el rango sobre otro; cambiar el nombre o crecer sin cruzarse se acepta', async () => {
      const base = (await fiscal('Exportaciones tercer lote', 'B16', 3001, 4000)).json();
      const sobre = await editar(base._id, { nombre: 'Exportaciones tercer lote', desde: 1500, hasta: 4000 });
      expect(sobre.statusCode).toBe(409);
      expect(sobre.json().message).toBe(
        'El rango B1600001500–B1600004000 se cruza con la numeración «Exportaciones segundo lote» (B1600001001–B1600002000).',
      );
      // Another NCF type whose numbers another numbering already has.
      const otroTipo = await editar(base._id, {
        nombre: 'Exportaciones tercer lote',
        perfilesDeTipos: 'E46',
        desde: 900,
        hasta: 4000,
      });
      expect(otroTipo.statusCode).toBe(409);
      expect(otroTipo.json().message).toBe(
        'El rango E460000000900–E460000004000 se cruza con la numeración «Exportaciones electrónicas» (E460000000001–E460000001000).',
      );
      // Its own range is not "another": renaming, and growing into free numbers, pass.
      const nombre = await editar(base._id, { nombre: 'Exportaciones lote 3', desde: 3001, hasta: 4000 });
      expect(nombre.statusCode, nombre.body).toBe(200);
      const crece = await editar(base._id, { nombre: 'Exportaciones lote 3', desde: 2001, hasta: 5000 });
      expect(crece.statusCode, crece.body).toBe(200);
      expect(crece.json()).toMatchObject({ desde: 2001, hasta: 5000, seq: 2001 });
    });

    it('rangos que ya se cruzaban antes de la regla: la migración los deja y se pueden renombrar, no extender', async () => {
      // Written as a company could have them before the check existed.
      const [vieja] = await e.db.consultarComoDueno<{ id: string }>(
        sql`insert into numeraciones (tenant_id, identificador_unico, nombre, tipo_de_documento, perfiles_de_tipos,
              prefijo, prefijo_numerico, digitos, fiscal, fecha_vencimiento, desde, hasta, seq)
            values (1, ${randomUUID()}, 'Exportaciones antigua', 'ventas', 'B16', 'B', '16', 8, true,
              ${fechaEnDias(200)}, 1, 500, 1) returning id`,
      );
      const id = vieja?.id ?? '';
      const renombrada = await editar(id, {
        nombre: 'Exportaciones antigua (revisar)',
        desde: 1,
        hasta: 500,
      });
      expect(renombrada.statusCode, renombrada.body).toBe(200);
      const extendida = await editar(id, { nombre: 'Exportaciones antigua (revisar)', desde: 1, hasta: 600 });
      expect(extendida.statusCode).toBe(409);
      expect(extendida.json().message).toBe(
        'El rango B1600000001–B1600000600 se cruza con la numeración «Exportaciones» (B1600000001–B1600001000).',
      );
    });

    it('repetir la creación (mismo identificadorUnico) responde la primera, no un cruce consigo misma', async () => {
      const cuerpo = {
        identificadorUnico: randomUUID(),
        nombre: 'Débito fiscal',
        tipoDeDocumento: 'notaDeDebito',
        perfilesDeTipos: 'B03',
        desde: 5001,
        hasta: 6000,
        fechaVencimiento: fechaEnDias(200),
      };
      const primera = await crear(cuerpo);
      expect(primera.statusCode, primera.body).toBe(200);
      const repetida = await crear(cuerpo);
      expect(repetida.statusCode, repetida.body).toBe(200);
      expect(repetida.json()).toMatchObject({ _id: primera.json()._id, solicitudDuplicada: true });
    });

    it.runIf(motor === 'postgres')(
      'dos creaciones a la vez con rangos que se cruzan: una sola pasa',
      async () => {
        // A second connection holds back every insert into numeraciones (SHARE mode lets reads through):
        // both requests are in flight before either can commit. Without the per-type turn both would read
        // no crossing range and both would be written.
        const [base] = await e.db.consultarComoDueno<{ nombre: string }>(
          sql`select current_database() as nombre`,
        );
        const url = new URL(process.env.DATABASE_URL ?? '');
        url.pathname = `/${base?.nombre}`;
        const conexion = new pg.Client({ connectionString: url.toString() });
        await conexion.connect();
        await conexion.query('BEGIN');
        await conexion.query('lock table numeraciones in share mode');
        const respuestas = Promise.all([
          fiscal('Débito norte', 'B03', 1, 100, 'notaDeDebito'),
          fiscal('Débito sur', 'B03', 50, 150, 'notaDeDebito'),
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
        expect([a.statusCode, b.statusCode].sort(), `${a.body} ${b.body}`).toEqual([200, 409]);
        expect((a.statusCode === 409 ? a : b).json().message).toMatch(
          /^El rango B03000000(01–B0300000100|50–B0300000150) se cruza con la numeración «Débito (norte|sur)»/,
        );
        const [{ n } = { n: 0 }] = await e.db.consultarComoDueno<{ n: number }>(
          sql`select count(*)::int as n from numeraciones where tenant_id = 1 and perfiles_de_tipos = 'B03'
              and desde < 5000`,
        );
        expect(n).toBe(1);
      },
      60_000,
    );
  });
});
