// Screenshots of the main screens for a human look: `node --import tsx scripts/capturas.ts [carpeta]`.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { abrirNavegador } from '../e2e/navegador.ts';
import { arrancarServidor, PASSWORD_ADMIN } from '../e2e/servidor.ts';

const carpeta = resolve(process.argv[2] ?? 'test-results/capturas');
mkdirSync(carpeta, { recursive: true });
const servidor = await arrancarServidor();
const navegador = await abrirNavegador();
try {
  for (const [nombre, ancho, alto] of [
    ['escritorio', 1366, 768],
    ['telefono', 390, 844],
  ] as const) {
    const pagina = await navegador.newPage({ viewport: { width: ancho, height: alto } });
    await pagina.goto(`${servidor.url}/login`);
    await pagina.screenshot({ path: `${carpeta}/${nombre}-login.png` });
    await pagina.getByLabel('Empresa').fill('1');
    await pagina.getByLabel('Usuario').fill('admin');
    await pagina.getByLabel('Contraseña').fill(PASSWORD_ADMIN);
    await pagina.getByRole('button', { name: 'Entrar' }).click();
    await pagina.waitForURL(`${servidor.url}/`);
    await pagina.getByRole('heading', { name: 'Accesos directos' }).waitFor();
    await pagina.waitForLoadState('networkidle');
    await pagina.screenshot({ path: `${carpeta}/${nombre}-inicio.png` });
    if (ancho > 1000) {
      await pagina.getByRole('button', { name: 'Contabilidad' }).click();
    } else {
      await pagina.getByRole('button', { name: 'Abrir el menú' }).click();
    }
    await pagina.waitForTimeout(400);
    await pagina.screenshot({ path: `${carpeta}/${nombre}-menu.png` });
    for (const [archivo, ruta] of [
      ['usuarios', '/configuraciones/usuario/lista_usuarios'],
      ['usuario-nuevo', '/configuraciones/usuario/nuevo_usuario'],
    ] as const) {
      await pagina.goto(`${servidor.url}${ruta}`);
      await pagina.waitForLoadState('networkidle');
      await pagina.screenshot({ path: `${carpeta}/${nombre}-${archivo}.png` });
    }
    if (ancho > 1000) {
      await pagina.getByRole('tab', { name: 'Permisos' }).click();
      await pagina.screenshot({ path: `${carpeta}/${nombre}-usuario-permisos.png` });
    }
    await pagina.goto(`${servidor.url}/no-existe`);
    await pagina.screenshot({ path: `${carpeta}/${nombre}-404.png` });
    await pagina.close();
  }
  console.log(`Capturas en ${carpeta}`);
} finally {
  await navegador.close();
  await servidor.cerrar();
}
