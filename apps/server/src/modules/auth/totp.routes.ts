import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.ts';
import { sessionOf } from '../../plugins/authentication.ts';
import type { AuthService } from './auth.service.ts';
import type { SignInContext } from './password-sign-in.ts';

/** A code's request: its address and device cookie choose the failure budget (ADR 027). */
const context = (request: FastifyRequest): SignInContext => ({
  ip: request.ip,
  log: request.log,
  cookie: request.headers.cookie,
});

/** The second factor of a signed-in member (ADR 074): member area. */
export const totpRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.route({
    ...endpoint('setUpTotp', 'auth'),
    handler: async (request) => auth.setUpTotp(sessionOf(request)),
  });
  app.route({
    ...endpoint('confirmTotp', 'auth'),
    handler: async (request) =>
      auth.confirmTotp(sessionOf(request), request.body.code, context(request)),
  });
  app.route({
    ...endpoint('proveSecondFactor', 'auth'),
    handler: async (request) =>
      auth.proveSecondFactor(sessionOf(request), request.body.code, context(request)),
  });
  app.route({
    ...endpoint('removeTotp', 'auth'),
    handler: async (request) => {
      await auth.removeTotp(sessionOf(request));
      return { message: 'Authenticator app removed.' };
    },
  });
};
