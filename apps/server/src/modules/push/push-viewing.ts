import { viewingFrameSchema } from '@mawadda/contract';
import {
  type ConnectedMember,
  invalidFrame,
  jsonBody,
  type SendHandler,
} from '../realtime/index.ts';
import type { PushContext } from './push-context.ts';
import { forgetViewing, saveViewing } from './push-queue.repository.ts';

/**
 * `/app/viewing` on the socket: `{ "with": memberId }` when a conversation is on screen,
 * `{ "with": null }` when it is left. A message in it is then not pushed.
 */
export function viewingHandler(ctx: PushContext): SendHandler {
  return {
    destination: /^\/app\/viewing$/,
    handle: async (from, _match, body) => {
      const parsed = viewingFrameSchema.safeParse(jsonBody(body));
      if (!parsed.success) throw invalidFrame('Viewing needs "with": a member id or null');
      await saveViewing(
        ctx.db,
        from.connectionId,
        from.memberId,
        parsed.data.with,
        ctx.clock.now(),
      );
    },
  };
}

/** A socket closed: what it showed no longer counts. */
export function forgetSocket(ctx: PushContext, member: ConnectedMember): void {
  forgetViewing(ctx.db, member.connectionId).catch((err: unknown) =>
    ctx.log.error({ err }, 'Could not forget what a socket showed'),
  );
}
