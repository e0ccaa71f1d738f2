import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Google Identity Services (the sign-in button): its script, styles, iframe and calls. */
const GOOGLE = 'https://accounts.google.com/gsi/';

/** The policy of the web app's pages: nothing inline but the hashed stylesheet and nonced styles. */
export function pageContentSecurityPolicy(options: {
  styleHashes: string[];
  nonce: string;
  https: boolean;
}): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' ${GOOGLE}client`,
    `style-src 'self' ${options.styleHashes.map((h) => `'${h}'`).join(' ')} 'nonce-${options.nonce}' ${GOOGLE}style`,
    // blob: previews of photos being chosen; data: for the small inline icons of the browser.
    "img-src 'self' blob: data:",
    "media-src 'self' blob:",
    `connect-src 'self' ${GOOGLE}`,
    `frame-src ${GOOGLE}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(options.https ? ['upgrade-insecure-requests'] : []),
  ];
  return directives.join('; ');
}

/** Every answer that is not a page (JSON, media): it may load nothing and be framed by no one. */
const RESOURCE_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";
/** The service worker runs under its script's policy: it fetches the app's files to cache them. */
const WORKER_POLICY = "default-src 'self'";

/** `sha256-…` of each inline `<style>` of a page, as CSP wants it. */
export function inlineStyleHashes(html: string): string[] {
  return [...html.matchAll(/<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/g)].map(
    (match) =>
      `sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}`,
  );
}

export const newNonce = () => randomBytes(16).toString('base64');

/**
 * Scripts and stylesheets: a browser never runs them as a page, whatever opens them, and a member
 * never quotes their request id. A first visit fetches a hundred of them: each header left out is
 * paid a hundred times against the first screen's byte budgets (ADR 047).
 */
const SCRIPT_OR_STYLESHEET = /^(?:text|application)\/javascript|^text\/css/;
export const isScriptOrStylesheet = (reply: FastifyReply) =>
  SCRIPT_OR_STYLESHEET.test(String(reply.getHeader('content-type') ?? ''));

/**
 * The headers every answer carries. Pages get their own Content-Security-Policy (web-app.ts);
 * the API documentation its own (Swagger UI's hashes); everything else the strict one above.
 * The camera, microphone and position stay allowed for the app itself (calls, voice notes,
 * registration) and for no embedded frame. Framing, opener, permissions and content policies
 * govern documents (and the service worker, by its script's policy): a script or stylesheet
 * gets none of them, about 300 bytes on each.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }) {
  // Every answer runs it: the callback form costs no promise (ADR 086).
  app.addHook('onSend', (request, reply, _payload, done) => {
    setSecurityHeaders(request, reply, options);
    done();
  });
}

function setSecurityHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { https: boolean },
) {
  reply.header('x-content-type-options', 'nosniff');
  // Reset links carry their token in the path: no page ever hands its address to another site.
  reply.header('referrer-policy', 'no-referrer');
  if (options.https) {
    reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  }
  if (request.url === '/sw.js' || request.url.startsWith('/sw.js?')) {
    reply.header('content-security-policy', WORKER_POLICY);
    return;
  }
  if (isScriptOrStylesheet(reply)) return;
  reply.header('x-frame-options', 'DENY');
  reply.header(
    'permissions-policy',
    'camera=(self), microphone=(self), geolocation=(self), payment=(self), usb=(), serial=(), bluetooth=()',
  );
  // The Google sign-in popup talks back to the page that opened it.
  reply.header('cross-origin-opener-policy', 'same-origin-allow-popups');
  if (!reply.hasHeader('content-security-policy') && !request.url.startsWith('/docs')) {
    reply.header('content-security-policy', RESOURCE_POLICY);
  }
}
