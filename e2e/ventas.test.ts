import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { DetalleFactura, ProductoEnLista, Turno } from '@pos/contract';
import { aCentavos, digitoVerificadorEan13, formatearDinero, MOTIVOS_ANULACION_FACTURA } from '@pos/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from './api.ts';
import { abrirNavegador, motivoSinNavegador } from './navegador.ts';
import { PaginaAuditoria } from './pages/auditoria.ts';
import { PaginaFacturas } from './pages/facturas.ts';
import { PaginaLogin } from './pages/login.ts';
import { PaginaPos } from './pages/pos.ts';
import { PaginaTurnos } from './pages/turnos.ts';
import { arrancarServidor, PASSWORD_ADMIN } from './servidor.ts';

const CAPTURAS = resolve(import.meta.dirname, '../test-results/ventas');

const CAJERA = { usuario: 'cajera.e2e', clave: 'clave-cajera-e2e' };
const SUPERVISOR = { usuario: 'supervisor.e2e', clave: 'clave-supervisor-e2e' };

// Demo products (apps/server/src/modules/productos/demo.ts): a plain barcode, a cheese sold by weight
// with the 5-digit scale code 00101, a soft drink sold also by the «Paca de 24», and one found by name.
const ACEITE = { nombre: 'Aceite de soya Crisol 32 oz', codigo: '7461000100077' };
const QUESO = { nombre: 'Queso de freír Rica (lb)', codigoDeBalanza: '00101', precio: 260 };
const REFRESCO = { nombre: 'Refresco Coca-Cola 20 oz', codigo: '7461000400016', paquete: 'Paca de 24' };
const MALTA = { nombre: 'Malta Morena 12 oz', busqueda: 'malta morena' };

/** Spec 000 §5: prefix 20, the product's 5 digits, the weight in thousandths, the EAN-13 check digit. */
function etiquetaDeBalanza(codigo: string, peso: number): string {
  const doce = `20${codigo}${String(Math.round(peso * 1000)).padStart(5, '0')}`;
  return `${doce}${digitoVerificadorEan13(doce)}`;
}

const dinero = (pesos: number) => formatearDinero(aCentavos(pesos));

/** «RD$2,010.00» → 2010. */
function pesos(texto: string | null): number {
  const limpio = (texto ?? '').replace(/[^\d.-]/g, '');
  if (limpio === '') {
    throw new Error(`No es un monto: «${texto}»`);
  }
  return Number(limpio);
}

describe.skipIf(motivoSinNavegador !== null)('vender en el punto de venta, cerrar el turno y anular', () => {
  let servidor: Awaited<ReturnType<typeof arrancarServidor>>;
  let navegador: Browser;
  let admin: Api;

  /** The stock of the sold products in the main warehouse, by name. */
  async function existencias(): Promise<Record<string, number>> {
    const principal = await admin.llamar<{ _id: string }>('GET', '/almacen/principal');
    const { res } = await admin.llamar<{ res: ProductoEnLista[] }>(
      'POST',
      '/registro-productos/porAlmacen/',
      {
        idAlmacen: principal._id,
        limit: 500,
      },
    );
    const nombres = [ACEITE.nombre, QUESO.nombre, REFRESCO.nombre, MALTA.nombre];
    return Object.fromEntries(
      res.filter((p) => nombres.includes(p.nombre)).map((p) => [p.nombre, p.disponibilidad]),
    );
  }

  async function entrar(usuario: string, clave: string): Promise<Page> {
    const pagina = await (await navegador.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
    await pagina.goto(`${servidor.url}/login`);
    await new PaginaLogin(pagina).entrar('1', usuario, clave);
    await pagina.waitForURL((u) => !u.pathname.startsWith('/login'));
    return pagina;
  }

  beforeAll(async () => {
    mkdirSync(CAPTURAS, { recursive: true });
    servidor = await arrancarServidor();
    navegador = await abrirNavegador();
    admin = await Api.entrar(servidor.url, 'admin', PASSWORD_ADMIN);
    // Spec 000 §5: scale labels are read only with the company's usoCodigoDeBalanza on.
    const { smtp: _smtp, ...general } = await admin.llamar<Record<string, unknown>>('GET', '/general/1001');
    await admin.llamar('PUT', '/general/1001', { ...general, usoCodigoDeBalanza: true });
    // A cashier who sells and may ask for a cancellation but not cancel (no anularYEliminarDocumentos),
    // and a supervisor who resolves requests through auditorias.modificar alone.
    await admin.llamar('POST', '/users/', {
      username: CAJERA.usuario,
      password: CAJERA.clave,
      perfilSeleccionado: 'Cajera',
      anularYEliminarDocumentos: false,
      privilegios: {
        puntoDeVentas: { acceso: true, ver: true, crear: true },
        facturas: { acceso: true, ver: true, modificar: true },
      },
    });
    await admin.llamar('POST', '/users/', {
      username: SUPERVISOR.usuario,
      password: SUPERVISOR.clave,
      perfilSeleccionado: 'Supervisor',
      anularYEliminarDocumentos: false,
      privilegios: {
        facturas: { acceso: true, ver: true },
        auditorias: { acceso: true, ver: true, modificar: true },
      },
    });
  });
  afterAll(async () => {
    await navegador?.close();
    await servidor?.cerrar();
  });

  it('abre el turno, vende por código, balanza, paquete y nombre, cobra mixto con cambio, cierra el turno y anula con aprobación', async () => {
    const antes = await existencias();
    expect(Object.keys(antes)).toHaveLength(4);
    const cajera = await entrar(CAJERA.usuario, CAJERA.clave);
    const turnos = new PaginaTurnos(cajera);
    const pos = new PaginaPos(cajera);

    // 1. The shift opens with two 1,000 notes (spec 002 §9 denominations).
    await cajera.goto(`${servidor.url}/vistas_pos/detalles_turnos`);
    await turnos.estado('Sin turno abierto').waitFor();
    await turnos.contar({ 1000: 2 });
    expect(await turnos.totalContado().textContent()).toBe(dinero(2000));
    await turnos.abrir();
    await turnos.estado('Abierto').waitFor();
    await cajera.getByText(`Turno abierto en Caja 1 con ${dinero(2000)}.`).waitFor();
    await cajera.screenshot({ path: `${CAPTURAS}/1-turno-abierto.png` });

    // 2. To the POS: the barcode field has the focus once the warehouse is known.
    await cajera.getByRole('button', { name: 'Ir al punto de venta' }).click();
    await cajera.waitForURL(`${servidor.url}/vistas_pos/facturacion`);
    await pos.esperarListo();

    // A scanner types fast and ends with Enter.
    await pos.escanear(ACEITE.codigo);
    await pos.linea(ACEITE.nombre).waitFor();
    // A scale label: 1.5 lb of cheese at RD$260 the pound, a custom line.
    const etiqueta = etiquetaDeBalanza(QUESO.codigoDeBalanza, 1.5);
    await pos.escanear(etiqueta);
    const queso = pos.linea(QUESO.nombre);
    await queso.waitFor();
    expect(await queso.getByText('Balanza', { exact: true }).count()).toBe(1);
    expect(await queso.getByRole('cell').nth(2).textContent()).toBe('1.5');
    expect(await queso.getByRole('cell').nth(5).textContent()).toBe(dinero(QUESO.precio * 1.5));
    // PQT# and the code: the package with its own price.
    await pos.escanear(`PQT#${REFRESCO.codigo}`);
    const refresco = pos.linea(REFRESCO.nombre);
    await refresco.waitFor();
    await refresco.getByText(`${REFRESCO.paquete} × 24`, { exact: true }).waitFor();
    // F8, the name and Enter: the product list; Enter adds the marked product.
    await pos.agregarPorNombre(MALTA.busqueda, MALTA.nombre);
    await pos.linea(MALTA.nombre).waitFor();
    await expect.poll(() => pos.lineas().count()).toBe(4);

    // The total is the sum of the lines (each with its taxes).
    const totalesDeLinea = await Promise.all(
      (await pos.lineas().all()).map(async (fila) =>
        pesos(await fila.getByRole('cell').nth(5).textContent()),
      ),
    );
    const total = pesos(await pos.total().textContent());
    expect(aCentavos(total)).toBe(totalesDeLinea.reduce((suma, t) => suma + aCentavos(t), 0));
    await cajera.screenshot({ path: `${CAPTURAS}/2-venta.png` });

    // 3. F12, Mixto: part by card with its approval number, the rest in cash above what is owed.
    const cobro = await pos.abrirCobro();
    expect(await cobro.getByLabel('Total a pagar').textContent()).toBe(dinero(total));
    await cobro.getByRole('radio', { name: 'Mixto' }).click();
    const tarjeta = 1000;
    const efectivo = Math.ceil((total - tarjeta) / 500) * 500 + 500;
    await cobro.getByRole('textbox', { name: 'Tarjeta de crédito', exact: true }).fill(String(tarjeta));
    await cobro.getByRole('textbox', { name: 'Aprobación de tarjeta' }).fill('AP-778812');
    await cobro.getByRole('textbox', { name: 'Efectivo', exact: true }).fill(String(efectivo));
    const cambio = (aCentavos(tarjeta) + aCentavos(efectivo) - aCentavos(total)) / 100;
    expect(cambio).toBeGreaterThan(0);
    await expect.poll(() => cobro.getByLabel('Cambio').textContent()).toBe(dinero(cambio));
    await cajera.screenshot({ path: `${CAPTURAS}/3-cobro-mixto.png` });
    const creada = cajera.waitForResponse((r) => r.url().endsWith('/api/factura/crear'));
    await cobro.getByRole('button', { name: `Cobrar ${dinero(total)} (Enter)` }).click();
    const respuesta = await creada;
    expect(respuesta.status()).toBe(200);
    const { FacturaDb } = (await respuesta.json()) as DetalleFactura;
    const ncf = FacturaDb.comprobante ?? '';
    expect(ncf).toMatch(/^B02\d{8}$/);

    // 4. The receipt of 80 mm with the NCF, then F1 starts the next sale.
    const realizada = cajera.getByRole('dialog', { name: 'Venta realizada' });
    await realizada.waitFor();
    const recibo = realizada.getByRole('article', { name: 'Recibo de la factura' });
    await recibo.getByText(`NCF: ${ncf}`).waitFor();
    expect(await recibo.textContent()).toContain(REFRESCO.nombre);
    // 80 mm at 96 px per inch is 302 px.
    const caja = await recibo.boundingBox();
    expect(Math.round(caja?.width ?? 0)).toBeGreaterThanOrEqual(290);
    expect(Math.round(caja?.width ?? 0)).toBeLessThanOrEqual(310);
    expect(await realizada.getByText(dinero(cambio), { exact: true }).count()).toBeGreaterThan(0);
    await cajera.screenshot({ path: `${CAPTURAS}/4-recibo.png` });
    // The foot of the receipt: payments by method, the card approval and the change.
    const textoDelRecibo = (await recibo.textContent()) ?? '';
    expect(textoDelRecibo).toContain(`Tarjeta de crédito${dinero(tarjeta)}`);
    expect(textoDelRecibo).toContain(`Efectivo${dinero(total - tarjeta)}`);
    expect(textoDelRecibo).toContain('AprobaciónAP-778812');
    expect(textoDelRecibo).toContain(`Efectivo recibido${dinero(efectivo)}`);
    expect(textoDelRecibo).toContain(`Cambio${dinero(cambio)}`);
    await recibo.getByText('¡Gracias por su compra!').scrollIntoViewIfNeeded();
    await cajera.screenshot({ path: `${CAPTURAS}/4-recibo-pie.png` });
    await cajera.keyboard.press('F1');
    await realizada.waitFor({ state: 'hidden' });
    await cajera.getByText('Escanea un código o busca un producto para empezar la venta').waitFor();
    expect(await pos.total().textContent()).toBe(dinero(0));
    await pos.esperarListo();

    // On the server: the Mixto split, the card approval, the change and the shift it belongs to.
    const detalle = await admin.llamar<DetalleFactura>('GET', `/factura/una/${FacturaDb._id}`);
    expect(detalle.FacturaDb.estado).toBe('Activo');
    expect(detalle.FacturaDb.estadoDelCobro).toBe('Cobrada');
    expect(detalle.FacturaDb.metodoDePago).toBe('Mixto');
    expect(detalle.FacturaDb.total).toBe(total);
    expect(detalle.FacturaDb.cambioDeDinero).toBe(cambio);
    expect(detalle.FacturaDb.numeroDeAprobacionTarjeta).toBe('AP-778812');
    expect(detalle.linea_facturasRef).toHaveLength(4);
    const pagos = Object.fromEntries(detalle.listaPagosIngreso.map((p) => [p.metodo, p]));
    expect(pagos.Tarjeta?.monto).toBe(tarjeta);
    expect(pagos.Tarjeta?.numeroDeAprobacion).toBe('AP-778812');
    // Cash applied to the sale is what was owed after the card, not the bills handed over.
    expect(pagos.Efectivo?.monto).toBe((aCentavos(total) - aCentavos(tarjeta)) / 100);
    expect(detalle.pendiente).toBe(0);
    expect(detalle.asientos.map((a) => a.revierte)).toEqual([false]);
    // The stock left the warehouse: the package as its 24 units, the weighed cheese as 1.5 lb.
    const vendidas: Record<string, number> = {
      [ACEITE.nombre]: 1,
      [QUESO.nombre]: 1.5,
      [REFRESCO.nombre]: 24,
      [MALTA.nombre]: 1,
    };
    const despues = await existencias();
    for (const [nombre, cantidad] of Object.entries(vendidas)) {
      expect(despues[nombre], nombre).toBeCloseTo((antes[nombre] ?? 0) - cantidad, 6);
    }

    // 5. The shift closes with a count: expected = opening + cash of the sale.
    await cajera.getByRole('button', { name: 'POS', exact: true }).click();
    await cajera.getByRole('menuitem', { name: 'Cerrar Turno' }).click();
    await cajera.waitForURL(`${servidor.url}/vistas_pos/detalles_turnos`);
    const esperado = (aCentavos(2000) + aCentavos(total) - aCentavos(tarjeta)) / 100;
    await expect.poll(() => turnos.esperado().textContent()).toBe(dinero(esperado));
    // One 2,000 note, one 1,000 and one 5 coin counted.
    await turnos.contar({ 2000: 1, 1000: 1, 5: 1 });
    const contado = 3005;
    const diferencia = (aCentavos(contado) - aCentavos(esperado)) / 100;
    expect(await turnos.totalContado().textContent()).toBe(dinero(contado));
    expect(await turnos.diferencia().textContent()).toBe(dinero(diferencia));
    await cajera.getByText(diferencia < 0 ? 'Faltante' : diferencia > 0 ? 'Sobrante' : 'Cuadra').waitFor();
    await cajera.screenshot({ path: `${CAPTURAS}/5-cierre.png`, fullPage: true });
    const cerrado = cajera.waitForResponse(
      (r) =>
        r.request().method() === 'PATCH' && /^\/api\/turno\/[0-9a-f-]{36}$/.test(new URL(r.url()).pathname),
    );
    await turnos.cerrar('Cierre de la prueba');
    const turnoCerrado = (await (await cerrado).json()) as Turno;
    await turnos.estado('Sin turno abierto').waitFor();
    await cajera.getByRole('heading', { name: 'Turno cerrado' }).waitFor();
    expect(await turnos.diferencia().textContent()).toBe(dinero(diferencia));
    await cajera.screenshot({ path: `${CAPTURAS}/5-turno-cerrado.png`, fullPage: true });
    // On the server: the shift holds the sale by method and the same expected cash and difference.
    const turno = await admin.llamar<Turno>('PATCH', `/turno/actual-id/${turnoCerrado._id}`, {});
    expect(turno._id).toBe(FacturaDb.idTurnoRef);
    expect(turno.estadoDelTurno).toBe(false);
    expect(turno.montoDeInicio).toBe(2000);
    expect(turno.montoDeCierre).toBe(contado);
    expect(turno.tarjetaCredito).toBe(tarjeta);
    expect(turno.totalEnCaja).toBe(esperado);
    expect(turno.diferencia).toBe(diferencia);
    expect(turno.cantidadDeFacturas).toBe(1);

    // 6. The back office list finds the invoice by its NCF (the supervisor's session).
    const supervisor = await entrar(SUPERVISOR.usuario, SUPERVISOR.clave);
    const facturasSupervisor = new PaginaFacturas(supervisor);
    await supervisor.goto(`${servidor.url}/factura/lista_factura`);
    await facturasSupervisor.buscar(ncf);
    const fila = facturasSupervisor.fila(ncf);
    await fila.waitFor();
    expect(await fila.textContent()).toContain(dinero(total));
    expect(await fila.getByText('Cobrada', { exact: true }).count()).toBe(1);
    await supervisor.screenshot({ path: `${CAPTURAS}/6-lista.png` });

    // 7. The cashier asks for the cancellation from the invoice's view: it waits as «Por anular».
    const facturasCajera = new PaginaFacturas(cajera);
    await cajera.goto(`${servidor.url}/factura/vista_factura?id=${FacturaDb._id}`);
    await cajera.getByRole('heading', { name: `Factura ${ncf}` }).waitFor();
    const [motivo] = MOTIVOS_ANULACION_FACTURA;
    if (!motivo) {
      throw new Error('Sin motivos de anulación');
    }
    const anulada = cajera.waitForResponse((r) => r.url().endsWith(`/api/factura/anular/${FacturaDb._id}`));
    await facturasCajera.anular(`${motivo.codigo} · ${motivo.motivo}`, 'El cliente devolvió todo');
    expect((await anulada).status()).toBe(200);
    await cajera.getByText('Solicitud de anulación enviada').waitFor();
    await facturasCajera.estadoEnLaVista('Por anular').waitFor();
    await cajera.getByText('Anulación pendiente de aprobación', { exact: false }).waitFor();
    await cajera.screenshot({ path: `${CAPTURAS}/7-por-anular.png` });
    expect(
      (await admin.llamar<DetalleFactura>('GET', `/factura/una/${FacturaDb._id}`)).FacturaDb.estado,
    ).toBe('Por-Anular');

    // The supervisor approves it on the audit screen.
    const auditoria = new PaginaAuditoria(supervisor);
    await supervisor.goto(`${servidor.url}/auditorias/auditorias`);
    const solicitud = auditoria.fila(ncf);
    await solicitud.waitFor();
    expect(await solicitud.textContent()).toContain(motivo.motivo);
    expect(await solicitud.textContent()).toContain(CAJERA.usuario);
    await supervisor.screenshot({ path: `${CAPTURAS}/7-auditoria.png` });
    const aprobada = supervisor.waitForResponse((r) =>
      r.url().endsWith(`/api/factura/anular/${FacturaDb._id}`),
    );
    await auditoria.aprobar(ncf, 'Aprobada en la prueba');
    expect((await aprobada).status()).toBe(200);
    await supervisor.getByText(`Anulación de ${ncf} aprobada.`).waitFor();
    await auditoria.pestana('Aprobadas');
    await auditoria.fila(ncf).getByText('«Aprobada en la prueba»').waitFor();

    // The invoice shows Anulada in its view, and leaves the list of active invoices for the audit view
    // «Anuladas y por anular»; the server reversed its journal entry and kept the NCF.
    await cajera.reload();
    await facturasCajera.estadoEnLaVista('Anulada').waitFor();
    await cajera.getByText('Factura anulada', { exact: false }).waitFor();
    await cajera.screenshot({ path: `${CAPTURAS}/7-anulada.png` });
    await supervisor.goto(`${servidor.url}/factura/lista_factura`);
    await facturasSupervisor.buscar(ncf);
    await supervisor.getByText('Ninguna factura coincide con la búsqueda.').waitFor();
    await facturasSupervisor.vista('Anuladas y por anular');
    await facturasSupervisor.fila(ncf).getByText('Anulada', { exact: true }).waitFor();
    await supervisor.screenshot({ path: `${CAPTURAS}/7-lista-anuladas.png` });
    const final = await admin.llamar<DetalleFactura>('GET', `/factura/una/${FacturaDb._id}`);
    expect(final.FacturaDb.estado).toBe('Anulado');
    expect(final.FacturaDb.autorizacion).toBe('Aprobada');
    expect(final.FacturaDb.comprobante).toBe(ncf);
    expect(final.asientos.map((a) => a.revierte).sort()).toEqual([false, true]);
    // The approved cancellation put the goods back.
    expect(await existencias()).toEqual(antes);
  });
});
