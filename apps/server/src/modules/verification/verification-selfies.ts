import { randomInt } from 'node:crypto';
import {
  VERIFICATION_POSE_IDS,
  VERIFICATION_POSE_TTL_MS,
  type VerificationPoseDraw,
  type VerificationState,
} from '@mawadda/contract';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DailyLimit } from '../../lib/daily-limit.ts';
import { badRequest, HttpError, notFound } from '../../lib/http-error.ts';
import { type MediaStore, newMediaKey, storageFailure } from '../../lib/media-store.ts';
import type { UploadedFile } from '../../lib/multipart.ts';
import { processSelfie } from './selfie.ts';
import {
  drawPose,
  memberVerification,
  nearestSelfieOfOthers,
  requestsOf,
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
/** Poses a member may draw in a day (UTC): a few tries, not a search for an easy one. */
export const POSES_PER_DAY = 5;

/** What a member's own side of verification needs. */
export type SelfieDeps = {
  db: Database;
  clock: Clock;
  privateMedia: MediaStore;
  /** How long after a refusal the member may ask again. */
  retryMs: number;
};

function stateOf(deps: SelfieDeps, rows: VerificationRow[], verified: boolean): VerificationState {
  const latest = rows.find((r) => r.status !== 'drawn');
  // A member who has not asked yet, or whose only row is a pose drawn: nothing to tell.
  if (!latest) return { status: 'none', trigger: null, reason: null, retryAfter: null, verified };
  if (latest.status === 'refused') {
    const retry = new Date((latest.decidedAt ?? deps.clock.now()).getTime() + deps.retryMs);
    return {
      status: 'refused',
      trigger: latest.trigger,
      reason: latest.reason,
      retryAfter: retry > deps.clock.now() ? retry.toISOString() : null,
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

/** The member's verification as the app shows it: asked, decided, when they may ask again. */
export async function verificationState(
  deps: SelfieDeps,
  memberId: string,
): Promise<VerificationState> {
  const member = await memberVerification(deps.db, memberId);
  if (!member) throw notFound('ACCOUNT_GONE');
  return stateOf(deps, await requestsOf(deps.db, memberId), member.verifiedAt !== null);
}

/** What stops the member asking now, as the refusal they can act on. */
async function assertMayAsk(deps: SelfieDeps, memberId: string) {
  const member = await memberVerification(deps.db, memberId);
  if (!member) throw notFound('ACCOUNT_GONE');
  const state = stateOf(deps, await requestsOf(deps.db, memberId), member.verifiedAt !== null);
  if (state.status === 'pending') throw new HttpError(409, 'VERIFICATION_PENDING');
  if (member.verifiedAt) throw new HttpError(409, 'VERIFICATION_ALREADY_VERIFIED');
  if (state.retryAfter) {
    throw new HttpError(429, 'VERIFICATION_RETRY_LATER', {
      params: { until: state.retryAfter },
    });
  }
  if (member.photoKeys.length === 0) throw badRequest('VERIFICATION_NO_PHOTO');
}

/**
 * A pose drawn at random, by the server: a member cannot choose one they have a photo of. Each
 * draw takes one of the member's `dailyPoses`: drawing again and again until a pose matches a
 * photo one already has would defeat the pose.
 */
export async function drawVerificationPose(
  deps: SelfieDeps,
  dailyPoses: DailyLimit,
  memberId: string,
): Promise<VerificationPoseDraw> {
  await assertMayAsk(deps, memberId);
  await dailyPoses.reserve(memberId);
  const now = deps.clock.now();
  const pose = VERIFICATION_POSE_IDS[randomInt(VERIFICATION_POSE_IDS.length)] ?? 'thumbs-up';
  const expiresAt = new Date(now.getTime() + VERIFICATION_POSE_TTL_MS);
  const row = await drawPose(deps.db, memberId, pose, now, expiresAt);
  if (!row) throw new HttpError(409, 'VERIFICATION_PENDING');
  return { pose, expiresAt: expiresAt.toISOString() };
}

/**
 * The selfie, in the pose drawn and before it expires: re-encoded, stored privately, flagged
 * when its hash is near another account's selfie, and queued for a moderator.
 */
export async function submitVerificationSelfie(
  deps: SelfieDeps,
  memberId: string,
  fields: { pose: string },
  selfie: UploadedFile | undefined,
): Promise<VerificationState> {
  const { db, clock } = deps;
  if (!selfie) throw badRequest('VERIFICATION_SELFIE_REQUIRED');
  await assertMayAsk(deps, memberId);
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
  return verificationState(deps, memberId);
}
