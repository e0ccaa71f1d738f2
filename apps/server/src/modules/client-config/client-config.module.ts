import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { clientConfigRoutes } from './client-config.routes.ts';

/** What the web app reads first: the Google client id and the VAPID public key (push). */
export const clientConfigModule = fp(
  async (app: FastifyInstance) => {
    await app.register(clientConfigRoutes, {
      googleClientId: app.platform.config.googleClientId,
      vapidPublicKey: app.push.vapid.publicKey,
    });
  },
  { name: 'client-config', dependencies: ['platform', 'authentication', 'push'] },
);
