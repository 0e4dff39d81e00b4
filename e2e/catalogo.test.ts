import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { enlaceDeWhatsApp, textoDelPedidoDelCatalogo } from '@pos/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from './api.ts';
import { abrirNavegador, describirPantalla, motivoSinNavegador } from './navegador.ts';
import { PaginaLogin } from './pages/login.ts';
import { arrancarServidor, PASSWORD_ADMIN } from './servidor.ts';

const CAPTURAS = resolve(import.meta.dirname, '../test-results/catalogo');
const TELEFONO = '18095550100'; // The demo company's 8095550100 (apps/server/src/sistema/semilla.ts).

// Demo products (apps/server/src/modules/productos/demo.ts), prices with tax.
const ARROZ = { nombre: 'Arroz Campo 5 lb', precio: 225 };
const HABICHUELAS = { nombre: 'Habichuelas rojas La Famosa 15 oz', precio: 65 };

/** A PNG drawn by the browser itself (the machine is offline): a coloured block with a text. */
async function imagen(navegador: Browser, ancho: number, alto: number, fondo: string, texto: string) {
  const pagina = await navegador.newPage({ viewport: { width: ancho, height: alto } });
  await pagina.setContent(
    `<body style="margin:0"><div style="width:${ancho}px;height:${alto}px;background:${fondo};color:white;
      display:flex;align-items:center;justify-content:center;font:700 ${Math.round(alto / 6)}px sans-serif;
      text-align:center">${texto}</div></body>`,
  );
  const png = await pagina.screenshot({ type: 'png' });
  await pagina.close();
  return png;
}

async function subir(url: string, token: string, png: Buffer): Promise<string> {
  const datos = new FormData();
  datos.append('avatar', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'imagen.png');
  const r = await fetch(`${url}/api/cliente/upload`, {
    method: 'POST',
    headers: { tenantId: '1', authorization: `Bearer ${token}` },
    body: datos,
  });
  if (!r.ok) {
    throw new Error(`upload: ${r.status} ${await r.text()}`);
  }
  return ((await r.json()) as { nombre: string }).nombre;
}

/** The chat pages the catalogue opens are answered here: the test never leaves the machine. */
async function interceptarWhatsApp(contexto: BrowserContext): Promise<string[]> {
  const abiertas: string[] = [];
  await contexto.route('https://wa.me/**', async (ruta) => {
    abiertas.push(ruta.request().url());
    await ruta.fulfill({ status: 200, contentType: 'text/html', body: '<p>WhatsApp</p>' });
  });
  return abiertas;
}

describe.skipIf(motivoSinNavegador !== null)('el catálogo público en un teléfono (390 px)', () => {
  let servidor: Awaited<ReturnType<typeof arrancarServidor>>;
  let navegador: Browser;
  let archivos: string;
  let admin: Api;

  beforeAll(async () => {
    mkdirSync(CAPTURAS, { recursive: true });
    archivos = mkdtempSync(join(tmpdir(), 'catalogo-e2e-'));
    servidor = await arrancarServidor({ archivosDir: archivos });
    navegador = await abrirNavegador();
    admin = await Api.entrar(servidor.url, 'admin', PASSWORD_ADMIN);
    const { token } = (await (
      await fetch(`${servidor.url}/api/auth/login`, {
        method: 'POST',
        headers: { tenantId: '1', 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: PASSWORD_ADMIN }),
      })
    ).json()) as { token: string };
    // The company's logo, cover and advertising banner (spec 002 §3, record 1001).
    const general = await admin.llamar<Record<string, unknown>>('GET', '/general/1001');
    await admin.llamar('PUT', '/general/1001', {
      ...general,
      id: '1001',
      avatar: await subir(servidor.url, token, await imagen(navegador, 200, 200, '#0b7285', 'CD')),
      imagenDePortada: await subir(
        servidor.url,
        token,
        await imagen(navegador, 1200, 300, 'linear-gradient(90deg,#0b7285,#2b8a3e)', 'Colmado Demo'),
      ),
      bannerPublicitario: await subir(
        servidor.url,
        token,
        await imagen(navegador, 800, 500, '#e03131', 'Ofertas de la semana'),
      ),
      colorLinkCatalogo: '#0b7285',
    });
    // A product with its picture and an offer in force (80 before ITBIS: RD$94.40 instead of RD$118).
    const { res: categorias } = await admin.llamar<{ res: { _id: string; nombre: string }[] }>(
      'GET',
      '/categorias-productos/',
    );
    const viveres = categorias.find((c) => c.nombre === 'Víveres')?._id;
    const oferta = await admin.llamar<{ _id: string }>('POST', '/listas-precio/', {
      nombre: 'Oferta de la semana',
      esUnaOferta: true,
      identificadorUnico: randomUUID(),
    });
    const principal = await admin.llamar<{ _id: string }>('GET', '/almacen/principal');
    await admin.llamar('POST', '/registro-productos/', [
      {
        nombre: 'Café Santo Domingo 1 lb',
        categoria: viveres,
        idCodigoDeBarra: '7461000199999',
        precioDeVenta: 118,
        impuestos: [{ name: 'Itbis 18%', tipoDeImpuesto: 'itbis', tasa: 0.18 }],
        avatar: await subir(servidor.url, token, await imagen(navegador, 300, 300, '#5c3d2e', 'Café')),
        listaDePrecioAsignada: [{ idLista: oferta._id, precio: 80 }],
      },
      [{ idAlmacen: principal._id, cantidadInicial: 20 }],
      randomUUID(),
    ]);
  });
  afterAll(async () => {
    await navegador?.close();
    await servidor?.cerrar();
    rmSync(archivos, { recursive: true, force: true });
  });

  async function telefono(): Promise<{ contexto: BrowserContext; pagina: Page; abiertas: string[] }> {
    const contexto = await navegador.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: 'es-DO',
    });
    const abiertas = await interceptarWhatsApp(contexto);
    return { contexto, pagina: await contexto.newPage(), abiertas };
  }

  it('un visitante sin sesión agrega dos productos y obtiene el enlace de WhatsApp con su pedido', async () => {
    const { contexto, pagina, abiertas } = await telefono();
    try {
      await pagina.goto(`${servidor.url}/catalogo?lista=1`);
      // The advertising banner shows first (spec 000 §2).
      const banner = pagina.getByRole('dialog');
      await banner.getByRole('img', { name: 'Anuncio de Colmado Demo SRL' }).waitFor();
      await pagina.waitForTimeout(400); // the modal's opening animation
      await pagina.screenshot({ path: join(CAPTURAS, '01-banner-390.png') });
      await banner.getByRole('button', { name: 'Cerrar el anuncio' }).click();
      await banner.waitFor({ state: 'hidden' });
      await pagina.getByRole('heading', { name: 'Categorías' }).waitFor();
      await pagina.screenshot({ path: join(CAPTURAS, '02-inicio-390.png') });

      await pagina.getByRole('link', { name: /Víveres/ }).click();
      await pagina.getByRole('heading', { name: 'Víveres' }).waitFor();
      await pagina.getByRole('button', { name: `Agregar ${ARROZ.nombre}` }).click();
      await pagina.getByRole('button', { name: `Agregar uno de ${ARROZ.nombre}` }).click();
      await expect.poll(() => pagina.getByLabel(`Cantidad de ${ARROZ.nombre}`).inputValue()).toBe('2');
      await pagina.screenshot({ path: join(CAPTURAS, '03-productos-390.png') });

      // The search waits 500 ms after the last key (spec 002 §9), then shows the matches.
      const antes = Date.now();
      await pagina.getByRole('searchbox', { name: 'Buscar productos' }).fill('habichuelas rojas');
      await pagina.waitForURL(/buscar=habichuelas/);
      expect(Date.now() - antes).toBeGreaterThanOrEqual(500);
      await expect.poll(() => pagina.getByTestId('producto-del-catalogo').count()).toBe(1);
      // What was already in the order keeps its quantity.
      expect(await pagina.getByRole('heading', { name: 'Víveres' }).isVisible()).toBe(true);
      await pagina.getByRole('button', { name: `Agregar ${HABICHUELAS.nombre}` }).click();

      // The ordering bar: 3 items, RD$515.00.
      const barra = pagina.getByTestId('barra-de-pedido');
      await expect.poll(() => barra.textContent()).toContain('3 productos · RD$515.00');
      await pagina.getByRole('button', { name: 'Ver pedido' }).click();
      const pedido = pagina.getByRole('dialog', { name: 'Tu pedido' });
      await pedido.waitFor();
      // The decrement stops at 1.
      expect(
        await pedido.getByRole('button', { name: `Quitar uno de ${HABICHUELAS.nombre}` }).isDisabled(),
      ).toBe(true);
      // Without the visitor's name there is no link yet.
      expect(await pedido.getByRole('button', { name: 'Enviar pedido' }).isDisabled()).toBe(true);
      await pedido.getByLabel('Tu nombre').fill('Ana Pérez');
      const enviar = pedido.getByRole('link', { name: 'Enviar pedido' });
      const esperado = enlaceDeWhatsApp(
        TELEFONO,
        textoDelPedidoDelCatalogo({
          empresa: 'Colmado Demo SRL',
          visitante: 'Ana Pérez',
          lineas: [
            { ...ARROZ, cantidad: 2 },
            { ...HABICHUELAS, cantidad: 1 },
          ],
        }),
      );
      expect(await enviar.getAttribute('href')).toBe(esperado);
      expect(decodeURIComponent(esperado)).toContain('• 2 × Arroz Campo 5 lb — RD$450.00 (RD$225.00 c/u)');
      await pagina.waitForTimeout(400);
      await pagina.screenshot({ path: join(CAPTURAS, '04-pedido-390.png') });
      // Tapping it opens the chat in a new page (answered by the interception, never the real site).
      const [chat] = await Promise.all([contexto.waitForEvent('page'), enviar.click()]);
      await chat.waitForLoadState();
      expect(abiertas).toEqual([esperado]);

      // Closed less than 3 hours ago, the banner stays closed; after more than 3 hours it returns.
      await pagina.goto(`${servidor.url}/catalogo?lista=1`);
      await pagina.getByRole('heading', { name: 'Categorías' }).waitFor();
      await expect.poll(() => pagina.getByTestId('barra-de-pedido').textContent()).toContain('3 productos');
      expect(await pagina.getByRole('dialog').count()).toBe(0);
      await pagina.evaluate(() =>
        localStorage.setItem('catalogo-banner-1', String(Date.now() - 3 * 60 * 60 * 1000 - 1000)),
      );
      await pagina.reload();
      await pagina.getByRole('img', { name: 'Anuncio de Colmado Demo SRL' }).waitFor();
    } catch (error) {
      throw new Error(`${String(error)}\n${await describirPantalla(pagina)}`);
    } finally {
      await contexto.close();
    }
  });

  it('con el ajuste encendido el pedido queda registrado con su número y los precios del servidor', async () => {
    await admin.llamar('PUT', '/catalogo/ajustes', { registrarPedidos: true });
    const { contexto, pagina, abiertas } = await telefono();
    try {
      await pagina.addInitScript(() => localStorage.setItem('catalogo-banner-1', String(Date.now())));
      await pagina.goto(`${servidor.url}/catalogo-productos?lista=1&ofertas=true`);
      await pagina.getByRole('heading', { name: 'Ofertas' }).waitFor();
      await pagina.getByText('RD$94.40').waitFor();
      await pagina.getByRole('button', { name: 'Agregar Café Santo Domingo 1 lb' }).click();
      await pagina.getByRole('button', { name: 'Ver pedido' }).click();
      const pedido = pagina.getByRole('dialog', { name: 'Tu pedido' });
      await pedido.getByLabel('Tu nombre').fill('Luis Gómez');
      await pedido.getByLabel('Teléfono (opcional)').fill('829-555-7777');
      const [chat] = await Promise.all([
        contexto.waitForEvent('page'),
        pedido.getByRole('button', { name: 'Enviar pedido' }).click(),
      ]);
      await chat.waitForLoadState();
      await pedido.getByText(/Pedido n\.º \d+ recibido/).waitFor();
      const texto = decodeURIComponent(new URL(abiertas[0] ?? '').searchParams.get('text') ?? '');
      expect(texto).toMatch(/Pedido n\.º \d+$/);
      expect(texto).toContain('• 1 × Café Santo Domingo 1 lb — RD$94.40 (RD$94.40 c/u)');
      await pagina.bringToFront();
      await pagina.screenshot({ path: join(CAPTURAS, '05-pedido-registrado-390.png') });
      const numero = Number(/Pedido n\.º (\d+)$/.exec(texto)?.[1]);
      const { res } = await admin.llamar<{
        res: { numeroPedido: number; totalGral: number; alias: string }[];
      }>('POST', '/pedido/todas', { input: 'Luis Gómez' });
      expect(res).toEqual([
        expect.objectContaining({
          numeroPedido: numero,
          totalGral: 94.4,
          alias: 'Catálogo en línea · 829-555-7777',
        }),
      ]);
    } catch (error) {
      throw new Error(`${String(error)}\n${await describirPantalla(pagina)}`);
    } finally {
      await contexto.close();
      await admin.llamar('PUT', '/catalogo/ajustes', { registrarPedidos: false });
    }
  });

  it('en una pantalla de 1366×768, y el enlace del menú de configuración abre el catálogo en otra página', async () => {
    const contexto = await navegador.newContext({ viewport: { width: 1366, height: 768 }, locale: 'es-DO' });
    const pagina = await contexto.newPage();
    try {
      await pagina.addInitScript(() => localStorage.setItem('catalogo-banner-1', String(Date.now())));
      await pagina.goto(`${servidor.url}/catalogo-productos?lista=1`);
      await pagina.getByRole('button', { name: `Agregar ${ARROZ.nombre}` }).click();
      await pagina.screenshot({ path: join(CAPTURAS, '06-productos-1366.png') });
      await pagina.getByRole('button', { name: 'Ver pedido' }).click();
      await pagina.getByRole('dialog', { name: 'Tu pedido' }).waitFor();
      await pagina.waitForTimeout(400);
      await pagina.screenshot({ path: join(CAPTURAS, '07-pedido-1366.png') });

      // An unknown company: a clear message, no error page.
      await pagina.goto(`${servidor.url}/catalogo?lista=999`);
      await pagina.getByText('Este catálogo no existe. Revisa el enlace que te enviaron.').waitFor();

      await pagina.goto(`${servidor.url}/login`);
      await new PaginaLogin(pagina).entrar('1', 'admin', PASSWORD_ADMIN);
      await pagina.getByRole('button', { name: 'Configuración' }).click();
      const enlace = pagina.getByRole('menuitem', { name: 'Catálogo en línea' });
      expect(await enlace.getAttribute('href')).toBe('/catalogo?lista=1');
      expect(await enlace.getAttribute('target')).toBe('_blank');
    } catch (error) {
      throw new Error(`${String(error)}\n${await describirPantalla(pagina)}`);
    } finally {
      await contexto.close();
    }
  });
});
