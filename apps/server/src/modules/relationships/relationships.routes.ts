import type { BlockedMember } from '@mawadda/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { blurredPhotosFor } from '../../core/profile-photos.ts';
import { endpoint } from '../../lib/endpoint.ts';
import type { MediaLinks } from '../../lib/media-links.ts';
import { sessionOf } from '../../plugins/authentication.ts';
import type { Relationships } from './relationships.service.ts';

/**
 * Blocks (set, lifted and listed by the member who blocks; the blocked member is never told) and
 * unmatching.
 */
export const safetyRoutes: FastifyPluginAsyncZod<{
  relationships: Relationships;
  photoLinks: MediaLinks;
  /** A new block, or an unmatch: what runs between the two stops at once (a call in progress). */
  onSeparated(memberId: string, otherId: string): Promise<void>;
}> = async (app, { relationships, photoLinks, onSeparated }) => {
  app.route({
    ...endpoint('block', 'blocks'),
    handler: async (request) => {
      const me = sessionOf(request).memberId;
      if (await relationships.block(me, request.params.id)) {
        await onSeparated(me, request.params.id);
      }
      return { message: 'Blocked' };
    },
  });
  app.route({
    ...endpoint('unblock', 'blocks'),
    handler: async (request) => {
      await relationships.unblock(sessionOf(request).memberId, request.params.id);
      return { message: 'Unblocked' };
    },
  });
  app.route({
    ...endpoint('unmatch', 'blocks'),
    handler: async (request) => {
      const me = sessionOf(request).memberId;
      await relationships.unmatch(me, request.params.id);
      await onSeparated(me, request.params.id);
      return { message: 'Unmatched' };
    },
  });
  app.route({
    ...endpoint('closeKindly', 'blocks'),
    handler: async (request) => {
      const me = sessionOf(request).memberId;
      await relationships.closeKindly(me, request.params.id, request.body.templateId);
      await onSeparated(me, request.params.id);
      return { message: 'Closed kindly' };
    },
  });
  app.route({
    ...endpoint('blockedMembers', 'blocks'),
    handler: async (request): Promise<BlockedMember[]> =>
      (await relationships.blocked(sessionOf(request).memberId)).map((row) => ({
        id: row.id,
        name: row.name,
        // A block hides each from the other, photos included: the list shows blurred copies.
        mediaUrls: blurredPhotosFor(photoLinks, sessionOf(request).memberId, row.photoKeys),
        blockedAt: row.blockedAt.toISOString(),
      })),
  });
};
