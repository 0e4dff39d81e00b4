import { type Browser } from 'playwright-core';
export declare const RUTA_CHROMIUM: string;
/** Why browser tests cannot run here, or null when Chromium is available. */
export declare const motivoSinNavegador: string | null;
/** Debian's Chromium, headless, with the flags this sandboxed, offline machine needs. */
export declare function abrirNavegador(): Promise<Browser>;
