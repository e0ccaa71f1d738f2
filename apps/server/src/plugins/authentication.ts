import type { EndpointSchemas } from '@mawadda/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type MailLanguage, requestLanguage } from '../lib/bilingual-mail.ts';
import { endpointAt } from '../lib/endpoint.ts';
import { HttpError, unauthorized } from '../lib/http-error.ts';

/** `consented`: the member consented to the current privacy text (ADR 021). */
export type MemberSession = { id: string; memberId: string; consented: boolean };

/**
 * What the plugin needs of the auth module (its service fits): plugins sit below the modules and
 * import none of them.
 */
export type SessionAuthenticator = {
  /**
   * `language`: the one the request names, kept as the member's (ADR 040); `connection`: the
   * socket it came on, whose next requests send the same token (ADR 086).
   */
  authenticate(
    token: string,
    language?: MailLanguage,
    connection?: object,
  ): Promise<MemberSession | undefined>;
  /** Why a token has no live session: 401 `SESSION_ENDED`, or 403 for a suspended or banned member. */
  endedSessionRefusal(token: string): Promise<HttpError>;
};

declare module 'fastify' {
  interface FastifyRequest {
    session: MemberSession | null;
  }
  interface FastifyInstance {
    /**
     * onRequest hook for routes that need a member: 401 unless a live session token is sent (403
     * `ACCOUNT_SUSPENDED` or `ACCOUNT_BANNED` when that ended the token's session), 403
     * `CONSENT_REQUIRED` for a member who has not consented to the current privacy text, unless
     * the contract opens the endpoint to them (`beforeConsent`).
     */
    requireMember(request: FastifyRequest): Promise<void>;
    /** True inside `memberArea`: every route there needs a member. */
    memberArea: boolean;
  }
}

/** `Bearer <token>`, or the bare token: docs/spec.md §6 names one call that omits the prefix. */
function tokenFrom(header: string | undefined): string | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(value);
  if (match) return match[1];
  return /^[A-Za-z0-9_-]{20,200}$/.test(value) ? value : undefined;
}

export const authentication = fp(
  async (app: FastifyInstance, options: { auth: SessionAuthenticator }) => {
    app.decorateRequest('session', null);
    app.decorate('requireMember', async (request: FastifyRequest) => {
      const token = tokenFrom(request.headers.authorization);
      if (!token) throw unauthorized('LOGIN_REQUIRED');
      const session = await options.auth.authenticate(
        token,
        requestLanguage(request.headers['accept-language']),
        request.raw.socket,
      );
      if (!session) throw await options.auth.endedSessionRefusal(token);
      if (!session.consented) {
        const contract: EndpointSchemas | undefined = endpointAt(
          request.method,
          request.routeOptions.url ?? '',
        );
        if (!contract?.beforeConsent) throw new HttpError(403, 'CONSENT_REQUIRED');
      }
      request.session = session;
    });
    app.decorate('memberArea', false);
    // A contract endpoint registered on the wrong side of the guard stops the boot: a member route
    // left open, or a public one closed, is a bug no test of the happy path would show.
    app.addHook('onRoute', function (route) {
      const contract = typeof route.method === 'string' && endpointAt(route.method, route.url);
      if (contract && contract.member !== this.memberArea) {
        throw new Error(
          `${route.method} ${route.url} is ${contract.member ? 'member-only' : 'public'} in the contract but registered ${this.memberArea ? 'in' : 'outside'} the member area`,
        );
      }
    });
  },
  { name: 'authentication' },
);

/**
 * The member area: routes registered through `register` sit behind one hook that answers 401
 * unless a live session token is sent.
 */
export async function memberArea(
  app: FastifyInstance,
  register: (scope: FastifyInstance) => Promise<void>,
) {
  await app.register(async (scope) => {
    // Shadows the root's `false` for this scope and its children (Fastify's encapsulation).
    scope.memberArea = true;
    scope.addHook('onRequest', scope.requireMember);
    await register(scope);
  });
}

/** The signed-in member of a route guarded by `requireMember`. */
export function sessionOf(request: FastifyRequest): MemberSession {
  if (!request.session) throw unauthorized('LOGIN_REQUIRED');
  return request.session;
}
