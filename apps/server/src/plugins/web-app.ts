import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * The client-side routes of spec section 2 (optionally under a language prefix): a deep link or a
 * reload on any of them gets index.html; anything else stays a 404.
 */
const APP_ROUTES =
  /^(\/(en|fr))?(\/|\/register|\/forget|\/reset-password\/[^/]+|\/terms|\/privacy|\/suggestions|\/user-details\/[^/]+|\/chat|\/gifts|\/mon-profil|\/profile-views)\/?$/;

const NO_CACHE = 'no-cache';
const FOREVER = 'public, max-age=31536000, immutable';

export function isAppRoute(urlPath: string): boolean {
  return APP_ROUTES.test(urlPath) || urlPath === '/en' || urlPath === '/fr';
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html and the service worker
 * revalidated on every load so a release reaches members at once.
 */
export async function registerWebApp(app: FastifyInstance, options: { distDir: string }) {
  const indexFile = path.join(options.distDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn(`No web app build in ${options.distDir}: run "npm run build" to serve the app.`);
    return undefined;
  }
  await app.register(fastifyStatic, {
    root: options.distDir,
    prefix: '/',
    index: false,
    wildcard: true,
    cacheControl: false,
    setHeaders(res, filePath) {
      const relative = path.relative(options.distDir, filePath);
      const hashed = relative.startsWith(`assets${path.sep}`);
      res.header('cache-control', hashed ? FOREVER : NO_CACHE);
    },
  });
  const sendAppShell = (reply: FastifyReply, status: number) =>
    reply
      .status(status)
      .header('cache-control', NO_CACHE)
      .type('text/html; charset=utf-8')
      .sendFile('index.html');
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const urlPath = request.url.split('?')[0] ?? '/';
    if (!isAppRoute(urlPath)) return;
    return sendAppShell(reply, 200);
  });
  return sendAppShell;
}
