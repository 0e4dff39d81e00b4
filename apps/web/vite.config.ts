import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

export default defineConfig({
  plugins: [
    react(),
    // Issue 8: the service worker precaches the whole app (the POS route's code included), so a cashier
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
  ],
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: { outDir: 'dist', emptyOutDir: true },
});
