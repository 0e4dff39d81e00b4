import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of the web app: each source is one the built app really uses.
 * - Scripts: only the app's own files (Vite builds no inline script; the service worker and its
 *   Workbox runtime are files of the app too).
 * - Styles: Mantine writes its theme's CSS variables in <style> elements at run time, and the roll
 *   receipts print from a frame whose <style> the app writes: 'unsafe-inline' for styles only.
 * - Images: the uploaded logos and photos (/api/archivos, same origin), previews of a chosen file
 *   (blob:) and small images the libraries inline (data:).
 * - Frames and plugins: a report or an invoice PDF is fetched with the bearer and shown from a blob:
 *   URL, in a hidden frame to print or in a tab; Chromium's PDF viewer is a plugin, so object-src too.
 * - frame-ancestors 'none': no other site can frame the POS (clickjacking).
 * No upgrade-insecure-requests: a self-hosted install is often served over plain HTTP on the LAN.
 */
export const POLITICA_DE_CONTENIDO = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  frameSrc: ["'self'", 'blob:'],
  objectSrc: ["'self'", 'blob:'],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * Security headers on every answer (API, web app, files): the policy above, X-Content-Type-Options
 * nosniff, X-Frame-Options DENY for browsers without frame-ancestors, and no Referer sent to other
 * sites (the WhatsApp link of the read-mode dialog, for one).
 */
export async function registrarCabecerasDeSeguridad(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: POLITICA_DE_CONTENIDO },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
}
