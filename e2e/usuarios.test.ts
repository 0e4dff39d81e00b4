import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirNavegador, motivoSinNavegador } from './navegador.ts';
import { PaginaLogin } from './pages/login.ts';
import { arrancarServidor, PASSWORD_ADMIN } from './servidor.ts';

describe.skipIf(motivoSinNavegador !== null)('usuarios desde las pantallas', () => {
  let servidor: Awaited<ReturnType<typeof arrancarServidor>>;
  let navegador: Browser;
  beforeAll(async () => {
    servidor = await arrancarServidor();
    navegador = await abrirNavegador();
  });
  afterAll(async () => {
    await navegador?.close();
    await servidor?.cerrar();
  });

  it('clic derecho en el menú abre «Nuevo usuario»; se crea con permisos y entra con un menú limitado', async () => {
    const pagina = await (await navegador.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
    await pagina.goto(`${servidor.url}/login`);
    await new PaginaLogin(pagina).entrar('1', 'admin', PASSWORD_ADMIN);
    await pagina.waitForURL(`${servidor.url}/`);

    await pagina.getByRole('button', { name: 'Configuración' }).click();
    await pagina.getByRole('menuitem', { name: 'Usuarios' }).click({ button: 'right' });
    await pagina.waitForURL(`${servidor.url}/configuraciones/usuario/nuevo_usuario`);

    // The contract's rules run in the form before anything is sent.
    await pagina.getByRole('button', { name: 'Guardar' }).click();
    await pagina.getByText('El nombre de usuario debe tener al menos 3 caracteres').waitFor();

    await pagina.getByLabel('Nombre de usuario').fill('cajera1');
    await pagina.getByLabel('Contraseña').fill('clave-cajera-1');
    await pagina.getByLabel('Perfil').fill('Cajera');
    await pagina.getByRole('tab', { name: 'Permisos' }).click();
    await pagina.getByLabel('Ver: Usuarios').check();
    expect(await pagina.getByLabel('Acceso: Usuarios').isChecked()).toBe(true);
    await pagina.getByRole('button', { name: 'Guardar' }).click();
    await pagina.waitForURL(`${servidor.url}/configuraciones/usuario/lista_usuarios`);
    await pagina.getByRole('cell', { name: 'cajera1' }).waitFor();

    // Editing opens from the list row.
    await pagina.getByRole('cell', { name: 'cajera1' }).click();
    await pagina.waitForURL(/editar_usuario\?id=/);
    await expect.poll(() => pagina.getByLabel('Perfil').inputValue()).toBe('Cajera');

    await pagina.getByRole('button', { name: 'Salir' }).click();
    await pagina.waitForURL(`${servidor.url}/login`);
    await new PaginaLogin(pagina).entrar('1', 'cajera1', 'clave-cajera-1');
    await pagina.waitForURL(`${servidor.url}/`);
    await pagina.getByRole('button', { name: 'Configuración' }).click();
    await pagina.getByRole('menuitem', { name: 'Usuarios' }).waitFor();
    expect(await pagina.getByRole('button', { name: 'Contabilidad' }).count()).toBe(0);
    // Allowed to see users, not to create them: the new-user screen says so.
    await pagina.goto(`${servidor.url}/configuraciones/usuario/nuevo_usuario`);
    await pagina.getByRole('heading', { name: 'No autorizado' }).waitFor();
  });
});
