import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { memberArea } from '../../plugins/authentication.ts';
import type { GoogleVerifier } from '../auth/index.ts';
import { accountRoutes } from './account.routes.ts';
import { createAccountDeletion } from './account-deletion.service.ts';
import { createDataExports, type DataExports } from './data-exports.ts';

declare module 'fastify' {
  interface FastifyInstance {
    dataExports: DataExports;
  }
}

/** A member's copy of their data (ADR 028) and the deletion of their account. */
export const accountModule = fp(
  async (app: FastifyInstance, options: { googleVerifier: GoogleVerifier | undefined }) => {
    const { db, clock, config, log, limiter, stores } = app.platform;
    const sweepFiles = () => app.mediaJanitor.sweepQueue();
    const dataExports = createDataExports({
      db,
      clock,
      limiter,
      log,
      exportStore: stores.exports,
      mediaStore: stores.media,
      privateMediaStore: stores.privateMedia,
      sweepFiles,
    });
    app.decorate('dataExports', dataExports);
    // Exports asked for before a restart are made now.
    if (config.mediaSweepMs > 0) {
      app.background.add({
        name: 'data exports',
        start: () => dataExports.start(config.mediaSweepMs),
      });
    }
    const deletion = createAccountDeletion({
      db,
      clock,
      limiter,
      googleVerifier: options.googleVerifier,
      log,
      passwords: app.platform.passwords,
      endMemberSessions: app.auth.endMemberSessions,
      hasFreshSecondFactor: app.auth.hasFreshSecondFactor,
      sweepFiles,
    });
    await memberArea(app, async (member) => {
      await member.register(accountRoutes, { exports: dataExports, deletion });
    });
  },
  {
    name: 'account',
    dependencies: ['platform', 'background-work', 'authentication', 'auth', 'media'],
  },
);
