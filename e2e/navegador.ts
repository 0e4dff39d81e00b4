import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';

export const RUTA_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Why browser tests cannot run here, or null when Chromium is available. */
export const motivoSinNavegador: string | null = existsSync(RUTA_CHROMIUM)
  ? null
  : `no hay Chromium en ${RUTA_CHROMIUM} (instálelo con «apt-get install chromium»)`;

/** Debian's Chromium, headless, with the flags this sandboxed, offline machine needs. */
export function abrirNavegador(): Promise<Browser> {
  return chromium.launch({
    executablePath: RUTA_CHROMIUM,
    args: [
      '--no-sandbox',
      '--headless',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/**
 * What the page shows when a step times out: its address and the text of the open dialogs, alerts,
 * notices and table rows, so a failure on CI (where no one sees the screen) says why.
 */
export async function describirPantalla(pagina: Page): Promise<string> {
  if (pagina.isClosed()) {
    return 'la página está cerrada';
  }
  const textos = await pagina
    .locator('[role="dialog"], [role="alert"], [aria-live], .mantine-Notification-root, table tbody tr')
    .evaluateAll((nodos) =>
      nodos
        .filter((n) => (n as HTMLElement).offsetParent !== null || n.getClientRects().length > 0)
        .map(
          (n) =>
            `[${n.getAttribute('role') ?? n.tagName.toLowerCase()}] ${(n.textContent ?? '').trim().slice(0, 400)}`,
        ),
    )
    .catch((error: unknown) => [`(no se pudo leer la pantalla: ${String(error)})`]);
  return [`en ${pagina.url()}`, ...textos].join('\n');
}
