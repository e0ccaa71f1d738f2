import type { ScamShieldConfig } from '../../config.ts';
import type { FirstContacts } from '../../core/first-contacts.ts';
import type { MemberTexts } from '../../core/member-texts.ts';
import type { WhoMayWrite } from '../../core/who-may-write.ts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/http-error.ts';
import type { MediaLinks } from '../../lib/media-links.ts';
import type { MediaStore } from '../../lib/media-store.ts';
import type { RateLimitStore } from '../../lib/rate-limiter.ts';
import type { RecordedEventsRegistry } from '../../lib/recorded-events.ts';
import type { Publish } from '../realtime/index.ts';
import {
  flaggedMessagesSince,
  memberReachable,
  preparedMessageInsert,
  type Recorder,
} from './chat.repository.ts';
import type { NewMessageNotice } from './message-view.ts';
import { createMessageWriter, type MessageWriter } from './message-writer.ts';
import { createScamShield, type ScamShield, type ShieldReport } from './scam-shield.ts';

/** What the chat is built from (its module file, chat.module.ts, gives it). */
export type ChatDeps = {
  db: Database;
  clock: Clock;
  /** Profile photo links, for the contacts' pictures. */
  photoLinks: MediaLinks;
  /** Chat photos and voice notes: never public. */
  privateMedia: MediaStore;
  mediaLinks: MediaLinks;
  whoMayWrite: WhoMayWrite;
  publish: Publish;
  /** As `publish`, to this node's sockets only. */
  publishHere: Publish;
  onlineAmong(memberIds: readonly string[]): Promise<Set<string>>;
  limiter: RateLimitStore;
  /** A first message takes one of the sender's new conversations of the day (ADR 043). */
  firstContacts: FirstContacts;
  /** Reads a message's text with the scam shield's rules and the new-account rule (ADR 043). */
  memberTexts: MemberTexts;
  scamShield: ScamShieldConfig;
  /** The scam shield reports a sender whose messages keep setting it off (moderation). */
  reportSender?(report: ShieldReport): Promise<unknown>;
  /** A new message (a gift included, not a call's entry) reached the receiver. */
  onNewMessage?(message: NewMessageNotice): void;
  /**
   * The outbox (ADR 064): a message's notice is recorded in the statement that stores it, for
   * the listeners that want it (push).
   */
  recorded: RecordedEventsRegistry;
};

/**
 * The chat's dependencies with what it made of them once: the scam shield, the writer, and the
 * statement recording a stored message's notice (ADR 064).
 */
export type ChatContext = ChatDeps & {
  shield: ScamShield;
  writer: MessageWriter;
  record: Recorder;
};

export function chatContext(deps: ChatDeps): ChatContext {
  const { db } = deps;
  const shield = createScamShield({
    limiter: deps.limiter,
    clock: deps.clock,
    config: deps.scamShield,
    flaggedSince: (senderId, since, limit) => flaggedMessagesSince(db, senderId, since, limit),
    report: async (report) => deps.reportSender?.(report),
  });
  const { recorded } = deps;
  const record: Recorder = (source) => recorded.insertSql('chat:message-stored', source);
  // Built at the first message, and again only if a listener of the notices was added since.
  let insert: { version: number; run: ReturnType<typeof preparedMessageInsert> } | undefined;
  const writer = createMessageWriter({
    async insert(list) {
      const version = recorded.version();
      if (insert?.version !== version) {
        insert = {
          version,
          run: preparedMessageInsert(db, deps.whoMayWrite.mayWriteCondition, record),
        };
      }
      const stored = await insert.run(list, deps.clock.now());
      if (stored.recorded > 0) recorded.told('chat:message-stored');
      return stored.rows;
    },
  });
  return { ...deps, shield, writer, record };
}

/** The other member of a conversation: 404 for someone unknown, or blocked either way. */
export async function assertReachable(ctx: ChatContext, memberId: string, otherId: string) {
  if (!(await memberReachable(ctx.db, memberId, otherId))) throw notFound('MEMBER_NOT_FOUND');
}
