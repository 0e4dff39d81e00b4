/// <reference lib="dom" />
import { existsSync } from 'node:fs';
import { Agent as AgenteHttp } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { buildApp } from '@pos/server/app';
import { prepararBaseDeDatos } from '@pos/server/sistema/semilla';
import type { Browser } from 'playwright-core';
import { CLAVE_ALMACENAMIENTO } from '../apps/web/src/app/sesion.ts';
import { abrirNavegador, motivoSinNavegador } from '../e2e/navegador.ts';
import { entrar, PASSWORD, prepararEmpresa } from './empresasDeBench.ts';
import { baseDeDatosDeBench, mediana } from './medir.ts';

// Web delivery: the POS's first load, cold (a new browser profile: empty HTTP cache, no service worker),
// must transfer ≤ 300 KiB of JS and CSS. What counts: every JS and CSS request the page started until
// the POS is on screen — the «Código de barras» field visible (still disabled while its warehouse loads)
// — each as the bytes on the wire (CDP Network.loadingFinished encodedDataLength: compressed body plus
// response headers), also when it finishes after that moment. Reported apart, not in the goal: what
// was requested until the field is enabled (the POS usable: profile, shift and warehouse answered), what
// the page loads afterwards (code split off the first paint: the offline database, dialogs), and what
// the service worker downloads to precache the app for offline use. It needs `npm run build`.

const TENANT = 101;
const RONDAS = Number(process.env.BENCH_RONDAS ?? 5);
const META_KIB = 300;
const WEB_DIR = resolve(import.meta.dirname, '../apps/web/dist');
const RUTA = '/vistas_pos/facturacion';

type Recurso = { url: string; tipo: 'js' | 'css' | 'otro'; transferido: number; decodificado: number };

type Ronda = {
  /** Requested before the POS was on screen (the goal). */
  primeraPintura: Recurso[];
  /** Requested before the POS was usable (the field enabled). */
  hastaUsable: Recurso[];
  /** Everything the page downloaded, once the network was idle. */
  enReposo: Recurso[];
  pinturaMs: number;
  usableMs: number;
  /** Bytes the service worker downloaded to precache (body plus headers), and how many files. */
  precacheBytes: number;
  precacheArchivos: number;
};

const kib = (bytes: number) => bytes / 1024;
const suma = (recursos: Recurso[], tipo?: Recurso['tipo']) =>
  recursos.filter((r) => (tipo ? r.tipo === tipo : r.tipo !== 'otro')).reduce((s, r) => s + r.transferido, 0);
const sumaDecodificada = (recursos: Recurso[]) =>
  recursos.filter((r) => r.tipo !== 'otro').reduce((s, r) => s + r.decodificado, 0);

function tipoDe(mime: string, url: string): Recurso['tipo'] {
  if (mime.includes('javascript') || /\.m?js(\?|$)/.test(url)) {
    return 'js';
  }
  if (mime.includes('css') || /\.css(\?|$)/.test(url)) {
    return 'css';
  }
  return 'otro';
}

async function medirRonda(navegador: Browser, origen: string, token: string): Promise<Ronda> {
  // A new context is a new, empty profile: no HTTP cache, no service worker, no storage.
  const contexto = await navegador.newContext({ viewport: { width: 1366, height: 768 } });
  // The session as the login leaves it, written before the app's code runs.
  // (Strings of browser code: this package's types have no DOM.)
  const clave = JSON.stringify(CLAVE_ALMACENAMIENTO);
  const valor = JSON.stringify(
    JSON.stringify({ sesion: { tenantId: TENANT, token }, ultimaEmpresa: TENANT }),
  );
  await contexto.addInitScript({
    content: `if (!localStorage.getItem(${clave})) localStorage.setItem(${clave}, ${valor});`,
  });
  // The service worker's own downloads (Playwright reports them on the context).
  const precache: Promise<number>[] = [];
  contexto.on('requestfinished', (peticion) => {
    if (peticion.serviceWorker()) {
      precache.push(peticion.sizes().then((t) => t.responseBodySize + t.responseHeadersSize));
    }
  });
  const pagina = await contexto.newPage();
  pagina.on('pageerror', (error) => console.error('  error en la página:', error.message));
  const cdp = await contexto.newCDPSession(pagina);
  const pedidas: string[] = [];
  const porId = new Map<string, { url: string; mime: string; decodificado: number }>();
  const terminados = new Map<string, Recurso>();
  cdp.on('Network.requestWillBeSent', (e) => {
    pedidas.push(e.requestId);
  });
  cdp.on('Network.responseReceived', (e) => {
    porId.set(e.requestId, { url: e.response.url, mime: e.response.mimeType, decodificado: 0 });
  });
  cdp.on('Network.dataReceived', (e) => {
    const r = porId.get(e.requestId);
    if (r) {
      r.decodificado += e.dataLength;
    }
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = porId.get(e.requestId);
    if (r) {
      terminados.set(e.requestId, {
        url: r.url,
        tipo: tipoDe(r.mime, r.url),
        transferido: e.encodedDataLength,
        decodificado: r.decodificado,
      });
    }
  });
  await cdp.send('Network.enable');

  const inicio = performance.now();
  await pagina.goto(`${origen}${RUTA}`);
  // Functions, not strings: the app's CSP forbids eval, and a string predicate is evaluated with it.
  const campo = 'input[aria-label="Código de barras"]';
  await pagina.waitForFunction(
    (selector) => (document.querySelector(selector)?.getClientRects().length ?? 0) > 0,
    campo,
  );
  const pinturaMs = performance.now() - inicio;
  const antesDePintar = new Set(pedidas);
  await pagina.waitForFunction(
    (selector) => (document.querySelector(selector) as HTMLInputElement | null)?.disabled === false,
    campo,
  );
  const usableMs = performance.now() - inicio;
  const antesDeUsar = new Set(pedidas);
  // The service worker is ready once its install (the whole precache) finished.
  await pagina.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await pagina.waitForLoadState('networkidle');
  const bytesDelPrecache = await Promise.all(precache);
  const de = (ids: Set<string>) => [...terminados].filter(([id]) => ids.has(id)).map(([, r]) => r);
  const ronda: Ronda = {
    primeraPintura: de(antesDePintar),
    hastaUsable: de(antesDeUsar),
    enReposo: [...terminados.values()],
    pinturaMs,
    usableMs,
    precacheBytes: bytesDelPrecache.reduce((s, b) => s + b, 0),
    precacheArchivos: bytesDelPrecache.length,
  };
  await contexto.close();
  return ronda;
}

export default async function (): Promise<void> {
  if (motivoSinNavegador) {
    console.log(`  primera carga del POS: omitido, ${motivoSinNavegador}`);
    return;
  }
  if (!existsSync(resolve(WEB_DIR, 'index.html'))) {
    console.log('  primera carga del POS: omitido, falta la app web construida (ejecute «npm run build»)');
    return;
  }
  const { db, borrar } = await baseDeDatosDeBench('pglite', 'bench_primera_carga');
  const app = await buildApp({ db, webDir: WEB_DIR });
  const navegador = await abrirNavegador();
  try {
    await prepararBaseDeDatos(db, { adminPassword: PASSWORD });
    await prepararEmpresa(db, TENANT);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const puerto = (app.server.address() as AddressInfo).port;
    const agente = new AgenteHttp({ keepAlive: true });
    // Signs in and opens a shift on Caja 1: the POS is usable only with an open shift.
    const { token } = await entrar({ puerto, agente }, TENANT);
    agente.destroy();
    const rondas: Ronda[] = [];
    for (let r = 0; r < RONDAS; r++) {
      rondas.push(await medirRonda(navegador, `http://127.0.0.1:${puerto}`, token));
    }
    const med = (f: (r: Ronda) => number) => mediana(rondas.map(f));
    const total = med((r) => kib(suma(r.primeraPintura)));
    const archivos = (recursos: Recurso[]) => recursos.filter((x) => x.tipo !== 'otro').length;
    console.log(
      `  primera carga de ${RUTA} en frío (perfil nuevo), JS+CSS pedido hasta que el POS está en pantalla («Código de barras» visible): ` +
        `${total.toFixed(1)} KiB transferidos (JS ${med((r) => kib(suma(r.primeraPintura, 'js'))).toFixed(1)} + CSS ${med((r) => kib(suma(r.primeraPintura, 'css'))).toFixed(1)}; ` +
        `${med((r) => archivos(r.primeraPintura))} archivos; sin comprimir ${med((r) => kib(sumaDecodificada(r.primeraPintura))).toFixed(1)} KiB) ` +
        `mediana de ${RONDAS} (meta ≤ ${META_KIB} KiB: ${total <= META_KIB ? 'cumple' : 'NO cumple'}); en pantalla en ${med((r) => r.pinturaMs).toFixed(0)} ms`,
    );
    console.log(
      `  hasta que el POS es usable (el campo habilitado: perfil, turno y almacén respondidos): JS+CSS ${med((r) => kib(suma(r.hastaUsable))).toFixed(1)} KiB ` +
        `en ${med((r) => archivos(r.hastaUsable))} archivos; usable en ${med((r) => r.usableMs).toFixed(0)} ms`,
    );
    console.log(
      `  la página en reposo (con lo que carga después: base sin conexión, diálogos): JS+CSS ${med((r) => kib(suma(r.enReposo))).toFixed(1)} KiB; ` +
        `todo lo transferido por la página (HTML y API incluidos) ${med((r) => kib(r.enReposo.reduce((s, x) => s + x.transferido, 0))).toFixed(1)} KiB`,
    );
    console.log(
      `  precache del service worker (descargas propias del SW; no cuentan para la meta): ` +
        `${med((r) => kib(r.precacheBytes)).toFixed(1)} KiB en ${med((r) => r.precacheArchivos)} archivos`,
    );
    const ultima = rondas.at(-1);
    if (process.env.BENCH_DETALLE && ultima) {
      const primera = new Set(ultima.primeraPintura);
      for (const r of [...ultima.enReposo].sort((a, b) => b.transferido - a.transferido)) {
        if (r.tipo !== 'otro') {
          console.log(
            `    ${kib(r.transferido).toFixed(1).padStart(7)} KiB ${primera.has(r) ? ' ' : '+'} ${new URL(r.url).pathname}`,
          );
        }
      }
    }
  } finally {
    await navegador.close();
    await app.close();
    await db.cerrar();
    await borrar();
  }
}
