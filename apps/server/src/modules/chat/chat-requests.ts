import { destinations, type ReceivedRequest, type RequestReply } from '@mawadda/contract';
import { photosFor } from '../../core/profile-photos.ts';
import { notFound } from '../../lib/http-error.ts';
import type { ChatContext } from './chat-context.ts';
import { toMessage } from './message-view.ts';
import { answerRequest, findReceivedRequests, tellExpiredRequests } from './requests.repository.ts';

/** The requests waiting for the member's answer (ADR 068): each sender's card and message. */
export async function receivedRequests(
  ctx: ChatContext,
  memberId: string,
): Promise<ReceivedRequest[]> {
  const rows = await findReceivedRequests(ctx.db, memberId, ctx.clock.now());
  return rows.map((row) => ({
    sender: {
      id: row.id,
      name: row.name,
      // Her photos stay blurred to him until a match; his are his to blur (ADR 019).
      ...photosFor(ctx.photoLinks, memberId, { ...row, matched: false }),
      verified: row.verified,
    },
    message: toMessage(ctx.mediaLinks, row.message, memberId),
    expiresAt: row.expiresAt.toISOString(),
  }));
}

/**
 * The receiver's answer to a request that waits for it (404 `REQUEST_NOT_FOUND` otherwise: none,
 * someone else's, answered, expired, blocked): accepted, the conversation opens for both;
 * declined, with the kind reply she chose by its id, it closes them until they match. Both
 * members' apps are told, with whom only, as a match ended is (they ask for the contact again),
 * and his devices by a push recorded with the answer (ADR 064).
 */
export async function answer(
  ctx: ChatContext,
  receiverId: string,
  senderId: string,
  decision: { state: 'accepted' } | { state: 'declined'; reply: RequestReply | null },
): Promise<void> {
  const { answered, recorded } = await answerRequest(
    ctx.db,
    senderId,
    receiverId,
    decision,
    ctx.clock.now(),
    (source) => ctx.recorded.insertSql('chat:request-settled', source),
  );
  if (!answered) throw notFound('REQUEST_NOT_FOUND');
  if (recorded > 0) ctx.recorded.told('chat:request-settled');
  await ctx.publish(destinations.contact(senderId), { memberId: receiverId }, [senderId]);
  await ctx.publish(destinations.contact(receiverId), { memberId: senderId }, [receiverId]);
}

/** Expired requests told at once, at most: more wait for the next round of the same run. */
const EXPIRIES_AT_ONCE = 500;

/**
 * Tells the senders of the requests that expired unanswered (ADR 068), each once, by a notice
 * recorded with the mark (push); his contact already says it. Answers how many it told.
 */
export async function tellExpired(ctx: ChatContext): Promise<number> {
  let told = 0;
  for (;;) {
    const { marked, recorded } = await tellExpiredRequests(
      ctx.db,
      ctx.clock.now(),
      EXPIRIES_AT_ONCE,
      (source) => ctx.recorded.insertSql('chat:request-settled', source),
    );
    if (recorded > 0) ctx.recorded.told('chat:request-settled');
    told += marked;
    if (marked < EXPIRIES_AT_ONCE) return told;
  }
}
