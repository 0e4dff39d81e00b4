import { randomUUID } from 'node:crypto';
import {
  MENSAJE_CORREO_INVALIDO,
  MENSAJE_CORREO_VACIO,
  MENSAJE_ERROR_CORREO_CONDUCE,
  MENSAJE_ERROR_CORREO_COTIZACION,
} from '@pos/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adjuntoPdf, servidorSmtp, textoDelPdf } from '../testing/correoYPdf.ts';
import { crearEntorno, type Entorno, MOTORES } from '../testing/entorno.ts';
import { prepararContexto } from '../testing/maestros.ts';
import { MENSAJE_SIN_SMTP, RAZON_GENERICA_DEL_FALLO, redactarCorreoDeDocumento } from './correo.ts';

type Json = Record<string, unknown>;

// Spec 001 §1 "PDF / e-mail" for the kit's documents: a quotation and a delivery note download as the
// kit's PDF ({Familia}-{comprobante}.pdf, the invoice's layout) and go out by the company's SMTP with
// the same rules and messages as the invoice.
describe.each(MOTORES)('PDF y correo de cotizaciones y conduces (%s)', (motor) => {
  let e: Entorno;
  let admin: string;
  let admin2: string;
  let sinPermisos: string;
  let producto: { id: string; nombre: string };
  let cotizacion: Json;
  let preFactura: Json;
  let postFactura: Json;
  let factura: Json;

  beforeAll(async () => {
    // The local SMTP server of these tests is on loopback, which only a self-hosted install may reach.
    process.env.SMTP_PERMITIR_RED_PRIVADA = 'true';
    e = await crearEntorno(motor);
    const contexto = await prepararContexto(e);
    admin = contexto.admin[1];
    admin2 = contexto.admin[2];
    sinPermisos = contexto.sinPermisos[1];
    const [fila] = await e.db.consultarComoDueno<{ id: string; nombre: string }>(
      sql`select id, nombre from productos where tenant_id = 1 and estado = 'Activo' and producto_inventariable
          order by numero_producto limit 1`,
    );
    producto = { id: fila?.id ?? '', nombre: fila?.nombre ?? '' };
    const cliente = { nombre: 'Ferretería Los Pinos SRL', correo: 'compras@lospinos.do', rnc: '130000001' };
    const linea = { idProducto: producto.id, cantidad: 3, nota: 'Entregar por la tarde' };
    const cotizada = await e.api({
      method: 'POST',
      url: '/api/cotizacion/',
      token: admin,
      body: [cliente, [linea], randomUUID()],
    });
    expect(cotizada.statusCode, cotizada.body).toBe(200);
    cotizacion = cotizada.json().cotizacionDb;
    const conducido = await e.api({
      method: 'POST',
      url: '/api/conduce/',
      token: admin,
      body: [{ identificadorUnico: randomUUID(), ...cliente }, [linea]],
    });
    expect(conducido.statusCode, conducido.body).toBe(200);
    preFactura = conducido.json().conduceDb;
    const facturada = await e.api({
      method: 'POST',
      url: '/api/factura/crear',
      token: admin,
      body: [
        { identificadorUnico: randomUUID(), metodoDePago: 'Efectivo', efectivoRecibido: 100_000 },
        [{ idProducto: producto.id, cantidad: 2 }],
      ],
    });
    expect(facturada.statusCode, facturada.body).toBe(200);
    factura = facturada.json().FacturaDb;
    const entrega = await e.api({
      method: 'POST',
      url: '/api/conduce/',
      token: admin,
      body: [
        { identificadorUnico: randomUUID(), tipo: 'postFactura', idFactura: factura._id },
        [{ idProducto: producto.id, cantidad: 1 }],
      ],
    });
    expect(entrega.statusCode, entrega.body).toBe(200);
    postFactura = entrega.json().conduceDb;
  });
  afterAll(async () => {
    delete process.env.SMTP_PERMITIR_RED_PRIVADA;
    await e?.cerrar();
  });

  async function pdf(url: string, nombre: string): Promise<string> {
    const r = await e.api({ method: 'GET', url, token: admin });
    expect(r.statusCode, r.body.slice(0, 300)).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.headers['content-disposition']).toContain(`attachment; filename="${nombre}"`);
    expect(r.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    return textoDelPdf(r.rawPayload);
  }

  it('GET /cotizacion/pdf/{id} descarga Cotizacion-{comprobante}.pdf con su número y sus líneas', async () => {
    const texto = await pdf(
      `/api/cotizacion/pdf/${cotizacion._id}`,
      `Cotizacion-${cotizacion.comprobante}.pdf`,
    );
    expect(texto).toContain('COTIZACIÓN');
    expect(texto).toContain(String(cotizacion.comprobante));
    expect(texto).toContain(producto.nombre);
    expect(texto).toContain('Entregar por la tarde');
    expect(texto).toContain('Ferretería Los Pinos SRL');
    expect(texto).toContain('TOTAL');
  });

  it('GET /conduce/pdf/{id} dice su tipo y, post-factura, la factura que entrega', async () => {
    const pre = await pdf(`/api/conduce/pdf/${preFactura._id}`, `Conduce-${preFactura.comprobante}.pdf`);
    expect(pre).toContain('CONDUCE');
    expect(pre).toContain(String(preFactura.comprobante));
    expect(pre).toContain('Pre-Factura');
    expect(pre).not.toContain('Post-Factura');
    expect(pre).toContain(producto.nombre);
    const post = await pdf(`/api/conduce/pdf/${postFactura._id}`, `Conduce-${postFactura.comprobante}.pdf`);
    expect(post).toContain('Post-Factura');
    expect(post).toContain('Entrega factura');
    expect(post).toContain(String(factura.comprobante ?? `N.º ${factura.numeroFactura}`));
  });

  it('el PDF exige el permiso de ver la familia y no se alcanza desde otra empresa', async () => {
    for (const url of [`/api/cotizacion/pdf/${cotizacion._id}`, `/api/conduce/pdf/${preFactura._id}`]) {
      const sinPermiso = await e.api({ method: 'GET', url, token: sinPermisos });
      expect(sinPermiso.statusCode, url).toBe(403);
      expect(sinPermiso.headers['content-type']).toContain('application/json');
      const otraEmpresa = await e.api({ method: 'GET', url, tenant: 2, token: admin2 });
      expect(otraEmpresa.statusCode, url).toBe(404);
    }
    const inexistente = await e.api({
      method: 'GET',
      url: `/api/cotizacion/pdf/${randomUUID()}`,
      token: admin,
    });
    expect(inexistente.statusCode).toBe(404);
  });

  it('el correo valida la dirección con los mensajes de la especificación y pide el SMTP', async () => {
    const url = `/api/cotizacion/correo/${cotizacion._id}`;
    const vacio = await e.api({ method: 'POST', url, token: admin, body: { correo: '  ' } });
    expect(vacio.statusCode).toBe(400);
    expect(vacio.json().errores).toEqual([{ campo: 'correo', mensaje: MENSAJE_CORREO_VACIO }]);
    const malo = await e.api({ method: 'POST', url, token: admin, body: { correo: 'juan@' } });
    expect(malo.statusCode).toBe(400);
    expect(malo.json().errores).toEqual([{ campo: 'correo', mensaje: MENSAJE_CORREO_INVALIDO }]);
    const sinSmtp = await e.api({ method: 'POST', url, token: admin, body: { correo: 'a@example.com' } });
    expect(sinSmtp.statusCode).toBe(409);
    expect(sinSmtp.json()).toMatchObject({ message: MENSAJE_SIN_SMTP, smtpConfigurado: false });
  });

  it('envía la cotización y el conduce con su PDF adjunto; un fallo dice qué documento no se envió', async () => {
    const smtp = await servidorSmtp('ventas@colmado.do', 'clave-smtp-1');
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
            usuario: 'ventas@colmado.do',
            password: 'clave-smtp-1',
            remitente: 'ventas@colmado.do',
          },
        },
      });
      expect(guardar.statusCode, guardar.body).toBe(200);

      const cotizada = await e.api({
        method: 'POST',
        url: `/api/cotizacion/correo/${cotizacion._id}`,
        token: admin,
        body: { correo: 'compras@lospinos.do' },
      });
      expect(cotizada.statusCode, cotizada.body).toBe(200);
      expect(cotizada.json()).toEqual({ message: 'Cotización enviada a compras@lospinos.do' });
      const conducido = await e.api({
        method: 'POST',
        url: `/api/conduce/correo/${postFactura._id}`,
        token: admin,
        body: { correo: 'almacen@lospinos.do', mensaje: 'Adjunto el conduce de su pedido.' },
      });
      expect(conducido.statusCode, conducido.body).toBe(200);
      expect(conducido.json()).toEqual({ message: 'Conduce enviado a almacen@lospinos.do' });

      expect(smtp.recibidos).toHaveLength(2);
      const [primero, segundo] = smtp.recibidos;
      expect(primero?.para).toEqual(['compras@lospinos.do']);
      expect(primero?.crudo).toMatch(/^Subject: =\?UTF-8\?|^Subject: Cotizaci/m);
      const adjuntoCotizacion = adjuntoPdf(primero?.crudo ?? '');
      expect(adjuntoCotizacion?.cabeceras).toContain(`Cotizacion-${cotizacion.comprobante}.pdf`);
      expect(textoDelPdf(adjuntoCotizacion?.bytes ?? Buffer.alloc(0))).toContain(producto.nombre);
      expect(segundo?.para).toEqual(['almacen@lospinos.do']);
      expect(segundo?.crudo).toContain('Adjunto el conduce de su pedido.');
      const adjuntoConduce = adjuntoPdf(segundo?.crudo ?? '');
      expect(adjuntoConduce?.cabeceras).toContain(`Conduce-${postFactura.comprobante}.pdf`);
      expect(textoDelPdf(adjuntoConduce?.bytes ?? Buffer.alloc(0))).toContain('Post-Factura');

      // Without the conduces right the send is refused before anything goes out.
      const prohibido = await e.api({
        method: 'POST',
        url: `/api/conduce/correo/${preFactura._id}`,
        token: sinPermisos,
        body: { correo: 'a@example.com' },
      });
      expect(prohibido.statusCode).toBe(403);
      expect(smtp.recibidos).toHaveLength(2);
    } finally {
      await smtp.cerrar();
    }
    // Nobody listens on the port any more: the failure names the document type (spec 001 §1).
    for (const [url, mensaje] of [
      [`/api/cotizacion/correo/${cotizacion._id}`, MENSAJE_ERROR_CORREO_COTIZACION],
      [`/api/conduce/correo/${preFactura._id}`, MENSAJE_ERROR_CORREO_CONDUCE],
    ] as const) {
      const caido = await e.api({ method: 'POST', url, token: admin, body: { correo: 'a@example.com' } });
      expect(caido.statusCode).toBe(409);
      expect(caido.json()).toMatchObject({
        message: `${mensaje}: ${RAZON_GENERICA_DEL_FALLO}`,
        errorDeCorreo: true,
      });
    }
    expect(MENSAJE_ERROR_CORREO_COTIZACION).toBe('Error al enviar cotización por correo');
    expect(MENSAJE_ERROR_CORREO_CONDUCE).toBe('Error al enviar conduce por correo');
  });
});

// A purchasing document's e-mail goes to a supplier: it does not thank them for their patronage.
describe('texto del correo según el lado del documento', () => {
  const datos = {
    titulo: 'Orden de compra',
    nombre: 'la orden de compra',
    numero: 'OC00000001',
    fecha: '2026-03-02',
    total: 1180,
    cliente: 'Distribuidora Caribe SRL',
    mensaje: '',
    empresa: { nombre: 'Colmado Demo SRL', rnc: '', direccion: '', telefono: '', correo: '' },
  };
  it('una venta agradece la preferencia; una compra espera la confirmación del proveedor', () => {
    expect(redactarCorreoDeDocumento(datos).texto).toContain('Gracias por su preferencia.');
    const compra = redactarCorreoDeDocumento({ ...datos, lado: 'compra' }).texto;
    expect(compra).toContain('Le enviamos adjunta la orden de compra OC00000001');
    expect(compra).toContain('Quedamos atentos a su confirmación.');
    expect(compra).not.toContain('preferencia');
  });
});
