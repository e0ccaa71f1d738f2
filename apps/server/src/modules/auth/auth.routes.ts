import {
  errorBodySchema,
  forgotPasswordRequestSchema,
  googleLoginRequestSchema,
  loginRequestSchema,
  messageResponseSchema,
  resetPasswordRequestSchema,
  tokenResponseSchema,
} from '@mawadda/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../plugins/authentication.ts';
import { type AuthService, FORGOT_PASSWORD_MESSAGE, type RequestContext } from './auth.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 429: errorBodySchema };
const context = (request: FastifyRequest): RequestContext => ({ ip: request.ip, log: request.log });

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(
    '/api/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in with e-mail and password',
        body: loginRequestSchema,
        response: { 200: tokenResponseSchema, ...errors },
      },
    },
    async (request) => ({
      token: await auth.login(request.body.username, request.body.password, context(request)),
    }),
  );

  app.post(
    '/api/auth/google',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in with a Google ID token; the first time creates the account',
        body: googleLoginRequestSchema,
        response: { 200: tokenResponseSchema, ...errors, 503: errorBodySchema },
      },
    },
    async (request) => ({ token: await auth.loginWithGoogle(request.body.token) }),
  );

  app.post(
    '/api/auth/logout',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['auth'],
        summary: 'Revoke the session token sent',
        security: [{ bearer: [] }],
        response: { 200: messageResponseSchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      await auth.logout(sessionOf(request).id);
      return { message: 'Logged out.' };
    },
  );

  app.post(
    '/api/auth/forgot-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mail a one-hour, single-use reset link; the answer is the same for any address',
        body: forgotPasswordRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const language = /^fr\b/i.test(request.headers['accept-language'] ?? '') ? 'fr' : 'en';
      await auth.forgotPassword(request.body.username, language, context(request));
      return { message: FORGOT_PASSWORD_MESSAGE };
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset token; every session of the member ends',
        body: resetPasswordRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await auth.resetPassword(request.body.token, request.body.password, context(request));
      return { message: 'Password reset successful.' };
    },
  );
};
