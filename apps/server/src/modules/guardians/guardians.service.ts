import {
  type Contact,
  GUARDIAN_TOKEN_PATTERN,
  type Guardian,
  type GuardianDigest,
  type GuardianOverview,
  type GuardianPage,
  type GuardianRequest,
  type GuardianVisit,
  guardianEndpointRoutes,
  MAX_GUARDIANS,
  type Message,
  type WaliAnswer,
} from '@mawadda/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { FirstContacts } from '../../core/first-contacts.ts';
import type { MemberTexts } from '../../core/member-texts.ts';
import { photosFor } from '../../core/profile-photos.ts';
import type { WhoMayWrite } from '../../core/who-may-write.ts';
import type { Database, Executor } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { createDailyLimit } from '../../lib/daily-limit.ts';
import { badRequest, HttpError, notFound, tooManyRequests } from '../../lib/http-error.ts';
import { createMailCap } from '../../lib/mail-cap.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { MediaLinks } from '../../lib/media-links.ts';
import { type Limit, type RateLimitStore, reserveLimits } from '../../lib/rate-limiter.ts';
import { runEvery } from '../../lib/run-every.ts';
import { hashToken, newSecretToken } from '../../lib/tokens.ts';
import type { ChatService } from '../chat/index.ts';
import type { UnsubscribeTokens } from '../digest/index.ts';
import { guardianDigestMail } from './guardian-digest.mail.ts';
import {
  firstName,
  GUARDIAN_INVITATION_MAILS,
  guardianInvitationMail,
} from './guardian-invitation.mail.ts';
import {
  activeGuardians,
  claimDueGuardianDigests,
  clearNotices,
  closeWaliRequest,
  deleteExpiredLinks,
  digestNews,
  type FollowRow,
  followNewOf,
  followsOf,
  type GuardianRow,
  guardianByTokenHash,
  insertGuardian,
  insertLink,
  lockFollow,
  lockMember,
  openWaliRequest,
  pairOpen,
  recordVisit,
  releaseGuardianDigest,
  revokeGuardian,
  saveDigest,
  saveFollow,
  saveFollowNew,
  viewableConversations,
  visitsOf,
} from './guardians.repository.ts';

export type GuardiansService = ReturnType<typeof createGuardiansService>;

const MINUTE = 60_000;
/**
 * A person reading a page and its conversations asks a few times a minute; a script guessing
 * tokens or copying a conversation asks far more. Per link, and per address for guesses, which
 * have no link to count against.
 */
const PER_LINK: Limit = { name: 'guardian-link', max: 60, windowMs: MINUTE };
const PER_ADDRESS: Limit = { name: 'guardian-address', max: 120, windowMs: MINUTE };
/** The visit log the member reads: the latest openings. */
const VISITS_SHOWN = 100;
/** Guardians claimed and mailed per statement: a run goes on while batches come back full. */
const DIGEST_BATCH = 200;
const DAY = 24 * 60 * MINUTE;
/**
 * Guardians one member may name a day, each an invitation mailed to an address of their choice:
 * two guardians and a few corrections, not a way to mail strangers.
 */
const GUARDIANS_ADDED_PER_DAY = 5;

const linkInvalid = () => notFound('GUARDIAN_LINK_INVALID');

function toGuardian(row: GuardianRow): Guardian {
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

export function createGuardiansService(deps: {
  db: Database;
  clock: Clock;
  limiter: RateLimitStore;
  mailer: Mailer;
  publicUrl: string;
  /** Profile photo links: the other members' pictures on the guardian's page. */
  photoLinks: MediaLinks;
  chat: Pick<ChatService, 'contacts' | 'writeNotice' | 'pageFrom'>;
  whoMayWrite: WhoMayWrite;
  /** A wali question to someone not in conversation yet takes a new conversation (ADR 043). */
  firstContacts: FirstContacts;
  /** Reads what a member types for others to read (a wali's contact, a guardian's name). */
  memberTexts: MemberTexts;
  /** Signs the one-click unsubscribe of a guardian's digest (its own purpose, ADR 038's secret). */
  unsubscribeTokens: UnsubscribeTokens;
  log: FastifyBaseLogger;
}) {
  const { db, clock, log } = deps;
  const mailCap = createMailCap(deps.limiter);
  const guardiansAdded = createDailyLimit({
    limiter: deps.limiter,
    clock,
    name: 'guardians-added',
    max: GUARDIANS_ADDED_PER_DAY,
    code: 'GUARDIANS_DAILY_LIMIT',
  });

  const pageUrl = (language: string, token: string) =>
    `${deps.publicUrl}/${language}/guardian/${token}`;

  /**
   * Starts following one conversation: the notice line first, in the same transaction as the
   * row that lets a guardian read from it, published once committed. Nothing is written while
   * the member has no guardian (nobody follows yet): the row waits with no notice.
   */
  async function startFollowing(memberId: string, otherId: string): Promise<void> {
    const publish = await db.transaction(async (tx) => {
      const row = await lockFollow(tx, memberId, otherId);
      if (row?.followed && row.noticeSeq !== null) return undefined;
      if ((await activeGuardians(tx, memberId)).length === 0) {
        await saveFollow(tx, { memberId, otherId, followed: true, noticeSeq: null, since: null });
        return undefined;
      }
      const notice = await deps.chat.writeNotice(memberId, otherId, 'guardian-follows', tx);
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
   * The other member of a conversation a guardian followed (its notice line written) is told it
   * is no longer followed, by a line after the one that said it was, in `tx`; answers how to
   * publish it once committed.
   */
  async function tellStopped(tx: Executor, memberId: string, otherIds: string[]) {
    const notices: Array<{ publish(): Promise<void> }> = [];
    for (const otherId of otherIds) {
      notices.push(await deps.chat.writeNotice(memberId, otherId, 'guardian-stopped', tx));
    }
    return async () => {
      for (const notice of notices) await notice.publish();
    };
  }

  async function stopFollowing(memberId: string, otherId: string): Promise<void> {
    const publish = await db.transaction(async (tx) => {
      const row = await lockFollow(tx, memberId, otherId);
      await saveFollow(tx, { memberId, otherId, followed: false, noticeSeq: null, since: null });
      return row?.noticeSeq != null ? tellStopped(tx, memberId, [otherId]) : undefined;
    });
    await publish?.();
  }

  /** Followed conversations whose other member was not told yet (no guardian then): told now. */
  async function tellPending(memberId: string): Promise<void> {
    for (const row of await followsOf(db, memberId)) {
      if (row.followed && row.noticeSeq === null) await startFollowing(memberId, row.otherId);
    }
  }

  /**
   * The member's conversations (the chat's contacts, less deleted accounts) with their choice. A
   * conversation seen for the first time takes the member's default for new ones, and is
   * followed from now: its other member is told before anything of it is shown.
   */
  async function conversationsOf(memberId: string): Promise<{
    contacts: Contact[];
    follows: Map<string, FollowRow>;
  }> {
    const contacts = (await deps.chat.contacts(memberId)).filter((c) => !c.deleted);
    let follows = new Map((await followsOf(db, memberId)).map((row) => [row.otherId, row]));
    const fresh = contacts.filter((c) => !follows.has(c.id));
    if (fresh.length > 0) {
      const followNew = await followNewOf(db, memberId);
      for (const contact of fresh) {
        if (followNew) await startFollowing(memberId, contact.id);
        else await stopFollowing(memberId, contact.id);
      }
      follows = new Map((await followsOf(db, memberId)).map((row) => [row.otherId, row]));
    }
    return { contacts, follows };
  }

  async function overview(memberId: string): Promise<GuardianOverview> {
    const { contacts, follows } = await conversationsOf(memberId);
    return {
      guardians: (await activeGuardians(db, memberId)).map(toGuardian),
      followNewConversations: await followNewOf(db, memberId),
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

  /** The guardian of a link, counted under the link's and the address's limits; 404 otherwise. */
  async function guardianOf(token: string, address: string) {
    const tokenHash = hashToken(token);
    await reserveLimits(
      deps.limiter,
      [
        { limit: PER_LINK, key: tokenHash },
        { limit: PER_ADDRESS, key: address },
      ],
      tooManyRequests,
    );
    const guardian = GUARDIAN_TOKEN_PATTERN.test(token)
      ? await guardianByTokenHash(db, tokenHash, clock.now())
      : undefined;
    if (!guardian) throw linkInvalid();
    return guardian;
  }

  /**
   * Mails every guardian due a digest now, with a fresh link to their page (the invitation's token
   * is not kept); how many were sent. A guardian with nothing new is not mailed, and the claim
   * stands: nothing of that window was left untold. A mail that fails ends the run, its claim
   * undone.
   */
  async function runDigest(): Promise<number> {
    let sent = 0;
    const now = clock.now();
    await deleteExpiredLinks(db, now);
    for (;;) {
      const due = await claimDueGuardianDigests(db, now, DIGEST_BATCH);
      for (const guardian of due) {
        const news = await digestNews(db, guardian.memberId, guardian.since, now);
        if (news.length === 0) continue;
        const token = newSecretToken();
        const weekly = guardian.digest === 'weekly';
        await insertLink(
          db,
          guardian.id,
          hashToken(token),
          new Date(now.getTime() + (weekly ? 7 : 1) * DAY + DAY),
        );
        const unsubscribeUrl = `${deps.publicUrl}${guardianEndpointRoutes.unsubscribeGuardianDigest.path}?token=${deps.unsubscribeTokens.tokenFor(guardian.id)}`;
        try {
          await deps.mailer.send(
            guardianDigestMail({
              to: guardian.email,
              guardianName: guardian.name,
              memberName: guardian.memberName,
              language: guardian.language,
              weekly,
              news,
              pageUrl: pageUrl(guardian.language, token),
              unsubscribeUrl,
            }),
          );
          sent++;
        } catch (err) {
          log.error({ err, guardianId: guardian.id }, 'Could not send a guardian digest');
          await releaseGuardianDigest(db, guardian.id, guardian.previous);
          return sent;
        }
      }
      if (due.length < DIGEST_BATCH) return sent;
    }
  }

  return {
    overview,

    runDigest,

    /** Runs the guardians' digest every `everyMs` on this node (as the members' digest runs). */
    startDigest(everyMs: number) {
      return runEvery(everyMs, runDigest, (err) =>
        log.error({ err }, 'The guardian digest run failed'),
      );
    },

    /**
     * "Ask for the wali's contact": under the rule of who may write (the question is the asker's
     * act) and, to someone not in conversation yet, the day's new conversations (429), one open
     * request per pair; the question is a line in the conversation, published to both once stored.
     */
    async askWali(askerId: string, otherId: string): Promise<Message> {
      await deps.whoMayWrite.assertMayWrite(askerId, otherId);
      const notice = await deps.firstContacts.counted(
        askerId,
        otherId,
        () =>
          db.transaction(async (tx) => {
            if (!(await openWaliRequest(tx, askerId, otherId, clock.now()))) {
              throw new HttpError(409, 'WALI_REQUEST_PENDING');
            }
            return deps.chat.writeNotice(askerId, otherId, 'wali-asked', tx);
          }),
        (asked) => asked.sentAt,
      );
      await notice.publish();
      return notice.message;
    },

    /**
     * The answer of the member asked: declined, or the contact they type (their guardian's name
     * and relation, a phone number if they want); a line in the conversation either way. No
     * request open, or the pair ended since (a block, an unmatch, an account gone): refused.
     */
    async answerWali(answererId: string, askerId: string, answer: WaliAnswer): Promise<Message> {
      if (!(await pairOpen(db, answererId, askerId))) throw notFound('MEMBER_NOT_FOUND');
      // The contact is the answerer's text like a message (ADR 043): a new account shares no
      // number; the shield flags the typed name for the asker, not the number, which is what
      // the asker asked for.
      let shield = 0;
      if (answer.accept) {
        await deps.memberTexts.check(answererId, { name: answer.name, phone: answer.phone });
        shield = deps.memberTexts.read(answer.name);
      }
      const notice = await db.transaction(async (tx) => {
        if (!(await closeWaliRequest(tx, askerId, answererId, clock.now()))) {
          throw notFound('WALI_REQUEST_NONE');
        }
        return answer.accept
          ? deps.chat.writeNotice(
              answererId,
              askerId,
              'wali-shared',
              tx,
              JSON.stringify({
                name: answer.name,
                relation: answer.relation,
                phone: answer.phone ?? null,
              }),
              shield,
            )
          : deps.chat.writeNotice(answererId, askerId, 'wali-declined', tx);
      });
      await notice.publish();
      return notice.message;
    },

    /** The guardian's choice of how often to be mailed, from their page. */
    async saveDigest(token: string, address: string, digest: GuardianDigest) {
      const guardian = await guardianOf(token, address);
      await saveDigest(db, guardian.id, digest);
      return { digest };
    },

    /**
     * The one-click unsubscribe of a guardian's digest: as often as it is used; a token the
     * server did not sign is refused, a guardian gone since has nothing to turn off.
     */
    async unsubscribeDigest(token: string): Promise<void> {
      const guardianId = deps.unsubscribeTokens.memberOf(token);
      if (!guardianId) throw badRequest('UNSUBSCRIBE_LINK_INVALID');
      await saveDigest(db, guardianId, 'off');
    },

    /**
     * Names a guardian (at most `MAX_GUARDIANS` whose link works) and mails them their link; the
     * token exists only in that mail, its hash in the database. A first guardian makes the
     * followed conversations' other members told now. Paced per member a day, and per address by
     * the invitations' share of its mails (ADR 045): past either, a 429 and nothing stored.
     */
    async add(memberId: string, request: GuardianRequest): Promise<Guardian> {
      // The guardian's name is the member's text, read by others (ADR 043).
      await deps.memberTexts.check(memberId, { name: request.name });
      const token = newSecretToken();
      const { row, memberName } = await db.transaction(async (tx) => {
        const member = await lockMember(tx, memberId);
        if (!member) throw notFound('MEMBER_NOT_FOUND');
        const current = await activeGuardians(tx, memberId);
        if (current.length >= MAX_GUARDIANS) {
          throw new HttpError(409, 'GUARDIANS_TOO_MANY', { params: { max: MAX_GUARDIANS } });
        }
        if (current.some((g) => g.email === request.email)) {
          throw new HttpError(409, 'GUARDIAN_EMAIL_TAKEN');
        }
        // Counted once the guardian could be added, before anything is stored: an invitation
        // that may not go leaves no guardian without their link.
        const slot = await guardiansAdded.reserve(memberId);
        const mail = await mailCap.takeShare(request.email, GUARDIAN_INVITATION_MAILS);
        if (!mail.taken) {
          await slot.release();
          throw tooManyRequests(mail.retryAfterMs, 'GUARDIAN_INVITATIONS_TOO_MANY');
        }
        const row = await insertGuardian(tx, {
          memberId,
          ...request,
          tokenHash: hashToken(token),
          createdAt: clock.now(),
        });
        return { row, memberName: member.name };
      });
      await deps.mailer.send(
        guardianInvitationMail({
          to: row.email,
          guardianName: row.name,
          memberName,
          relation: row.relation,
          language: row.language,
          link: pageUrl(row.language, token),
        }),
      );
      await tellPending(memberId);
      return toGuardian(row);
    },

    /**
     * Removes a guardian: their link is dead from this commit. Without any guardian left, the
     * other members of the followed conversations are told by a line, and the conversations
     * forget their notice, so a later guardian tells the others again.
     */
    async remove(memberId: string, guardianId: string): Promise<void> {
      const publish = await db.transaction(async (tx) => {
        if (!(await revokeGuardian(tx, memberId, guardianId, clock.now()))) {
          throw notFound('GUARDIAN_NOT_FOUND');
        }
        if ((await activeGuardians(tx, memberId)).length > 0) return undefined;
        const told = (await followsOf(tx, memberId)).filter((row) => row.noticeSeq !== null);
        await clearNotices(tx, memberId);
        return tellStopped(
          tx,
          memberId,
          told.map((row) => row.otherId),
        );
      });
      await publish?.();
    },

    async saveSettings(memberId: string, followNew: boolean): Promise<GuardianOverview> {
      // The conversations of today keep the default they had: it is for those that start later.
      await conversationsOf(memberId);
      await saveFollowNew(db, memberId, followNew);
      return overview(memberId);
    },

    async follow(memberId: string, otherId: string, followed: boolean): Promise<GuardianOverview> {
      const { contacts } = await conversationsOf(memberId);
      if (!contacts.some((c) => c.id === otherId)) throw notFound('MEMBER_NOT_FOUND');
      if (followed) await startFollowing(memberId, otherId);
      else await stopFollowing(memberId, otherId);
      return overview(memberId);
    },

    async followAll(memberId: string, followed: boolean): Promise<GuardianOverview> {
      const { contacts } = await conversationsOf(memberId);
      for (const contact of contacts) {
        if (followed) await startFollowing(memberId, contact.id);
        else await stopFollowing(memberId, contact.id);
      }
      return overview(memberId);
    },

    async visits(memberId: string): Promise<GuardianVisit[]> {
      const rows = await visitsOf(db, memberId, VISITS_SHOWN);
      return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
    },

    /** The guardian's page: logged as a visit for the member. */
    async page(token: string, address: string): Promise<GuardianPage> {
      const guardian = await guardianOf(token, address);
      // New conversations take the member's default here too: a guardian never waits for the
      // member to open their settings, and the other member is still told first.
      await conversationsOf(guardian.memberId);
      const rows = await viewableConversations(db, guardian.memberId);
      await recordVisit(db, guardian.id, clock.now());
      return {
        memberName: firstName(guardian.memberName),
        memberId: guardian.memberId,
        guardianName: guardian.name,
        language: guardian.language,
        digest: guardian.digest,
        conversations: rows.map((row) => ({
          id: row.id,
          name: firstName(row.name),
          ...photosFor(deps.photoLinks, guardian.memberId, row),
          since: row.since.toISOString(),
          lastMessageTime: row.lastMessageAt?.toISOString() ?? null,
        })),
      };
    },

    /**
     * A page of a followed conversation, from its notice line on. A conversation not followed,
     * or ended by a block, an unmatch, a ban or a deletion, is a 404 as an unknown member is.
     */
    async conversation(
      token: string,
      address: string,
      otherId: string,
      query: { before?: string | undefined; size?: number | undefined },
    ): Promise<Message[]> {
      const guardian = await guardianOf(token, address);
      const [conversation] = await viewableConversations(db, guardian.memberId, otherId);
      if (!conversation) throw notFound('MEMBER_NOT_FOUND');
      return deps.chat.pageFrom(guardian.memberId, otherId, conversation.noticeSeq, query);
    },
  };
}
