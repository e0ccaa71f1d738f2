import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.ts';
import { sessionOf } from '../../plugins/authentication.ts';
import { signInContext } from './auth.routes.ts';
import type { PasskeyService } from './passkeys.service.ts';

/** Signing in with a passkey: open to visitors (ADR 073). */
export const passkeySignInRoutes: FastifyPluginAsyncZod<{ passkeys: PasskeyService }> = async (
  app,
  { passkeys },
) => {
  app.route({
    ...endpoint('passkeyLoginOptions', 'auth'),
    handler: async (request) => passkeys.signInOptions(request.body.username, request.ip),
  });

  app.route({
    ...endpoint('passkeyLogin', 'auth'),
    handler: async (request, reply) => {
      const { token, deviceCookie } = await passkeys.signIn(
        request.body.credential,
        signInContext(request),
      );
      reply.header('set-cookie', deviceCookie);
      return { token };
    },
  });
};

/** A member's passkeys, the step-up that proves one, and the password turned off: member area. */
export const passkeyRoutes: FastifyPluginAsyncZod<{ passkeys: PasskeyService }> = async (
  app,
  { passkeys },
) => {
  app.route({
    ...endpoint('passkeys', 'auth'),
    handler: async (request) => passkeys.overview(sessionOf(request).memberId),
  });

  app.route({
    ...endpoint('passkeyRegistrationOptions', 'auth'),
    handler: async (request) => passkeys.registrationOptions(sessionOf(request).memberId),
  });

  app.route({
    ...endpoint('addPasskey', 'auth'),
    handler: async (request, reply) => {
      const { credential, name } = request.body;
      const added = await passkeys.add(sessionOf(request).memberId, credential, name, request.log);
      reply.status(201);
      return added;
    },
  });

  app.route({
    ...endpoint('renamePasskey', 'auth'),
    handler: async (request) =>
      passkeys.rename(sessionOf(request).memberId, request.params.id, request.body.name),
  });

  app.route({
    ...endpoint('removePasskey', 'auth'),
    handler: async (request) => passkeys.remove(sessionOf(request).memberId, request.params.id),
  });

  app.route({
    ...endpoint('passkeyConfirmOptions', 'auth'),
    handler: async (request) => passkeys.confirmOptions(sessionOf(request).memberId),
  });

  app.route({
    ...endpoint('passkeyConfirm', 'auth'),
    handler: async (request) => {
      await passkeys.confirm(sessionOf(request), request.body.credential, signInContext(request));
      return { message: 'Passkey confirmed.' };
    },
  });

  app.route({
    ...endpoint('turnPasswordOff', 'auth'),
    handler: async (request) => passkeys.turnPasswordOff(sessionOf(request)),
  });
};
