import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

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
