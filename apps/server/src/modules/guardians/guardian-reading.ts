import {
  GUARDIAN_TOKEN_PATTERN,
  type GuardianDigest,
  type GuardianPage,
  type Message,
} from '@mawadda/contract';
import { photosFor } from '../../core/profile-photos.ts';
import { notFound, tooManyRequests } from '../../lib/http-error.ts';
import { type Limit, reserveLimits } from '../../lib/rate-limiter.ts';
import { hashToken } from '../../lib/tokens.ts';
import { saveDigest } from './guardian-digest.repository.ts';
import { conversationsOf } from './guardian-follows.ts';
import { firstName } from './guardian-invitation.mail.ts';
import {
  guardianByTokenHash,
  guardianConversationPage,
  recordVisit,
  viewableConversations,
} from './guardians.repository.ts';
import type { GuardiansContext } from './guardians-context.ts';

const MINUTE = 60_000;
/**
 * A person reading a page and its conversations asks a few times a minute; a script guessing
 * tokens or copying a conversation asks far more. Per link, and per address for guesses, which
 * have no link to count against.
 */
const PER_LINK: Limit = { name: 'guardian-link', max: 60, windowMs: MINUTE };
const PER_ADDRESS: Limit = { name: 'guardian-address', max: 120, windowMs: MINUTE };

/**
 * What a guardian's token opens (`find`, by the token's hash), counted under the link's and the
 * address's limits before the lookup; the same 404 for an unknown, malformed, expired or revoked
 * token. Every link a guardian holds goes through it (ADR 045, ADR 078).
 */
export async function linkOf<T>(
  ctx: GuardiansContext,
  token: string,
  address: string,
  find: (tokenHash: string) => Promise<T | undefined>,
): Promise<T> {
  const tokenHash = hashToken(token);
  await reserveLimits(
    ctx.limiter,
    [
      { limit: PER_LINK, key: tokenHash },
      { limit: PER_ADDRESS, key: address },
    ],
    tooManyRequests,
  );
  const found = GUARDIAN_TOKEN_PATTERN.test(token) ? await find(tokenHash) : undefined;
  if (!found) throw notFound('GUARDIAN_LINK_INVALID');
  return found;
}

/** The guardian of a link to their page. */
const guardianOf = (ctx: GuardiansContext, token: string, address: string) =>
  linkOf(ctx, token, address, (tokenHash) =>
    guardianByTokenHash(ctx.db, tokenHash, ctx.clock.now()),
  );

/** The guardian's page: logged as a visit for the member. */
export async function guardianPage(
  ctx: GuardiansContext,
  token: string,
  address: string,
): Promise<GuardianPage> {
  const guardian = await guardianOf(ctx, token, address);
  // New conversations take the member's default here too: a guardian never waits for the member
  // to open their settings, and the other member is still told first.
  await conversationsOf(ctx, guardian.memberId);
  const rows = await viewableConversations(ctx.db, guardian.memberId);
  await recordVisit(ctx.db, guardian.id, ctx.clock.now());
  return {
    memberName: firstName(guardian.memberName),
    memberId: guardian.memberId,
    guardianName: guardian.name,
    language: guardian.language,
    digest: guardian.digest,
    conversations: rows.map((row) => ({
      id: row.id,
      name: firstName(row.name),
      ...photosFor(ctx.photoLinks, guardian.memberId, row),
      since: row.since.toISOString(),
      lastMessageTime: row.lastMessageAt?.toISOString() ?? null,
    })),
  };
}

/**
 * A page of a followed conversation, from its notice line on, as the member sees it. A
 * conversation not followed, or ended by a block, an unmatch, a ban or a deletion, is a 404 as an
 * unknown member is.
 */
export async function guardianConversation(
  ctx: GuardiansContext,
  token: string,
  address: string,
  otherId: string,
  query: { before?: string | undefined; size?: number | undefined },
): Promise<Message[]> {
  const { memberId } = await guardianOf(ctx, token, address);
  const [conversation] = await viewableConversations(ctx.db, memberId, otherId);
  if (!conversation) throw notFound('MEMBER_NOT_FOUND');
  const rows = await guardianConversationPage(ctx.db, memberId, otherId, conversation, query);
  return ctx.chat.messagesAs(memberId, rows);
}

/** The guardian's choice of how often to be mailed, from their page. */
export async function saveGuardianDigest(
  ctx: GuardiansContext,
  token: string,
  address: string,
  digest: GuardianDigest,
) {
  const guardian = await guardianOf(ctx, token, address);
  await saveDigest(ctx.db, guardian.id, digest);
  return { digest };
}
