import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { Clock } from './lib/clock.ts';
import type { Mailer } from './lib/mailer.ts';
import type { RateLimitStore } from './lib/rate-limiter.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import type { GoogleVerifier } from './modules/auth/google-verifier.ts';
import { clientConfigRoutes } from './modules/client-config/client-config.routes.ts';
import { discoveryRoutes } from './modules/discovery/discovery.routes.ts';
import { createDiscoveryService } from './modules/discovery/discovery.service.ts';
import { type CityIndex, loadCityIndex } from './modules/geo/city-index.ts';
import { geoRoutes } from './modules/geo/geo.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { likesRoutes } from './modules/likes/likes.routes.ts';
import { createLikesService } from './modules/likes/likes.service.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import type { MediaStore } from './modules/media/media-store.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { createNotificationsService } from './modules/notifications/notifications.service.ts';
import { profileViewsRoutes } from './modules/profile-views/profile-views.routes.ts';
import { createProfileViewsService } from './modules/profile-views/profile-views.service.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { authentication } from './plugins/authentication.ts';
import { registerErrorHandler, registerNotFoundHandler } from './plugins/error-handler.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerWebApp } from './plugins/web-app.ts';

export type AppDependencies = {
  config: Pick<
    Config,
    'publicUrl' | 'sessionTtlMs' | 'trustProxy' | 'webDistDir' | 'googleClientId'
  >;
  db: Database;
  mediaStore: MediaStore;
  mailer: Mailer;
  limiter: RateLimitStore;
  clock: Clock;
  /** Absent when GOOGLE_CLIENT_ID is not set: Google sign-in then answers 503. */
  googleVerifier: GoogleVerifier | undefined;
  /** The process logger; without one (tests) the app logs nothing. */
  logger?: FastifyBaseLogger;
};

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

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
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerErrorHandler(app);

  // Brotli or gzip for text (the app's JavaScript, CSS, JSON): the first visit on a slow mobile
  // network is mostly bytes. Images are already compressed and pass as they are.
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(multipart);
  await registerOpenApi(app);

  const auth = createAuthService({
    db: deps.db,
    clock: deps.clock,
    limiter: deps.limiter,
    mailer: deps.mailer,
    publicUrl: deps.config.publicUrl,
    sessionTtlMs: deps.config.sessionTtlMs,
    googleVerifier: deps.googleVerifier,
  });
  let cityIndex: CityIndex | undefined;
  const cities = () => {
    cityIndex ??= loadCityIndex();
    return cityIndex;
  };
  const users = createUsersService({
    db: deps.db,
    clock: deps.clock,
    limiter: deps.limiter,
    mediaStore: deps.mediaStore,
    cities,
  });

  const members = { db: deps.db, clock: deps.clock, mediaStore: deps.mediaStore };

  await app.register(authentication, { auth });
  await app.register(healthRoutes, { db: deps.db });
  await app.register(clientConfigRoutes, { googleClientId: deps.config.googleClientId });
  await app.register(authRoutes, { auth });
  await app.register(usersRoutes, { users });
  await app.register(discoveryRoutes, { discovery: createDiscoveryService(members) });
  await app.register(likesRoutes, {
    likes: createLikesService({ ...members, limiter: deps.limiter }),
  });
  await app.register(profileViewsRoutes, { profileViews: createProfileViewsService(members) });
  await app.register(notificationsRoutes, {
    notifications: createNotificationsService({ db: deps.db }),
  });
  await app.register(geoRoutes, { cities });
  await app.register(mediaRoutes, { mediaStore: deps.mediaStore });
  const sendAppShell = await registerWebApp(app, { distDir: deps.config.webDistDir });
  registerNotFoundHandler(app, { sendAppShell });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
