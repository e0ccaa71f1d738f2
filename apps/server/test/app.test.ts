import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import zlib from 'node:zlib';
import SwaggerParser from '@apidevtools/swagger-parser';
import { endpoints, NAME_MAX_LENGTH } from '@mawadda/contract';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDiskMediaStore } from '../src/lib/media-store.ts';
import { register } from './fixtures.ts';
import { createTestApp, type TestContext } from './test-app.ts';

let t: TestContext;
let webDist: string;

beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'mawadda-web-'));
  await fs.mkdir(path.join(webDist, 'assets'));
  await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Mawadda</title>');
  await fs.writeFile(path.join(webDist, 'assets', 'index-Ab12Cd34.js'), 'console.log(1)');
  await fs.writeFile(path.join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  await fs.writeFile(path.join(webDist, 'manifest.webmanifest'), '{}');
  t = await createTestApp({ webDistDir: webDist });
});

describe('health', () => {
  it('answers /healthz and /readyz while the database answers', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });
  });
});

describe('request ids', () => {
  it('gives every answer a request id, keeping a well-formed one from the caller', async () => {
    const fresh = await t.app.inject({ url: '/healthz' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'edge-42' } });
    expect(kept.headers['x-request-id']).toBe('edge-42');
    const replaced = await t.app.inject({
      url: '/healthz',
      headers: { 'x-request-id': 'bad id\nwith newline' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('errors', () => {
  it('answers an unknown API path with a 404 body', async () => {
    const response = await t.app.inject({ url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Nothing here.' });
  });

  it('answers broken JSON with a 400 body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'INVALID_JSON',
      message: 'The request body is not valid JSON.',
    });
  });

  it('hides a server fault behind "Unexpected server error" and logs it with the request id', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const broken = await createTestApp({
      database: t.database,
      logger: pino({ level: 'error' }, sink),
      mediaStore: (root) => ({
        ...createDiskMediaStore(root),
        put: async () => {
          throw new Error('disk full: /secret/path');
        },
      }),
    });
    const { response } = await register(broken.app);
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      code: 'UNEXPECTED_ERROR',
      message: 'Unexpected server error',
    });
    expect(response.body).not.toContain('disk full');
    const logged = lines
      .map((l) => JSON.parse(l))
      .find((l) => l.err?.message?.includes('disk full'));
    expect(logged?.reqId).toBe(response.headers['x-request-id']);
  });
});

describe('OpenAPI', () => {
  it('documents the API from the contract and shows it at /docs', async () => {
    const doc = (await t.app.inject({ url: '/docs/json' })).json();
    expect(doc.info.title).toBe('Mawadda API');
    const documented = Object.entries(doc.paths).flatMap(([route, methods]) =>
      Object.keys(methods as object).map((method) => `${method.toUpperCase()} ${route}`),
    );
    expect(documented).toEqual(
      expect.arrayContaining(
        Object.values(endpoints).map((e) => `${e.method} ${e.path.replace(/:(\w+)/g, '{$1}')}`),
      ),
    );
    const login = doc.paths['/api/auth/login'].post;
    expect(Object.keys(login.requestBody.content['application/json'].schema.properties)).toEqual([
      'username',
      'password',
    ]);
    // Multipart forms are documented from the fields schema the server checks them with.
    const form = doc.paths['/api/users/register'].post.requestBody.content['multipart/form-data'];
    expect(form.schema.properties.name).toEqual({ type: 'string', maxLength: NAME_MAX_LENGTH });
    expect(form.schema.properties.profilePicture.items).toEqual({
      type: 'string',
      format: 'binary',
    });
    expect(form.schema.required).toEqual(expect.arrayContaining(['name', 'username', 'password']));
    // A standard validator takes the document as it is served, as client generators do.
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeDefined();
    const page = await t.app.inject({ url: '/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});

describe('web app hosting', () => {
  it('serves index.html, uncached, on every route of the spec (deep links and reloads)', async () => {
    for (const url of [
      '/',
      '/register',
      '/forget',
      '/reset-password/abc',
      '/terms',
      '/privacy',
      '/suggestions',
      '/user-details/42',
      '/chat',
      '/gifts',
      '/mon-profil',
      '/profile-views',
      '/moderation',
      '/fr/register',
      '/en',
      '/chat?with=1',
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body).toContain('<title>Mawadda</title>');
    }
  });

  it('caches hashed assets for a year and revalidates the service worker', async () => {
    const asset = await t.app.inject({ url: '/assets/index-Ab12Cd34.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const worker = await t.app.inject({ url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toContain('javascript');
    expect(worker.headers['cache-control']).toBe('no-cache');
  });

  it('compresses the app’s scripts and the API’s JSON for browsers that accept it', async () => {
    await fs.writeFile(
      path.join(webDist, 'assets', 'big-Cd12.js'),
      'console.log("x");\n'.repeat(500),
    );
    const script = await t.app.inject({
      url: '/assets/big-Cd12.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(script.headers['content-encoding']).toBe('br');
    expect(script.rawPayload.length).toBeLessThan(1000);
    const docs = await t.app.inject({ url: '/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(docs.headers['content-encoding']).toBe('gzip');
  });

  /** What `npm run build` leaves (apps/web/scripts/precompress-build.ts): a copy of each kind. */
  async function withCopies(file: string, source: Buffer) {
    const br = zlib.brotliCompressSync(source, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
    });
    const gz = zlib.gzipSync(source, { level: 9 });
    await fs.writeFile(file, source);
    await fs.writeFile(`${file}.br`, br);
    await fs.writeFile(`${file}.gz`, gz);
    return [
      ['gzip, deflate, br, zstd', 'br', br],
      ['gzip', 'gzip', gz],
      ['identity', undefined, source],
      [undefined, undefined, source],
    ] as const;
  }

  it('sends the build’s brotli or gzip copy of an asset by Accept-Encoding, else the file itself, with no header a phone never uses', async () => {
    const answers = await withCopies(
      path.join(webDist, 'assets', 'chunk-Ef56Gh78.js'),
      Buffer.from('export const greeting = "Salam";\n'.repeat(200)),
    );
    for (const [acceptEncoding, encoding, body] of answers) {
      const asset = await t.app.inject({
        url: '/assets/chunk-Ef56Gh78.js',
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      });
      expect(asset.statusCode, acceptEncoding).toBe(200);
      expect(asset.headers['content-encoding'], acceptEncoding).toBe(encoding);
      expect(asset.rawPayload.equals(body), acceptEncoding).toBe(true);
      expect(asset.headers['content-length']).toBe(String(body.length));
      expect(asset.headers['content-type']).toContain('javascript');
      expect(asset.headers.vary).toContain('accept-encoding');
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(asset.headers['x-content-type-options']).toBe('nosniff');
      // Never revalidated (immutable for a year), read whole, never run as a page: each of the
      // hundred-odd files of a first visit without validators, ranges, a page's policies or a
      // request id.
      for (const header of [
        'x-request-id',
        'etag',
        'last-modified',
        'accept-ranges',
        'x-frame-options',
        'permissions-policy',
        'cross-origin-opener-policy',
        'content-security-policy',
      ]) {
        expect(asset.headers[header], header).toBeUndefined();
      }
    }
  });

  it('sends the worker’s copies each with its own validator, so no cache answers one encoding for another', async () => {
    const answers = await withCopies(
      path.join(webDist, 'sw.js'),
      Buffer.from('self.addEventListener("fetch", () => {});\n'.repeat(100)),
    );
    const etags = new Set<string>();
    for (const [acceptEncoding, encoding, body] of answers) {
      const worker = await t.app.inject({
        url: '/sw.js',
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      });
      expect(worker.headers['content-encoding'], acceptEncoding).toBe(encoding);
      expect(worker.rawPayload.equals(body), acceptEncoding).toBe(true);
      expect(worker.headers['cache-control']).toBe('no-cache');
      etags.add(String(worker.headers.etag));
    }
    expect(etags.size).toBe(3);
    // A range is of the bytes sent: here the brotli copy's.
    const [, , br] = answers[0];
    const range = await t.app.inject({
      url: '/sw.js',
      headers: { 'accept-encoding': 'br', range: 'bytes=0-9' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-encoding']).toBe('br');
    expect(range.rawPayload.equals(br.subarray(0, 10))).toBe(true);
  });

  it('answers a path that is neither a file nor a route with a 404', async () => {
    expect((await t.app.inject({ url: '/wp-login.php' })).json().code).toBe('NOT_FOUND');
    expect((await t.app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('serves the page of the build on disk after a rebuild while it runs, with its assets', async () => {
    expect((await t.app.inject({ url: '/' })).body).not.toContain('index-New5678.js');
    // What `vite build` does: the old hashed files go, a new page names new ones.
    await fs.rm(path.join(webDist, 'assets', 'index-Ab12Cd34.js'));
    await fs.writeFile(path.join(webDist, 'assets', 'index-New5678.js'), 'console.log(2)');
    const style = 'body{margin:0}';
    await fs.writeFile(
      path.join(webDist, 'index.html'),
      `<!doctype html><title>Mawadda</title><style>${style}</style><script type="module" src="/assets/index-New5678.js"></script>`,
    );
    for (const url of ['/', '/index.html', '/fr/register']) {
      const page = await t.app.inject({ url });
      expect(page.body, url).toContain('src="/assets/index-New5678.js"');
      expect(page.headers['cache-control']).toBe('no-cache');
      // The new page's inline style is allowed by its own hash, not the old page's.
      const hash = createHash('sha256').update(style).digest('base64');
      expect(page.headers['content-security-policy']).toContain(`'sha256-${hash}'`);
    }
    const asset = await t.app.inject({ url: '/assets/index-New5678.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.app.inject({ url: '/assets/index-Ab12Cd34.js' })).statusCode).toBe(404);
  });

  it('keeps answering with the last page while a rebuild has removed it', async () => {
    const page = (await t.app.inject({ url: '/' })).body;
    await fs.rename(path.join(webDist, 'index.html'), path.join(webDist, 'index.html.away'));
    try {
      const during = await t.app.inject({ url: '/register' });
      expect(during.statusCode).toBe(200);
      expect(during.body).toBe(page);
    } finally {
      await fs.rename(path.join(webDist, 'index.html.away'), path.join(webDist, 'index.html'));
    }
  });

  it('shows a browser the app’s own not-found page, still with a 404 status', async () => {
    const page = await t.app.inject({ url: '/no-such-page', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('<title>Mawadda</title>');
    const api = await t.app.inject({ url: '/api/nope', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('NOT_FOUND');
  });
});
