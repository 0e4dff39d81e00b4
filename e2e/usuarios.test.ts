import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from './api.ts';
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

  it('una gestora de usuarios limitada ve desactivado lo que no puede dar, sus propios permisos y a quien tiene más', async () => {
    const admin = await Api.entrar(servidor.url, 'admin', PASSWORD_ADMIN);
    await admin.llamar('POST', '/users/', {
      username: 'gestora',
      password: 'clave-gestora-1',
      limiteDescuento: 10,
      privilegios: {
        usuarios: { acceso: true, ver: true, crear: true, modificar: true },
        clientes: { acceso: true, ver: true },
      },
    });
    const mesero = await admin.llamar<{ _id: string }>('POST', '/users/', {
      username: 'mesero-e2e',
      password: 'clave-mesero-1',
      limiteDescuento: 5,
    });
    const perfilAdmin = await admin.llamar<{ _id: string }>('GET', '/profile');
    const gestora = await Api.entrar(servidor.url, 'gestora', 'clave-gestora-1');
    const perfilGestora = await gestora.llamar<{ _id: string }>('GET', '/profile');
    // Someone keeps guessing the waiter's password.
    for (let i = 0; i < 5; i++) {
      await fetch(`${servidor.url}/api/auth/login`, {
        method: 'POST',
        headers: { tenantId: '1', 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'mesero-e2e', password: `mala-${i}` }),
      });
    }

    const pagina = await (await navegador.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
    await pagina.goto(`${servidor.url}/login`);
    await new PaginaLogin(pagina).entrar('1', 'gestora', 'clave-gestora-1');
    await pagina.waitForURL(`${servidor.url}/`);

    // Another user with fewer rights: only what she holds can be granted, and no password change.
    await pagina.goto(`${servidor.url}/configuraciones/usuario/editar_usuario?id=${mesero._id}`);
    await expect.poll(() => pagina.getByLabel('Nombre de usuario').inputValue()).toBe('mesero-e2e');
    await pagina
      .getByText('Solo un administrador con todos los permisos puede cambiar la contraseña')
      .waitFor();
    expect(await pagina.getByLabel('Nueva contraseña').count()).toBe(0);
    expect(await pagina.getByLabel('Anular y eliminar sin aprobación').isDisabled()).toBe(true);
    await pagina.getByRole('tab', { name: 'Permisos' }).click();
    await pagina.getByText('Solo puedes dar los permisos que tú tienes').waitFor();
    expect(await pagina.getByLabel('Acceso: Productos y servicios').isDisabled()).toBe(true);
    expect(await pagina.getByLabel('Crear: Facturas', { exact: true }).isDisabled()).toBe(true);
    expect(await pagina.getByLabel('Ver: Clientes y proveedores').isEnabled()).toBe(true);
    await pagina.getByLabel('Ver: Clientes y proveedores').check();
    expect(await pagina.getByLabel('Acceso: Clientes y proveedores').isChecked()).toBe(true);

    // Its failed sign-ins can be cleared from here.
    await pagina.getByRole('tab', { name: 'Datos y preferencias' }).click();
    await pagina.getByText('5 intentos fallidos en el último día').waitFor();
    await pagina.getByRole('button', { name: 'Desbloquear' }).click();
    await pagina.getByText('Usuario «mesero-e2e» desbloqueado.').waitFor();
    await pagina.getByText('Intentos fallidos de acceso').waitFor({ state: 'detached' });

    await pagina.getByRole('tab', { name: 'Permisos' }).click();
    await pagina.getByRole('button', { name: 'Guardar' }).click();
    await pagina.waitForURL(`${servidor.url}/configuraciones/usuario/lista_usuarios`);
    const guardado = await admin.llamar<{ privilegios: { clientes: { ver: boolean } } }>(
      'GET',
      `/users/${mesero._id}`,
    );
    expect(guardado.privilegios.clientes.ver).toBe(true);

    // Her own user: her data yes, her rights no.
    await pagina.goto(`${servidor.url}/configuraciones/usuario/editar_usuario?id=${perfilGestora._id}`);
    await pagina.getByText('Es tu propio usuario').waitFor();
    await pagina.getByLabel('Nueva contraseña').waitFor();
    await pagina.getByRole('tab', { name: 'Permisos' }).click();
    expect(await pagina.getByLabel('Acceso: Usuarios').isDisabled()).toBe(true);
    expect(await pagina.getByLabel('Ver: Clientes y proveedores').isDisabled()).toBe(true);

    // The administrator holds rights she lacks: read-only, without Eliminar.
    await pagina.goto(`${servidor.url}/configuraciones/usuario/editar_usuario?id=${perfilAdmin._id}`);
    await pagina.getByText('No puedes modificar este usuario').waitFor();
    expect(await pagina.getByRole('button', { name: 'Guardar' }).isDisabled()).toBe(true);
    expect(await pagina.getByRole('button', { name: 'Eliminar' }).count()).toBe(0);
    expect(await pagina.getByLabel('Nombre de usuario').isDisabled()).toBe(true);
  });
});
