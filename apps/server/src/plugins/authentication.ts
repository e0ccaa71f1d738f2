import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../lib/http-error.ts';
import type { AuthService } from '../modules/auth/auth.service.ts';

export type MemberSession = { id: string; memberId: string };

declare module 'fastify' {
  interface FastifyRequest {
    session: MemberSession | null;
  }
  interface FastifyInstance {
    /** onRequest hook for routes that need a member: 401 unless a live session token is sent. */
    requireMember(request: FastifyRequest): Promise<void>;
  }
}

export const LOGIN_REQUIRED_MESSAGE = 'Please log in to continue.';
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please log in again.';

/** `Bearer <token>`, or the bare token: spec section 6 names one call that omits the prefix. */
export function tokenFrom(header: string | undefined): string | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(value);
  if (match) return match[1];
  return /^[A-Za-z0-9_-]{20,200}$/.test(value) ? value : undefined;
}

export const authentication = fp(
  async (app: FastifyInstance, options: { auth: AuthService }) => {
    app.decorateRequest('session', null);
    app.decorate('requireMember', async (request: FastifyRequest) => {
      const token = tokenFrom(request.headers.authorization);
      if (!token) throw unauthorized(LOGIN_REQUIRED_MESSAGE);
      const session = await options.auth.authenticate(token);
      if (!session) throw unauthorized(SESSION_ENDED_MESSAGE);
      request.session = session;
    });
  },
  { name: 'authentication' },
);

/** The signed-in member of a route guarded by `requireMember`. */
export function sessionOf(request: FastifyRequest): MemberSession {
  if (!request.session) throw unauthorized(LOGIN_REQUIRED_MESSAGE);
  return request.session;
}
