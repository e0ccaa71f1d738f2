import {
  type Guardian,
  type GuardianRequest,
  type GuardianVisit,
  MAX_GUARDIANS,
} from '@mawadda/contract';
import { HttpError, notFound, tooManyRequests } from '../../lib/http-error.ts';
import { hashToken, newSecretToken } from '../../lib/tokens.ts';
import { tellPending, tellStopped, toGuardian } from './guardian-follows.ts';
import { GUARDIAN_INVITATION_MAILS, guardianInvitationMail } from './guardian-invitation.mail.ts';
import {
  activeGuardians,
  clearNotices,
  followsOf,
  insertGuardian,
  lockMember,
  revokeGuardian,
  visitsOf,
} from './guardians.repository.ts';
import { type GuardiansContext, guardianPageUrl } from './guardians-context.ts';

/** The visit log the member reads: the latest openings. */
const VISITS_SHOWN = 100;

/**
 * Names a guardian (at most `MAX_GUARDIANS` whose link works) and mails them their link; the
 * token exists only in that mail, its hash in the database. A first guardian makes the followed
 * conversations' other members told now. Paced per member a day, and per address by the
 * invitations' share of its mails (ADR 045): past either, a 429 and nothing stored.
 */
export async function addGuardian(
  ctx: GuardiansContext,
  memberId: string,
  request: GuardianRequest,
): Promise<Guardian> {
  // The guardian's name is the member's text, read by others (ADR 043).
  await ctx.memberTexts.check(memberId, { name: request.name });
  const token = newSecretToken();
  const { row, memberName } = await ctx.db.transaction(async (tx) => {
    const member = await lockMember(tx, memberId);
    if (!member) throw notFound('MEMBER_NOT_FOUND');
    const current = await activeGuardians(tx, memberId);
    if (current.length >= MAX_GUARDIANS) {
      throw new HttpError(409, 'GUARDIANS_TOO_MANY', { params: { max: MAX_GUARDIANS } });
    }
    if (current.some((g) => g.email === request.email)) {
      throw new HttpError(409, 'GUARDIAN_EMAIL_TAKEN');
    }
    // Counted once the guardian could be added, before anything is stored: an invitation that
    // may not go leaves no guardian without their link.
    const slot = await ctx.guardiansAdded.reserve(memberId);
    const mail = await ctx.mailCap.takeShare(request.email, GUARDIAN_INVITATION_MAILS);
    if (!mail.taken) {
      await slot.release();
      throw tooManyRequests(mail.retryAfterMs, 'GUARDIAN_INVITATIONS_TOO_MANY');
    }
    const row = await insertGuardian(tx, {
      memberId,
      ...request,
      tokenHash: hashToken(token),
      createdAt: ctx.clock.now(),
    });
    return { row, memberName: member.name };
  });
  await ctx.mailer.send(
    guardianInvitationMail({
      to: row.email,
      guardianName: row.name,
      memberName,
      relation: row.relation,
      language: row.language,
      link: guardianPageUrl(ctx, row.language, token),
    }),
  );
  await tellPending(ctx, memberId);
  return toGuardian(row);
}

/**
 * Removes a guardian: their link is dead from this commit. Without any guardian left, the other
 * members of the followed conversations are told by a line, and the conversations forget their
 * notice, so a later guardian tells the others again.
 */
export async function removeGuardian(
  ctx: GuardiansContext,
  memberId: string,
  guardianId: string,
): Promise<void> {
  const publish = await ctx.db.transaction(async (tx) => {
    if (!(await revokeGuardian(tx, memberId, guardianId, ctx.clock.now()))) {
      throw notFound('GUARDIAN_NOT_FOUND');
    }
    if ((await activeGuardians(tx, memberId)).length > 0) return undefined;
    const told = (await followsOf(tx, memberId)).filter((row) => row.noticeSeq !== null);
    await clearNotices(tx, memberId);
    return tellStopped(
      ctx,
      tx,
      memberId,
      told.map((row) => row.otherId),
    );
  });
  await publish?.();
}

/** When the member's guardians opened their page, the latest first. */
export async function guardianVisits(
  ctx: GuardiansContext,
  memberId: string,
): Promise<GuardianVisit[]> {
  const rows = await visitsOf(ctx.db, memberId, VISITS_SHOWN);
  return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
}
