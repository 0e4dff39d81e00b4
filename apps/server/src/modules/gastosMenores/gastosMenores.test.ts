import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';

type Json = Record<string, unknown>;

// Minor expenses (spec 001 §3 "Minor expense", §4, §7 "Minor expenses", §8, §9; fiscal-do.md §1.2 B13).
describe.each(MOTORES)('gastos menores (%s)', (motor) => {
  let e: Entorno;
  let admin: string;
  let empleada: string;
  let sinPermiso: string;
  /** Account ids by code (codigoDeCuenta). */
  const cuenta = new Map<string, string>();

  async function usuario(username: string, privilegios: Json): Promise<string> {
    const r = await e.api({
      method: 'POST',
      url: '/api/users/',
      token: admin,
      body: { username, password: 'clave-de-prueba-1', privilegios },
    });
    expect(r.statusCode, r.body).toBe(200);
    return e.login(1, username, 'clave-de-prueba-1');
  }

  function crear(cuerpo: Json, token = admin) {
    return e.api({
      method: 'POST',
      url: '/api/gastos-menores/',
      token,
      body: { identificadorUnico: randomUUID(), ...cuerpo },
    });
  }

  const linea = (codigo: string, importe: number, extra: Json = {}) => ({
    cuentaContable: { idCuenta: cuenta.get(codigo) },
    importe,
    ...extra,
  });

  function ver(id: string) {
    return e.api({ method: 'GET', url: `/api/gastos-menores/${id}`, token: admin });
  }

  function anular(id: string, cuerpo: Json, token = admin) {
    return e.api({ method: 'PUT', url: `/api/gastos-menores/anular/${id}`, token, body: cuerpo });
  }

  function listar(cuerpo: Json, token = admin) {
    return e.api({ method: 'POST', url: '/api/gastos-menores/todos', token, body: cuerpo });
  }

  /** Each entry of the document, with its lines as [code, debit, credit]. */
  async function asientosDe(idDocumento: string) {
    const filas = await e.db.consultarComoDueno<{
      numero: string;
      revierte: boolean;
      lineas: [string, string, string][];
    }>(
      sql`select a.numero, a.id_asiento_revertido is not null as revierte,
            (select json_agg(json_build_array(c.codigo_de_cuenta, l.debito, l.credito) order by l.orden)
               from lineas_asiento l join cuentas_contables c on c.tenant_id = l.tenant_id and c.id = l.id_cuenta
              where l.tenant_id = a.tenant_id and l.id_asiento = a.id) as lineas
          from asientos_contables a
          where a.tenant_id = 1 and a.tipo_documento = 'gastoMenor' and a.id_documento = ${idDocumento}
          order by a.numero`,
    );
    return filas.map((f) => ({
      revierte: f.revierte,
      lineas: f.lineas.map(([codigo, d, c]) => [codigo, Number(d), Number(c)] as const),
    }));
  }

  /** What the document's entries leave on each account (debit − credit), zeros dropped. */
  async function saldoDe(idDocumento: string) {
    const saldo = new Map<string, number>();
    for (const a of await asientosDe(idDocumento)) {
      for (const [codigo, d, c] of a.lineas) {
        saldo.set(codigo, Math.round(((saldo.get(codigo) ?? 0) + d - c) * 100) / 100);
      }
    }
    return Object.fromEntries([...saldo].filter(([, v]) => v !== 0));
  }

  beforeAll(async () => {
    e = await crearEntorno(motor);
    admin = await e.login();
    const cuentas = await e.db.consultarComoDueno<{ id: string; codigo_de_cuenta: string }>(
      sql`select id, codigo_de_cuenta from cuentas_contables where tenant_id = 1`,
    );
    for (const c of cuentas) {
      cuenta.set(c.codigo_de_cuenta, c.id);
    }
    empleada = await usuario('empleada-gastos', {
      gastoMenor: { acceso: true, crear: true, modificar: true, ver: true },
    });
    sinPermiso = await usuario('vendedor-sin-gastos', {
      puntoDeVentas: { acceso: true, crear: true, modificar: false, ver: true },
    });
  });
  afterAll(async () => {
    await e?.cerrar();
  });

  it('crea un gasto menor GM: débito a cada cuenta de gasto con su ITBIS, crédito a la caja chica', async () => {
    const r = await crear({
      fechaDeEmision: '2026-03-10',
      descripcion: 'Compras de la semana',
      listaDeGastos: [
        linea('6.2.06', 100, { impuestos: 18, nota: 'Papel' }),
        linea('6.2.05', 250.5, { fechaDeEmision: '2026-03-09', nota: 'Gasolina' }),
      ],
    });
    expect(r.statusCode, r.body).toBe(200);
    const creado = r.json();
    expect(creado).toMatchObject({
      comprobante: expect.stringMatching(/^GM\d+$/),
      ncf: '',
      fechaDeEmision: '2026-03-10',
      formaDePago: 'Efectivo',
      descripcion: 'Compras de la semana',
      cuentaContableCredito: { codigoDeCuenta: '1.1.01.02', tipo: 'activo' },
      subtotal: 350.5,
      impuestos: 18,
      total: 368.5,
      estado: 'Activo',
      activo: true,
      solicitudDuplicada: false,
    });
    expect(
      creado.listaDeGastos.map((l: Json & { cuentaContable: Json; cuentaContableDebito: Json }) => [
        l.cuentaContable.codigoDeCuenta,
        l.cuentaContableDebito.codigoDeCuenta,
        l.fechaDeEmision,
        l.importe,
        l.impuestos,
        l.total,
        l.nota,
      ]),
    ).toEqual([
      ['6.2.06', '6.2.06', '2026-03-10', 100, 18, 118, 'Papel'],
      ['6.2.05', '6.2.05', '2026-03-09', 250.5, 0, 250.5, 'Gasolina'],
    ]);
    const [asiento, ...otros] = await asientosDe(creado._id);
    expect(otros).toEqual([]);
    // The ITBIS goes to the expense (no ITBIS adelantado for a B13 minor expense).
    expect(asiento?.lineas).toEqual([
      ['6.2.06', 118, 0],
      ['6.2.05', 250.5, 0],
      ['1.1.01.02', 0, 368.5],
    ]);
    const detalle = await ver(creado._id);
    expect(detalle.statusCode, detalle.body).toBe(200);
    expect(detalle.json()).toMatchObject({ _id: creado._id, total: 368.5 });
    expect(detalle.json().listaDeGastos).toHaveLength(2);
  });

  it('numera sin huecos: un gasto rechazado no consume número; con la numeración B13 da un NCF', async () => {
    const primero = await crear({ listaDeGastos: [linea('6.2.03', 40)] });
    expect(primero.statusCode, primero.body).toBe(200);
    const rechazado = await crear({ listaDeGastos: [linea('6.2', 40)] });
    expect(rechazado.statusCode).toBe(400);
    const segundo = await crear({ listaDeGastos: [linea('6.2.03', 60)] });
    expect(segundo.statusCode, segundo.body).toBe(200);
    expect(segundo.json().numero - primero.json().numero).toBe(1);

    const [b13] = await e.db.consultarComoDueno<{ id: string }>(
      sql`select id from numeraciones where tenant_id = 1 and tipo_de_documento = 'gastoMenores' and perfiles_de_tipos = 'B13'`,
    );
    const fiscal = await crear({ idNumeracion: b13?.id, listaDeGastos: [linea('6.2.04', 75)] });
    expect(fiscal.statusCode, fiscal.body).toBe(200);
    expect(fiscal.json().comprobante).toMatch(/^B13\d{8}$/);
    expect(fiscal.json().ncf).toBe(fiscal.json().comprobante);
    const otro = await crear({ idNumeracion: b13?.id, listaDeGastos: [linea('6.2.04', 75)] });
    expect(otro.json().numero - fiscal.json().numero).toBe(1);
  });

  it('el mismo identificadorUnico responde el gasto ya creado y no escribe nada', async () => {
    const cuerpo = { identificadorUnico: randomUUID(), listaDeGastos: [linea('6.2.07', 500)] };
    const [a, b] = await Promise.all([crear(cuerpo), crear(cuerpo)]);
    for (const r of [a, b]) {
      expect(r.statusCode, r.body).toBe(200);
    }
    expect([a.json().solicitudDuplicada, b.json().solicitudDuplicada].sort()).toEqual([false, true]);
    expect(a.json()._id).toBe(b.json()._id);
    const tercero = await crear(cuerpo);
    expect(tercero.json()).toMatchObject({ _id: a.json()._id, solicitudDuplicada: true });
    const [filas] = await e.db.consultarComoDueno<{ n: string }>(
      sql`select count(*) as n from gastos_menores where tenant_id = 1 and identificador_unico = ${cuerpo.identificadorUnico}`,
    );
    expect(Number(filas?.n)).toBe(1);
    expect(await asientosDe(a.json()._id)).toHaveLength(1);
  });

  it('rechaza cuentas de grupo, cuentas que no son de gastos y datos imposibles, en español', async () => {
    const casos: [Json, number, string][] = [
      [
        { listaDeGastos: [linea('6.2', 10)] },
        400,
        'La cuenta 6.2 Gastos generales y administrativos tiene subcuentas; elige una cuenta de detalle para «la línea 1 del gasto menor».',
      ],
      [
        { listaDeGastos: [linea('6.2.01', 10), linea('4.1.01', 10)] },
        400,
        'La cuenta 4.1.01 Ventas de mercancías no es una cuenta de gastos; elige una cuenta de gastos o de costos para la línea 2 del gasto menor.',
      ],
      [
        { listaDeGastos: [{ importe: 10 }] },
        400,
        'La línea 1 del gasto menor no tiene cuenta contable: elige la cuenta del gasto.',
      ],
      [
        { listaDeGastos: [linea('6.2.01', 10)], cuentaContableCredito: { idCuenta: cuenta.get('6.2.02') } },
        400,
        'La cuenta 6.2.02 Energía eléctrica no puede pagar el gasto: elige una caja, un banco o una cuenta por pagar.',
      ],
      [
        { listaDeGastos: [linea('6.2.01', 10)], cuentaContableCredito: { idCuenta: cuenta.get('1.1.01') } },
        400,
        'La cuenta 1.1.01 Efectivo y equivalentes de efectivo tiene subcuentas; elige una cuenta de detalle para «la cuenta que paga el gasto».',
      ],
      [
        { listaDeGastos: [linea('6.2.01', 10)], cuentaContableCredito: { idCuenta: randomUUID() } },
        400,
        'La cuenta elegida para «la cuenta que paga el gasto» no existe en el catálogo.',
      ],
      [{ listaDeGastos: [] }, 400, 'Agrega por lo menos un gasto con su cuenta y su importe.'],
      [{ listaDeGastos: [linea('6.2.01', 0)] }, 400, 'El importe debe ser mayor que 0'],
      [{ listaDeGastos: [linea('6.2.01', 1e12)] }, 400, 'El importe es demasiado grande'],
      [{ listaDeGastos: [linea('6.2.01', 10.005)] }, 400, 'El importe admite hasta 2 decimales'],
      [
        { listaDeGastos: [linea('6.2.01', 10, { impuestos: -1 })] },
        400,
        'El impuesto no puede ser menor que 0',
      ],
      [
        { listaDeGastos: [linea('6.2.01', 10, { nota: 'a\u0000b' })] },
        400,
        'No puede contener el carácter nulo (\\u0000)',
      ],
      [
        { fechaDeEmision: '2026-02-30', listaDeGastos: [linea('6.2.01', 10)] },
        400,
        'La fecha no existe en el calendario',
      ],
      [
        { listaDeGastos: [linea('6.2.01', 10, { fechaDeEmision: 'ayer' })] },
        400,
        'La fecha del gasto debe tener el formato AAAA-MM-DD',
      ],
      [{ formaDePago: 'Mixto', listaDeGastos: [linea('6.2.01', 10)] }, 400, 'La forma de pago no es válida'],
    ];
    const [antes] = await e.db.consultarComoDueno<{ n: string }>(
      sql`select count(*) as n from gastos_menores where tenant_id = 1`,
    );
    for (const [cuerpo, estado, mensaje] of casos) {
      const r = await crear(cuerpo);
      expect(r.statusCode, r.body).toBe(estado);
      const respuesta = r.json();
      expect(
        [respuesta.message, ...(respuesta.errores ?? []).map((x: Json) => x.mensaje)],
        JSON.stringify(cuerpo),
      ).toContain(mensaje);
    }
    const [despues] = await e.db.consultarComoDueno<{ n: string }>(
      sql`select count(*) as n from gastos_menores where tenant_id = 1`,
    );
    expect(despues?.n).toBe(antes?.n);
    // Without the gastoMenor privilege nothing is read or written.
    expect((await crear({ listaDeGastos: [linea('6.2.01', 10)] }, sinPermiso)).statusCode).toBe(403);
    expect((await listar({}, sinPermiso)).statusCode).toBe(403);
  });

  it('PATCH cambia una línea, quita otra con itemEliminar, agrega otra y rehace el asiento', async () => {
    const creado = (
      await crear({
        listaDeGastos: [linea('6.2.06', 100, { impuestos: 18 }), linea('6.2.05', 200), linea('6.2.03', 50)],
      })
    ).json();
    const [papel, gasolina] = creado.listaDeGastos;
    const r = await e.api({
      method: 'PATCH',
      url: `/api/gastos-menores/${creado._id}`,
      token: empleada,
      body: {
        descripcion: 'Corregido',
        formaDePago: 'Transferencia',
        cuentaContableCredito: { idCuenta: cuenta.get('1.1.02.01') },
        listaDeGastos: [
          {
            _id: papel._id,
            cuentaContable: papel.cuentaContable,
            importe: 120,
            impuestos: 21.6,
            nota: 'Papel',
          },
          linea('6.2.09', 30, { nota: 'Volantes' }),
        ],
        itemEliminar: [gasolina._id],
      },
    });
    expect(r.statusCode, r.body).toBe(200);
    const [cambiado] = r.json();
    expect(cambiado).toMatchObject({
      _id: creado._id,
      comprobante: creado.comprobante,
      descripcion: 'Corregido',
      formaDePago: 'Transferencia',
      cuentaContableCredito: { codigoDeCuenta: '1.1.02.01' },
      subtotal: 200,
      impuestos: 21.6,
      total: 221.6,
    });
    expect(cambiado.listaDeGastos.map((l: Json) => [l._id, l.importe])).toEqual([
      [papel._id, 120],
      [creado.listaDeGastos[2]._id, 50],
      [expect.any(String), 30],
    ]);
    const asientos = await asientosDe(creado._id);
    expect(asientos.map((a) => a.revierte)).toEqual([false, true, false]);
    expect(await saldoDe(creado._id)).toEqual({
      '6.2.06': 141.6,
      '6.2.03': 50,
      '6.2.09': 30,
      '1.1.02.01': -221.6,
    });

    const ajena = await e.api({
      method: 'PATCH',
      url: `/api/gastos-menores/${creado._id}`,
      token: admin,
      body: { itemEliminar: [randomUUID()] },
    });
    expect(ajena.statusCode).toBe(404);
    expect(ajena.json().message).toMatch(/^La línea .+ no es del gasto menor GM\d+\.$/);
    const vacio = await e.api({
      method: 'PATCH',
      url: `/api/gastos-menores/${creado._id}`,
      token: admin,
      body: { itemEliminar: cambiado.listaDeGastos.map((l: Json) => l._id) },
    });
    expect(vacio.statusCode).toBe(400);
    expect(vacio.json().message).toBe('Agrega por lo menos un gasto con su cuenta y su importe.');
    const grupo = await e.api({
      method: 'PATCH',
      url: `/api/gastos-menores/${creado._id}`,
      token: admin,
      body: { listaDeGastos: [linea('6', 5)] },
    });
    expect(grupo.statusCode).toBe(400);
    // A refused edit leaves the expense as it was.
    expect((await ver(creado._id)).json().total).toBe(221.6);
    expect(await asientosDe(creado._id)).toHaveLength(3);
  });

  it('anulación por solicitud: queda Por-Anular; el supervisor aprueba y el asiento se revierte', async () => {
    const creado = (await crear({ listaDeGastos: [linea('6.2.07', 300)] }, empleada)).json();
    const sinMotivo = await anular(creado._id, {}, empleada);
    expect(sinMotivo.statusCode).toBe(400);
    expect(sinMotivo.json().message).toBe('Debes escribir el motivo de la anulación del gasto menor.');
    const solicitada = await anular(creado._id, { notaAnular: 'Se registró dos veces' }, empleada);
    expect(solicitada.statusCode, solicitada.body).toBe(200);
    expect(solicitada.json()).toMatchObject({
      resultado: 'solicitado',
      gastosMenore: {
        comprobante: creado.comprobante,
        estado: 'Por-Anular',
        autorizacion: 'Pendiente',
        activo: true,
      },
    });
    expect(await saldoDe(creado._id)).toEqual({ '6.2.07': 300, '1.1.01.02': -300 });
    const otraVez = await anular(creado._id, { notaAnular: 'Otra vez' }, empleada);
    expect(otraVez.statusCode).toBe(409);
    expect(otraVez.json().message).toBe(
      `El gasto menor ${creado.comprobante} ya tiene una solicitud de anulación pendiente.`,
    );
    const editar = await e.api({
      method: 'PATCH',
      url: `/api/gastos-menores/${creado._id}`,
      token: empleada,
      body: { descripcion: 'x' },
    });
    expect(editar.statusCode).toBe(409);
    expect(editar.json().message).toBe(
      `El gasto menor ${creado.comprobante} tiene una solicitud de anulación pendiente; solo se modifica un gasto menor activo.`,
    );
    const noSupervisa = await anular(creado._id, { autorizacion: 'Aprobada' }, empleada);
    expect(noSupervisa.statusCode).toBe(403);
    expect(noSupervisa.json().message).toBe(
      'Solo un supervisor puede aprobar o rechazar solicitudes de anulación.',
    );

    // The audit screen lists it with its total.
    const pendientes = await e.api({
      method: 'POST',
      url: '/api/users/solicitud-Anulacion/',
      token: admin,
      body: { estado: 'Pendiente', page: 1, limit: 50 },
    });
    expect(pendientes.json().data.find((s: Json) => s.idDocumento === creado._id)).toMatchObject({
      tipoDocumento: 'gastoMenor',
      numeracioDocumento: creado.comprobante,
      total: 300,
    });
    const aprobada = await anular(creado._id, { autorizacion: 'Aprobada', notaAutorizacion: 'Visto' });
    expect(aprobada.statusCode, aprobada.body).toBe(200);
    expect(aprobada.json()).toMatchObject({
      resultado: 'aprobado',
      gastosMenore: { estado: 'Anulado', autorizacion: 'Aprobada', activo: false, notaAutorizacion: 'Visto' },
    });
    expect(await saldoDe(creado._id)).toEqual({});
    expect((await asientosDe(creado._id)).map((a) => a.revierte)).toEqual([false, true]);
    const yaAnulado = await anular(creado._id, { notaAnular: 'Otra vez' });
    expect(yaAnulado.json().message).toBe(`El gasto menor ${creado.comprobante} ya está anulado.`);

    // A rejected request brings it back to Activo with its entry untouched.
    const otro = (await crear({ listaDeGastos: [linea('6.2.07', 20)] }, empleada)).json();
    await anular(otro._id, { notaAnular: 'Por error' }, empleada);
    const rechazada = await anular(otro._id, { autorizacion: 'Rechazada' });
    expect(rechazada.json()).toMatchObject({
      resultado: 'rechazado',
      gastosMenore: { estado: 'Activo', autorizacion: 'Rechazada', notaAutorizacion: 'Solicitud Denegada' },
    });
    expect(await saldoDe(otro._id)).toEqual({ '6.2.07': 20, '1.1.01.02': -20 });
  });

  it('anulación directa y eliminación revierten el asiento; solo quien anula directo elimina', async () => {
    const directo = (await crear({ listaDeGastos: [linea('6.2.08', 80)] })).json();
    const anulado = await anular(directo._id, { notaAnular: 'Mal registrado' });
    expect(anulado.json()).toMatchObject({ resultado: 'anulado', gastosMenore: { estado: 'Anulado' } });
    expect(await saldoDe(directo._id)).toEqual({});

    const creado = (
      await crear({ descripcion: 'Para eliminar', listaDeGastos: [linea('6.2.08', 90)] })
    ).json();
    const prohibido = await e.api({
      method: 'DELETE',
      url: `/api/gastos-menores/${creado._id}`,
      token: empleada,
    });
    expect(prohibido.statusCode).toBe(403);
    expect(prohibido.json().message).toBe(
      'No tienes permiso para eliminar; solicita la anulación del gasto menor.',
    );
    const eliminado = await e.api({
      method: 'DELETE',
      url: `/api/gastos-menores/${creado._id}`,
      token: admin,
    });
    expect(eliminado.statusCode, eliminado.body).toBe(200);
    expect(eliminado.json().EgresoDelete).toMatchObject({
      comprobante: creado.comprobante,
      estado: 'Anulado',
      notaAnular: 'Eliminado por admin',
    });
    expect(await saldoDe(creado._id)).toEqual({});
    const deNuevo = await e.api({ method: 'DELETE', url: `/api/gastos-menores/${creado._id}`, token: admin });
    expect(deNuevo.statusCode).toBe(409);
    expect(deNuevo.json().message).toBe(
      `El gasto menor ${creado.comprobante} está anulado; solo se modifica un gasto menor activo.`,
    );
    const noExiste = await ver(randomUUID());
    expect(noExiste.statusCode).toBe(404);
    expect(noExiste.json().message).toBe('El gasto menor no existe.');

    // It leaves the active list and shows in the audit view.
    const activos = (await listar({ input: 'Para eliminar' })).json();
    expect(activos.totalRows).toBe(0);
    const auditoria = (await listar({ input: 'Para eliminar', buscarPorEstado: true })).json();
    expect(auditoria.res.map((g: Json) => g._id)).toEqual([creado._id]);
  });

  it('lista 14 por página, la más reciente primero, por período y por texto', async () => {
    for (let i = 0; i < 15; i++) {
      const r = await crear({
        fechaDeEmision: '2025-06-15',
        descripcion: `Lote de lista ${i}`,
        listaDeGastos: [linea('6.2.16', 10 + i)],
      });
      expect(r.statusCode, r.body).toBe(200);
    }
    const primera = (await listar({ input: 'Lote de lista' })).json();
    expect(primera.totalRows).toBe(15);
    expect(primera.res).toHaveLength(14);
    expect(primera.res[0].descripcion).toBe('Lote de lista 14');
    const segunda = (await listar({ input: 'Lote de lista', page: 2 })).json();
    expect(segunda.res.map((g: Json) => g.descripcion)).toEqual(['Lote de lista 0']);
    const porPeriodo = (
      await listar({ input: 'Lote de lista', fechaInicial: '2025-06-16', fechaFinal: '2025-06-30' })
    ).json();
    expect(porPeriodo.totalRows).toBe(0);
    const porFechas = (
      await listar({ input: 'Lote de lista', fechaInicial: '2025-06-15', fechaFinal: '2025-06-15' })
    ).json();
    expect(porFechas.totalRows).toBe(15);
    // The demo's expense is there too.
    const demo = (await listar({ input: 'Caja chica de la semana' })).json();
    expect(demo.res[0]).toMatchObject({ subtotal: 2350, impuestos: 153, total: 2503 });
  });

  it('el selector lista solo cuentas de detalle de gastos; una usada por un gasto menor no se vuelve grupo', async () => {
    const r = await e.api({ method: 'GET', url: '/api/catalogo-de-cuentas/gastos', token: admin });
    expect(r.statusCode, r.body).toBe(200);
    const codigos = r.json().map((c: Json) => c.codigoDeCuenta);
    expect(codigos).toContain('6.2.06');
    expect(codigos).not.toContain('6.2');
    // 6.2.16 is used only by this suite's minor expenses: the refusal names them in Spanish.
    const bajo = await e.api({
      method: 'POST',
      url: '/api/catalogo-de-cuentas/mas/',
      token: admin,
      body: { identificadorUnico: randomUUID(), idPadre: cuenta.get('6.2.16'), nombre: 'Subcuenta' },
    });
    expect(bajo.statusCode).toBe(409);
    expect(bajo.json().message).toBe(
      'La cuenta 6.2.16 Otros gastos generales está en uso (asientos contables, gastos menores) y no puede tener subcuentas.',
    );
  });
});
