import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

const STYLE = 'body{margin:0;color:#083b38}';
let t: TestContext;

beforeAll(async () => {
  const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'mawadda-web-'));
  await fs.writeFile(
    path.join(dist, 'index.html'),
    `<!doctype html><html><head><meta name="csp-nonce" content="%CSP_NONCE%"><style>${STYLE}</style></head><body><div id="root"></div><script type="module" src="/assets/index-A1.js"></script></body></html>`,
  );
  await fs.writeFile(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  t = await createTestApp({ webDistDir: dist });
});

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: unknown): Record<string, string> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values.join(' ')]),
  );
}

describe('security headers', () => {
  it('gives pages a policy with no inline script, the stylesheet by its hash and a fresh nonce', async () => {
    const first = await t.app.inject({ url: '/suggestions', headers: { accept: 'text/html' } });
    const second = await t.app.inject({ url: '/register', headers: { accept: 'text/html' } });
    const csp = directives(first.headers['content-security-policy']);
    const hash = createHash('sha256').update(STYLE).digest('base64');
    expect(csp['script-src']).toBe("'self' https://accounts.google.com/gsi/client");
    expect(csp['script-src']).not.toContain('unsafe');
    expect(csp['style-src']).toContain(`'sha256-${hash}'`);
    expect(csp['style-src']).not.toContain('unsafe-inline');
    expect(csp['frame-ancestors']).toBe("'none'");
    expect(csp['object-src']).toBe("'none'");

    const nonce = /'nonce-([^']+)'/.exec(csp['style-src'] ?? '')?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(first.body).toContain(`<meta name="csp-nonce" content="${nonce}">`);
    expect(first.body).not.toContain('%CSP_NONCE%');
    expect(second.headers['content-security-policy']).not.toContain(nonce);
  });

  it('serves /index.html (what the service worker precaches) the same way', async () => {
    const page = await t.app.inject({ url: '/index.html' });
    expect(page.headers['content-security-policy']).toContain("'nonce-");
    expect(page.body).not.toContain('%CSP_NONCE%');
  });

  it('puts the common headers on pages, API answers, errors and media', async () => {
    for (const url of ['/', '/api/users/me', '/healthz', '/api/nothing', '/media/photos/x.webp']) {
      const response = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      const permissions = String(response.headers['permissions-policy']);
      for (const feature of ['camera', 'microphone', 'geolocation']) {
        expect(permissions, url).toContain(`${feature}=(self)`);
      }
      expect(String(response.headers['content-security-policy']), url).toContain(
        "frame-ancestors 'none'",
      );
      // Served over plain HTTP here: no HSTS.
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
    }
    const api = await t.app.inject({ url: '/api/users/me' });
    expect(directives(api.headers['content-security-policy'])['default-src']).toBe("'none'");
  });

  it('lets the service worker fetch the app’s own files to cache them', async () => {
    const worker = await t.app.inject({ url: '/sw.js' });
    expect(worker.headers['content-security-policy']).toBe("default-src 'self'");
  });

  it('leaves the API documentation its own policy', async () => {
    const docs = await t.app.inject({ url: '/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(String(docs.headers['content-security-policy'])).not.toContain("default-src 'none'");
  });

  it('sends HSTS when the app is served over HTTPS', async () => {
    const secure = await createTestApp({ publicUrl: 'https://mawadda.example' });
    const response = await secure.app.inject({ url: '/healthz' });
    expect(response.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });
});
