import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

/** The screen whose first load is measured (bench/primeraCarga.bench.ts): the POS, with its layout. */
const PRIMERA_PANTALLA = ['src/layouts/DisenoPos.tsx', 'src/features/pos/FacturacionPage.tsx'].map((ruta) =>
  resolve(import.meta.dirname, ruta),
);

/**
 * What the POS's screen needs beyond the entry, as one chunk. Left to itself the bundler splits the
 * shared code into dozens of small files (one per Mantine component, icon or schema), and each request
 * costs its response headers (~1 KiB with the security headers) on top of its bytes: the POS's first load
 * becomes two files (the entry with what every screen needs, and this one) plus the CSS. Other screens
 * take from it what they share with the POS (cached by then, or precached by the service worker).
 */
function chunkDeLaPrimeraPantalla(): { plugin: Plugin; contiene: (id: string) => boolean } {
  const modulos = new Set<string>();
  const plugin: Plugin = {
    name: 'pos:primera-pantalla',
    apply: 'build',
    buildEnd() {
      const alcanzables = (raices: string[]) => {
        const vistos = new Set<string>();
        const pendientes = [...raices];
        for (let id = pendientes.pop(); id !== undefined; id = pendientes.pop()) {
          if (!vistos.has(id)) {
            vistos.add(id);
            pendientes.push(...(this.getModuleInfo(id)?.importedIds ?? []));
          }
        }
        return vistos;
      };
      const entradas = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const delEntrada = alcanzables(entradas);
      modulos.clear();
      for (const id of alcanzables(PRIMERA_PANTALLA)) {
        if (!delEntrada.has(id)) {
          modulos.add(id);
        }
      }
    },
  };
  return { plugin, contiene: (id) => modulos.has(id) };
}

const primeraPantalla = chunkDeLaPrimeraPantalla();

export default defineConfig({
  plugins: [
    react(),
    primeraPantalla.plugin,
    // Spec 000 §7: the service worker precaches the whole app (the POS route's code included), so a cashier
    // who reloads the POS without network still gets it. 'prompt': a new deployment waits until the
    // cashier chooses to update (app/actualizacion.ts); the running tab keeps its own files meanwhile.
    VitePWA({
      registerType: 'prompt',
      injectRegister: null,
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2}'],
        // The bundle of the whole app (PDF and spreadsheet libraries included) is larger than Workbox's 2 MB default.
        maximumFileSizeToCacheInBytes: 12 * 1024 * 1024,
        navigateFallback: '/index.html',
        // The API and uploaded files are never answered from the cache.
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/archivos\//],
        cleanupOutdatedCaches: true,
      },
    }),
    // Brotli and gzip copies beside each file; the server sends the one the browser accepts
    // (apps/server/src/http/web.ts). Files under 1 KiB gain nothing once the headers are counted.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|css|html|svg|json|webmanifest)$/,
      threshold: 1024,
      logLevel: 'silent',
    }),
  ],
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: {
        // The shared packages only declare (schemas, constants, pure rules): a screen takes the parts it
        // uses, not the whole barrel. Without this every zod schema of the API lands in the first load.
        moduleSideEffects: [{ test: /\/packages\/(contract|domain)\/src\//, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          groups: [{ name: 'pos', test: primeraPantalla.contiene }],
        },
      },
    },
  },
});
