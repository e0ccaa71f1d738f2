import type { VerificationDecision, VerificationTrigger } from '@mawadda/contract';
import type { Executor } from '../../db/database.ts';
import { createDailyLimit } from '../../lib/daily-limit.ts';
import type { UploadedFile } from '../../lib/multipart.ts';
import type { RateLimitStore } from '../../lib/rate-limiter.ts';
import {
  type DecisionDeps,
  decideVerification,
  verificationQueue,
} from './verification-decisions.ts';
import { queueVerifiedRecheck } from './verification-recheck.ts';
import {
  drawVerificationPose,
  POSES_PER_DAY,
  type SelfieDeps,
  submitVerificationSelfie,
  verificationState,
} from './verification-selfies.ts';

export type VerificationService = ReturnType<typeof createVerificationService>;

/**
 * Verified members (ADR 044): a member takes a selfie in a pose the server drew
 * (`verification-selfies.ts`), a moderator compares it with their profile photos and decides
 * (`verification-decisions.ts`). Approval sets `verified_at` (the badge); a refusal says why and
 * lets the member try again after `retryMs`. Every decision goes to the append-only moderation
 * record. A verified member's profile is checked again when it changes (`verification-recheck.ts`).
 */
export function createVerificationService(
  deps: SelfieDeps & DecisionDeps & { limiter: RateLimitStore },
) {
  const dailyPoses = createDailyLimit({
    limiter: deps.limiter,
    clock: deps.clock,
    name: 'verification-poses',
    max: POSES_PER_DAY,
    code: 'VERIFICATION_POSES_DAILY_LIMIT',
  });

  return {
    state: (memberId: string) => verificationState(deps, memberId),

    drawPose: (memberId: string) => drawVerificationPose(deps, dailyPoses, memberId),

    submit: (memberId: string, fields: { pose: string }, selfie: UploadedFile | undefined) =>
      submitVerificationSelfie(deps, memberId, fields, selfie),

    queue: (moderatorId: string) => verificationQueue(deps, moderatorId),

    decide: (moderatorId: string, requestId: string, decision: VerificationDecision) =>
      decideVerification(deps, moderatorId, requestId, decision),

    recheck: (tx: Executor, memberId: string, trigger: Exclude<VerificationTrigger, 'member'>) =>
      queueVerifiedRecheck(deps, tx, memberId, trigger),
  };
}
