import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMediaLinks } from '../../lib/media-links.ts';
import { memberArea } from '../../plugins/authentication.ts';
import { SELFIE_PREFIX, selfieRoutes, verificationRoutes } from './verification.routes.ts';
import { createVerificationService, type VerificationService } from './verification.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    verification: VerificationService;
  }
}

/** Verified members (ADR 044): the selfie a member sends, and the moderators' decisions. */
export const verificationModule = fp(
  async (app: FastifyInstance) => {
    const { db, clock, config, stores } = app.platform;
    // Selfies are opened by a moderator deciding: a link lives as long as a chat media link.
    const selfieLinks = createMediaLinks({
      secret: config.mediaLinkSecret,
      ttlMs: config.mediaLinkTtlMs,
      clock,
      prefix: SELFIE_PREFIX,
      stepMs: 60_000,
    });
    const verification = createVerificationService({
      db,
      clock,
      privateMedia: stores.privateMedia,
      selfieLinks,
      photoLinks: app.platform.links.photos,
      retryMs: config.verificationRetryMs,
      mailer: app.platform.mailer,
      limiter: app.platform.limiter,
    });
    app.decorate('verification', verification);
    const gate = { db, auth: app.auth };
    await app.register(selfieRoutes, {
      db,
      store: stores.privateMedia,
      links: selfieLinks,
      gate,
    });
    await memberArea(app, async (member) => {
      await member.register(verificationRoutes, { verification, gate });
    });
  },
  { name: 'verification', dependencies: ['platform', 'authentication', 'auth'] },
);
