import { randomUUID } from 'node:crypto';
import { fechaYHoraEnSantoDomingo } from '@pos/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';

type Json = Record<string, unknown>;

// Manual journal entries (spec 002 §3 "Accounting", §4 cancellation lifecycle, §7 /entrada-de-diario/…,
// §8; docs/accounting.md «Entradas de diario»).
describe.each(MOTORES)('entradas de diario (%s)', (motor) => {
  let e: Entorno;
  let admin: string;
  let contable: string;
  /** Account ids by code. */
  const cuenta = new Map<string, string>();
  let idCentro: string;
  let idContacto: string;

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

  const linea = (codigo: string, debito: number, credito: number, extra: Json = {}) => ({
    cuentaContable: { idCuenta: cuenta.get(codigo) },
    debito,
    credito,
    ...extra,
  });

  function crear(
    cuerpo: { camposGenerales?: Json; lineas: Json[]; identificadorUnico?: string },
    token = admin,
  ) {
    return e.api({
      method: 'POST',
      url: '/api/entrada-de-diario/',
      token,
      body: {
        identificadorUnico: cuerpo.identificadorUnico ?? randomUUID(),
        camposGenerales: { fecha: '2026-03-10', descripcionGeneral: 'Prueba', ...cuerpo.camposGenerales },
        lineas: cuerpo.lineas,
      },
    });
  }

  async function creada(lineas: Json[], camposGenerales: Json = {}): Promise<Json & { _id: string }> {
    const r = await crear({ lineas, camposGenerales });
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  }

  const simple = () => [linea('6.2.05', 500, 0), linea('1.1.01.01', 0, 500)];

  function anular(cuerpo: Json, token = admin) {
    return e.api({ method: 'PUT', url: '/api/entrada-de-diario/anular/', token, body: cuerpo });
  }

  function ver(id: string, token = admin) {
    return e.api({ method: 'GET', url: `/api/entrada-de-diario/${id}`, token });
  }

  /** The entry's journal postings: each with its lines [code, debit, credit, centre, contact, note]. */
  async function asientosDe(idDocumento: string) {
    const filas = await e.db.consultarComoDueno<{
      revierte: boolean;
      fecha: string;
      comprobante: string;
      lineas: [string, string, string, string | null, string | null, string][];
    }>(
      sql`select a.id_asiento_revertido is not null as revierte, to_char(a.fecha, 'YYYY-MM-DD') as fecha,
            a.comprobante,
            (select json_agg(json_build_array(c.codigo_de_cuenta, l.debito, l.credito, l.id_centro_de_costo,
                                              l.id_contacto, l.nota) order by l.orden)
               from lineas_asiento l join cuentas_contables c on c.tenant_id = l.tenant_id and c.id = l.id_cuenta
              where l.tenant_id = a.tenant_id and l.id_asiento = a.id) as lineas
          from asientos_contables a
          where a.tenant_id = 1 and a.tipo_documento = 'entradaDeDiario' and a.id_documento = ${idDocumento}
          order by a.numero`,
    );
    return filas.map((f) => ({
      revierte: f.revierte,
      fecha: f.fecha,
      comprobante: f.comprobante,
      lineas: f.lineas.map(([codigo, d, c, centro, contacto, nota]) => ({
        codigo,
        debito: Number(d),
        credito: Number(c),
        centro,
        contacto,
        nota,
      })),
    }));
  }

  /** What the entry's postings leave on each account (debit − credit), zeros dropped. */
  async function saldoDe(idDocumento: string) {
    const saldo = new Map<string, number>();
    for (const a of await asientosDe(idDocumento)) {
      for (const l of a.lineas) {
        saldo.set(l.codigo, Math.round(((saldo.get(l.codigo) ?? 0) + l.debito - l.credito) * 100) / 100);
      }
    }
    return Object.fromEntries([...saldo].filter(([, v]) => v !== 0));
  }

  beforeAll(async () => {
    e = await crearEntorno(motor);
    admin = await e.login();
    for (const c of await e.db.consultarComoDueno<{ id: string; codigo_de_cuenta: string }>(
      sql`select id, codigo_de_cuenta from cuentas_contables where tenant_id = 1`,
    )) {
      cuenta.set(c.codigo_de_cuenta, c.id);
    }
    const [centro] = await e.db.consultarComoDueno<{ id: string }>(
      sql`insert into centros_de_costo (tenant_id, identificador_unico, nombre)
          values (1, 'prueba-centro-ed', 'Sucursal Norte') returning id`,
    );
    idCentro = centro?.id ?? '';
    const [contacto] = await e.db.consultarComoDueno<{ id: string }>(
      sql`select id from contactos where tenant_id = 1 order by nombre limit 1`,
    );
    idContacto = contacto?.id ?? '';
    // A bookkeeper who records and edits entries but may not cancel directly.
    contable = await usuario('contable-ed', {
      entradaDeDiario: { acceso: true, crear: true, modificar: true, ver: true },
    });
  });
  afterAll(async () => {
    await e?.cerrar();
  });

  it('registra una entrada ED numerada y la asienta línea por línea con su centro, contacto y nota', async () => {
    const r = await crear({
      camposGenerales: { fecha: '2026-03-10', descripcionGeneral: 'Pago de combustible' },
      lineas: [
        linea('6.2.05', 300, 0, { idCentroDeCosto: idCentro, contacto: idContacto, nota: 'Norte' }),
        linea('6.2.06', 120, 0, { nota: 'Papel' }),
        linea('6.2.06', 80, 0, { nota: 'Tinta' }),
        linea('1.1.01.01', 0, 500, { contacto: { _id: idContacto, nombre: 'x' } }),
      ],
    });
    expect(r.statusCode, r.body).toBe(200);
    const entrada = r.json();
    expect(entrada).toMatchObject({
      comprobante: expect.stringMatching(/^ED\d{8}$/),
      fecha: '2026-03-10',
      descripcionGeneral: 'Pago de combustible',
      totalDebito: 500,
      totalCredito: 500,
      estado: 'Activo',
      activo: true,
      solicitudDuplicada: false,
    });
    expect(entrada.lineas).toHaveLength(4);
    expect(entrada.lineas[0]).toMatchObject({
      cuentaContable: { codigoDeCuenta: '6.2.05', idCuenta: cuenta.get('6.2.05') },
      debito: 300,
      credito: 0,
      idCentroDeCosto: idCentro,
      centroDeCosto: 'Sucursal Norte',
      contacto: { _id: idContacto, nombre: expect.any(String) },
      nota: 'Norte',
    });
    const asientos = await asientosDe(entrada._id);
    expect(asientos).toHaveLength(1);
    expect(asientos[0]).toMatchObject({
      revierte: false,
      fecha: '2026-03-10',
      comprobante: entrada.comprobante,
    });
    // netear: false — the two lines on 6.2.06 stay apart, each with its own note.
    expect(asientos[0]?.lineas).toEqual([
      { codigo: '6.2.05', debito: 300, credito: 0, centro: idCentro, contacto: idContacto, nota: 'Norte' },
      { codigo: '6.2.06', debito: 120, credito: 0, centro: null, contacto: null, nota: 'Papel' },
      { codigo: '6.2.06', debito: 80, credito: 0, centro: null, contacto: null, nota: 'Tinta' },
      { codigo: '1.1.01.01', debito: 0, credito: 500, centro: null, contacto: idContacto, nota: '' },
    ]);
    // The next one takes the next number (gapless, from the numbering).
    const siguiente = await creada(simple());
    expect(Number(siguiente.numero)).toBe(Number(entrada.numero) + 1);
  });

  it('una repetición del identificadorUnico responde la misma entrada con solicitudDuplicada', async () => {
    const identificadorUnico = randomUUID();
    const primera = await crear({ identificadorUnico, lineas: simple() });
    const otra = await crear({ identificadorUnico, lineas: simple() });
    expect(otra.statusCode, otra.body).toBe(200);
    expect(otra.json()).toMatchObject({ _id: primera.json()._id, solicitudDuplicada: true });
    expect(await asientosDe(primera.json()._id)).toHaveLength(1);
  });

  it('rechaza con mensajes en español lo que no cumple las reglas', async () => {
    const casos: Array<[Json[], string, Json?]> = [
      [[linea('6.2.05', 100, 0)], 'La entrada de diario necesita por lo menos dos líneas'],
      [
        [linea('6.2.05', 100, 100), linea('1.1.01.01', 0, 0)],
        'Una línea no puede tener débito y crédito a la vez',
      ],
      [[linea('6.2.05', 100, 0), linea('1.1.01.01', 0, 0)], 'Cada línea necesita un débito o un crédito'],
      [
        [linea('6.2.05', 1234.5, 0), linea('1.1.01.01', 0, 1000)],
        'La entrada de diario no está cuadrada: débitos RD$1,234.50, créditos RD$1,000.00',
      ],
      [
        [linea('1.1', 100, 0), linea('1.1.01.01', 0, 100)],
        'La cuenta 1.1 Activos corrientes tiene subcuentas; elige una cuenta de detalle para «la línea 1 de la entrada de diario».',
      ],
      [
        [linea('6.2.05', 100, 0), { cuentaContable: { idCuenta: randomUUID() }, credito: 100 }],
        'La cuenta elegida para «la línea 2 de la entrada de diario» no existe en el catálogo.',
      ],
      [
        [linea('6.2.05', 100, 0, { idCentroDeCosto: randomUUID() }), linea('1.1.01.01', 0, 100)],
        'El centro de costo no existe',
      ],
      [
        [linea('6.2.05', 100, 0), linea('1.1.01.01', 0, 100, { contacto: randomUUID() })],
        'El contacto de la línea 2 no existe.',
      ],
    ];
    for (const [lineas, mensaje] of casos) {
      const r = await crear({ lineas });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().message).toContain(mensaje);
    }
    const negativa = await crear({ lineas: [linea('6.2.05', -5, 0), linea('1.1.01.01', 0, -5)] });
    expect(negativa.statusCode).toBe(400);
    expect(negativa.json().message).toContain('no puede ser menor que 0');
    // A date after today in Santo Domingo.
    const manana = new Date(`${fechaYHoraEnSantoDomingo(new Date()).fecha}T12:00:00Z`);
    manana.setUTCDate(manana.getUTCDate() + 1);
    const futura = await crear({
      camposGenerales: { fecha: manana.toISOString().slice(0, 10) },
      lineas: simple(),
    });
    expect(futura.statusCode).toBe(400);
    expect(futura.json()).toMatchObject({
      message: 'La fecha de la entrada no puede ser futura',
      errores: [{ campo: 'camposGenerales.fecha' }],
    });
    // Nothing refused took a number: the next entry follows the last one created.
    const antes = await e.db.consultarComoDueno<{ maximo: string }>(
      sql`select max(numero) as maximo from entradas_de_diario where tenant_id = 1`,
    );
    const despues = await creada(simple());
    expect(Number(despues.numero)).toBe(Number(antes[0]?.maximo) + 1);
  });

  it('editar revierte el asiento (en su fecha) y asienta de nuevo con el mismo número', async () => {
    const entrada = await creada(simple(), { fecha: '2026-02-01' });
    const r = await e.api({
      method: 'PATCH',
      url: `/api/entrada-de-diario/${entrada._id}`,
      token: contable,
      body: {
        camposGenerales: { fecha: '2026-02-02', descripcionGeneral: 'Corregida' },
        lineas: [linea('6.2.06', 750, 0, { idCentroDeCosto: idCentro }), linea('1.1.01.02', 0, 750)],
      },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      comprobante: entrada.comprobante,
      numero: entrada.numero,
      fecha: '2026-02-02',
      descripcionGeneral: 'Corregida',
      totalDebito: 750,
    });
    const asientos = await asientosDe(entrada._id);
    expect(asientos.map((a) => [a.revierte, a.fecha])).toEqual([
      [false, '2026-02-01'],
      [true, '2026-02-01'],
      [false, '2026-02-02'],
    ]);
    expect(await saldoDe(entrada._id)).toEqual({ '6.2.06': 750, '1.1.01.02': -750 });
    expect(asientos[2]?.lineas[0]).toMatchObject({ centro: idCentro });
    // An edit that breaks a rule changes nothing.
    const mala = await e.api({
      method: 'PATCH',
      url: `/api/entrada-de-diario/${entrada._id}`,
      token: contable,
      body: {
        camposGenerales: { fecha: '2026-02-02' },
        lineas: [linea('6.2.06', 10, 0), linea('1.1.01.02', 0, 9)],
      },
    });
    expect(mala.statusCode).toBe(400);
    expect(await asientosDe(entrada._id)).toHaveLength(3);
  });

  it('eliminar revierte el asiento, conserva el número y sale de la lista; solo con permiso directo', async () => {
    const entrada = await creada(simple());
    const negado = await e.api({
      method: 'DELETE',
      url: `/api/entrada-de-diario/${entrada._id}`,
      token: contable,
    });
    expect(negado.statusCode).toBe(403);
    const r = await e.api({ method: 'DELETE', url: `/api/entrada-de-diario/${entrada._id}`, token: admin });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().entradaDeDiario).toMatchObject({ estado: 'Anulado', comprobante: entrada.comprobante });
    expect(await saldoDe(entrada._id)).toEqual({});
    const lista = await e.api({
      method: 'POST',
      url: '/api/entrada-de-diario/todas',
      token: admin,
      body: { input: String(entrada.comprobante) },
    });
    expect(lista.json()).toEqual({ res: [], totalRows: 0 });
    const otraVez = await e.api({
      method: 'DELETE',
      url: `/api/entrada-de-diario/${entrada._id}`,
      token: admin,
    });
    expect(otraVez.statusCode).toBe(409);
  });

  it('anulación directa: el reverso refleja cada línea del original y la entrada ya no se edita', async () => {
    const entrada = await creada([
      linea('6.2.05', 120, 0, { idCentroDeCosto: idCentro, contacto: idContacto, nota: 'A' }),
      linea('1.1.01.01', 0, 120, { nota: 'B' }),
    ]);
    const sinMotivo = await anular({ idEntradaDeDiarioRef: entrada._id });
    expect(sinMotivo.statusCode).toBe(400);
    const r = await anular({ idEntradaDeDiarioRef: entrada._id, notaAnular: 'Error de registro' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      resultado: 'anulada',
      entradaDeDiario: { estado: 'Anulado', autorizacion: 'Aprobada', activo: false },
    });
    const [original, reverso] = await asientosDe(entrada._id);
    expect(reverso?.revierte).toBe(true);
    expect(reverso?.lineas).toEqual(
      original?.lineas.map((l) => ({ ...l, debito: l.credito, credito: l.debito })),
    );
    const editar = await e.api({
      method: 'PATCH',
      url: `/api/entrada-de-diario/${entrada._id}`,
      token: admin,
      body: { camposGenerales: { fecha: '2026-03-10' }, lineas: simple() },
    });
    expect(editar.statusCode).toBe(409);
    expect(editar.json().message).toBe(
      `La entrada de diario ${entrada.comprobante} está anulada y no se puede cambiar.`,
    );
  });

  it('anulación por solicitud: queda Por-Anular en la auditoría; rechazar la devuelve, aprobar la revierte', async () => {
    const entrada = await creada(simple());
    const pedida = await anular({ idEntradaDeDiarioRef: entrada._id, notaAnular: 'Duplicada' }, contable);
    expect(pedida.statusCode, pedida.body).toBe(200);
    expect(pedida.json()).toMatchObject({
      resultado: 'solicitada',
      entradaDeDiario: { estado: 'Por-Anular', autorizacion: 'Pendiente' },
    });
    expect(await saldoDe(entrada._id)).toEqual({ '6.2.05': 500, '1.1.01.01': -500 });
    const auditoria = await e.api({
      method: 'POST',
      url: '/api/users/solicitud-Anulacion/',
      token: admin,
      body: { estado: 'Pendiente', page: 1, limit: 50 },
    });
    expect(auditoria.json().data.find((s: Json) => s.idDocumento === entrada._id)).toMatchObject({
      tipoDocumento: 'entradaDeDiario',
      numeracioDocumento: entrada.comprobante,
      total: 500,
    });
    // The bookkeeper may not resolve her own request.
    const sinDerecho = await anular(
      { idEntradaDeDiarioRef: entrada._id, autorizacion: 'Aprobada' },
      contable,
    );
    expect(sinDerecho.statusCode).toBe(403);
    const rechazada = await anular({ idEntradaDeDiarioRef: entrada._id, autorizacion: 'Rechazada' });
    expect(rechazada.json()).toMatchObject({
      resultado: 'rechazada',
      entradaDeDiario: {
        estado: 'Activo',
        autorizacion: 'Rechazada',
        notaAutorizacion: 'Solicitud Denegada',
      },
    });
    expect(await asientosDe(entrada._id)).toHaveLength(1);
    await anular({ idEntradaDeDiarioRef: entrada._id, notaAnular: 'Ahora sí' }, contable);
    const aprobada = await anular({ idEntradaDeDiarioRef: entrada._id, autorizacion: 'Aprobada' });
    expect(aprobada.json()).toMatchObject({ resultado: 'aprobada', entradaDeDiario: { estado: 'Anulado' } });
    expect(await saldoDe(entrada._id)).toEqual({});
    const lista = await e.api({
      method: 'POST',
      url: '/api/entrada-de-diario/todas',
      token: admin,
      body: { buscarPorEstado: true, input: String(entrada.comprobante) },
    });
    expect(lista.json().res.map((x: Json) => x._id)).toEqual([entrada._id]);
  });

  it('lista 25 por página, por periodo, búsqueda y estado', async () => {
    const abril = await creada(simple(), { fecha: '2026-04-15', descripcionGeneral: 'Nómina de abril' });
    const porDescripcion = await e.api({
      method: 'POST',
      url: '/api/entrada-de-diario/todas',
      token: admin,
      body: { input: 'nómina de ABRIL' },
    });
    expect(porDescripcion.json().res.map((x: Json) => x._id)).toEqual([abril._id]);
    const porRango = await e.api({
      method: 'POST',
      url: '/api/entrada-de-diario/todas',
      token: admin,
      body: { fechaInicial: '2026-04-01', fechaFinal: '2026-04-30' },
    });
    expect(porRango.json().res.map((x: Json) => x._id)).toEqual([abril._id]);
    const activas = await e.api({
      method: 'POST',
      url: '/api/entrada-de-diario/todas',
      token: admin,
      body: { estado: 'Anulado' },
    });
    expect(activas.json().res.every((x: Json) => x.estado === 'Anulado')).toBe(true);
    const todas = await e.api({
      method: 'POST',
      url: '/api/entrada-de-diario/todas',
      token: admin,
      body: {},
    });
    expect(todas.json().res.length).toBeLessThanOrEqual(25);
  });

  it('la demo trae entradas manuales asentadas, una nómina repartida entre dos centros de costo', async () => {
    const r = await e.api({
      method: 'POST',
      url: '/api/entrada-de-diario/todas',
      token: admin,
      body: { input: 'Nómina de la primera quincena' },
    });
    const [nomina] = r.json().res;
    expect(nomina).toMatchObject({ totalDebito: 45000, comprobante: expect.stringMatching(/^ED/) });
    const detalle = (await ver(nomina._id)).json();
    expect(detalle.lineas.map((l: Json) => l.centroDeCosto)).toEqual([
      'Tienda principal',
      'Sucursal Santiago',
      '',
    ]);
    expect(await saldoDe(nomina._id)).toEqual({ '6.1.01': 45000, '2.1.03.01': -45000 });
  });

  it('otra empresa no ve ni cambia las entradas de esta', async () => {
    const entrada = await creada(simple());
    const otra = await e.login(2);
    const r = await e.api({
      method: 'GET',
      url: `/api/entrada-de-diario/${entrada._id}`,
      token: otra,
      tenant: 2,
    });
    expect(r.statusCode).toBe(404);
    const anulada = await e.api({
      method: 'PUT',
      url: '/api/entrada-de-diario/anular/',
      token: otra,
      tenant: 2,
      body: { idEntradaDeDiarioRef: entrada._id, notaAnular: 'x' },
    });
    expect(anulada.statusCode).toBe(404);
    const lista = await e.api({
      method: 'POST',
      url: '/api/entrada-de-diario/todas',
      token: otra,
      tenant: 2,
      body: {},
    });
    expect(lista.json().res.some((x: Json) => x._id === entrada._id)).toBe(false);
    expect((await ver(entrada._id)).json().estado).toBe('Activo');
  });
});
