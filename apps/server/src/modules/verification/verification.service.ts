import { randomInt } from 'node:crypto';
import {
  VERIFICATION_POSE_IDS,
  VERIFICATION_POSE_TTL_MS,
  type VerificationDecision,
  type VerificationPoseDraw,
  type VerificationQueueItem,
  type VerificationState,
  type VerificationTrigger,
} from '@mawadda/contract';
import { findMailRecipient } from '../../core/members.repository.ts';
import type { Database, Executor } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { createDailyLimit } from '../../lib/daily-limit.ts';
import { badRequest, HttpError, notFound } from '../../lib/http-error.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { MediaLinks } from '../../lib/media-links.ts';
import { type MediaStore, newMediaKey, storageFailure } from '../../lib/media-store.ts';
import type { UploadedFile } from '../../lib/multipart.ts';
import type { RateLimitStore } from '../../lib/rate-limiter.ts';
import { isModerator, recordModerationAction } from '../moderation/index.ts';
import { processSelfie } from './selfie.ts';
import { verificationMail } from './verification.mail.ts';
import {
  decideRequest,
  drawPose,
  findRequest,
  memberVerification,
  nearestSelfieOfOthers,
  pendingRequests,
  queueRecheck,
  requestsOf,
  setVerifiedAt,
  submitSelfie,
  type VerificationRow,
} from './verification.repository.ts';

/** Folder of the selfies in the private media store: never served but to moderators. */
export const SELFIE_FOLDER = 'selfie';
/**
 * dHashes this many bits apart or fewer are flagged as the same picture. A re-encoding at another
 * size lands within about 8 (test/verification.test.ts); different pictures rarely under 15.
 */
export const DUPLICATE_MAX_DISTANCE = 10;
const QUEUE_PAGE = 50;
/** Poses a member may draw in a day (UTC): a few tries, not a search for an easy one. */
export const POSES_PER_DAY = 5;

export type VerificationService = ReturnType<typeof createVerificationService>;

/**
 * Verified members (issue 21, ADR 044): a member takes a selfie in a pose the server drew, a
 * moderator compares it with their profile photos and decides. Approval sets `verified_at` (the
 * badge); a refusal says why and lets the member try again after `retryMs`. Every decision goes
 * to the append-only moderation record.
 */
export function createVerificationService(deps: {
  db: Database;
  clock: Clock;
  privateMedia: MediaStore;
  /** Links to selfies, for moderators: their route checks the role on every request. */
  selfieLinks: MediaLinks;
  photoLinks: MediaLinks;
  retryMs: number;
  /** Tells the member the decision (the in-app state says it too). */
  mailer: Mailer;
  limiter: RateLimitStore;
}) {
  const { db, clock } = deps;
  // Drawing again and again until a pose matches a photo one already has would defeat the pose.
  const dailyPoses = createDailyLimit({
    limiter: deps.limiter,
    clock,
    name: 'verification-poses',
    max: POSES_PER_DAY,
    code: 'VERIFICATION_POSES_DAILY_LIMIT',
  });

  function stateOf(rows: VerificationRow[], verified: boolean): VerificationState {
    const latest = rows.find((r) => r.status !== 'drawn');
    // A member who has not asked yet, or whose only row is a pose drawn: nothing to tell.
    if (!latest) return { status: 'none', trigger: null, reason: null, retryAfter: null, verified };
    if (latest.status === 'refused') {
      const retry = new Date((latest.decidedAt ?? clock.now()).getTime() + deps.retryMs);
      return {
        status: 'refused',
        trigger: latest.trigger,
        reason: latest.reason,
        retryAfter: retry > clock.now() ? retry.toISOString() : null,
        verified,
      };
    }
    return {
      status: latest.status === 'approved' ? 'approved' : 'pending',
      trigger: latest.trigger,
      reason: null,
      retryAfter: null,
      verified,
    };
  }

  /** What stops the member asking now, as the refusal they can act on. */
  async function assertMayAsk(memberId: string) {
    const member = await memberVerification(db, memberId);
    if (!member) throw notFound('ACCOUNT_GONE');
    const state = stateOf(await requestsOf(db, memberId), member.verifiedAt !== null);
    if (state.status === 'pending') throw new HttpError(409, 'VERIFICATION_PENDING');
    if (member.verifiedAt) throw new HttpError(409, 'VERIFICATION_ALREADY_VERIFIED');
    if (state.retryAfter) {
      throw new HttpError(429, 'VERIFICATION_RETRY_LATER', {
        params: { until: state.retryAfter },
      });
    }
    if (member.photoKeys.length === 0) throw badRequest('VERIFICATION_NO_PHOTO');
  }

  async function assertModerator(memberId: string) {
    if (!(await isModerator(db, memberId))) throw new HttpError(403, 'MODERATORS_ONLY');
  }

  async function state(memberId: string): Promise<VerificationState> {
    const member = await memberVerification(db, memberId);
    if (!member) throw notFound('ACCOUNT_GONE');
    return stateOf(await requestsOf(db, memberId), member.verifiedAt !== null);
  }

  return {
    state,

    /** A pose drawn at random, by the server: a member cannot choose one they have a photo of. */
    async drawPose(memberId: string): Promise<VerificationPoseDraw> {
      await assertMayAsk(memberId);
      await dailyPoses.reserve(memberId);
      const now = clock.now();
      const pose = VERIFICATION_POSE_IDS[randomInt(VERIFICATION_POSE_IDS.length)] ?? 'thumbs-up';
      const expiresAt = new Date(now.getTime() + VERIFICATION_POSE_TTL_MS);
      const row = await drawPose(db, memberId, pose, now, expiresAt);
      if (!row) throw new HttpError(409, 'VERIFICATION_PENDING');
      return { pose, expiresAt: expiresAt.toISOString() };
    },

    /**
     * The selfie, in the pose drawn and before it expires: re-encoded, stored privately, flagged
     * when its hash is near another account's selfie, and queued for a moderator.
     */
    async submit(
      memberId: string,
      fields: { pose: string },
      selfie: UploadedFile | undefined,
    ): Promise<VerificationState> {
      if (!selfie) throw badRequest('VERIFICATION_SELFIE_REQUIRED');
      await assertMayAsk(memberId);
      const drawn = (await requestsOf(db, memberId)).find((r) => r.status === 'drawn');
      if (!drawn || drawn.pose !== fields.pose) throw badRequest('VERIFICATION_POSE_UNKNOWN');
      if (drawn.poseExpiresAt.getTime() < clock.now().getTime()) {
        throw badRequest('VERIFICATION_POSE_EXPIRED');
      }
      const { data, hash } = await processSelfie(selfie.data);
      const key = newMediaKey(SELFIE_FOLDER, '.webp');
      try {
        await deps.privateMedia.put(key, data);
      } catch (error) {
        throw storageFailure(error);
      }
      const duplicate = await nearestSelfieOfOthers(db, memberId, hash, DUPLICATE_MAX_DISTANCE);
      const submitted = await submitSelfie(db, drawn.id, {
        selfieKey: key,
        phash: hash,
        submittedAt: clock.now(),
        duplicateOf: duplicate?.id ?? null,
        duplicateDistance: duplicate?.distance ?? null,
      });
      if (!submitted) {
        await deps.privateMedia.remove([key]);
        throw new HttpError(409, 'VERIFICATION_PENDING');
      }
      return state(memberId);
    },

    async queue(moderatorId: string): Promise<VerificationQueueItem[]> {
      await assertModerator(moderatorId);
      const rows = await pendingRequests(db, moderatorId, QUEUE_PAGE);
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
    },

    /**
     * Approve (the badge shows from now) or refuse with a reason (the badge goes, if it was
     * there: a re-check refused means the profile no longer matches its selfie). Recorded in the
     * moderation record in the same transaction.
     */
    async decide(moderatorId: string, requestId: string, decision: VerificationDecision) {
      await assertModerator(moderatorId);
      const request = await findRequest(db, requestId);
      if (!request || request.status === 'drawn') throw notFound('VERIFICATION_NOT_FOUND');
      if (request.memberId === moderatorId) throw new HttpError(403, 'VERIFICATION_ABOUT_YOU');
      if (request.status !== 'pending') throw new HttpError(409, 'VERIFICATION_DECIDED');
      const now = clock.now();
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
    },

    /**
     * A moderator checks a verified member again: their main photo changed (the badge is hidden
     * until the check, ADR 044), or someone reported the profile as fake (the badge stays: a
     * report alone must not take it). Runs in the caller's transaction.
     */
    async recheck(
      tx: Executor,
      memberId: string,
      trigger: Exclude<VerificationTrigger, 'member'>,
    ): Promise<void> {
      const member = await memberVerification(tx, memberId);
      if (!member?.verifiedAt) return;
      const queued = await queueRecheck(tx, memberId, trigger, clock.now());
      if (queued !== 'none' && trigger === 'main-photo-changed')
        await setVerifiedAt(tx, memberId, null);
    },
  };
}
