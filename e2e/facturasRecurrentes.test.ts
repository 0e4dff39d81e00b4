import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirNavegador, motivoSinNavegador } from './navegador.ts';
import { PaginaCotizaciones } from './pages/cotizaciones.ts';
import { PaginaLogin } from './pages/login.ts';
import { arrancarServidor, PASSWORD_ADMIN } from './servidor.ts';

const CAPTURAS = resolve(import.meta.dirname, '../test-results/facturas-recurrentes');

// Spec 001 §2, §3 "Recurring invoice": the administrator sets up a monthly invoice, the scheduled task
// (run here by the operator's call) bills its due periods, and the view lists the generated invoices.
describe.skipIf(motivoSinNavegador !== null)('facturas recurrentes en el navegador', () => {
  let servidor: Awaited<ReturnType<typeof arrancarServidor>>;
  let navegador: Browser;
  let pagina: Page;
  async function tokenDe(tenant: number): Promise<string> {
    const r = await fetch(`${servidor.url}/api/auth/login`, {
      method: 'POST',
      headers: { tenantId: String(tenant), 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD_ADMIN }),
    });
    return ((await r.json()) as { token: string }).token;
  }
  const capturar = (nombre: string) =>
    pagina.screenshot({ path: `${CAPTURAS}/${nombre}.png`, fullPage: true });

  beforeAll(async () => {
    mkdirSync(CAPTURAS, { recursive: true });
    servidor = await arrancarServidor();
    navegador = await abrirNavegador();
    pagina = await (await navegador.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
    await pagina.goto(`${servidor.url}/login`);
    await new PaginaLogin(pagina).entrar('1', 'admin', PASSWORD_ADMIN);
    await pagina.waitForURL((u) => !u.pathname.startsWith('/login'));
  }, 120_000);

  afterAll(async () => {
    await navegador?.close();
    await servidor?.cerrar();
  });

  it('se crea cada 2 semanas desde hoy y «Generar ahora» emite su factura del día, una sola vez', async () => {
    await pagina.goto(`${servidor.url}/factura_recurrente/lista_factura_recurrente`);
    // The demo's monthly template.
    await pagina.getByRole('row').filter({ hasText: 'Ferretería El Martillo SRL' }).first().waitFor();
    await capturar('1-lista');
    await pagina.getByRole('button', { name: 'Nueva factura recurrente' }).click();
    await pagina.waitForURL((u) => u.pathname === '/factura_recurrente/nueva_factura_recurrente');
    const formulario = new PaginaCotizaciones(pagina);
    await formulario.elegirCliente('Martillo', 'Ferretería El Martillo SRL');
    await formulario.escanear('7461000100039', 'Habichuelas rojas La Famosa 15 oz');
    await formulario.cantidad('Habichuelas rojas La Famosa 15 oz', '3');
    await pagina.getByLabel('Cada', { exact: true }).fill('2');
    await pagina.getByLabel('Periodo', { exact: true }).first().click();
    await pagina.getByRole('option', { name: 'semanas' }).click();
    // The first invoice today (the form's default): it is due at once.
    await capturar('2-formulario');
    const respuesta = pagina.waitForResponse((r) => r.url().endsWith('/api/factura-recurrente/'));
    await pagina.getByRole('button', { name: 'Guardar factura recurrente' }).click();
    const creada = (await (await respuesta).json()) as { _id: string };
    await pagina.waitForURL((u) => u.pathname === '/factura_recurrente/vista_factura_recurrente');
    await pagina.getByText('Cada 2 semanas').waitFor();
    await pagina.getByText(/Todavía no ha generado facturas/).waitFor();

    // «Generar ahora»: the invoice due today, without waiting for the scheduled task.
    await pagina.getByRole('button', { name: 'Generar ahora' }).click();
    await pagina.getByText('Se generó 1 factura.').waitFor();
    await pagina.getByText(/^Facturas generadas \(1\)$/).waitFor();
    await expect.poll(() => pagina.getByRole('link', { name: /^B0[12]\d{8}$/ }).count()).toBe(1);
    // Nothing more is due today: the button is gone, and the operator's call of the scheduled task
    // (tenant 2), as an outside scheduler would make it, bills no second invoice of the period.
    expect(await pagina.getByRole('button', { name: 'Generar ahora' }).count()).toBe(0);
    const tarea = await fetch(`${servidor.url}/api/cron-tareas/crear-facturas-recurrentes`, {
      headers: { tenantId: '2', authorization: `Bearer ${await tokenDe(2)}` },
    });
    expect(tarea.status).toBe(200);
    const { listaFacturasGeneradas } = await (
      await fetch(`${servidor.url}/api/factura-recurrente/${creada._id}`, {
        headers: { tenantId: '1', authorization: `Bearer ${await tokenDe(1)}` },
      })
    ).json();
    expect(listaFacturasGeneradas).toHaveLength(1);
    await capturar('3-vista');
  });
});
