import type { Contact, Guardian, GuardianOverview } from '@mawadda/contract';
import type { Executor } from '../../db/database.ts';
import { notFound } from '../../lib/http-error.ts';
import { shownToFamiliesOf } from './family-opinions.repository.ts';
import {
  activeGuardians,
  type FollowRow,
  followNewOf,
  followsOf,
  type GuardianRow,
  lockFollow,
  saveFollow,
  saveFollowNew,
} from './guardians.repository.ts';
import type { GuardiansContext } from './guardians-context.ts';

export function toGuardian(row: GuardianRow): Guardian {
  return {
    id: row.id,
    name: row.name,
    relation: row.relation,
    email: row.email,
    language: row.language,
    createdAt: row.createdAt.toISOString(),
    lastVisitAt: row.lastVisitAt?.toISOString() ?? null,
  };
}

/**
 * Starts following one conversation: the notice line first, in the same transaction as the row
 * that lets a guardian read from it, published once committed. Nothing is written while the
 * member has no guardian (nobody follows yet): the row waits with no notice.
 */
async function startFollowing(ctx: GuardiansContext, memberId: string, otherId: string) {
  const publish = await ctx.db.transaction(async (tx) => {
    const row = await lockFollow(tx, memberId, otherId);
    if (row?.followed && row.noticeSeq !== null) return undefined;
    if ((await activeGuardians(tx, memberId)).length === 0) {
      await saveFollow(tx, { memberId, otherId, followed: true, noticeSeq: null, since: null });
      return undefined;
    }
    const notice = await ctx.chat.writeNotice(memberId, otherId, 'guardian-follows', tx);
    await saveFollow(tx, {
      memberId,
      otherId,
      followed: true,
      noticeSeq: notice.seq,
      since: notice.sentAt,
    });
    return notice.publish;
  });
  await publish?.();
}

/**
 * The other member of a conversation a guardian followed (its notice line written) is told it is
 * no longer followed, by a line after the one that said it was, in `tx`; answers how to publish
 * it once committed.
 */
export async function tellStopped(
  ctx: GuardiansContext,
  tx: Executor,
  memberId: string,
  otherIds: string[],
) {
  const notices: Array<{ publish(): Promise<void> }> = [];
  for (const otherId of otherIds) {
    notices.push(await ctx.chat.writeNotice(memberId, otherId, 'guardian-stopped', tx));
  }
  return async () => {
    for (const notice of notices) await notice.publish();
  };
}

async function stopFollowing(ctx: GuardiansContext, memberId: string, otherId: string) {
  const publish = await ctx.db.transaction(async (tx) => {
    const row = await lockFollow(tx, memberId, otherId);
    await saveFollow(tx, { memberId, otherId, followed: false, noticeSeq: null, since: null });
    return row?.noticeSeq != null ? tellStopped(ctx, tx, memberId, [otherId]) : undefined;
  });
  await publish?.();
}

function setFollowing(ctx: GuardiansContext, memberId: string, otherId: string, on: boolean) {
  return on ? startFollowing(ctx, memberId, otherId) : stopFollowing(ctx, memberId, otherId);
}

/** Followed conversations whose other member was not told yet (no guardian then): told now. */
export async function tellPending(ctx: GuardiansContext, memberId: string): Promise<void> {
  for (const row of await followsOf(ctx.db, memberId)) {
    if (row.followed && row.noticeSeq === null) await startFollowing(ctx, memberId, row.otherId);
  }
}

/**
 * The member's conversations (the chat's contacts, less deleted accounts and requests, ADR 068)
 * with their choice. A conversation seen for the first time takes the member's default for new
 * ones, and is followed from now: its other member is told before anything of it is shown.
 */
export async function conversationsOf(
  ctx: GuardiansContext,
  memberId: string,
): Promise<{ contacts: Contact[]; follows: Map<string, FollowRow> }> {
  const { db } = ctx;
  // A conversation is followed once open: not the member's own request while it waits (ADR 068),
  // nor one she received, which is not among her contacts.
  const contacts = (await ctx.chat.contacts(memberId)).filter((c) => !c.deleted && !c.request);
  let follows = new Map((await followsOf(db, memberId)).map((row) => [row.otherId, row]));
  const fresh = contacts.filter((c) => !follows.has(c.id));
  if (fresh.length > 0) {
    const followNew = await followNewOf(db, memberId);
    for (const contact of fresh) await setFollowing(ctx, memberId, contact.id, followNew);
    follows = new Map((await followsOf(db, memberId)).map((row) => [row.otherId, row]));
  }
  return { contacts, follows };
}

/** The member's guardians, their default for new conversations, and each conversation's choice. */
export async function overview(ctx: GuardiansContext, memberId: string): Promise<GuardianOverview> {
  const { contacts, follows } = await conversationsOf(ctx, memberId);
  return {
    guardians: (await activeGuardians(ctx.db, memberId)).map(toGuardian),
    followNewConversations: await followNewOf(ctx.db, memberId),
    shownToFamilies: await shownToFamiliesOf(ctx.db, memberId),
    conversations: contacts.map((contact) => {
      const row = follows.get(contact.id);
      return {
        userId: contact.id,
        name: contact.name,
        followed: row?.followed ?? false,
        since: row?.since?.toISOString() ?? null,
      };
    }),
  };
}

export async function saveFollowNewSetting(
  ctx: GuardiansContext,
  memberId: string,
  followNew: boolean,
): Promise<GuardianOverview> {
  // The conversations of today keep the default they had: it is for those that start later.
  await conversationsOf(ctx, memberId);
  await saveFollowNew(ctx.db, memberId, followNew);
  return overview(ctx, memberId);
}

export async function followConversation(
  ctx: GuardiansContext,
  memberId: string,
  otherId: string,
  followed: boolean,
): Promise<GuardianOverview> {
  const { contacts } = await conversationsOf(ctx, memberId);
  if (!contacts.some((c) => c.id === otherId)) throw notFound('MEMBER_NOT_FOUND');
  await setFollowing(ctx, memberId, otherId, followed);
  return overview(ctx, memberId);
}

export async function followAllConversations(
  ctx: GuardiansContext,
  memberId: string,
  followed: boolean,
): Promise<GuardianOverview> {
  const { contacts } = await conversationsOf(ctx, memberId);
  for (const contact of contacts) await setFollowing(ctx, memberId, contact.id, followed);
  return overview(ctx, memberId);
}
