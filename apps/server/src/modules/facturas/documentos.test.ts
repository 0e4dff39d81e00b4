import { randomUUID } from 'node:crypto';
import type { DetalleFactura, Factura, LineaFactura } from '@pos/contract';
import { MENSAJE_CORREO_INVALIDO, MENSAJE_CORREO_VACIO, MENSAJE_ERROR_CORREO_FACTURA } from '@pos/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAJE_SIN_SMTP, RAZON_GENERICA_DEL_FALLO } from '../../documentos/correo.ts';
import { adjuntoPdf, servidorSmtp } from '../../testing/correoYPdf.ts';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';
import { prepararContexto } from '../../testing/maestros.ts';
import { CorreoDeFactura, redactarCorreo } from './correo.ts';
import { nombreDelPdfDeFactura, renderizarFacturaPdf, tituloDeFactura } from './pdf.ts';

const EMPRESA = {
  nombre: 'Colmado Demo SRL',
  rnc: '131246796',
  direccion: 'Calle El Conde #52, Santo Domingo',
  telefono: '8095550100',
  correo: 'ventas@colmado.do',
};

function facturaDePrueba(cambios: Partial<Factura> = {}): Factura {
  return {
    _id: randomUUID(),
    identificadorUnico: randomUUID(),
    idNumeracion: null,
    numeracionNombre: 'Factura de crédito fiscal',
    numeroFactura: 7,
    comprobante: 'B0100000007',
    tipoNcf: 'B01',
    tipoNcfNombre: 'Factura de Crédito Fiscal',
    vencimientoNcf: '2026-12-31',
    fechaEmision: '2025-03-15',
    hora: '14:35:10',
    vencimiento: '2025-04-14T16:00:00.000Z',
    plazoPagos: 30,
    idCliente: null,
    nombre: 'Distribuidora Caribe Azul SRL',
    nombreOpcional: '',
    rnc: '131246796',
    tipoDeIdentificacion: 'RNC',
    cedula: '',
    telefono: '8095550142',
    movil: '',
    correo: 'compras@caribeazul.do',
    direccion: 'Av. 27 de Febrero #455',
    socio: false,
    idListaDePrecio: null,
    almacenActual: randomUUID(),
    idTerminalRef: null,
    idTurnoRef: null,
    desdePos: false,
    metodoDePago: 'Efectivo',
    numeroDeAprobacionTarjeta: '',
    importe: 847.46,
    descuento: 0,
    subtotal: 847.46,
    impuestos: 152.54,
    itbis: 152.54,
    desgloseDeImpuestos: [{ name: 'ITBIS 18%', tipoDeImpuesto: 'ITBIS', total: 152.54 }],
    total: 1000,
    totalFacturado: 1000,
    totalRetenciones: 0,
    montoAPagar: 1000,
    efectivoRecibido: 0,
    cobrado: 0,
    pendiente: 1000,
    cambioDeDinero: 0,
    estadoDelCobro: 'Por Cobrar',
    retenciones: [],
    notaPieDePagina: 'Gracias por preferirnos.',
    notaInformacionInterna: '',
    numeroBorradorPos: null,
    idPedido: null,
    estado: 'Activo',
    autorizacion: null,
    activo: true,
    notaAnular: '',
    tipoDeAnulacion: '',
    notaAutorizacion: '',
    creadaPor: 'admin',
    idUsuarioCreador: null,
    creadoEn: '2025-03-15T18:35:10.000Z',
    actualizadoEn: '2025-03-15T18:35:10.000Z',
    ...cambios,
  };
}

function detalleDePrueba(lineas: number, cambios: Partial<Factura> = {}): DetalleFactura {
  const factura = facturaDePrueba(cambios);
  const linea = (i: number): LineaFactura => ({
    _id: randomUUID(),
    idFactura: factura._id,
    idProducto: randomUUID(),
    idCodigoDeBarra: '',
    descripcion: `Habichuelas rojas La Famosa 1 lb, lote ${i}`,
    nota: i % 3 === 0 ? 'Entregar en el almacén 2' : '',
    cantidad: 10,
    unidades: 10,
    precio: '84.745762711864',
    precioDeVenta: 100,
    descuento: 0,
    descuentoParaSocios: 0,
    impuestos: [{ name: 'ITBIS 18%', tipoDeImpuesto: 'ITBIS', tasa: 0.18, total: 152.54 }],
    importe: 847.46,
    montoDescuento: 0,
    subtotal: 847.46,
    totalImpuestos: 152.54,
    total: 1000,
    paquete: false,
    itemPersonalizado: false,
    variantes: [],
    facturado: true,
  });
  return {
    FacturaDb: factura,
    linea_facturasRef: Array.from({ length: lineas }, (_, i) => linea(i)),
    conduce_facturado: [],
    pendiente: factura.pendiente,
    cobrado: factura.cobrado,
    montoNotaDeCreditoRef: 0,
    listaPagosIngreso: [],
    listaDeCredtosAfavor: [],
    retenciones: [],
    asientos: [],
  };
}

/** Pages of a pdfkit document (its page objects are not compressed). */
function paginas(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;
}

describe('PDF de la factura (renderizarFacturaPdf)', () => {
  it('produce un PDF Letter con el título por tipo de NCF y pasa de página con muchas líneas', async () => {
    const corta = await renderizarFacturaPdf(detalleDePrueba(3), EMPRESA);
    expect(corta.subarray(0, 5).toString()).toBe('%PDF-');
    expect(paginas(corta)).toBe(1);
    expect(corta.toString('latin1')).toContain('/MediaBox [0 0 612 792]');
    const larga = await renderizarFacturaPdf(detalleDePrueba(70), EMPRESA);
    expect(paginas(larga)).toBeGreaterThanOrEqual(3);
    const anulada = await renderizarFacturaPdf(detalleDePrueba(3, { estado: 'Anulado' }), EMPRESA);
    expect(anulada.subarray(0, 5).toString()).toBe('%PDF-');
    expect(anulada.length).toBeGreaterThan(corta.length);
  });

  it('nombra el archivo por el comprobante y, sin NCF, por el número interno', () => {
    expect(nombreDelPdfDeFactura(facturaDePrueba())).toBe('Factura-B0100000007.pdf');
    const interna = facturaDePrueba({
      comprobante: null,
      tipoNcf: null,
      tipoNcfNombre: null,
      numeroFactura: 42,
    });
    expect(nombreDelPdfDeFactura(interna)).toBe('Factura-42.pdf');
    expect(tituloDeFactura(interna)).toBe('Factura');
    expect(tituloDeFactura(facturaDePrueba())).toBe('Factura de Crédito Fiscal');
  });

  it('redacta el correo con el número, la fecha y el total en es-DO', () => {
    const correo = new CorreoDeFactura(
      { host: 'smtp.x.do', port: 587, secure: false, usuario: '', password: '', remitente: 'f@x.do' },
      detalleDePrueba(1),
      EMPRESA,
      'cliente@example.com',
      '',
    );
    const { asunto, texto } = redactarCorreo(correo);
    expect(asunto).toBe('Factura de Crédito Fiscal B0100000007 de Colmado Demo SRL');
    expect(texto).toContain('del 15/03/2025, por un total de RD$1,000.00.');
    expect(texto).toContain('Colmado Demo SRL');
  });
});

describe.each(MOTORES)('factura en PDF y por correo (%s)', (motor) => {
  let e: Entorno;
  let admin: string;
  let admin2: string;
  let sinPermisos: string;
  let factura: Factura;

  beforeAll(async () => {
    // The local SMTP server of these tests is on loopback, which only a self-hosted install may reach.
    process.env.SMTP_PERMITIR_RED_PRIVADA = 'true';
    e = await crearEntorno(motor);
    const contexto = await prepararContexto(e);
    admin = contexto.admin[1];
    admin2 = contexto.admin[2];
    sinPermisos = contexto.sinPermisos[1];
    const [producto] = await e.db.consultarComoDueno<{ id: string }>(
      sql`select id from productos where tenant_id = 1 and estado = 'Activo' and producto_inventariable
          order by numero_producto limit 1`,
    );
    const creada = await e.api({
      method: 'POST',
      url: '/api/factura/crear',
      token: admin,
      body: [
        { identificadorUnico: randomUUID(), metodoDePago: 'Efectivo', efectivoRecibido: 10_000 },
        [{ idProducto: producto?.id, cantidad: 2 }],
      ],
    });
    expect(creada.statusCode, creada.body).toBe(200);
    factura = creada.json<{ FacturaDb: Factura }>().FacturaDb;
  });
  afterAll(async () => {
    await e?.cerrar();
  });

  const rutaPdf = () => `/api/email/pdf/download/${factura._id}`;
  const rutaCorreo = () => `/api/email/factura/${factura._id}`;

  it('GET /email/pdf/download/{id} descarga el PDF como Factura-{comprobante}.pdf', async () => {
    const r = await e.api({ method: 'GET', url: rutaPdf(), token: admin });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const nombre = `Factura-${factura.comprobante ?? factura.numeroFactura}.pdf`;
    expect(r.headers['content-disposition']).toContain(`attachment; filename="${nombre}"`);
  });

  it('el PDF exige el permiso de ver facturas y no se alcanza desde otra empresa', async () => {
    const sinPermiso = await e.api({ method: 'GET', url: rutaPdf(), token: sinPermisos });
    expect(sinPermiso.statusCode).toBe(403);
    expect(sinPermiso.headers['content-type']).toContain('application/json');
    const otraEmpresa = await e.api({ method: 'GET', url: rutaPdf(), tenant: 2, token: admin2 });
    expect(otraEmpresa.statusCode).toBe(404);
    const tokenAjeno = await e.api({ method: 'GET', url: rutaPdf(), tenant: 1, token: admin2 });
    expect(tokenAjeno.statusCode).toBe(403);
    const inexistente = await e.api({
      method: 'GET',
      url: `/api/email/pdf/download/${randomUUID()}`,
      token: admin,
    });
    expect(inexistente.statusCode).toBe(404);
  });

  it('el correo valida la dirección y pide configurar el SMTP antes de enviar', async () => {
    const vacio = await e.api({ method: 'POST', url: rutaCorreo(), token: admin, body: { correo: '' } });
    expect(vacio.statusCode).toBe(400);
    expect(vacio.json().errores).toEqual([{ campo: 'correo', mensaje: MENSAJE_CORREO_VACIO }]);
    const sinCampo = await e.api({ method: 'POST', url: rutaCorreo(), token: admin, body: {} });
    expect(sinCampo.statusCode).toBe(400);
    expect(sinCampo.json().errores[0].mensaje).toBe(MENSAJE_CORREO_VACIO);
    const malo = await e.api({ method: 'POST', url: rutaCorreo(), token: admin, body: { correo: 'juan@' } });
    expect(malo.statusCode).toBe(400);
    expect(malo.json().errores).toEqual([{ campo: 'correo', mensaje: MENSAJE_CORREO_INVALIDO }]);
    const sinSmtp = await e.api({
      method: 'POST',
      url: rutaCorreo(),
      token: admin,
      body: { correo: 'cliente@example.com' },
    });
    expect(sinSmtp.statusCode).toBe(409);
    expect(sinSmtp.json()).toMatchObject({ message: MENSAJE_SIN_SMTP, smtpConfigurado: false });
  });

  it('envía la factura por el SMTP de la empresa con el PDF adjunto; la contraseña nunca se responde', async () => {
    // While the mail server holds the message, another request of the company must get through: the
    // send runs after the request's transaction has ended (PGlite runs one transaction at a time, so a
    // transaction held open during the send would block this read until the send timed out).
    let lecturaDuranteElEnvio: number | 'bloqueada' | undefined;
    const smtp = await servidorSmtp('facturas@colmado.do', 'secreto-smtp-123', async () => {
      const lectura = e
        .api({ method: 'GET', url: '/api/general/1001', token: admin })
        .then((r) => r.statusCode);
      const espera = new Promise<'bloqueada'>((resolve) => setTimeout(() => resolve('bloqueada'), 4000));
      lecturaDuranteElEnvio = await Promise.race([lectura, espera]);
    });
    try {
      const general = (await e.api({ method: 'GET', url: '/api/general/1001', token: admin })).json();
      const guardar = await e.api({
        method: 'PUT',
        url: '/api/general/1001',
        token: admin,
        body: {
          ...general,
          smtp: {
            host: '127.0.0.1',
            port: smtp.puerto,
            secure: false,
            usuario: 'facturas@colmado.do',
            password: 'secreto-smtp-123',
            remitente: 'facturas@colmado.do',
          },
        },
      });
      expect(guardar.statusCode).toBe(200);
      expect(guardar.body).not.toContain('secreto-smtp-123');
      expect(guardar.json().smtp).toEqual({
        host: '127.0.0.1',
        port: smtp.puerto,
        secure: false,
        usuario: 'facturas@colmado.do',
        remitente: 'facturas@colmado.do',
        tienePassword: true,
      });
      // Any reader of the settings (also a user without privileges) never gets the password.
      for (const token of [admin, sinPermisos]) {
        const leido = await e.api({ method: 'GET', url: '/api/general/1001', token });
        expect(leido.statusCode).toBe(200);
        expect(leido.body).not.toContain('secreto-smtp-123');
        expect(leido.json().smtp.tienePassword).toBe(true);
      }
      // Sending back what was read (without the password) keeps the saved one.
      const releido = (await e.api({ method: 'GET', url: '/api/general/1001', token: admin })).json();
      expect(
        (await e.api({ method: 'PUT', url: '/api/general/1001', token: admin, body: releido })).statusCode,
      ).toBe(200);

      const enviado = await e.api({
        method: 'POST',
        url: rutaCorreo(),
        token: admin,
        body: { correo: 'cliente@example.com', mensaje: 'Hola Juan, aquí va su factura.' },
      });
      expect(enviado.statusCode, enviado.body).toBe(200);
      expect(enviado.json()).toEqual({ message: 'Factura enviada a cliente@example.com' });
      expect(smtp.recibidos).toHaveLength(1);
      expect(lecturaDuranteElEnvio).toBe(200);
      const [mensaje] = smtp.recibidos;
      expect(mensaje?.para).toEqual(['cliente@example.com']);
      expect(mensaje?.de).toBe('facturas@colmado.do');
      expect(mensaje?.usuario).toBe('facturas@colmado.do');
      expect(mensaje?.crudo).toMatch(/^To: cliente@example\.com/m);
      expect(mensaje?.crudo).toContain('Hola Juan, aqu');
      const adjunto = adjuntoPdf(mensaje?.crudo ?? '');
      expect(adjunto?.cabeceras).toContain(`Factura-${factura.comprobante ?? factura.numeroFactura}.pdf`);
      expect(adjunto?.bytes.subarray(0, 5).toString()).toBe('%PDF-');

      // A user without the invoices permission cannot send.
      const prohibido = await e.api({
        method: 'POST',
        url: rutaCorreo(),
        token: sinPermisos,
        body: { correo: 'cliente@example.com' },
      });
      expect(prohibido.statusCode).toBe(403);
      expect(smtp.recibidos).toHaveLength(1);
    } finally {
      await smtp.cerrar();
    }
  });

  it('un fallo del servidor de correo responde el mensaje de error con la razón', async () => {
    const smtp = await servidorSmtp('facturas@colmado.do', 'otra-clave');
    try {
      const general = (await e.api({ method: 'GET', url: '/api/general/1001', token: admin })).json();
      const guardar = await e.api({
        method: 'PUT',
        url: '/api/general/1001',
        token: admin,
        body: { ...general, smtp: { ...general.smtp, port: smtp.puerto } },
      });
      expect(guardar.statusCode).toBe(200);
      const rechazado = await e.api({
        method: 'POST',
        url: rutaCorreo(),
        token: admin,
        body: { correo: 'cliente@example.com' },
      });
      expect(rechazado.statusCode).toBe(409);
      expect(rechazado.json()).toMatchObject({
        message: `${MENSAJE_ERROR_CORREO_FACTURA}: el servidor SMTP rechazó el usuario o la contraseña.`,
        errorDeCorreo: true,
      });
      expect(smtp.recibidos).toHaveLength(0);
    } finally {
      await smtp.cerrar();
    }
    // Nobody listens on the port any more: a connection failure, told without the socket's error.
    const caido = await e.api({
      method: 'POST',
      url: rutaCorreo(),
      token: admin,
      body: { correo: 'cliente@example.com' },
    });
    expect(caido.statusCode).toBe(409);
    expect(caido.json().message).toBe(`${MENSAJE_ERROR_CORREO_FACTURA}: ${RAZON_GENERICA_DEL_FALLO}`);
  });
});
