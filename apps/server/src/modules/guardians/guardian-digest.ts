import { guardianEndpointRoutes } from '@mawadda/contract';
import { badRequest } from '../../lib/http-error.ts';
import { runEvery } from '../../lib/run-every.ts';
import { hashToken, newSecretToken } from '../../lib/tokens.ts';
import { guardianDigestMail } from './guardian-digest.mail.ts';
import {
  claimDueGuardianDigests,
  type DueGuardianDigest,
  deleteExpiredLinks,
  digestNews,
  insertLink,
  releaseGuardianDigest,
  saveDigest,
} from './guardian-digest.repository.ts';
import { type GuardiansContext, guardianPageUrl } from './guardians-context.ts';

/** Guardians claimed and mailed per statement: a run goes on while batches come back full. */
const DIGEST_BATCH = 200;
const DAY = 24 * 60 * 60_000;

/**
 * Mails one guardian their digest with a fresh link to their page (the invitation's token is not
 * kept): false when the mail failed, its claim undone.
 */
async function mailDigest(
  ctx: GuardiansContext,
  guardian: DueGuardianDigest,
  news: Awaited<ReturnType<typeof digestNews>>,
  now: Date,
): Promise<boolean> {
  const token = newSecretToken();
  const weekly = guardian.digest === 'weekly';
  await insertLink(
    ctx.db,
    guardian.id,
    hashToken(token),
    new Date(now.getTime() + (weekly ? 7 : 1) * DAY + DAY),
  );
  const unsubscribeUrl = `${ctx.publicUrl}${guardianEndpointRoutes.unsubscribeGuardianDigest.path}?token=${ctx.unsubscribeTokens.tokenFor(guardian.id)}`;
  try {
    await ctx.mailer.send(
      guardianDigestMail({
        to: guardian.email,
        guardianName: guardian.name,
        memberName: guardian.memberName,
        language: guardian.language,
        weekly,
        news,
        pageUrl: guardianPageUrl(ctx, guardian.language, token),
        unsubscribeUrl,
      }),
    );
    return true;
  } catch (err) {
    ctx.log.error({ err, guardianId: guardian.id }, 'Could not send a guardian digest');
    await releaseGuardianDigest(ctx.db, guardian.id, guardian.previous);
    return false;
  }
}

/**
 * Mails every guardian due a digest now; how many were sent. A guardian with nothing new is not
 * mailed, and the claim stands: nothing of that window was left untold. A mail that fails ends
 * the run, its claim undone.
 */
export async function runGuardianDigest(ctx: GuardiansContext): Promise<number> {
  let sent = 0;
  const now = ctx.clock.now();
  await deleteExpiredLinks(ctx.db, now);
  for (;;) {
    const due = await claimDueGuardianDigests(ctx.db, now, DIGEST_BATCH);
    for (const guardian of due) {
      const news = await digestNews(ctx.db, guardian.memberId, guardian.since, now);
      if (news.length === 0) continue;
      if (!(await mailDigest(ctx, guardian, news, now))) return sent;
      sent++;
    }
    if (due.length < DIGEST_BATCH) return sent;
  }
}

/** Runs the guardians' digest every `everyMs` on this node (as the members' digest runs). */
export function startGuardianDigest(ctx: GuardiansContext, everyMs: number) {
  return runEvery(
    everyMs,
    () => runGuardianDigest(ctx),
    (err) => ctx.log.error({ err }, 'The guardian digest run failed'),
  );
}

/**
 * The one-click unsubscribe of a guardian's digest: as often as it is used; a token the server
 * did not sign is refused, a guardian gone since has nothing to turn off.
 */
export async function unsubscribeGuardianDigest(ctx: GuardiansContext, token: string) {
  const guardianId = ctx.unsubscribeTokens.memberOf(token);
  if (!guardianId) throw badRequest('UNSUBSCRIBE_LINK_INVALID');
  await saveDigest(ctx.db, guardianId, 'off');
}
