import { randomUUID } from 'node:crypto';
import { MENSAJE_ERROR_CORREO_NOTA_DE_CREDITO } from '@pos/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RAZON_GENERICA_DEL_FALLO } from '../../documentos/correo.ts';
import { adjuntoPdf, servidorSmtp, textoDelPdf } from '../../testing/correoYPdf.ts';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';
import { prepararContexto } from '../../testing/maestros.ts';

type Json = Record<string, unknown>;

// Spec 001 §1 "PDF / e-mail", §3 "Credit note": a credit note downloads as the kit's PDF
// (NotaDeCredito-{comprobante}.pdf) with its B04 NCF, the NCF of the invoice it modifies, the returned
// lines and where its total went, and goes out by the company's SMTP like every document.
describe.each(MOTORES)('PDF y correo de notas de crédito (%s)', (motor) => {
  let e: Entorno;
  let admin: string;
  let admin2: string;
  let sinPermisos: string;
  let producto: { id: string; nombre: string };
  let factura: Json;
  let aplicada: Json;
  let devuelta: Json;

  async function nota(cuerpo: Json): Promise<Json> {
    const r = await e.api({
      method: 'POST',
      url: '/api/notas-de-credito/',
      token: admin,
      body: { identificadorUnico: randomUUID(), ...cuerpo },
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().notaDeCreditoDb;
  }

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
    const cliente = await e.api({
      method: 'POST',
      url: '/api/cliente/crear',
      token: admin,
      body: { identificadorUnico: randomUUID(), nombre: 'Ferretería Los Pinos SRL', rnc: '' },
    });
    expect(cliente.statusCode, cliente.body).toBe(200);
    // A credit sale of 3 with 1 peso paid: one note applies to it, another refunds that peso in cash
    // (money goes back only where money came in).
    const facturada = await e.api({
      method: 'POST',
      url: '/api/factura/crear',
      token: admin,
      body: [
        {
          identificadorUnico: randomUUID(),
          idCliente: cliente.json().clientedb._id,
          metodoDePago: 'Efectivo',
          efectivoRecibido: 1,
        },
        [{ idProducto: producto.id, cantidad: 3 }],
      ],
    });
    expect(facturada.statusCode, facturada.body).toBe(200);
    factura = facturada.json().facturadb ?? facturada.json().FacturaDb;
    const lineas = (
      await e.api({ method: 'GET', url: `/api/factura/una/${factura._id}`, token: admin })
    ).json().linea_facturasRef as Array<{ _id: string }>;
    const idLinea = lineas[0]?._id;
    aplicada = await nota({
      notaDeCredito: { idFactura: factura._id, notaPieDePagina: 'Mercancía recibida en buen estado' },
      lineasNotasDeCredito: [{ idLineaFactura: idLinea, cantidad: 1, nota: 'Caja abierta' }],
      lineasCreditoFacturas: [{ idFactura: factura._id }],
    });
    devuelta = await nota({
      notaDeCredito: { idFactura: factura._id },
      lineasNotasDeCredito: [{ idLineaFactura: idLinea, cantidad: 1 }],
      lineasDevoluciones: [{ importe: 1, nota: 'Devuelto en efectivo' }],
    });
  });
  afterAll(async () => {
    delete process.env.SMTP_PERMITIR_RED_PRIVADA;
    await e?.cerrar();
  });

  async function pdf(n: Json): Promise<string> {
    const r = await e.api({ method: 'GET', url: `/api/notas-de-credito/pdf/${n._id}`, token: admin });
    expect(r.statusCode, r.body.slice(0, 300)).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.headers['content-disposition']).toContain(
      `attachment; filename="NotaDeCredito-${n.comprobante}.pdf"`,
    );
    expect(r.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    return textoDelPdf(r.rawPayload);
  }

  it('GET /notas-de-credito/pdf/{id}: su NCF B04, el NCF modificado, lo devuelto y a dónde fue el total', async () => {
    expect(String(aplicada.comprobante)).toMatch(/^B04/);
    const texto = await pdf(aplicada);
    expect(texto).toContain('NOTA DE CRÉDITO');
    expect(texto).toContain(String(aplicada.comprobante));
    expect(texto).toContain('NCF modificado');
    expect(texto).toContain(String(factura.comprobante));
    expect(texto).toContain(producto.nombre);
    expect(texto).toContain('Caja abierta');
    expect(texto).toContain('TOTAL');
    expect(texto).toContain(`Aplicado a la factura ${factura.comprobante}`);
    expect(texto).toContain('Mercancía recibida en buen estado');
    // The second note refunded RD$1.00 in cash; the invoice owed nothing to apply, so the rest is credit.
    const otra = await pdf(devuelta);
    expect(otra).toContain(String(devuelta.comprobante));
    expect(otra).toContain('Devuelto en efectivo');
    expect(otra).toContain('Crédito a favor del cliente');
    expect(otra).not.toContain('Aplicado a la factura');
  });

  it('el PDF exige el permiso de ver notas de crédito y no se alcanza desde otra empresa', async () => {
    const url = `/api/notas-de-credito/pdf/${aplicada._id}`;
    expect((await e.api({ method: 'GET', url, token: sinPermisos })).statusCode).toBe(403);
    expect((await e.api({ method: 'GET', url, tenant: 2, token: admin2 })).statusCode).toBe(404);
    const inexistente = await e.api({
      method: 'GET',
      url: `/api/notas-de-credito/pdf/${randomUUID()}`,
      token: admin,
    });
    expect(inexistente.statusCode).toBe(404);
  });

  it('POST /notas-de-credito/correo/{id} envía el PDF adjunto; un fallo dice qué documento no se envió', async () => {
    const smtp = await servidorSmtp('ventas@colmado.do', 'clave-smtp-1');
    const url = `/api/notas-de-credito/correo/${aplicada._id}`;
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
      const enviada = await e.api({
        method: 'POST',
        url,
        token: admin,
        body: { correo: 'compras@lospinos.do', mensaje: 'Adjunto la nota de su pedido 123.' },
      });
      expect(enviada.statusCode, enviada.body).toBe(200);
      expect(enviada.json()).toEqual({ message: 'Nota de crédito enviada a compras@lospinos.do' });
      expect(smtp.recibidos).toHaveLength(1);
      const [recibido] = smtp.recibidos;
      expect(recibido?.para).toEqual(['compras@lospinos.do']);
      expect(recibido?.crudo).toContain('Adjunto la nota de su pedido 123.');
      const adjunto = adjuntoPdf(recibido?.crudo ?? '');
      expect(adjunto?.cabeceras).toContain(`NotaDeCredito-${aplicada.comprobante}.pdf`);
      const texto = textoDelPdf(adjunto?.bytes ?? Buffer.alloc(0));
      expect(texto).toContain(String(aplicada.comprobante));
      expect(texto).toContain(String(factura.comprobante));

      const prohibido = await e.api({
        method: 'POST',
        url,
        token: sinPermisos,
        body: { correo: 'a@example.com' },
      });
      expect(prohibido.statusCode).toBe(403);
      expect(smtp.recibidos).toHaveLength(1);
    } finally {
      await smtp.cerrar();
    }
    const caido = await e.api({ method: 'POST', url, token: admin, body: { correo: 'a@example.com' } });
    expect(caido.statusCode).toBe(409);
    expect(caido.json()).toMatchObject({
      message: `${MENSAJE_ERROR_CORREO_NOTA_DE_CREDITO}: ${RAZON_GENERICA_DEL_FALLO}`,
      errorDeCorreo: true,
    });
    expect(MENSAJE_ERROR_CORREO_NOTA_DE_CREDITO).toBe('Error al enviar nota de crédito por correo');
  });
});
