import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.ts';
import { notFound } from '../../lib/http-error.ts';
import { sessionOf } from '../../plugins/authentication.ts';
import type { AccountDeletion } from './account-deletion.service.ts';
import type { DataExports } from './data-exports.ts';

/** The member's copy of their data, and the deletion of their account: member area. */
export const accountRoutes: FastifyPluginAsyncZod<{
  exports: DataExports;
  deletion: AccountDeletion;
}> = async (app, { exports, deletion }) => {
  app.route({
    ...endpoint('requestDataExport', 'account'),
    handler: async (request, reply) =>
      reply.status(202).send(await exports.request(sessionOf(request).memberId)),
  });
  app.route({
    ...endpoint('dataExport', 'account'),
    handler: async (request) => exports.latest(sessionOf(request).memberId),
  });
  /**
   * The ZIP, for the session's member alone (ADR 028): there is no link to leak, and logging out
   * or any end of the session stops it. 404 once it has expired or was replaced.
   */
  app.route({
    ...endpoint('downloadDataExport', 'account'),
    handler: async (request, reply) => {
      const offered = await exports.offeredFile(sessionOf(request).memberId);
      if (!offered) throw notFound('DATA_EXPORT_UNAVAILABLE');
      const day = offered.readyAt.toISOString().slice(0, 10);
      return (
        reply
          .header('content-type', 'application/zip')
          .header('content-length', String(offered.file.size))
          .header('content-disposition', `attachment; filename="mawadda-data-${day}.zip"`)
          .header('cache-control', 'private, no-store')
          // Streamed from the store, never whole in memory: the contract's File is what the client
          // receives, the bytes of this stream.
          .send(offered.file.body as unknown as File)
      );
    },
  });
  app.route({
    ...endpoint('deleteAccount', 'account'),
    handler: async (request) => {
      await deletion.deleteAccount(sessionOf(request), request.body);
      return { message: 'Your account was deleted.' };
    },
  });
};
