import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mailLanguage } from '../../lib/bilingual-mail.ts';
import { endpoint } from '../../lib/endpoint.ts';
import { sessionOf } from '../../plugins/authentication.ts';
import type { AuthService } from './auth.service.ts';
import { countryCode } from './device-label.ts';
import { FORGOT_PASSWORD_MESSAGE } from './password-reset.ts';
import type { RequestContext, SignInContext } from './password-sign-in.ts';

const context = (request: FastifyRequest): RequestContext => ({ ip: request.ip, log: request.log });

/**
 * A sign-in's request: the device cookie (ADR 027), the User-Agent and the country the proxy in
 * front named, when it is configured to (ADR 075).
 */
export function signInContext(request: FastifyRequest): SignInContext {
  const header = request.server.platform.config.countryHeader;
  return {
    ...context(request),
    cookie: request.headers.cookie,
    userAgent: request.headers['user-agent'],
    country: header ? countryCode(request.headers[header]) : null,
  };
}

/** Signing in and recovering an account: open to visitors. */
export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.route({
    ...endpoint('login', 'auth'),
    handler: async (request, reply) => {
      const { token, deviceCookie } = await auth.login(
        request.body.username,
        request.body.password,
        signInContext(request),
      );
      reply.header('set-cookie', deviceCookie);
      return { token };
    },
  });

  app.route({
    ...endpoint('googleLogin', 'auth'),
    handler: async (request, reply) => {
      const { token, deviceCookie } = await auth.loginWithGoogle(
        request.body.token,
        signInContext(request),
      );
      reply.header('set-cookie', deviceCookie);
      return { token };
    },
  });

  app.route({
    ...endpoint('forgotPassword', 'auth'),
    handler: async (request) => {
      const language = mailLanguage(request.headers['accept-language']);
      await auth.forgotPassword(request.body.username, language, context(request));
      return { message: FORGOT_PASSWORD_MESSAGE };
    },
  });

  app.route({
    ...endpoint('resetPassword', 'auth'),
    handler: async (request, reply) => {
      const deviceCookie = await auth.resetPassword(
        request.body.token,
        request.body.password,
        context(request),
      );
      reply.header('set-cookie', deviceCookie);
      return { message: 'Password reset successful.' };
    },
  });

  app.route({
    ...endpoint('checkResetLink', 'auth'),
    handler: async (request) => {
      await auth.checkResetLink(request.params.token, context(request));
      return { usable: true as const };
    },
  });
};

/** Ending the session: member area. */
export const sessionRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (
  app,
  { auth },
) => {
  app.route({
    ...endpoint('logout', 'auth'),
    handler: async (request) => {
      await auth.logout(sessionOf(request).id);
      return { message: 'Logged out.' };
    },
  });
};
