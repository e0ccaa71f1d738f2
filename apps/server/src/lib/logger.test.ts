import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { endpointRoutes } from '@mawadda/contract/endpoint-routes';
import { guardianEndpointRoutes } from '@mawadda/contract/guardian-endpoint-routes';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLogger, loggedUrl } from './logger.ts';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logger: createLogger('info', stream) };
}

describe('the log', () => {
  it('keeps a failed statement but never its parameters', () => {
    const { lines, logger } = capture();
    const failed = new DrizzleQueryError(
      'insert into "members" ("email", "password_hash", "latitude") values ($1, $2, $3)',
      ['aicha@example.com', '$argon2id$v=19$m=19456$secret-hash\nsecond line', 14.716677],
      new Error('invalid byte sequence for encoding "UTF8": 0x00'),
    );
    logger.error({ err: failed }, 'Request failed');
    const line = lines.join('');
    expect(line).toContain('insert into \\"members\\"');
    expect(line).toContain('invalid byte sequence');
    for (const secret of ['aicha@example.com', 'argon2id', 'second line', '14.716677']) {
      expect(line).not.toContain(secret);
    }
  });
});

/** A GET of `target` exactly as written on the request line (an absolute URL too); its status. */
function get(port: number, target: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: target }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

describe('the URLs in the log', () => {
  const token = 'Gx7-secret_TOKEN-0123456789abcdefghijklmnopq';

  it('hold no token, however its path is spelled, whether the router takes it or not', async () => {
    const { lines, logger } = capture();
    // The token routes, on a router with the app's options, and a 404 of the app's own (Fastify's
    // default one logs the path as it came).
    const app = Fastify({ loggerInstance: logger, routerOptions: { maxParamLength: 2048 } });
    app.setNotFoundHandler((_request, reply) => reply.status(404).send());
    for (const { path } of [
      guardianEndpointRoutes.guardianPage,
      guardianEndpointRoutes.guardianConversation,
      guardianEndpointRoutes.familyOpinionPage,
      endpointRoutes.checkResetLink,
    ]) {
      app.get(path, async () => ({}));
    }
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const statuses: Record<string, number> = {};
    for (const target of [
      `/api/guardian/${token}`,
      `/api/gu%61rdian/${token}`,
      `/api/guardian/${token}/conversations/7f0c`,
      `http://mawadda.example/api/guardian/${token}`,
      `/api/auth/reset-password/${token}`,
      `/api/guardian/opinion/${token}`,
      `/api/guardian//opinion/${token}`,
      `/en/guardian/opinion/${token}`,
      `//api/guardian/${token}`,
      `/API/guardian/${token}`,
      `/api//guardian/${token}`,
      `//api//auth/reset-password/${token}`,
      `/fr/guardian/${token}`,
      `//FR/Reset-Password/${token}?from=mail`,
    ]) {
      statuses[target] = await get(port, target);
    }
    await app.close();
    // What the router takes as a token route: an encoded letter and an absolute URL are the path.
    expect(Object.keys(statuses).filter((target) => statuses[target] === 200)).toEqual([
      `/api/guardian/${token}`,
      `/api/gu%61rdian/${token}`,
      `/api/guardian/${token}/conversations/7f0c`,
      `http://mawadda.example/api/guardian/${token}`,
      `/api/auth/reset-password/${token}`,
      `/api/guardian/opinion/${token}`,
    ]);
    const log = lines.join('');
    expect(log).not.toContain(token);
    expect(log).toContain('"url":"/api/guardian/[redacted]/conversations/7f0c"');
    expect(log).toContain('"url":"http://mawadda.example/api/guardian/[redacted]"');
    expect(log).toContain('"url":"//FR/Reset-Password/[redacted]?from=mail"');
    expect(log).toContain('"url":"/api/guardian/opinion/[redacted]"');
  });

  it('hold no unsubscribe token, and the rest of a URL as it was', () => {
    expect(loggedUrl(`/api/notifications/digest/unsubscribe?token=${token}`)).toBe(
      '/api/notifications/digest/unsubscribe?token=[redacted]',
    );
    expect(loggedUrl(`/api/guardian-digest/unsubscribe?from=mail&%74oken=${token}`)).toBe(
      '/api/guardian-digest/unsubscribe?from=mail&token=[redacted]',
    );
    expect(loggedUrl('/api/chat/conversation/7f0c?before=12&size=30')).toBe(
      '/api/chat/conversation/7f0c?before=12&size=30',
    );
    expect(loggedUrl('/api/guardians/visits')).toBe('/api/guardians/visits');
    expect(loggedUrl('//api/geo/reverse?lat=14.716677&lng=-17.467686')).toBe(
      '//api/geo/reverse?[redacted]',
    );
  });
});
