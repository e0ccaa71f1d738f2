import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { MailLanguage } from '../../lib/bilingual-mail.ts';
import { createSecretSealer } from '../../lib/sealed-secrets.ts';
import { authentication, memberArea } from '../../plugins/authentication.ts';
import { createActivityRecorder } from './activity-recorder.ts';
import { authRoutes, sessionRoutes } from './auth.routes.ts';
import { type AuthService, createAuthService } from './auth.service.ts';
import { createDeviceCookies } from './device-cookie.ts';
import type { GoogleVerifier } from './google-verifier.ts';
import { passkeyRoutes, passkeySignInRoutes } from './passkeys.routes.ts';
import { createSessionCache } from './session-cache.ts';
import { signedInDevicesRoutes } from './signed-in-devices.routes.ts';
import { totpRoutes } from './totp.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService;
  }
}

declare module '../../lib/module-events.ts' {
  interface ModuleEvents {
    /**
     * Sessions were revoked (logout, password reset, suspension, ban); the logout answers once
     * every listener is done, and fails with the first that fails.
     */
    'auth:sessions-ended': { sessionId: string } | { memberId: string };
    /** The languages members' requests named since the last write (at most once a minute). */
    'auth:languages-seen': ReadonlyMap<string, MailLanguage>;
  }
}

/** About 10 MB at most: the sessions of the members active in the last half minute. */
const SESSION_CACHE_ENTRIES = 50_000;
/** Members' activity is written once a second (it has a minute's resolution). */
const ACTIVITY_WRITE_MS = 1000;

/**
 * Sessions and sign-in, and the guard of the member area (`authentication`): registered before
 * any module with routes, so that each route is checked against the contract's side.
 */
export const authModule = fp(
  async (app: FastifyInstance, options: { googleVerifier: GoogleVerifier | undefined }) => {
    const { db, clock, limiter, config, log, events } = app.platform;
    const activity = createActivityRecorder({
      db,
      clock,
      log,
      recordLanguages: (languages) => events.emit('auth:languages-seen', languages),
    });
    const auth = createAuthService({
      db,
      clock,
      limiter,
      mailer: app.platform.mailer,
      publicUrl: config.publicUrl,
      signInOptionsPerMinutePerAddress: config.passkeySignInsPerMinutePerAddress,
      sessionTtlMs: config.sessionTtlMs,
      googleVerifier: options.googleVerifier,
      passwords: app.platform.passwords,
      deviceCookies: createDeviceCookies({
        secret: app.platform.secrets.deviceCookie,
        clock,
        secure: app.platform.https,
      }),
      activity,
      totpSealer: createSecretSealer(app.platform.secrets.totp, 'totp'),
      sessionCache: createSessionCache({
        maxAgeMs: config.sessionCacheMs,
        maxEntries: SESSION_CACHE_ENTRIES,
      }),
      onSessionsEnded: (ended) => {
        app.outlet.endSessions(ended, 'SESSION_ENDED').catch((err: unknown) => {
          log.error({ err }, 'Could not close the sockets of ended sessions');
        });
      },
      afterSessionsEnd: (ended) => events.emitOrFail('auth:sessions-ended', ended),
    });
    events.on('realtime:sessions-ending', (ended) => auth.forgetSessions(ended));
    app.decorate('auth', auth);
    app.background.add({ name: 'activity', start: () => activity.start(ACTIVITY_WRITE_MS) });

    await app.register(authentication, { auth });
    await app.register(authRoutes, { auth });
    await app.register(passkeySignInRoutes, { passkeys: auth.passkeys });
    await memberArea(app, async (member) => {
      await member.register(totpRoutes, { auth });
      await member.register(sessionRoutes, { auth });
      await member.register(passkeyRoutes, { passkeys: auth.passkeys });
      await member.register(signedInDevicesRoutes, { auth });
    });
  },
  { name: 'auth', dependencies: ['platform', 'background-work', 'realtime'] },
);
