import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.ts';
import { sessionOf } from '../../plugins/authentication.ts';
import type { AuthService } from './auth.service.ts';

/**
 * A member's signed-in devices and their password (ADR 075), member area: every route acts on
 * the sessions of the session's own member, never on the member an id names.
 */
export const signedInDevicesRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (
  app,
  { auth },
) => {
  app.route({
    ...endpoint('sessions', 'auth'),
    handler: async (request) => auth.signedInDevices(sessionOf(request)),
  });

  app.route({
    ...endpoint('endSession', 'auth'),
    handler: async (request) => {
      await auth.endSignedInDevice(sessionOf(request), request.params.id);
      return { message: 'Signed out.' };
    },
  });

  app.route({
    ...endpoint('endOtherSessions', 'auth'),
    handler: async (request) => ({ ended: await auth.endOtherDevices(sessionOf(request)) }),
  });

  app.route({
    ...endpoint('changePassword', 'auth'),
    handler: async (request) => ({
      ended: await auth.changePassword(sessionOf(request), request.body),
    }),
  });
};
