import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.ts';
import { HttpError } from '../../lib/http-error.ts';
import { sessionOf } from '../../plugins/authentication.ts';
import type { MediaLinks } from '../media/media-links.ts';
import type { AccountDeletion } from './account-deletion.service.ts';
import type { DataExports } from './data-exports.ts';

export const DATA_EXPORT_PREFIX = '/data-exports/';
const EXPORT_KEY = /^[0-9a-f-]{36}\.zip$/;

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
  app.route({
    ...endpoint('deleteAccount', 'account'),
    handler: async (request) => {
      await deletion.deleteAccount(sessionOf(request).memberId, request.body);
      return { message: 'Your account was deleted.' };
    },
  });
};

/**
 * The ZIP itself, on the signed link the status gives (a download cannot send a bearer token):
 * only for the member the link was made for, while their copy is offered.
 */
export async function dataExportDownloadRoutes(
  app: FastifyInstance,
  options: { exports: DataExports; links: MediaLinks },
) {
  app.get<{ Params: { key: string }; Querystring: { m?: string; e?: string; s?: string } }>(
    `${DATA_EXPORT_PREFIX}:key`,
    { schema: { hide: true } },
    async (request, reply) => {
      const { key } = request.params;
      if (!EXPORT_KEY.test(key) || options.links.check(key, request.query) !== 'ok') {
        throw new HttpError(403, 'DATA_EXPORT_LINK_INVALID');
      }
      const offered = await options.exports.offeredFile(request.query.m ?? '', key);
      const stat = offered && (await fs.promises.stat(offered.file).catch(() => undefined));
      if (!offered || !stat) throw new HttpError(403, 'DATA_EXPORT_LINK_INVALID');
      const day = offered.readyAt.toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', String(stat.size))
        .header('content-disposition', `attachment; filename="mawadda-data-${day}.zip"`)
        .header('cache-control', 'private, no-store')
        .send(fs.createReadStream(offered.file));
    },
  );
}
