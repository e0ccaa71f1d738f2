import type { VerificationTrigger } from '@mawadda/contract';
import type { Executor } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { memberVerification, queueRecheck, setVerifiedAt } from './verification.repository.ts';

/**
 * A moderator checks a verified member again: their main photo changed (the badge is hidden
 * until the check, ADR 044), or someone reported the profile as fake (the badge stays: a
 * report alone must not take it). Runs in the caller's transaction; a member not verified has
 * nothing to check.
 */
export async function queueVerifiedRecheck(
  deps: { clock: Clock },
  tx: Executor,
  memberId: string,
  trigger: Exclude<VerificationTrigger, 'member'>,
): Promise<void> {
  const member = await memberVerification(tx, memberId);
  if (!member?.verifiedAt) return;
  const queued = await queueRecheck(tx, memberId, trigger, deps.clock.now());
  if (queued !== 'none' && trigger === 'main-photo-changed')
    await setVerifiedAt(tx, memberId, null);
}
