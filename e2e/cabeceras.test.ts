import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirNavegador, motivoSinNavegador } from './navegador.ts';
import { PaginaLogin } from './pages/login.ts';
import { PaginaPos } from './pages/pos.ts';
import { PaginaTurnos } from './pages/turnos.ts';
import { arrancarServidor, PASSWORD_ADMIN } from './servidor.ts';

if (motivoSinNavegador) {
  console.warn(`Pruebas de navegador omitidas: ${motivoSinNavegador}`);
}

const ACEITE = { nombre: 'Aceite de soya Crisol 32 oz', codigo: '7461000100077' };

// The server's Content-Security-Policy (apps/server/src/http/cabeceras.ts) must never stop the built
// app: every violation the browser reports while signing in, on the home page and in the POS fails.
describe.skipIf(motivoSinNavegador !== null)('la política de contenido y la aplicación construida', () => {
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

  /** A page that records each CSP violation (the DOM event and the console's «Refused to …»). */
  async function paginaVigilada(): Promise<{ pagina: Page; violaciones: string[] }> {
    const contexto = await navegador.newContext({ viewport: { width: 1366, height: 768 } });
    const violaciones: string[] = [];
    await contexto.exposeBinding('avisarViolacion', (_origen, texto: string) => {
      violaciones.push(texto);
    });
    await contexto.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (evento) => {
        const aviso = (window as unknown as { avisarViolacion: (t: string) => void }).avisarViolacion;
        aviso(`${evento.violatedDirective} ${evento.blockedURI} ${evento.sourceFile}:${evento.lineNumber}`);
      });
    });
    const pagina = await contexto.newPage();
    pagina.on('console', (mensaje) => {
      if (/Content Security Policy/i.test(mensaje.text())) {
        violaciones.push(mensaje.text());
      }
    });
    return { pagina, violaciones };
  }

  it('el login, el inicio y el punto de venta cargan sin violar la política', async () => {
    const { pagina, violaciones } = await paginaVigilada();
    const respuesta = await pagina.goto(`${servidor.url}/login`);
    const csp = respuesta?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");

    await new PaginaLogin(pagina).entrar('1', 'admin', PASSWORD_ADMIN);
    await pagina.waitForURL((u) => !u.pathname.startsWith('/login'));
    await pagina.getByRole('heading', { name: 'Colmado Demo SRL', level: 2 }).waitFor();

    const turnos = new PaginaTurnos(pagina);
    await pagina.goto(`${servidor.url}/vistas_pos/detalles_turnos`);
    await turnos.estado('Sin turno abierto').waitFor();
    await turnos.contar({ 1000: 1 });
    await turnos.abrir();
    await turnos.estado('Abierto').waitFor();
    await pagina.getByRole('button', { name: 'Ir al punto de venta' }).click();
    await pagina.waitForURL(`${servidor.url}/vistas_pos/facturacion`);
    const pos = new PaginaPos(pagina);
    await pos.esperarListo();
    await pos.escanear(ACEITE.codigo);
    await pos.linea(ACEITE.nombre).waitFor();
    // Mantine's dialogs and their styles, the charge dialog included.
    const cobro = await pos.abrirCobro();
    await cobro.getByLabel('Total a pagar').waitFor();

    expect(violaciones).toEqual([]);
  });
});
