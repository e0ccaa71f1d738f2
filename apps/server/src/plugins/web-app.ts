import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { APP_ROUTES } from '@mawadda/contract/app-routes';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { inlineStyleHashes, newNonce, pageContentSecurityPolicy } from './security-headers.ts';

const NO_CACHE = 'no-cache';
const FOREVER = 'public, max-age=31536000, immutable';

/** A deep link or a reload on a screen of the app (`APP_ROUTES`) gets index.html. */
function isAppRoute(urlPath: string): boolean {
  return APP_ROUTES.test(urlPath);
}

const NONCE_PLACEHOLDER = '%CSP_NONCE%';

type AppShell = { stamp: string; page: string; styleHashes: string[] };

/**
 * index.html as it is on disk now. A rebuild while the server runs replaces the hashed assets the
 * page names, so a page read once at start would name files that are gone (a blank screen for
 * every new visitor). One stat per page answer is the freshness check; the page and its style
 * hashes are read again only when the file changed. While a rebuild has removed the file, the
 * last page read is still the best answer.
 */
function appShellReader(indexFile: string): () => Promise<AppShell> {
  let shell: AppShell | undefined;
  return async () => {
    try {
      const stat = await fs.promises.stat(indexFile);
      const stamp = `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
      if (shell?.stamp !== stamp) {
        const page = await fs.promises.readFile(indexFile, 'utf8');
        shell = { stamp, page, styleHashes: inlineStyleHashes(page) };
      }
    } catch (error) {
      if (!shell) throw error;
    }
    return shell;
  };
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html and the service worker
 * revalidated on every load so a release reaches members at once; the build's precompressed
 * copies sent to the browsers that accept them (ADR 047). The page is sent with its
 * Content-Security-Policy: the inlined stylesheet allowed by its hash (read from the build,
 * never hard-coded), styles added at run time by a fresh nonce per answer.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: { distDir: string; https: boolean },
) {
  const indexFile = path.join(options.distDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn(`No web app build in ${options.distDir}: run "npm run build" to serve the app.`);
    return undefined;
  }
  const readAppShell = appShellReader(indexFile);
  await readAppShell();
  const files = {
    index: false,
    wildcard: true,
    cacheControl: false,
    // The build's brotli (quality 11) and gzip copies (apps/web/scripts/precompress-build.ts),
    // chosen by Accept-Encoding, with `vary: accept-encoding` and each copy's own length; a
    // file without copies is compressed on the fly by @fastify/compress (app.ts).
    preCompressed: true,
  } as const;
  // Hashed files never change under their name and are cached for a year without a question:
  // no validators to revalidate them with, and no ranges (scripts and styles are read whole).
  await app.register(fastifyStatic, {
    ...files,
    root: path.join(options.distDir, 'assets'),
    prefix: '/assets/',
    etag: false,
    lastModified: false,
    acceptRanges: false,
    setHeaders: (reply) => reply.header('cache-control', FOREVER),
  });
  await app.register(fastifyStatic, {
    ...files,
    root: options.distDir,
    prefix: '/',
    decorateReply: false,
    setHeaders: (reply) => reply.header('cache-control', NO_CACHE),
  });
  const sendAppShell = async (reply: FastifyReply, status: number) => {
    const { page, styleHashes } = await readAppShell();
    const nonce = newNonce();
    return reply
      .status(status)
      .header('cache-control', NO_CACHE)
      .header(
        'content-security-policy',
        pageContentSecurityPolicy({ styleHashes, nonce, https: options.https }),
      )
      .type('text/html; charset=utf-8')
      .send(page.replaceAll(NONCE_PLACEHOLDER, nonce));
  };
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const urlPath = request.url.split('?')[0] ?? '/';
    // The service worker precaches /index.html: it gets the page as a navigation would.
    if (!isAppRoute(urlPath) && urlPath !== '/index.html') return;
    return sendAppShell(reply, 200);
  });
  return sendAppShell;
}
