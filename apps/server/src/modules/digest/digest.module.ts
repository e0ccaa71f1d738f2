import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { digestRoutes } from './digest.routes.ts';
import { createDigestService, type DigestService } from './digest.service.ts';
import { createUnsubscribeTokens } from './unsubscribe-token.ts';

declare module 'fastify' {
  interface FastifyInstance {
    digest: DigestService;
  }
}

/** The e-mail digest (ADR 038): its one-click unsubscribe turns push's setting off. */
export const digestModule = fp(
  async (app: FastifyInstance) => {
    const { db, clock, config, log } = app.platform;
    const digest = createDigestService({
      db,
      clock,
      mailer: app.metrics.countedMailer('digest', app.platform.mailer),
      log,
      publicUrl: config.publicUrl,
      delayMs: config.digestDelayMs,
      tokens: createUnsubscribeTokens(app.platform.secrets.unsubscribe),
      stopEmailDigest: app.push.stopEmailDigest,
    });
    app.decorate('digest', digest);
    if (config.digestEveryMs > 0) {
      app.background.add({
        name: 'e-mail digest',
        start: () => digest.start(config.digestEveryMs),
      });
    }
    await app.register(digestRoutes, { digest });
  },
  {
    name: 'digest',
    dependencies: ['platform', 'metrics', 'background-work', 'authentication', 'push'],
  },
);
