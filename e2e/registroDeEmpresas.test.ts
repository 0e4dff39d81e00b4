import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirNavegador, motivoSinNavegador } from './navegador.ts';
import { PaginaLogin } from './pages/login.ts';
import { arrancarServidor, PASSWORD_ADMIN } from './servidor.ts';

const CAPTURAS = resolve(import.meta.dirname, '../test-results/registroDeEmpresas');

// Company registration (spec 002 §2, §6; docs/empresas.md): the operator registers a company and enters
// it with the new user; a visitor signs a company up from the login page and enters it.
describe.skipIf(motivoSinNavegador !== null)('registro de empresas desde las pantallas', () => {
  let servidor: Awaited<ReturnType<typeof arrancarServidor>>;
  let navegador: Browser;
  beforeAll(async () => {
    mkdirSync(CAPTURAS, { recursive: true });
    servidor = await arrancarServidor();
    navegador = await abrirNavegador();
  });
  afterAll(async () => {
    await navegador?.close();
    await servidor?.cerrar();
  });

  it('el operador registra una empresa desde Configuración y entra con su usuario nuevo', async () => {
    const pagina = await (await navegador.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
    await pagina.goto(`${servidor.url}/login`);
    await new PaginaLogin(pagina).entrar('2', 'admin', PASSWORD_ADMIN);
    await pagina.waitForURL(`${servidor.url}/`);
    await pagina.getByRole('button', { name: 'Configuración' }).click();
    await pagina.getByRole('menuitem', { name: 'Registro de empresa' }).click();
    await pagina.waitForURL(`${servidor.url}/configuraciones/registro-de-empresa/nueva_empresa`);

    // The contract's rules run in the form before anything is sent.
    await pagina.getByRole('button', { name: 'Crear empresa' }).click();
    await pagina.getByText('Debes poner el nombre de la empresa').waitFor();

    await pagina.getByLabel('Nombre de la empresa').fill('Farmacia La Esquina');
    await pagina.getByLabel('Nombre del contacto').fill('Luis Gómez');
    await pagina.getByLabel('Correo').fill('luis@farmacia.do');
    await pagina.getByLabel(/^Contraseña/).fill('clave-farmacia-1');
    await pagina.getByLabel('Repite la contraseña').fill('clave-farmacia-1');
    await pagina.screenshot({ path: resolve(CAPTURAS, 'operador-formulario-1366.png') });
    await pagina.getByRole('button', { name: 'Crear empresa' }).click();

    // Spec 002 §2: after a new company is created the user goes to /.
    await pagina.waitForURL(`${servidor.url}/`);
    const aviso = pagina.getByText(/^Empresa \d+ creada$/);
    await aviso.waitFor();
    const numero = ((await aviso.textContent()) ?? '').match(/\d+/)?.[0] ?? '';
    expect(Number(numero)).toBeGreaterThan(2);
    await pagina.screenshot({ path: resolve(CAPTURAS, 'operador-creada-1366.png') });

    // The same e-mail again: the server refuses it with the spec's dialog.
    await pagina.goto(`${servidor.url}/configuraciones/registro-de-empresa/nueva_empresa`);
    await pagina.getByLabel('Nombre de la empresa').fill('Otra farmacia');
    await pagina.getByLabel('Nombre del contacto').fill('Luis Gómez');
    await pagina.getByLabel('Correo').fill('luis@farmacia.do');
    await pagina.getByLabel(/^Contraseña/).fill('clave-farmacia-1');
    await pagina.getByLabel('Repite la contraseña').fill('clave-farmacia-1');
    await pagina.getByRole('button', { name: 'Crear empresa' }).click();
    const dialogo = pagina.getByRole('dialog', { name: 'Alerta la empresa no se creo!' });
    await dialogo.getByText('Ya existe una empresa registrada con el correo «luis@farmacia.do».').waitFor();
    // The dialog's opening transition, before the picture.
    await pagina.waitForTimeout(400);
    await pagina.screenshot({ path: resolve(CAPTURAS, 'operador-duplicado-1366.png') });
    await dialogo.getByRole('button', { name: 'Aceptar' }).click();

    await pagina.getByRole('button', { name: 'Salir' }).click();
    await pagina.waitForURL(`${servidor.url}/login`);
    await new PaginaLogin(pagina).entrar(numero, 'luis@farmacia.do', 'clave-farmacia-1');
    await pagina.waitForURL(`${servidor.url}/`);
    // Its first user holds every right of a company, none of the operator's.
    await pagina.getByRole('button', { name: 'Configuración' }).click();
    await pagina.getByRole('menuitem', { name: 'Usuarios' }).waitFor();
    expect(await pagina.getByRole('menuitem', { name: 'Registro de empresa' }).count()).toBe(0);
  });

  it('el operador registra una empresa con su factura recurrente de suscripción (crearCompaniaNueva)', async () => {
    // A fresh install: the operator company sells the demo's subscription service with nothing to set up.
    const pagina = await (await navegador.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
    await pagina.goto(`${servidor.url}/login`);
    await new PaginaLogin(pagina).entrar('2', 'admin', PASSWORD_ADMIN);
    await pagina.waitForURL(`${servidor.url}/`);
    await pagina.goto(`${servidor.url}/configuraciones/registro-de-empresa/nueva_empresa`);
    await pagina.getByLabel('Nombre de la empresa').fill('Ferretería Don Pepe');
    await pagina.getByLabel('Nombre del contacto').fill('José Pérez');
    await pagina.getByLabel('Correo').fill('pepe@ferreteria.do');
    await pagina.getByLabel(/^Contraseña/).fill('clave-ferreteria-1');
    await pagina.getByLabel('Repite la contraseña').fill('clave-ferreteria-1');
    await pagina.getByLabel('Crear también su factura recurrente de suscripción').check();
    await pagina.getByLabel('Servicio que se factura').first().click();
    await pagina.getByRole('option', { name: /Suscripción mensual, Plan Emprendedor/ }).click();
    await pagina.screenshot({ path: resolve(CAPTURAS, 'operador-suscripcion-1366.png'), fullPage: true });
    await pagina.getByRole('button', { name: 'Crear empresa' }).click();
    await pagina.waitForURL(`${servidor.url}/`);
    await pagina.getByText(/^Empresa \d+ creada$/).waitFor();
    // Its subscription is the operator's recurring invoice to the new company's customer.
    await pagina.goto(`${servidor.url}/factura_recurrente/lista_factura_recurrente`);
    await pagina.getByRole('row').filter({ hasText: 'Ferretería Don Pepe' }).waitFor();
    await pagina.screenshot({ path: resolve(CAPTURAS, 'operador-suscripciones-1366.png') });
    // The operator's list of its companies, from the Configuration menu: both registered today, Activa.
    await pagina.getByRole('button', { name: 'Configuración' }).click();
    await pagina.getByRole('menuitem', { name: 'Empresas registradas' }).click();
    await pagina.waitForURL(`${servidor.url}/configuraciones/registro-de-empresa/lista_empresas`);
    const fila = pagina.getByRole('row').filter({ hasText: 'Ferretería Don Pepe' });
    await fila.getByText('Activa').waitFor();
    expect(await fila.textContent()).toContain('pepe@ferreteria.do');
    expect(await pagina.getByRole('row').filter({ hasText: 'Farmacia La Esquina' }).count()).toBe(1);
    await pagina.screenshot({ path: resolve(CAPTURAS, 'operador-empresas-1366.png') });
    await pagina.setViewportSize({ width: 390, height: 844 });
    await pagina.screenshot({ path: resolve(CAPTURAS, 'operador-empresas-390.png'), fullPage: true });
  });

  it('alta por cuenta propia desde el login: muestra el número de empresa y entra con prueba', async () => {
    for (const ancho of [390, 1366]) {
      const pagina = await (
        await navegador.newContext({ viewport: { width: ancho, height: 800 } })
      ).newPage();
      await pagina.goto(`${servidor.url}/login`);
      await pagina.screenshot({ path: resolve(CAPTURAS, `login-${ancho}.png`) });
      await pagina.getByRole('link', { name: 'Crear empresa' }).click();
      await pagina.waitForURL(`${servidor.url}/crear-empresa`);
      await pagina.getByLabel('Nombre de la empresa').fill(`Salón Bella ${ancho}`);
      await pagina.getByLabel('Tu nombre').fill('María Rosario');
      await pagina.getByLabel('Correo').fill(`maria${ancho}@salon.do`);
      await pagina.getByLabel(/^Contraseña/).fill('clave-salon-1');
      await pagina.getByLabel('Repite la contraseña').fill('clave-salon-2');
      await pagina.getByRole('button', { name: 'Crear empresa' }).click();
      await pagina.getByText('Las contraseñas no coinciden').waitFor();
      await pagina.getByLabel('Repite la contraseña').fill('clave-salon-1');
      await pagina.screenshot({ path: resolve(CAPTURAS, `alta-formulario-${ancho}.png`) });
      await pagina.getByRole('button', { name: 'Crear empresa' }).click();
      const numero = await pagina.getByTestId('numero-de-empresa').textContent();
      expect(Number(numero)).toBeGreaterThan(2);
      await pagina.screenshot({ path: resolve(CAPTURAS, `alta-lista-${ancho}.png`) });
      await pagina.getByRole('button', { name: 'Entrar a mi empresa' }).click();
      await pagina.waitForURL(`${servidor.url}/`);
      // Spec 000 §2 "Plan banners": the trial's days left.
      await pagina.getByText('Le quedan 15 días de prueba').waitFor();
      await pagina.screenshot({ path: resolve(CAPTURAS, `alta-dentro-${ancho}.png`) });
      await pagina.context().close();
    }
  });
});
