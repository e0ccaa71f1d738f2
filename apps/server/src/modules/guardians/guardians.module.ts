import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { memberArea } from '../../plugins/authentication.ts';
import { createUnsubscribeTokens } from '../digest/index.ts';
import {
  guardianDigestRoutes,
  guardianPageRoutes,
  guardianSettingsRoutes,
} from './guardians.routes.ts';
import { createGuardiansService, type GuardiansService } from './guardians.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    guardians: GuardiansService;
  }
}

/**
 * Family mode (ADR 045): a member's guardians and what they follow (member area), the read-only
 * page a guardian's link opens and its digest (open), notice lines written through the chat.
 */
export const guardiansModule = fp(
  async (app: FastifyInstance) => {
    const { db, clock, config, rules } = app.platform;
    const guardians = createGuardiansService({
      db,
      clock,
      limiter: app.platform.limiter,
      mailer: app.metrics.countedMailer('guardian', app.platform.mailer),
      publicUrl: config.publicUrl,
      photoLinks: app.platform.links.photos,
      chat: app.chat,
      profiles: app.discovery,
      publish: app.outlet.publish,
      whoMayWrite: rules.whoMayWrite,
      firstContacts: rules.firstContacts,
      memberTexts: rules.memberTexts,
      unsubscribeTokens: createUnsubscribeTokens(
        app.platform.secrets.unsubscribe,
        'guardian-digest-unsubscribe',
      ),
      log: app.platform.log,
    });
    app.decorate('guardians', guardians);
    if (config.digestEveryMs > 0) {
      app.background.add({
        name: 'guardian digest',
        start: () => guardians.startDigest(config.digestEveryMs),
      });
    }
    await app.register(guardianPageRoutes, { guardians });
    await app.register(guardianDigestRoutes, { guardians });
    await memberArea(app, async (member) => {
      await member.register(guardianSettingsRoutes, { guardians });
    });
  },
  {
    name: 'guardians',
    dependencies: [
      'platform',
      'metrics',
      'background-work',
      'authentication',
      'realtime',
      'chat',
      'discovery',
    ],
  },
);
