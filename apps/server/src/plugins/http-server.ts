import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { limitConnections, refuseEncodedForms } from './connection-limits.ts';
import { answerFrameworkError, registerErrorHandler } from './error-handler.ts';
import { registerOpenApi } from './openapi.ts';
import type { AppConfig } from './platform.ts';
import { registerSaveDataEcho } from './save-data.ts';
import { isScriptOrStylesheet, registerSecurityHeaders } from './security-headers.ts';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Fastify, its limits and timeouts, and the plugins every route goes through. */
export async function createHttpServer(options: {
  config: Pick<
    AppConfig,
    'publicUrl' | 'trustProxy' | 'requestTimeoutMs' | 'maxConnections' | 'maxConnectionsPerAddress'
  >;
  /** The process logger; without one (tests) the app logs nothing. */
  logger: FastifyBaseLogger | undefined;
}) {
  const { config, logger } = options;
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    trustProxy: config.trustProxy,
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
    requestTimeout: config.requestTimeoutMs,
    http: {
      // Node checks the timeouts on this interval (30 s by default): a tenth of the request
      // timeout keeps the cut-off close to what was configured.
      connectionsCheckingInterval: Math.min(30_000, config.requestTimeoutMs / 10),
      // Node enforces the request timeout only when the headers timeout is not above it.
      headersTimeout: Math.min(60_000, config.requestTimeoutMs),
    },
  }).withTypeProvider<ZodTypeProvider>();
  limitConnections(app.server, {
    maxConnections: config.maxConnections,
    maxPerAddress: config.maxConnectionsPerAddress,
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The hooks every request runs take the callback form, which costs no promise (ADR 086).
  app.addHook('onSend', (request, reply, _payload, done) => {
    if (!isScriptOrStylesheet(reply)) reply.header('x-request-id', request.id);
    done();
  });
  registerErrorHandler(app);
  refuseEncodedForms(app);
  registerSecurityHeaders(app, { https: config.publicUrl.startsWith('https:') });
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
