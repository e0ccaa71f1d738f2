import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { healthRoutes } from './health.routes.ts';

/** Liveness and readiness: open routes on the database, nothing else. */
export const healthModule = fp(
  async (app: FastifyInstance) => {
    await app.register(healthRoutes, { db: app.platform.db });
  },
  { name: 'health', dependencies: ['platform', 'authentication'] },
);
