import type { PaymentMethod } from '@mawadda/contract';
import type { FastifyBaseLogger } from 'fastify';
import { accountModule } from './modules/account/index.ts';
import { authModule, type GoogleVerifier } from './modules/auth/index.ts';
import { type CallStore, callsModule } from './modules/calls/index.ts';
import { chatModule } from './modules/chat/index.ts';
import { clientConfigModule } from './modules/client-config/index.ts';
import { digestModule } from './modules/digest/index.ts';
import { discoveryModule } from './modules/discovery/index.ts';
import { geoModule } from './modules/geo/index.ts';
import { guardiansModule } from './modules/guardians/index.ts';
import { healthModule } from './modules/health/index.ts';
import { likesModule } from './modules/likes/index.ts';
import { mediaModule } from './modules/media/index.ts';
import { moderationModule } from './modules/moderation/index.ts';
import { notificationsModule } from './modules/notifications/index.ts';
import { type PaymentProvider, paymentsModule } from './modules/payments/index.ts';
import { profileViewsModule } from './modules/profile-views/index.ts';
import { pushModule } from './modules/push/index.ts';
import {
  type Backplane,
  type PresenceStore,
  realtimeBrokerModule,
  realtimeModule,
} from './modules/realtime/index.ts';
import { relationshipsModule } from './modules/relationships/index.ts';
import { usersModule } from './modules/users/index.ts';
import { verificationModule } from './modules/verification/index.ts';
import { backgroundWork } from './plugins/background-work.ts';
import { registerNotFoundHandler } from './plugins/error-handler.ts';
import { createHttpServer } from './plugins/http-server.ts';
import { metrics } from './plugins/metrics.ts';
import { type PlatformOptions, platform } from './plugins/platform.ts';
import { registerWebApp } from './plugins/web-app.ts';

/** What the process gives the app: the platform's parts, and what only some modules take. */
export type AppDependencies = PlatformOptions & {
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

/**
 * Builds the whole app from explicit dependencies; `server.ts` wires the real ones and listens.
 * The HTTP server, then the platform every module reads, then the modules in order: each is a
 * plugin that declares the modules it needs (ADR 062), builds its service from them, decorates
 * the app with it, registers its routes and hands its background work to the one lifecycle. A
 * module listed before one it needs stops the boot with Fastify's error naming both.
 */
export async function buildApp(deps: AppDependencies) {
  const { config } = deps;
  const app = await createHttpServer({ config, logger: deps.logger });
  await app.register(platform, deps);
  await app.register(backgroundWork);
  // Before the modules: its request hook sees their routes, and they count through it.
  await app.register(metrics);

  await app.register(realtimeModule, deps.realtime);
  await app.register(authModule, { googleVerifier: deps.googleVerifier });
  await app.register(healthModule);
  await app.register(geoModule);
  await app.register(verificationModule);
  await app.register(moderationModule);
  await app.register(discoveryModule);
  await app.register(likesModule);
  await app.register(profileViewsModule);
  await app.register(chatModule);
  await app.register(notificationsModule);
  await app.register(callsModule, { store: deps.realtime.calls });
  await app.register(relationshipsModule);
  await app.register(pushModule);
  await app.register(clientConfigModule);
  await app.register(mediaModule);
  await app.register(usersModule);
  await app.register(accountModule, { googleVerifier: deps.googleVerifier });
  await app.register(digestModule);
  await app.register(guardiansModule);
  await app.register(paymentsModule, { providers: deps.paymentProviders });
  // Last of the modules: the broker takes the socket parts the modules above served.
  await app.register(realtimeBrokerModule, deps.realtime);

  const sendAppShell = await registerWebApp(app, {
    distDir: config.webDistDir,
    https: app.platform.https,
  });
  registerNotFoundHandler(app, { sendAppShell });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
