import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import type { PaymentMethod } from '@mawadda/contract';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { createFirstContacts } from './core/first-contacts.ts';
import { relatedMemberIds } from './core/member-rules.ts';
import { createMemberTexts } from './core/member-texts.ts';
import { createWhoMayWrite } from './core/who-may-write.ts';
import type { Database } from './db/database.ts';
import type { Clock } from './lib/clock.ts';
import { keptSecret } from './lib/kept-secret.ts';
import type { Mailer } from './lib/mailer.ts';
import { createMediaLinks, PRIVATE_MEDIA_PREFIX } from './lib/media-links.ts';
import { MEDIA_URL_PREFIX, type MediaStore } from './lib/media-store.ts';
import { createMinutePace } from './lib/minute-pace.ts';
import { createPasswordHashing, type PasswordHashing } from './lib/passwords.ts';
import type { RateLimitStore } from './lib/rate-limiter.ts';
import {
  accountRoutes,
  createAccountDeletion,
  createDataExports,
  type DataExports,
} from './modules/account/index.ts';
import {
  authRoutes,
  createActivityRecorder,
  createAuthService,
  createDeviceCookies,
  createSessionCache,
  type GoogleVerifier,
  sessionRoutes,
} from './modules/auth/index.ts';
import {
  type CallStore,
  callSignalHandler,
  callsRoutes,
  createCallsService,
  createIceServers,
} from './modules/calls/index.ts';
import { chatRoutes, createChatService } from './modules/chat/index.ts';
import { clientConfigRoutes } from './modules/client-config/index.ts';
import {
  createDigestService,
  createUnsubscribeTokens,
  type DigestService,
  digestRoutes,
} from './modules/digest/index.ts';
import { createDiscoveryService, discoveryRoutes } from './modules/discovery/index.ts';
import { type CityIndex, geoRoutes, loadCityIndex } from './modules/geo/index.ts';
import {
  createGuardiansService,
  type GuardiansService,
  guardianDigestRoutes,
  guardianPageRoutes,
  guardianSettingsRoutes,
} from './modules/guardians/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { createLikesService, likesRoutes } from './modules/likes/index.ts';
import {
  createMediaJanitor,
  type MediaJanitor,
  mediaRoutes,
  privateMediaRoutes,
} from './modules/media/index.ts';
import { createModerationService, moderationRoutes } from './modules/moderation/index.ts';
import { createNotificationsService, notificationsRoutes } from './modules/notifications/index.ts';
import {
  createPaymentsService,
  localCheckoutRoutes,
  type PaymentProvider,
  paymentCatalogueRoutes,
  paymentNotificationRoutes,
  paymentNotifications,
  paymentProviders,
  paymentRoutes,
} from './modules/payments/index.ts';
import { createProfileViewsService, profileViewsRoutes } from './modules/profile-views/index.ts';
import {
  createPushService,
  type PushService,
  pushRoutes,
  resolveVapidDetails,
} from './modules/push/index.ts';
import {
  type Backplane,
  createPresenceService,
  createRealtimeOutlet,
  createRealtimeService,
  type PresenceStore,
  type RealtimeService,
  realtimeRoutes,
} from './modules/realtime/index.ts';
import { createRelationships, safetyRoutes } from './modules/relationships/index.ts';
import { createUsersService, registrationRoutes, usersRoutes } from './modules/users/index.ts';
import {
  createVerificationService,
  SELFIE_PREFIX,
  selfieRoutes,
  verificationRoutes,
} from './modules/verification/index.ts';
import { authentication, memberArea } from './plugins/authentication.ts';
import { limitConnections, refuseEncodedForms } from './plugins/connection-limits.ts';
import {
  answerFrameworkError,
  registerErrorHandler,
  registerNotFoundHandler,
} from './plugins/error-handler.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerSaveDataEcho } from './plugins/save-data.ts';
import { isScriptOrStylesheet, registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerWebApp } from './plugins/web-app.ts';

export type AppDependencies = {
  config: Pick<
    Config,
    | 'publicUrl'
    | 'sessionTtlMs'
    | 'sessionCacheMs'
    | 'trustProxy'
    | 'webDistDir'
    | 'googleClientId'
    | 'requestTimeoutMs'
    | 'maxConnections'
    | 'maxConnectionsPerAddress'
    | 'registrationsPerHourPerAddress'
    | 'profilesPerDay'
    | 'suggestionPagesPerDay'
    | 'profilesPerMinute'
    | 'suggestionPagesPerMinute'
    | 'photosPerMinute'
    | 'likesPerDay'
    | 'firstMessagesPerDay'
    | 'reportsPerDay'
    | 'scamShield'
    | 'newAccount'
    | 'verificationRetryMs'
    | 'mediaSweepMs'
    | 'broker'
    | 'mediaLinkSecret'
    | 'deviceCookieSecret'
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
    | 'unsubscribeSecret'
    | 'pushDelivery'
  >;
  db: Database;
  mediaStore: MediaStore;
  /** Chat photos and voice notes: served only through signed links, never as public files. */
  privateMediaStore: MediaStore;
  /** Copies of members' data, offered for a day: never served but through a signed link. */
  exportStore: MediaStore;
  mailer: Mailer;
  limiter: RateLimitStore;
  clock: Clock;
  /**
   * How real-time events reach every node and who is online: in process for one node, Redis for
   * several.
   */
  realtime: { backplane: Backplane; presence: PresenceStore; calls: CallStore };
  /** Tests put fakes of Stripe and PayDunya here; otherwise they follow the config. */
  paymentProviders?: Partial<Record<PaymentMethod, PaymentProvider>>;
  /** Absent when GOOGLE_CLIENT_ID is not set: Google sign-in then answers 503. */
  googleVerifier: GoogleVerifier | undefined;
  /** The process logger; without one (tests) the app logs nothing. */
  logger?: FastifyBaseLogger;
  /** OWASP's minimum cost unless given: the server suite gives a cheaper one (ADR 035). */
  passwordHashing?: PasswordHashing;
};

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;
/** An upload in flight is younger than this: the orphan cleanup leaves such files alone. */
const ORPHAN_GRACE_MS = 60 * 60 * 1000;
/** About 10 MB at most: the sessions of the members active in the last half minute. */
const SESSION_CACHE_ENTRIES = 50_000;
/** Members' activity is written once a second (it has a minute's resolution). */
const ACTIVITY_WRITE_MS = 1000;

declare module 'fastify' {
  interface FastifyInstance {
    mediaJanitor: MediaJanitor;
    dataExports: DataExports;
    realtime: RealtimeService;
    push: PushService;
    digest: DigestService;
    guardians: GuardiansService;
  }
}

/** Something that runs in the background from onReady; what `start` answers stops it at onClose. */
type Stop = () => void | Promise<void>;
type Background = { name: string; start(): Stop };

/**
 * Builds the whole app from explicit dependencies; `server.ts` wires the real ones and listens.
 * Three steps: the HTTP server and its platform plugins, the modules' services (each built from
 * the layers below it and the public faces of the modules it needs), then one list of what runs
 * in the background and one list of routes.
 */
export async function buildApp(deps: AppDependencies) {
  const app = await createHttpServer(deps);
  const services = await composeModules(app, deps);
  startInBackground(app, services.background);
  await registerModules(app, deps, services);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

/** Fastify, its limits and timeouts, and the plugins every route goes through. */
async function createHttpServer(deps: AppDependencies) {
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    trustProxy: deps.config.trustProxy,
    // A caller's request id is kept when it looks like one, so a trace spans the proxy and us.
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // A path parameter of any length reaches its route, whose schema or service answers it in
    // our terms: past the default of 100 characters, the router answered its own bare 404 (a
    // guardian link too long must read as any unknown link, ADR 045).
    routerOptions: { maxParamLength: 2048 },
    frameworkErrors: (error, _request, reply) => answerFrameworkError(error, reply),
    requestTimeout: deps.config.requestTimeoutMs,
    http: {
      // Node checks the timeouts on this interval (30 s by default): a tenth of the request
      // timeout keeps the cut-off close to what was configured.
      connectionsCheckingInterval: Math.min(30_000, deps.config.requestTimeoutMs / 10),
      // Node enforces the request timeout only when the headers timeout is not above it.
      headersTimeout: Math.min(60_000, deps.config.requestTimeoutMs),
    },
  }).withTypeProvider<ZodTypeProvider>();
  limitConnections(app.server, {
    maxConnections: deps.config.maxConnections,
    maxPerAddress: deps.config.maxConnectionsPerAddress,
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    if (!isScriptOrStylesheet(reply)) reply.header('x-request-id', request.id);
  });
  registerErrorHandler(app);
  refuseEncodedForms(app);
  registerSecurityHeaders(app, { https: isHttps(deps) });
  registerSaveDataEcho(app);

  // zstd (Chrome, Firefox), brotli or gzip for text (the app's JavaScript, CSS, JSON): the first
  // visit on a slow mobile network is mostly bytes. Images are already compressed and pass as
  // they are. An answer up to 64 KiB (a page of suggestions is about 40 kB of JSON) is
  // compressed in one call and sent whole with its length: through a compressing stream it cost
  // a page more CPU than the compression itself (ADR 039).
  await app.register(compress, { global: true, threshold: 1024, syncThreshold: 64 * 1024 });
  await app.register(multipart);
  await registerOpenApi(app);
  return app;
}

const isHttps = (deps: AppDependencies) => deps.config.publicUrl.startsWith('https:');

/**
 * The modules' services, each built once from what it needs. The real-time outlet publishes
 * through the backplane, so it exists before the broker: auth ends sessions through it, and the
 * broker authenticates through auth.
 */
async function composeModules(app: FastifyInstance, deps: AppDependencies) {
  const { db, clock, limiter, config } = deps;
  const log = app.log;
  const outlet = createRealtimeOutlet(deps.realtime.backplane);
  const passwords = deps.passwordHashing ?? createPasswordHashing();

  const activity = createActivityRecorder({
    db,
    clock,
    log,
    // Push owns the settings row that holds the member's language; it is made further down.
    recordLanguages: (languages) => push.recordLanguages(languages),
  });
  const mediaLinks = createMediaLinks({
    secret: config.mediaLinkSecret,
    ttlMs: config.mediaLinkTtlMs,
    clock,
    prefix: PRIVATE_MEDIA_PREFIX,
    stepMs: 60_000,
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
  // Selfies are opened by a moderator deciding: a link lives as long as a chat media link.
  const selfieLinks = createMediaLinks({
    secret: config.mediaLinkSecret,
    ttlMs: config.mediaLinkTtlMs,
    clock,
    prefix: SELFIE_PREFIX,
    stepMs: 60_000,
  });
  const verification = createVerificationService({
    db,
    clock,
    privateMedia: deps.privateMediaStore,
    selfieLinks,
    photoLinks,
    retryMs: config.verificationRetryMs,
    mailer: deps.mailer,
    limiter,
  });
  const presence = createPresenceService({
    store: deps.realtime.presence,
    backplane: deps.realtime.backplane,
    related: (memberId) => relatedMemberIds(db, memberId),
    log,
  });
  const { caFile } = config.pushDelivery;
  const push = createPushService({
    db,
    clock,
    limiter,
    vapid: await resolveVapidDetails(config),
    subscriptionsPerMember: config.pushSubscriptionsPerMember,
    loopbackEndpoints: config.pushLoopbackEndpoints,
    delivery: { ...config.pushDelivery, ca: caFile ? await fs.readFile(caFile) : undefined },
    photoLinks,
    // The chat and the notifications are built below; a push is queued only once they are.
    badgeOf: (memberId) => notifications.badge(memberId),
    badgeSql: (memberId) => notifications.badgeSql(memberId),
    onlineAmong: presence.onlineAmong,
    log,
  });
  app.decorate('push', push);
  const unsubscribeSecret =
    config.unsubscribeSecret ??
    (await keptSecret(path.join(config.dataDir, 'secrets', 'unsubscribe')));
  const digest = createDigestService({
    db,
    clock,
    mailer: deps.mailer,
    log,
    publicUrl: config.publicUrl,
    delayMs: config.digestDelayMs,
    tokens: createUnsubscribeTokens(unsubscribeSecret),
    stopEmailDigest: push.stopEmailDigest,
  });
  app.decorate('digest', digest);
  const auth = createAuthService({
    db,
    clock,
    limiter,
    mailer: deps.mailer,
    publicUrl: config.publicUrl,
    sessionTtlMs: config.sessionTtlMs,
    googleVerifier: deps.googleVerifier,
    passwords,
    deviceCookies: createDeviceCookies({
      secret:
        config.deviceCookieSecret ??
        (await keptSecret(path.join(config.dataDir, 'secrets', 'device-cookie'))),
      clock,
      secure: isHttps(deps),
    }),
    activity,
    sessionCache: createSessionCache({
      maxAgeMs: config.sessionCacheMs,
      maxEntries: SESSION_CACHE_ENTRIES,
    }),
    onSessionsEnded: (ended) => {
      outlet.endSessions(ended, 'SESSION_ENDED').catch((err: unknown) => {
        log.error({ err }, 'Could not close the sockets of ended sessions');
      });
    },
    afterSessionsEnd: push.sessionsEnded,
  });
  // Sessions ended on another node leave this node's cache as their sockets close (ADR 013).
  deps.realtime.backplane.subscribe((event) => {
    if (event.kind === 'end-sessions') auth.forgetSessions(event);
  });
  const whoMayWrite = createWhoMayWrite({ db, clock });
  const relationships = createRelationships({ db, clock, publish: outlet.publish });
  const members = { db, clock, photoLinks };
  const moderation = createModerationService({
    db,
    clock,
    limiter,
    reportsPerDay: config.reportsPerDay,
    mediaStore: deps.mediaStore,
    photoLinks,
    mediaLinks,
    mailer: deps.mailer,
    endMemberSessions: auth.endMemberSessions,
    onFakeProfileReport: (memberId) =>
      db.transaction((tx) => verification.recheck(tx, memberId, 'fake-profile-report')),
    onMainPhotoChanged: (tx, memberId) => verification.recheck(tx, memberId, 'main-photo-changed'),
  });
  const memberTexts = createMemberTexts({
    db,
    clock,
    shieldEnabled: config.scamShield.enabled,
    newAccountMs: config.newAccount.ms,
  });
  // One budget of new conversations a day, whichever way a member opens one (ADR 043).
  const firstContacts = createFirstContacts({
    db,
    clock,
    limiter,
    perDay: config.firstMessagesPerDay,
    newAccount: config.newAccount,
  });
  const chat = createChatService({
    ...members,
    memberTexts,
    privateMedia: deps.privateMediaStore,
    mediaLinks,
    whoMayWrite,
    publish: outlet.publish,
    onlineAmong: presence.onlineAmong,
    limiter,
    firstContacts,
    scamShield: config.scamShield,
    reportSender: moderation.reportAutomatically,
    onNewMessage: push.notify,
  });
  const guardians = createGuardiansService({
    db,
    clock,
    limiter,
    mailer: deps.mailer,
    publicUrl: config.publicUrl,
    photoLinks,
    chat,
    whoMayWrite,
    firstContacts,
    memberTexts,
    unsubscribeTokens: createUnsubscribeTokens(unsubscribeSecret, 'guardian-digest-unsubscribe'),
    log,
  });
  app.decorate('guardians', guardians);
  const notifications = createNotificationsService({
    db,
    unreadMessages: chat.unreadCount,
    unreadConversations: chat.unreadConversations,
    unreadConversationsSql: chat.unreadConversationsSql,
  });
  const calls = createCallsService({
    ...members,
    store: deps.realtime.calls,
    whoMayWrite,
    firstContacts,
    addCallEntry: chat.addCallEntry,
    publish: outlet.publish,
    ringTimeoutMs: config.callRingMs,
    log,
    onCall: push.notify,
  });
  const realtime = createRealtimeService({
    sendHandlers: [callSignalHandler(calls), push.viewingHandler()],
    onSubscribed: calls.subscribed,
    onConnectionClosed: (member) => {
      calls.connectionClosed(member);
      push.connectionClosed(member);
    },
    openConnections: () =>
      new Promise((resolve) => app.server.getConnections((err, count) => resolve(err ? 0 : count))),
    limits: config.broker,
    backplane: deps.realtime.backplane,
    presence,
    authenticate: (token) => auth.authenticate(token),
    clock,
    log,
  });
  app.decorate('realtime', realtime);
  let cityIndex: CityIndex | undefined;
  const cities = () => {
    cityIndex ??= loadCityIndex();
    return cityIndex;
  };
  const janitor = createMediaJanitor({
    db,
    mediaStore: deps.mediaStore,
    stores: { 'private-media': deps.privateMediaStore, exports: deps.exportStore },
    clock,
    log,
    orphanGraceMs: ORPHAN_GRACE_MS,
  });
  app.decorate('mediaJanitor', janitor);
  const dataExports = createDataExports({
    db,
    clock,
    limiter,
    log,
    exportStore: deps.exportStore,
    mediaStore: deps.mediaStore,
    privateMediaStore: deps.privateMediaStore,
    sweepFiles: () => janitor.sweepQueue(),
  });
  app.decorate('dataExports', dataExports);
  const users = createUsersService({
    db,
    clock,
    limiter,
    mediaStore: deps.mediaStore,
    photoLinks,
    cities,
    mailer: deps.mailer,
    publicUrl: config.publicUrl,
    janitor,
    log,
    passwords,
    registrationsPerHourPerAddress: config.registrationsPerHourPerAddress,
    onMainPhotoChanged: (tx, memberId) => verification.recheck(tx, memberId, 'main-photo-changed'),
    memberTexts,
  });
  const providers = deps.paymentProviders ?? (await paymentProviders(config, db));
  const payments = createPaymentsService({
    db,
    clock,
    publicUrl: config.publicUrl,
    providers,
    xofPrices: config.xofPrices,
    xofGiftPrices: config.xofGiftPrices,
    announce: chat.announce,
    whoMayWrite,
    openCheckoutsPerMember: config.openCheckoutsPerMember,
    checkoutMs: config.checkoutMs,
    log,
  });

  // Three renewals per TTL: one lost tick never makes a live node look dead.
  const renewEveryMs = config.presenceTtlMs / 3;
  /** Started in this order at onReady, stopped in the reverse order at onClose. */
  const background: Background[] = [
    { name: 'activity', start: () => activity.start(ACTIVITY_WRITE_MS) },
    { name: 'presence', start: () => presence.start(renewEveryMs) },
    { name: 'calls', start: () => calls.start(renewEveryMs) },
    { name: 'push delivery', start: () => push.start(config.pushDelivery.pollMs) },
    // Exports asked for before a restart are made now.
    ...(config.mediaSweepMs > 0
      ? [
          { name: 'media janitor', start: () => janitor.start(config.mediaSweepMs) },
          { name: 'data exports', start: () => dataExports.start(config.mediaSweepMs) },
        ]
      : []),
    ...(config.digestEveryMs > 0
      ? [
          { name: 'e-mail digest', start: () => digest.start(config.digestEveryMs) },
          { name: 'guardian digest', start: () => guardians.startDigest(config.digestEveryMs) },
        ]
      : []),
  ];

  return {
    background,
    outlet,
    passwords,
    auth,
    presence,
    relationships,
    mediaLinks,
    photoLinks,
    selfieLinks,
    verification,
    members,
    memberTexts,
    moderation,
    chat,
    guardians,
    notifications,
    calls,
    realtime,
    cities,
    janitor,
    dataExports,
    users,
    providers,
    payments,
    push,
    digest,
  };
}

/** One place for the lifecycle: everything in `background` starts at onReady, stops at onClose. */
function startInBackground(app: FastifyInstance, background: Background[]) {
  const stops: Stop[] = [];
  app.addHook('onReady', async () => {
    for (const part of background) stops.push(part.start());
  });
  app.addHook('onClose', async () => {
    for (const stop of stops.splice(0).reverse()) await stop();
  });
}

/** A module's routes registered in a scope, with their options. */
type Mount = (scope: FastifyInstance) => PromiseLike<unknown>;
/** `scope: never` takes a plugin written for any Fastify instance; its options are checked. */
function mount<Options>(
  plugin: (scope: never, options: Options) => Promise<void>,
  options: Options,
): Mount {
  return (scope) => scope.register(plugin as never, options as never);
}

/** The modules' routes: two lists, the open ones, then those of the member area, in this order. */
async function registerModules(
  app: FastifyInstance,
  deps: AppDependencies,
  s: Awaited<ReturnType<typeof composeModules>>,
) {
  const { db, clock, limiter, config } = deps;
  const open: Mount[] = [
    mount(authentication, { auth: s.auth }),
    mount(healthRoutes, { db }),
    mount(clientConfigRoutes, {
      googleClientId: config.googleClientId,
      vapidPublicKey: s.push.vapid.publicKey,
    }),
    mount(authRoutes, { auth: s.auth }),
    mount(registrationRoutes, { users: s.users }),
    mount(geoRoutes, { cities: s.cities }),
    mount(mediaRoutes, {
      db,
      store: deps.mediaStore,
      links: s.photoLinks,
      pace: createMinutePace({ limiter, name: 'photos', max: config.photosPerMinute }),
    }),
    mount(privateMediaRoutes, { db, store: deps.privateMediaStore, links: s.mediaLinks }),
    mount(selfieRoutes, { db, store: deps.privateMediaStore, links: s.selfieLinks }),
    mount(digestRoutes, { digest: s.digest }),
    mount(guardianPageRoutes, { guardians: s.guardians }),
    mount(guardianDigestRoutes, { guardians: s.guardians }),
    mount(paymentCatalogueRoutes, { payments: s.payments }),
    mount(paymentNotificationRoutes, {
      payments: s.payments,
      ...(await paymentNotifications(config)),
    }),
    ...(Object.values(s.providers).some((provider) => provider.name === 'local')
      ? [
          mount(localCheckoutRoutes, {
            db,
            onPaid: (reference: string) => s.payments.notified('local', reference),
          }),
        ]
      : []),
    mount(realtimeRoutes, {
      broker: s.realtime.broker,
      maxFrameBytes: config.broker.maxFrameBytes,
    }),
  ];
  const members: Mount[] = [
    mount(sessionRoutes, { auth: s.auth }),
    mount(usersRoutes, { users: s.users }),
    mount(accountRoutes, {
      exports: s.dataExports,
      deletion: createAccountDeletion({
        db,
        clock,
        limiter,
        googleVerifier: deps.googleVerifier,
        log: app.log,
        passwords: s.passwords,
        endMemberSessions: s.auth.endMemberSessions,
        sweepFiles: () => s.janitor.sweepQueue(),
      }),
    }),
    mount(discoveryRoutes, {
      discovery: createDiscoveryService({
        ...s.members,
        limiter,
        readingLimits: {
          detailsPerDay: config.profilesPerDay,
          suggestionPagesPerDay: config.suggestionPagesPerDay,
          detailsPerMinute: config.profilesPerMinute,
          suggestionPagesPerMinute: config.suggestionPagesPerMinute,
          // An estimate costs about what a page does, but a filter screen asks once per change
          // that settles (each tick of seventeen fields): three times a reader's pace of pages.
          estimatesPerMinute: config.suggestionPagesPerMinute * 3,
        },
        onlineAmong: s.presence.onlineAmong,
        memberTexts: s.memberTexts,
      }),
    }),
    mount(likesRoutes, {
      likes: createLikesService({
        ...s.members,
        limiter,
        likesPerDay: config.likesPerDay,
        newAccount: config.newAccount,
        publish: s.outlet.publish,
        onLiked: s.push.notify,
      }),
    }),
    mount(profileViewsRoutes, { profileViews: createProfileViewsService(s.members) }),
    mount(notificationsRoutes, { notifications: s.notifications }),
    mount(pushRoutes, { push: s.push }),
    mount(chatRoutes, { chat: s.chat }),
    mount(guardianSettingsRoutes, { guardians: s.guardians }),
    mount(paymentRoutes, { payments: s.payments }),
    mount(moderationRoutes, { moderation: s.moderation }),
    mount(verificationRoutes, { verification: s.verification }),
    mount(safetyRoutes, {
      relationships: s.relationships,
      photoLinks: s.photoLinks,
      onSeparated: (memberId: string, otherId: string) => s.calls.endBetween(memberId, otherId),
    }),
    mount(callsRoutes, { iceServers: createIceServers(config.ice, clock) }),
  ];
  for (const routes of open) await routes(app);
  await memberArea(app, async (member) => {
    for (const routes of members) await routes(member);
  });
  const sendAppShell = await registerWebApp(app, {
    distDir: config.webDistDir,
    https: isHttps(deps),
  });
  registerNotFoundHandler(app, { sendAppShell });
}
