import { randomUUID } from 'node:crypto';
import path from 'node:path';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import type { PaymentMethod } from '@mawadda/contract';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { Clock } from './lib/clock.ts';
import { keptSecret } from './lib/kept-secret.ts';
import type { Mailer } from './lib/mailer.ts';
import { createMinutePace } from './lib/minute-pace.ts';
import type { RateLimitStore } from './lib/rate-limiter.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { createAccountDeletion } from './modules/account/account-deletion.service.ts';
import { createDataExports, type DataExports } from './modules/account/data-exports.ts';
import { createActivityRecorder } from './modules/auth/activity-recorder.ts';
import { authRoutes, sessionRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createDeviceCookies } from './modules/auth/device-cookie.ts';
import type { GoogleVerifier } from './modules/auth/google-verifier.ts';
import { createSessionCache } from './modules/auth/session-cache.ts';
import type { CallStore } from './modules/calls/call-store.ts';
import { callsRoutes } from './modules/calls/calls.routes.ts';
import { callSignalHandler, createCallsService } from './modules/calls/calls.service.ts';
import { createIceServers } from './modules/calls/ice-servers.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { createChatService } from './modules/chat/chat.service.ts';
import { clientConfigRoutes } from './modules/client-config/client-config.routes.ts';
import { discoveryRoutes } from './modules/discovery/discovery.routes.ts';
import { createDiscoveryService } from './modules/discovery/discovery.service.ts';
import { type CityIndex, loadCityIndex } from './modules/geo/city-index.ts';
import { geoRoutes } from './modules/geo/geo.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { likesRoutes } from './modules/likes/likes.routes.ts';
import { createLikesService } from './modules/likes/likes.service.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { createMediaJanitor, type MediaJanitor } from './modules/media/media-janitor.ts';
import { createMediaLinks, PRIVATE_MEDIA_PREFIX } from './modules/media/media-links.ts';
import { MEDIA_URL_PREFIX, type MediaStore } from './modules/media/media-store.ts';
import { privateMediaRoutes } from './modules/media/private-media.routes.ts';
import { moderationRoutes } from './modules/moderation/moderation.routes.ts';
import { createModerationService } from './modules/moderation/moderation.service.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { createNotificationsService } from './modules/notifications/notifications.service.ts';
import { localCheckoutRoutes } from './modules/payments/local-provider.ts';
import type { PaymentProvider } from './modules/payments/payment-provider.ts';
import { paymentNotifications, paymentProviders } from './modules/payments/payment-providers.ts';
import {
  paymentCatalogueRoutes,
  paymentNotificationRoutes,
  paymentRoutes,
} from './modules/payments/payments.routes.ts';
import { createPaymentsService } from './modules/payments/payments.service.ts';
import { profileViewsRoutes } from './modules/profile-views/profile-views.routes.ts';
import { createProfileViewsService } from './modules/profile-views/profile-views.service.ts';
import type { Backplane } from './modules/realtime/backplane.ts';
import { createPresenceService } from './modules/realtime/presence.service.ts';
import type { PresenceStore } from './modules/realtime/presence-store.ts';
import { realtimeRoutes } from './modules/realtime/realtime.routes.ts';
import {
  createRealtimeService,
  type RealtimeService,
} from './modules/realtime/realtime.service.ts';
import { relatedMemberIds } from './modules/relationships/relationships.repository.ts';
import { safetyRoutes } from './modules/relationships/relationships.routes.ts';
import { createRelationships } from './modules/relationships/relationships.service.ts';
import { registrationRoutes, usersRoutes } from './modules/users/users.routes.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { authentication, memberArea } from './plugins/authentication.ts';
import { limitConnections, refuseEncodedForms } from './plugins/connection-limits.ts';
import {
  answerFrameworkError,
  registerErrorHandler,
  registerNotFoundHandler,
} from './plugins/error-handler.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
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
    | 'openCheckoutsPerMember'
    | 'checkoutMs'
    | 'stripe'
    | 'paydunya'
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
  }
}

/** Builds the whole app from explicit dependencies; `server.ts` wires the real ones and listens. */
export async function buildApp(deps: AppDependencies) {
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    trustProxy: deps.config.trustProxy,
    // A caller's request id is kept when it looks like one, so a trace spans the proxy and us.
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1024 * 1024,
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
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerErrorHandler(app);
  refuseEncodedForms(app);
  const https = deps.config.publicUrl.startsWith('https:');
  registerSecurityHeaders(app, { https });

  // Brotli or gzip for text (the app's JavaScript, CSS, JSON): the first visit on a slow mobile
  // network is mostly bytes. Images are already compressed and pass as they are.
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(multipart);
  await registerOpenApi(app);

  // The broker authenticates through the auth service, which closes the sockets of the sessions it
  // ends through the broker: the second is built after the first and reached through this binding.
  let realtime: RealtimeService | undefined;
  const broker = () => {
    if (!realtime) throw new Error('The broker is used before it is built');
    return realtime.broker;
  };
  const activity = createActivityRecorder({ db: deps.db, clock: deps.clock, log: app.log });
  let stopActivity: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stopActivity = activity.start(ACTIVITY_WRITE_MS);
  });
  app.addHook('onClose', async () => {
    await stopActivity?.();
  });
  const auth = createAuthService({
    db: deps.db,
    clock: deps.clock,
    limiter: deps.limiter,
    mailer: deps.mailer,
    publicUrl: deps.config.publicUrl,
    sessionTtlMs: deps.config.sessionTtlMs,
    googleVerifier: deps.googleVerifier,
    deviceCookies: createDeviceCookies({
      secret:
        deps.config.deviceCookieSecret ??
        (await keptSecret(path.join(deps.config.dataDir, 'secrets', 'device-cookie'))),
      clock: deps.clock,
      secure: https,
    }),
    activity,
    sessionCache: createSessionCache({
      maxAgeMs: deps.config.sessionCacheMs,
      maxEntries: SESSION_CACHE_ENTRIES,
    }),
    onSessionsEnded: (ended) => {
      realtime?.broker.endSessions(ended, 'SESSION_ENDED').catch((err: unknown) => {
        app.log.error({ err }, 'Could not close the sockets of ended sessions');
      });
    },
  });
  const presence = createPresenceService({
    store: deps.realtime.presence,
    backplane: deps.realtime.backplane,
    related: (memberId) => relatedMemberIds(deps.db, memberId),
    log: app.log,
  });
  // Sessions ended on another node leave this node's cache as their sockets close (ADR 013).
  deps.realtime.backplane.subscribe((event) => {
    if (event.kind === 'end-sessions') auth.forgetSessions(event);
  });
  const relationships = createRelationships({ db: deps.db, clock: deps.clock });
  const mediaLinks = createMediaLinks({
    secret: deps.config.mediaLinkSecret,
    ttlMs: deps.config.mediaLinkTtlMs,
    clock: deps.clock,
    prefix: PRIVATE_MEDIA_PREFIX,
    stepMs: 60_000,
  });
  // Coarser steps than chat media: a suggestion page reloaded within a quarter of the lifetime
  // gives the same URLs, so the browser shows the photos it already has.
  const photoLinks = createMediaLinks({
    secret: deps.config.mediaLinkSecret,
    ttlMs: deps.config.photoLinkTtlMs,
    clock: deps.clock,
    prefix: MEDIA_URL_PREFIX,
    stepMs: Math.ceil(deps.config.photoLinkTtlMs / 4 / 60_000) * 60_000,
  });
  const members = { db: deps.db, clock: deps.clock, photoLinks };
  const chat = createChatService({
    ...members,
    privateMedia: deps.privateMediaStore,
    mediaLinks,
    relationships,
    publish: (destination, body, to) => broker().publish(destination, body, to),
    onlineAmong: presence.onlineAmong,
    limiter: deps.limiter,
    firstMessagesPerDay: deps.config.firstMessagesPerDay,
  });
  const calls = createCallsService({
    ...members,
    store: deps.realtime.calls,
    relationships,
    addCallEntry: chat.addCallEntry,
    publish: (destination, body, to) => broker().publish(destination, body, to),
    ringTimeoutMs: deps.config.callRingMs,
    log: app.log,
  });
  realtime = createRealtimeService({
    sendHandlers: [callSignalHandler(calls)],
    onConnectionClosed: calls.connectionClosed,
    openConnections: () =>
      new Promise((resolve) => app.server.getConnections((err, count) => resolve(err ? 0 : count))),
    limits: deps.config.broker,
    backplane: deps.realtime.backplane,
    presence,
    authenticate: (token) => auth.authenticate(token),
    clock: deps.clock,
    log: app.log,
  });
  let stopPresence: (() => Promise<void>) | undefined;
  let stopCalls: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    // Three renewals per TTL: one lost tick never makes a live node look dead.
    stopPresence = presence.start(deps.config.presenceTtlMs / 3);
    stopCalls = calls.start(deps.config.presenceTtlMs / 3);
  });
  app.addHook('onClose', async () => {
    await stopCalls?.();
    await stopPresence?.();
  });
  app.decorate('realtime', realtime);
  let cityIndex: CityIndex | undefined;
  const cities = () => {
    cityIndex ??= loadCityIndex();
    return cityIndex;
  };
  const janitor = createMediaJanitor({
    db: deps.db,
    mediaStore: deps.mediaStore,
    stores: { 'private-media': deps.privateMediaStore, exports: deps.exportStore },
    clock: deps.clock,
    log: app.log,
    orphanGraceMs: ORPHAN_GRACE_MS,
  });
  app.decorate('mediaJanitor', janitor);
  const dataExports = createDataExports({
    db: deps.db,
    clock: deps.clock,
    limiter: deps.limiter,
    log: app.log,
    exportStore: deps.exportStore,
    mediaStore: deps.mediaStore,
    privateMediaStore: deps.privateMediaStore,
    sweepFiles: () => janitor.sweepQueue(),
  });
  app.decorate('dataExports', dataExports);
  if (deps.config.mediaSweepMs > 0) {
    let stops: Array<() => void> = [];
    app.addHook('onReady', async () => {
      // Exports asked for before a restart are made now.
      stops = [
        janitor.start(deps.config.mediaSweepMs),
        dataExports.start(deps.config.mediaSweepMs),
      ];
    });
    app.addHook('onClose', async () => {
      for (const stop of stops) stop();
    });
  }
  const users = createUsersService({
    db: deps.db,
    clock: deps.clock,
    limiter: deps.limiter,
    mediaStore: deps.mediaStore,
    photoLinks,
    cities,
    mailer: deps.mailer,
    publicUrl: deps.config.publicUrl,
    janitor,
    log: app.log,
    registrationsPerHourPerAddress: deps.config.registrationsPerHourPerAddress,
  });

  const providers = deps.paymentProviders ?? (await paymentProviders(deps.config, deps.db));
  const payments = createPaymentsService({
    db: deps.db,
    clock: deps.clock,
    publicUrl: deps.config.publicUrl,
    providers,
    xofPrices: deps.config.xofPrices,
    announce: chat.announce,
    relationships,
    openCheckoutsPerMember: deps.config.openCheckoutsPerMember,
    checkoutMs: deps.config.checkoutMs,
    log: app.log,
  });

  await app.register(authentication, { auth });
  await app.register(healthRoutes, { db: deps.db });
  await app.register(clientConfigRoutes, { googleClientId: deps.config.googleClientId });
  await app.register(authRoutes, { auth });
  await app.register(registrationRoutes, { users });
  await app.register(geoRoutes, { cities });
  await app.register(mediaRoutes, {
    db: deps.db,
    store: deps.mediaStore,
    links: photoLinks,
    pace: createMinutePace({
      limiter: deps.limiter,
      name: 'photos',
      max: deps.config.photosPerMinute,
    }),
  });
  await app.register(privateMediaRoutes, {
    db: deps.db,
    store: deps.privateMediaStore,
    links: mediaLinks,
  });
  await app.register(paymentCatalogueRoutes, { payments });
  await app.register(paymentNotificationRoutes, {
    payments,
    ...(await paymentNotifications(deps.config)),
  });
  if (Object.values(providers).some((provider) => provider.name === 'local')) {
    await app.register(localCheckoutRoutes, {
      db: deps.db,
      onPaid: (reference) => payments.notified('local', reference),
    });
  }
  await app.register(realtimeRoutes, {
    broker: realtime.broker,
    maxFrameBytes: deps.config.broker.maxFrameBytes,
  });
  await memberArea(app, async (member) => {
    await member.register(sessionRoutes, { auth });
    await member.register(usersRoutes, { users });
    await member.register(accountRoutes, {
      exports: dataExports,
      deletion: createAccountDeletion({
        db: deps.db,
        clock: deps.clock,
        limiter: deps.limiter,
        googleVerifier: deps.googleVerifier,
        log: app.log,
        endMemberSessions: auth.endMemberSessions,
        sweepFiles: () => janitor.sweepQueue(),
      }),
    });
    await member.register(discoveryRoutes, {
      discovery: createDiscoveryService({
        ...members,
        limiter: deps.limiter,
        readingLimits: {
          detailsPerDay: deps.config.profilesPerDay,
          suggestionPagesPerDay: deps.config.suggestionPagesPerDay,
          detailsPerMinute: deps.config.profilesPerMinute,
          suggestionPagesPerMinute: deps.config.suggestionPagesPerMinute,
        },
        onlineAmong: presence.onlineAmong,
      }),
    });
    await member.register(likesRoutes, {
      likes: createLikesService({
        ...members,
        limiter: deps.limiter,
        likesPerDay: deps.config.likesPerDay,
        publish: (destination, body, to) => broker().publish(destination, body, to),
      }),
    });
    await member.register(profileViewsRoutes, {
      profileViews: createProfileViewsService(members),
    });
    await member.register(notificationsRoutes, {
      notifications: createNotificationsService({ db: deps.db, unreadMessages: chat.unreadCount }),
    });
    await member.register(chatRoutes, { chat });
    await member.register(paymentRoutes, { payments });
    await member.register(moderationRoutes, {
      moderation: createModerationService({
        db: deps.db,
        clock: deps.clock,
        limiter: deps.limiter,
        reportsPerDay: deps.config.reportsPerDay,
        mediaStore: deps.mediaStore,
        photoLinks,
        mediaLinks,
        mailer: deps.mailer,
        endMemberSessions: auth.endMemberSessions,
      }),
    });
    await member.register(safetyRoutes, {
      relationships,
      photoLinks,
      onSeparated: (memberId, otherId) => calls.endBetween(memberId, otherId),
    });
    await member.register(callsRoutes, {
      iceServers: createIceServers(deps.config.ice, deps.clock),
    });
  });
  const sendAppShell = await registerWebApp(app, { distDir: deps.config.webDistDir, https });
  registerNotFoundHandler(app, { sendAppShell });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
