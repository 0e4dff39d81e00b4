import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { MENSAJE_SIN_SMTP } from '../../documentos/correo.ts';
import { adjuntoPdf, servidorSmtp, textoDelPdf } from '../../testing/correoYPdf.ts';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';

type Json = Record<string, unknown>;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
// The first bytes of a Windows executable (MZ … PE), sent with a PDF name and type: refused by its bytes.
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(58), Buffer.from('PE\0\0'), Buffer.alloc(64)]);

function formulario(contenido: Buffer, nombre: string, tipo: string) {
  const frontera = '----frontera-expedientes';
  const cuerpo = Buffer.concat([
    Buffer.from(
      `--${frontera}\r\nContent-Disposition: form-data; name="avatar"; filename="${nombre}"\r\nContent-Type: ${tipo}\r\n\r\n`,
    ),
    contenido,
    Buffer.from(`\r\n--${frontera}--\r\n`),
  ]);
  return { cuerpo, tipo: `multipart/form-data; boundary=${frontera}` };
}

// Case files (spec 002 §2 "Case files", §3 "Case file", §4 line estado, §7 "POST /expediente/";
// docs/expedientes.md).
describe.each(MOTORES)('expedientes (%s)', (motor) => {
  let e: Entorno;
  let app: FastifyInstance;
  let carpeta: string;
  let admin: string;
  let admin2: string;
  let gestora: string;
  let sinPermisos: string;
  let cliente: { id: string; nombre: string; rnc: string };

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

  function llamar(method: 'GET' | 'POST' | 'PUT', url: string, token: string, body?: unknown, tenant = 1) {
    return app.inject({
      method,
      url: `/api${url}`,
      headers: { tenantId: String(tenant), authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { payload: body as Json }),
    });
  }

  function crear(cuerpo: Json, token = admin, identificadorUnico: string = randomUUID()) {
    return llamar('POST', '/expediente/', token, { identificadorUnico, ...cuerpo });
  }

  function subir(contenido: Buffer, nombre: string, tipo: string, token = admin) {
    const { cuerpo, tipo: contentType } = formulario(contenido, nombre, tipo);
    return app.inject({
      method: 'POST',
      url: '/api/expediente/adjunto',
      headers: { tenantId: '1', authorization: `Bearer ${token}`, 'content-type': contentType },
      payload: cuerpo,
    });
  }

  const cuantos = async () =>
    Number(
      (
        await e.db.consultarComoDueno<{ n: string }>(
          sql`select count(*) as n from expedientes where tenant_id = 1`,
        )
      )[0]?.n,
    );

  const cuerpoBase = () => ({
    expedienteCabecera: { idCliente: cliente.id, nota: 'Venta del Corolla gris' },
    lineasExpediente: [
      {
        nombre: 'Traspaso',
        descripcion: 'Traspaso de la matrícula en la DGII',
        tareas: [
          { nombre: 'Recibir la matrícula original', estado: 'Finalizado' },
          { nombre: 'Pagar el impuesto de traspaso', estado: 'EnProceso' },
          { nombre: 'Retirar la nueva matrícula' },
        ],
        documentContent: [{ nombre: 'Contrato de venta', file: 'contratoVentaVehiculo' }],
      },
      {
        nombre: 'Entrega',
        tareas: [{ nombre: 'Entregar llaves y placa', estado: 'Pendiente' }],
        documentContent: [
          {
            nombre: 'Recibo',
            contenido: 'Recibo del expediente {{expediente.numero}} para {{cliente.nombre}}.',
          },
        ],
      },
    ],
  });

  beforeAll(async () => {
    e = await crearEntorno(motor);
    carpeta = mkdtempSync(join(tmpdir(), 'expedientes-'));
    app = await buildApp({ db: e.db, archivosDir: carpeta });
    admin = await e.login();
    admin2 = await e.login(2);
    const [fila] = await e.db.consultarComoDueno<{ id: string; nombre: string; rnc: string }>(
      sql`select id, nombre, rnc from contactos
          where tenant_id = 1 and estado = 'Activo' and tipo_de_contacto <> 'proveedor' and rnc <> ''
          order by nombre limit 1`,
    );
    cliente = fila as typeof cliente;
    gestora = await usuario('gestora-expedientes', {
      expedientes: { acceso: true, crear: true, modificar: true, ver: true },
    });
    sinPermisos = await usuario('sin-expedientes', {
      clientes: { acceso: true, crear: true, modificar: true, ver: true },
    });
  });
  afterAll(async () => {
    await app?.close();
    await e?.cerrar();
    rmSync(carpeta, { recursive: true, force: true });
  });

  it('crea un expediente EX con el cliente, sus procesos, el conteo de tareas y el contrato llenado', async () => {
    const r = await crear(cuerpoBase());
    expect(r.statusCode, r.body).toBe(200);
    const creado = r.json();
    expect(creado.message).toBe('Expediente creado correctamente');
    expect(creado.solicitudDuplicada).toBe(false);
    const c = creado.expedienteCabecera;
    expect(c).toMatchObject({
      comprobante: expect.stringMatching(/^EX\d{8}$/),
      idCliente: cliente.id,
      nombre: expect.stringContaining(cliente.nombre),
      numeroDeIdentificacion: cliente.rnc,
      creadaPor: 'admin',
      estado: 'Activo',
      activo: true,
      procesos: 2,
      // Spec 002 §4: pending = Pendiente + EnProceso (2 + 1), finished = Finalizado (1).
      pendientes: 3,
      finalizados: 1,
      hora: expect.stringMatching(/^\d{2}:\d{2}$/),
    });
    const [traspaso, entrega] = creado.lineasExpediente;
    // A mark left in a typed text is filled on save (the editor leaves the number of a new case file).
    expect(entrega.documentContent[0].contenido).toBe(
      `Recibo del expediente ${c.comprobante} para ${c.nombre}.`,
    );
    expect(traspaso).toMatchObject({
      numero: 1,
      nombre: 'Traspaso',
      estado: 'Pendiente',
      pendientes: 2,
      finalizados: 1,
    });
    expect(entrega).toMatchObject({ numero: 2, pendientes: 1, finalizados: 0 });
    // The document from the template is written with the client's data and the case file's number.
    const contrato = traspaso.documentContent[0];
    expect(contrato.file).toBe('contratoVentaVehiculo');
    expect(contrato.contenido).toContain(`portador(a) de la cédula o RNC ${cliente.rnc}`);
    expect(contrato.contenido).toContain(`Expediente N.º ${c.comprobante}`);
    expect(contrato.contenido).toContain('Colmado Demo SRL');
    expect(contrato.contenido).not.toContain('{{');
    // The timeline records the process and each task added.
    expect(traspaso.eventos.map((x: Json) => x.descripcion)).toEqual([
      'Proceso «Traspaso» creado.',
      'Tarea «Recibir la matrícula original» agregada (Finalizado).',
      'Tarea «Pagar el impuesto de traspaso» agregada (En proceso).',
      'Tarea «Retirar la nueva matrícula» agregada (Pendiente).',
    ]);
    const leido = await llamar('GET', `/expediente/${c._id}`, gestora);
    expect(leido.statusCode).toBe(200);
    expect(leido.json()).toEqual({ expedienteCabecera: c, lineasExpediente: creado.lineasExpediente });
  });

  it('un reintento con el mismo identificadorUnico responde el mismo expediente sin gastar número', async () => {
    const id = randomUUID();
    const antes = await cuantos();
    const primero = await crear(cuerpoBase(), admin, id);
    const segundo = await crear({ ...cuerpoBase(), lineasExpediente: [] }, admin, id);
    expect(segundo.statusCode).toBe(200);
    expect(segundo.json().solicitudDuplicada).toBe(true);
    expect(segundo.json().expedienteCabecera._id).toBe(primero.json().expedienteCabecera._id);
    expect(segundo.json().lineasExpediente).toHaveLength(2);
    expect(await cuantos()).toBe(antes + 1);
    // The identifier may also come inside the header (a client written from the spec's body alone).
    const dentro = await llamar('POST', '/expediente/', admin, {
      ...cuerpoBase(),
      expedienteCabecera: { ...cuerpoBase().expedienteCabecera, identificadorUnico: id },
    });
    expect(dentro.json().solicitudDuplicada).toBe(true);
    const siguiente = await crear({ ...cuerpoBase(), lineasExpediente: [] });
    expect(siguiente.json().expedienteCabecera.numero).toBe(primero.json().expedienteCabecera.numero + 1);
  });

  it('rechaza la entrada mala con el campo y un mensaje en español, sin escribir nada', async () => {
    const antes = await cuantos();
    const casos: Array<[Json, string, string]> = [
      [{ expedienteCabecera: {} }, 'expedienteCabecera.idCliente', 'Debes elegir el cliente del expediente'],
      [
        { expedienteCabecera: { idCliente: cliente.id }, lineasExpediente: [{ nombre: '  ' }] },
        'lineasExpediente.0.nombre',
        'Debes poner el nombre del proceso',
      ],
      [
        {
          expedienteCabecera: { idCliente: cliente.id },
          lineasExpediente: [{ nombre: 'Traspaso', tareas: [{ nombre: 'X', estado: 'Terminado' }] }],
        },
        'lineasExpediente.0.tareas.0.estado',
        'El estado debe ser Pendiente, EnProceso o Finalizado',
      ],
      [
        {
          expedienteCabecera: {
            idCliente: cliente.id,
            fechaEmision: '2026-03-10',
            vencimiento: '2026-03-01',
          },
        },
        'expedienteCabecera.vencimiento',
        'El vencimiento no puede ser anterior a la fecha de emisión',
      ],
      [
        { expedienteCabecera: { idCliente: cliente.id, fechaEmision: '2026-02-30' } },
        'expedienteCabecera.fechaEmision',
        'La fecha no existe en el calendario',
      ],
      [
        { expedienteCabecera: { idCliente: cliente.id, correo: 'no-es-correo' } },
        'expedienteCabecera.correo',
        'El campo de correo no tiene un formato valido',
      ],
      [
        { expedienteCabecera: { idCliente: cliente.id, nota: 'a\u0000b' } },
        'expedienteCabecera.nota',
        'No puede contener el carácter nulo (\\u0000)',
      ],
      [
        {
          expedienteCabecera: { idCliente: cliente.id },
          lineasExpediente: [{ nombre: 'P', documentContent: [{ nombre: 'Doc', file: 'inventada' }] }],
        },
        'lineasExpediente.0.documentContent.0.file',
        'La plantilla no existe',
      ],
      [
        { expedienteCabecera: { idCliente: randomUUID() } },
        'expedienteCabecera.idCliente',
        'El cliente del expediente no existe.',
      ],
    ];
    for (const [cuerpo, campo, mensaje] of casos) {
      const r = await crear(cuerpo);
      expect(r.statusCode, `${campo}: ${r.body}`).toBe(400);
      expect(r.json().errores).toContainEqual({ campo, mensaje });
    }
    const sinIdentificador = await llamar('POST', '/expediente/', admin, {
      expedienteCabecera: { idCliente: cliente.id },
    });
    expect(sinIdentificador.statusCode).toBe(400);
    expect(sinIdentificador.json().errores).toContainEqual({
      campo: 'identificadorUnico',
      mensaje: 'Falta el identificadorUnico del documento',
    });
    expect(await cuantos()).toBe(antes);
  });

  it('cada empresa ve solo sus expedientes y sus clientes; sin el privilegio, 403', async () => {
    const creado = (await crear(cuerpoBase())).json().expedienteCabecera;
    expect((await llamar('GET', `/expediente/${creado._id}`, admin2, undefined, 2)).statusCode).toBe(404);
    const lista2 = await llamar('POST', '/expediente/todas', admin2, {}, 2);
    expect(lista2.json().res.map((x: Json) => x._id)).not.toContain(creado._id);
    const cambio = await llamar(
      'PUT',
      `/expediente/${creado._id}`,
      admin2,
      { expedienteCabecera: { idCliente: cliente.id } },
      2,
    );
    expect(cambio.statusCode).toBe(404);
    // Company 1's client does not exist for company 2.
    const ajeno = await llamar(
      'POST',
      '/expediente/',
      admin2,
      { identificadorUnico: randomUUID(), expedienteCabecera: { idCliente: cliente.id } },
      2,
    );
    expect(ajeno.statusCode).toBe(400);
    expect(ajeno.json().message).toBe('El cliente del expediente no existe.');
    const prohibido = await crear(cuerpoBase(), sinPermisos);
    expect(prohibido.statusCode).toBe(403);
    expect(prohibido.json().message).toBe('No tienes permiso para crear en Expedientes.');
    expect((await llamar('POST', '/expediente/todas', sinPermisos, {})).statusCode).toBe(403);
  });

  it('cuenta pendientes y finalizados al cambiar tareas, y lo anota en la línea de tiempo', async () => {
    const creado = (await crear(cuerpoBase())).json();
    const id = creado.expedienteCabecera._id;
    const [traspaso, entrega] = creado.lineasExpediente;
    const r = await llamar('PUT', `/expediente/${id}`, gestora, {
      expedienteCabecera: { idCliente: cliente.id, nota: 'Casi listo' },
      lineasExpediente: [
        {
          ...traspaso,
          estado: 'EnProceso',
          tareas: traspaso.tareas.map((t: Json) => ({ ...t, estado: 'Finalizado' })),
          eventos: [...traspaso.eventos, { descripcion: 'El cliente trajo el seguro', fecha: '2026-03-02' }],
        },
        { ...entrega, tareas: [] },
      ],
    });
    expect(r.statusCode, r.body).toBe(200);
    const cambiado = r.json();
    expect(cambiado.message).toBe('Expediente actualizado correctamente');
    expect(cambiado.expedienteCabecera).toMatchObject({
      comprobante: creado.expedienteCabecera.comprobante,
      nota: 'Casi listo',
      pendientes: 0,
      finalizados: 3,
    });
    const [t2, e2] = cambiado.lineasExpediente;
    expect(t2._id).toBe(traspaso._id);
    expect(t2.tareas.map((t: Json) => t._id)).toEqual(traspaso.tareas.map((t: Json) => t._id));
    expect(t2.documentContent[0].contenido).toBe(traspaso.documentContent[0].contenido);
    const nuevos = t2.eventos.slice(traspaso.eventos.length);
    expect(nuevos.map((x: Json) => [x.descripcion, x.usuario, x.automatico])).toEqual([
      ['Tarea «Pagar el impuesto de traspaso»: En proceso → Finalizado.', 'gestora-expedientes', true],
      ['Tarea «Retirar la nueva matrícula»: Pendiente → Finalizado.', 'gestora-expedientes', true],
      ['El cliente trajo el seguro', 'gestora-expedientes', false],
    ]);
    expect(e2.eventos.at(-1).descripcion).toBe('Tarea «Entregar llaves y placa» eliminada.');
    // The list filters by whether tasks remain.
    const sinPendientes = await llamar('POST', '/expediente/todas', admin, {
      tareas: 'sinPendientes',
      limit: 200,
    });
    expect(sinPendientes.json().res.map((x: Json) => x._id)).toContain(id);
    const conPendientes = await llamar('POST', '/expediente/todas', admin, {
      tareas: 'conPendientes',
      limit: 200,
    });
    expect(conPendientes.json().res.map((x: Json) => x._id)).not.toContain(id);
    const porNumero = await llamar('POST', '/expediente/todas', admin, {
      input: creado.expedienteCabecera.comprobante,
    });
    expect(porNumero.json()).toMatchObject({
      totalRows: 1,
      res: [{ _id: id, pendientes: 0, finalizados: 3 }],
    });
    // A process id of another case file is refused.
    const otro = (await crear(cuerpoBase())).json();
    const ajeno = await llamar('PUT', `/expediente/${id}`, admin, {
      expedienteCabecera: { idCliente: cliente.id },
      lineasExpediente: [{ _id: otro.lineasExpediente[0]._id, nombre: 'Robado' }],
    });
    expect(ajeno.statusCode).toBe(400);
    expect(ajeno.json().errores[0].campo).toBe('lineasExpediente.0._id');
  });

  it('anula con motivo: solicitud sin el permiso directo, anulación directa con él', async () => {
    const solicitado = (await crear(cuerpoBase())).json().expedienteCabecera;
    const sinMotivo = await llamar('PUT', `/expediente/anular/${solicitado._id}`, gestora, {});
    expect(sinMotivo.statusCode).toBe(400);
    expect(sinMotivo.json().message).toBe('Debes escribir el motivo de la anulación del expediente.');
    const pedida = await llamar('PUT', `/expediente/anular/${solicitado._id}`, gestora, {
      notaAnular: 'Cliente desistió',
    });
    expect(pedida.statusCode, pedida.body).toBe(200);
    expect(pedida.json()).toMatchObject({
      resultado: 'solicitado',
      expedienteCabecera: { estado: 'Por-Anular', autorizacion: 'Pendiente' },
    });
    const auditoria = await llamar('POST', '/users/solicitud-Anulacion/', admin, { estado: 'Pendiente' });
    expect(auditoria.json().data).toContainEqual(
      expect.objectContaining({ tipoDocumento: 'expediente', idDocumento: solicitado._id }),
    );
    const aprobada = await llamar('PUT', `/expediente/anular/${solicitado._id}`, admin, {
      autorizacion: 'Aprobada',
    });
    expect(aprobada.json()).toMatchObject({
      resultado: 'aprobado',
      expedienteCabecera: { estado: 'Anulado' },
    });

    const directo = (await crear(cuerpoBase())).json().expedienteCabecera;
    const anulado = await llamar('PUT', `/expediente/anular/${directo._id}`, admin, {
      notaAnular: 'Duplicado',
    });
    expect(anulado.json()).toMatchObject({
      resultado: 'anulado',
      expedienteCabecera: { estado: 'Anulado', activo: false, notaAnular: 'Duplicado' },
    });
    const otraVez = await llamar('PUT', `/expediente/anular/${directo._id}`, admin, { notaAnular: 'x' });
    expect(otraVez.statusCode).toBe(409);
    const cambio = await llamar('PUT', `/expediente/${directo._id}`, admin, {
      expedienteCabecera: { idCliente: cliente.id },
    });
    expect(cambio.statusCode).toBe(409);
    expect(cambio.json().message).toContain('está anulado');
    const activos = await llamar('POST', '/expediente/todas', admin, { limit: 200 });
    expect(activos.json().res.map((x: Json) => x._id)).not.toContain(directo._id);
    const enAuditoria = await llamar('POST', '/expediente/todas', admin, {
      buscarPorEstado: true,
      limit: 200,
    });
    expect(enAuditoria.json().res.map((x: Json) => x._id)).toEqual(
      expect.arrayContaining([directo._id, solicitado._id]),
    );
  });

  it('imprime en PDF el documento de la plantilla con los datos del cliente', async () => {
    const creado = (await crear(cuerpoBase())).json();
    const { _id: id, comprobante } = creado.expedienteCabecera;
    const documento = creado.lineasExpediente[0].documentContent[0];
    const r = await llamar('GET', `/expediente/documento-pdf/${id}/${documento._id}`, gestora);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.headers['content-disposition']).toContain(`Contrato de venta-${comprobante}.pdf`);
    const texto = textoDelPdf(r.rawPayload).replace(/\s+/g, ' ');
    expect(texto).toContain('CONTRATO DE VENTA DE VEHÍCULO DE MOTOR');
    expect(texto).toContain(cliente.rnc);
    expect(texto).toContain(cliente.nombre.split(' ')[0] as string);
    expect(texto).toContain(`Expediente ${comprobante}`);
    const ajeno = await llamar('GET', `/expediente/documento-pdf/${id}/${randomUUID()}`, admin);
    expect(ajeno.statusCode).toBe(404);
    expect(
      (await llamar('GET', `/expediente/documento-pdf/${id}/${documento._id}`, admin2, undefined, 2))
        .statusCode,
    ).toBe(404);
  });

  it('envía por correo el PDF de un documento con el SMTP de la empresa; sin SMTP, el mensaje de configurarlo', async () => {
    const creado = (await crear(cuerpoBase())).json();
    const { _id: id, comprobante } = creado.expedienteCabecera;
    const documento = creado.lineasExpediente[0].documentContent[0];
    const url = `/expediente/documento-correo/${id}/${documento._id}`;
    const sinSmtp = await llamar('POST', url, gestora, { correo: 'cliente@ejemplo.do' });
    expect([sinSmtp.statusCode, sinSmtp.json().message]).toEqual([409, MENSAJE_SIN_SMTP]);

    process.env.SMTP_PERMITIR_RED_PRIVADA = 'true';
    const smtp = await servidorSmtp('oficina@gestoria.do', 'clave-smtp-1');
    try {
      const general = (await llamar('GET', '/general/1001', admin)).json();
      const guardar = await llamar('PUT', '/general/1001', admin, {
        ...general,
        smtp: {
          host: '127.0.0.1',
          port: smtp.puerto,
          secure: false,
          usuario: 'oficina@gestoria.do',
          password: 'clave-smtp-1',
          remitente: 'oficina@gestoria.do',
        },
      });
      expect(guardar.statusCode, guardar.body).toBe(200);
      const mal = await llamar('POST', url, gestora, { correo: 'no-es-correo' });
      expect(mal.statusCode).toBe(400);
      expect((await llamar('POST', url, sinPermisos, { correo: 'cliente@ejemplo.do' })).statusCode).toBe(403);
      const otro = await llamar('POST', `/expediente/documento-correo/${id}/${randomUUID()}`, gestora, {
        correo: 'cliente@ejemplo.do',
      });
      expect(otro.statusCode).toBe(404);
      expect(smtp.recibidos).toHaveLength(0);

      const enviado = await llamar('POST', url, gestora, { correo: 'cliente@ejemplo.do' });
      expect(enviado.statusCode, enviado.body).toBe(200);
      expect(enviado.json()).toEqual({ message: 'Documento enviado a cliente@ejemplo.do' });
      expect(smtp.recibidos).toHaveLength(1);
      const [recibido] = smtp.recibidos;
      expect(recibido?.para).toEqual(['cliente@ejemplo.do']);
      expect(recibido?.crudo).toContain(comprobante);
      const adjunto = adjuntoPdf(recibido?.crudo ?? '');
      expect(adjunto?.cabeceras).toContain(`Contrato de venta-${comprobante}.pdf`);
      expect(textoDelPdf(adjunto?.bytes ?? Buffer.alloc(0)).replace(/\s+/g, ' ')).toContain(
        'CONTRATO DE VENTA DE VEHÍCULO DE MOTOR',
      );
    } finally {
      delete process.env.SMTP_PERMITIR_RED_PRIVADA;
      await smtp.cerrar();
    }
  });

  it('adjunta un PDF y rechaza un ejecutable; el archivo se lee solo con sesión y en su empresa', async () => {
    const exe = await subir(EXE, 'factura.pdf', 'application/pdf');
    expect(exe.statusCode).toBe(400);
    expect(exe.json().message).toBe('Solo se admiten archivos PDF o imágenes PNG, JPG, GIF o WEBP.');
    expect((await subir(PDF, 'matricula.pdf', 'application/pdf', sinPermisos)).statusCode).toBe(403);
    const subido = await subir(PDF, 'matricula.pdf', 'application/pdf', gestora);
    expect(subido.statusCode, subido.body).toBe(200);
    const { nombre, tipo } = subido.json();
    expect(nombre).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    expect(tipo).toBe('application/pdf');
    // Outside the public images' folder: the logo route cannot reach it.
    expect(readdirSync(join(carpeta, 'tenant_1', 'expedientes'))).toContain(nombre);
    expect((await app.inject({ method: 'GET', url: `/api/archivos/tenant_1/${nombre}` })).statusCode).toBe(
      400,
    );

    const cuerpo = cuerpoBase();
    const r = await crear({
      ...cuerpo,
      lineasExpediente: [
        {
          ...cuerpo.lineasExpediente[0],
          archivosAdjunto: [{ nombre: 'Matrícula escaneada', contenido: nombre }],
        },
      ],
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().lineasExpediente[0].archivosAdjunto[0]).toMatchObject({
      nombre: 'Matrícula escaneada',
      contenido: nombre,
      tipo: 'application/pdf',
    });
    const leido = await llamar('GET', `/expediente/adjunto/${nombre}`, gestora);
    expect(leido.statusCode).toBe(200);
    expect(leido.headers['content-type']).toBe('application/pdf');
    expect(leido.rawPayload).toEqual(PDF);
    const sinSesion = await app.inject({
      method: 'GET',
      url: `/api/expediente/adjunto/${nombre}`,
      headers: { tenantId: '1' },
    });
    expect(sinSesion.statusCode).toBe(401);
    expect((await llamar('GET', `/expediente/adjunto/${nombre}`, admin2, undefined, 2)).statusCode).toBe(404);
    expect((await llamar('GET', '/expediente/adjunto/..%2F..%2Fsecreto.pdf', admin)).statusCode).toBe(400);

    // A file never uploaded is refused by name.
    const inventado = await crear({
      ...cuerpo,
      lineasExpediente: [
        { nombre: 'P', archivosAdjunto: [{ nombre: 'X', contenido: `${randomUUID()}.pdf` }] },
      ],
    });
    expect(inventado.statusCode).toBe(400);
    expect(inventado.json().errores).toContainEqual({
      campo: 'lineasExpediente.0.archivosAdjunto.0.contenido',
      mensaje: 'El archivo adjunto no existe; súbelo de nuevo.',
    });
  });
});
