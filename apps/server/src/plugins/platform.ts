import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { createFirstContacts, type FirstContacts } from '../core/first-contacts.ts';
import { createMemberTexts, type MemberTexts } from '../core/member-texts.ts';
import { createWhoMayWrite, type WhoMayWrite } from '../core/who-may-write.ts';
import type { Database } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import { keptSecret } from '../lib/kept-secret.ts';
import type { Mailer } from '../lib/mailer.ts';
import { createMediaLinks, type MediaLinks, PRIVATE_MEDIA_PREFIX } from '../lib/media-links.ts';
import { MEDIA_URL_PREFIX, type MediaStore } from '../lib/media-store.ts';
import { createModuleEvents, type ModuleEventBus } from '../lib/module-events.ts';
import { createPasswordHashing, type PasswordHashing } from '../lib/passwords.ts';
import type { RateLimitStore } from '../lib/rate-limiter.ts';

/** The settings the app reads (the server's whole config has more: the port, the database). */
export type AppConfig = Pick<
  Config,
  | 'publicUrl'
  | 'sessionTtlMs'
  | 'sessionCacheMs'
  | 'trustProxy'
  | 'countryHeader'
  | 'webDistDir'
  | 'googleClientId'
  | 'requestTimeoutMs'
  | 'maxConnections'
  | 'maxConnectionsPerAddress'
  | 'metrics'
  | 'registrationsPerHourPerAddress'
  | 'passkeySignInsPerMinutePerAddress'
  | 'profilesPerDay'
  | 'suggestionPagesPerDay'
  | 'profilesPerMinute'
  | 'suggestionPagesPerMinute'
  | 'photosPerMinute'
  | 'likesPerDay'
  | 'compliments'
  | 'firstMessagesPerDay'
  | 'reportsPerDay'
  | 'scamShield'
  | 'newAccount'
  | 'verificationRetryMs'
  | 'mediaSweepMs'
  | 'broker'
  | 'mediaLinkSecret'
  | 'deviceCookieSecret'
  | 'totpSecretKey'
  | 'dataDir'
  | 'mediaLinkTtlMs'
  | 'photoLinkTtlMs'
  | 'presenceTtlMs'
  | 'callRingMs'
  | 'ice'
  | 'env'
  | 'xofPrices'
  | 'xofGiftPrices'
  | 'openCheckoutsPerMember'
  | 'checkoutMs'
  | 'stripe'
  | 'paydunya'
  | 'vapidKeys'
  | 'vapidSubject'
  | 'pushSubscriptionsPerMember'
  | 'pushLoopbackEndpoints'
  | 'digestDelayMs'
  | 'digestEveryMs'
  | 'matchRemindersEveryMs'
  | 'unsubscribeSecret'
  | 'pushDelivery'
>;

/** What the process gives the app: the platform plugin's options. */
export type PlatformOptions = {
  config: AppConfig;
  db: Database;
  mediaStore: MediaStore;
  /** Chat photos and voice notes: served only through signed links, never as public files. */
  privateMediaStore: MediaStore;
  /** Copies of members' data, offered for a day: never served but through a signed link. */
  exportStore: MediaStore;
  mailer: Mailer;
  limiter: RateLimitStore;
  clock: Clock;
  /** OWASP's minimum cost unless given: the server suite gives a cheaper one (ADR 035). */
  passwordHashing?: PasswordHashing;
};

/** What every module may read: the infrastructure, the member rules and the event bus. */
export type Platform = {
  config: AppConfig;
  db: Database;
  clock: Clock;
  limiter: RateLimitStore;
  mailer: Mailer;
  log: FastifyBaseLogger;
  stores: { media: MediaStore; privateMedia: MediaStore; exports: MediaStore };
  passwords: PasswordHashing;
  /** Signed links: profile photos (`photos`) and chat media (`media`). */
  links: { photos: MediaLinks; media: MediaLinks };
  /** The member rules of `core/` every feature shares, built once. */
  rules: { memberTexts: MemberTexts; whoMayWrite: WhoMayWrite; firstContacts: FirstContacts };
  /** Secrets the config sets or, when it does not, kept in the data folder across restarts. */
  secrets: { deviceCookie: Buffer; unsubscribe: Buffer; totp: Buffer };
  /** The public URL is https: cookies are `Secure`, the security headers ask for HTTPS. */
  https: boolean;
  events: ModuleEventBus;
};

declare module 'fastify' {
  interface FastifyInstance {
    platform: Platform;
  }
}

const CHAT_MEDIA_STEP_MS = 60_000;

/** A secret of the config, or one made once and kept in `<dataDir>/secrets/<name>`. */
const secretOf = (config: AppConfig, given: Buffer | undefined, name: string) =>
  given ?? keptSecret(path.join(config.dataDir, 'secrets', name));

/** The one decoration modules read what they are built from (ADR 062). */
export const platform = fp(
  async (app: FastifyInstance, options: PlatformOptions) => {
    const { config, db, clock, limiter } = options;
    const mediaLinks = createMediaLinks({
      secret: config.mediaLinkSecret,
      ttlMs: config.mediaLinkTtlMs,
      clock,
      prefix: PRIVATE_MEDIA_PREFIX,
      stepMs: CHAT_MEDIA_STEP_MS,
    });
    // Coarser steps than chat media: a suggestion page reloaded within a quarter of the lifetime
    // gives the same URLs, so the browser shows the photos it already has.
    const photoLinks = createMediaLinks({
      secret: config.mediaLinkSecret,
      ttlMs: config.photoLinkTtlMs,
      clock,
      prefix: MEDIA_URL_PREFIX,
      stepMs: Math.ceil(config.photoLinkTtlMs / 4 / 60_000) * 60_000,
    });
    app.decorate('platform', {
      config,
      db,
      clock,
      limiter,
      mailer: options.mailer,
      log: app.log,
      stores: {
        media: options.mediaStore,
        privateMedia: options.privateMediaStore,
        exports: options.exportStore,
      },
      passwords: options.passwordHashing ?? createPasswordHashing(),
      links: { photos: photoLinks, media: mediaLinks },
      rules: {
        memberTexts: createMemberTexts({
          db,
          clock,
          shieldEnabled: config.scamShield.enabled,
          newAccountMs: config.newAccount.ms,
        }),
        whoMayWrite: createWhoMayWrite({ db, clock }),
        // One budget of new conversations a day, whichever way a member opens one (ADR 043).
        firstContacts: createFirstContacts({
          db,
          clock,
          limiter,
          perDay: config.firstMessagesPerDay,
          newAccount: config.newAccount,
        }),
      },
      secrets: {
        deviceCookie: await secretOf(config, config.deviceCookieSecret, 'device-cookie'),
        unsubscribe: await secretOf(config, config.unsubscribeSecret, 'unsubscribe'),
        totp: await secretOf(config, config.totpSecretKey, 'totp'),
      },
      https: config.publicUrl.startsWith('https:'),
      events: createModuleEvents(app.log),
    });
  },
  { name: 'platform' },
);
