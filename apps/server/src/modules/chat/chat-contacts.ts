import { CONTACT_PREVIEW_MAX_LENGTH, type Contact, type LastMessage } from '@mawadda/contract';
import { photosFor } from '../../core/profile-photos.ts';
import { notFound } from '../../lib/http-error.ts';
import type { ChatContext } from './chat-context.ts';
import { type ContactRow, findContacts, type LastMessageRow } from './contacts.repository.ts';
import { callOf } from './message-view.ts';

/** The conversation list's preview of a message: what it is, never a media link. */
function previewOf(row: LastMessageRow, viewerId: string): LastMessage {
  const mine = row.senderId === viewerId;
  // Hidden by a moderator (ADR 083): its receiver reads nothing of it, not even what it was.
  if (row.hidden && !mine) return { mine, kind: 'hidden', text: null, call: null };
  const call = callOf(row.call);
  const kind = row.notice
    ? 'notice'
    : row.call
      ? 'call'
      : row.giftId !== null
        ? 'gift'
        : row.hasImage
          ? 'photo'
          : row.hasAudio
            ? 'voice'
            : row.mediaRemoved
              ? 'removed'
              : 'text';
  return {
    mine,
    kind,
    // A notice's content is the server's (a wali contact shared), never a preview.
    text: call || row.notice ? null : row.content,
    call,
    // Only on a notice: the members' own lines stay as they were before family mode.
    ...(row.notice ? { notice: row.notice } : {}),
    ...(row.giftId !== null ? { gift: row.giftId } : {}),
  };
}

/** A contact as `memberId` sees them: photo links made for them, the last message previewed. */
async function toContacts(
  ctx: ChatContext,
  memberId: string,
  rows: ContactRow[],
): Promise<Contact[]> {
  const online = await ctx.onlineAmong(rows.map((row) => row.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    ...photosFor(ctx.photoLinks, memberId, row),
    verified: row.verified,
    // An ended match tells neither of the other's presence (core/member-rules.ts).
    online: !row.matchEnded && online.has(row.id),
    unreadCount: row.unreadCount,
    lastMessageTime: row.lastMessageAt?.toISOString() ?? null,
    lastMessage: row.lastMessage && previewOf(row.lastMessage, memberId),
    matched: row.matched,
    matchEnded: row.matchEnded,
    verifiedWritersOnly: row.verifiedWritersOnly,
    ...(row.awaitingFirstWordOf ? { awaitingFirstWordOf: row.awaitingFirstWordOf } : {}),
    ...(row.exclusive ? { exclusive: row.exclusive } : {}),
    deleted: row.deleted,
    guardianFollows: row.guardianFollows,
    request: row.sentRequest && {
      ...row.sentRequest,
      expiresAt: row.sentRequest.expiresAt.toISOString(),
    },
  }));
}

/** The member's contacts, the most recent conversation (or match) first. */
export async function contacts(ctx: ChatContext, memberId: string): Promise<Contact[]> {
  return toContacts(
    ctx,
    memberId,
    await findContacts(ctx.db, memberId, CONTACT_PREVIEW_MAX_LENGTH, ctx.clock.now()),
  );
}

/**
 * The member of a conversation opened with them: a contact, or a member one may be suggested
 * (whom a subscriber may write to first). Anyone else, blocked either way, gone or unknown, is a
 * 404, as their conversation is.
 */
export async function contact(ctx: ChatContext, memberId: string, otherId: string) {
  const rows = await findContacts(
    ctx.db,
    memberId,
    CONTACT_PREVIEW_MAX_LENGTH,
    ctx.clock.now(),
    otherId,
  );
  const [found] = await toContacts(ctx, memberId, rows);
  if (!found) throw notFound('MEMBER_NOT_FOUND');
  return found;
}
