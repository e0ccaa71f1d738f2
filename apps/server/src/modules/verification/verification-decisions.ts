import {
  VERIFICATION_REFUSAL_FACTS,
  type VerificationDecision,
  type VerificationQueueItem,
} from '@mawadda/contract';
import { findMailRecipient } from '../../core/members.repository.ts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { MediaLinks } from '../../lib/media-links.ts';
import { assertModerator, recordModerationAction } from '../moderation/index.ts';
import { verificationMail } from './verification.mail.ts';
import {
  decideRequest,
  findRequest,
  pendingRequests,
  setVerifiedAt,
} from './verification.repository.ts';

const QUEUE_PAGE = 50;

/** What the moderators' side of verification needs. */
export type DecisionDeps = {
  db: Database;
  clock: Clock;
  /** Links to selfies, for moderators: their route checks the role on every request. */
  selfieLinks: MediaLinks;
  photoLinks: MediaLinks;
  /** Tells the member the decision (the in-app state says it too). */
  mailer: Mailer;
  /** How long after a refusal the member may ask again: the mail says when. */
  retryMs: number;
};

/** The selfies waiting for a moderator, each beside the member's photos and a look-alike's. */
export async function verificationQueue(
  deps: DecisionDeps,
  moderatorId: string,
): Promise<VerificationQueueItem[]> {
  await assertModerator(deps.db, moderatorId);
  const rows = await pendingRequests(deps.db, moderatorId, QUEUE_PAGE);
  return rows.map((r) => ({
    id: r.id,
    trigger: r.trigger,
    pose: r.pose,
    submittedAt: r.submittedAt.toISOString(),
    selfieUrl: deps.selfieLinks.urlFor(moderatorId, r.selfieKey),
    member: {
      id: r.member.id,
      name: r.member.name,
      age: r.member.age,
      photoUrls: r.member.photoKeys.map((key) => deps.photoLinks.urlFor(moderatorId, key)),
      verified: r.member.verified,
    },
    duplicateOf: r.duplicate
      ? {
          memberId: r.duplicate.memberId,
          name: r.duplicate.name,
          selfieUrl: deps.selfieLinks.urlFor(moderatorId, r.duplicate.selfieKey),
          distance: r.duplicate.distance,
        }
      : null,
  }));
}

/**
 * Approve (the badge shows from now) or refuse with a reason (the badge goes, if it was
 * there: a re-check refused means the profile no longer matches its selfie). Recorded in the
 * moderation record in the same transaction, then mailed to the member.
 */
export async function decideVerification(
  deps: DecisionDeps,
  moderatorId: string,
  requestId: string,
  decision: VerificationDecision,
) {
  const { db } = deps;
  await assertModerator(db, moderatorId);
  const request = await findRequest(db, requestId);
  if (!request || request.status === 'drawn') throw notFound('VERIFICATION_NOT_FOUND');
  if (request.memberId === moderatorId) throw new HttpError(403, 'VERIFICATION_ABOUT_YOU');
  if (request.status !== 'pending') throw new HttpError(409, 'VERIFICATION_DECIDED');
  const now = deps.clock.now();
  const approved = decision.decision === 'approve';
  const done = await db.transaction(async (tx) => {
    const decided = await decideRequest(tx, requestId, {
      status: approved ? 'approved' : 'refused',
      reason: approved ? null : decision.reason,
      decidedBy: moderatorId,
      decidedAt: now,
    });
    if (!decided) return false;
    await setVerifiedAt(tx, request.memberId, approved ? now : null);
    await recordModerationAction(tx, {
      moderatorId,
      memberId: request.memberId,
      reportId: null,
      action: approved ? 'verification-approved' : 'verification-refused',
      reason: approved
        ? `selfie matches (${request.trigger})`
        : `${decision.reason} (${request.trigger})`,
      // A refusal is a restriction with its statement of reasons, which may be appealed (ADR 076).
      ...(approved
        ? {}
        : { rule: 'be-yourself' as const, fact: VERIFICATION_REFUSAL_FACTS[decision.reason] }),
      photoKey: request.selfieKey,
      createdAt: now,
    });
    return true;
  });
  if (!done) throw new HttpError(409, 'VERIFICATION_DECIDED');
  const member = await findMailRecipient(db, request.memberId);
  if (member) {
    await deps.mailer.send(
      verificationMail({
        to: member.email,
        name: member.name,
        language: member.language,
        decision:
          decision.decision === 'approve'
            ? { approved: true }
            : {
                approved: false,
                reason: decision.reason,
                retryAt: new Date(now.getTime() + deps.retryMs),
              },
      }),
    );
  }
  return { message: approved ? 'Verified' : 'Refused' };
}
