import {
  destinations,
  FAMILY_OPINION_DAYS,
  type FamilyOpinion,
  type FamilyOpinionAnswered,
  type FamilyOpinionPage,
  type FamilyOpinionReply,
  type FamilyOpinions,
} from '@mawadda/contract';
import { findMemberById, findVisibleMember } from '../../core/members.repository.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { hashToken, newSecretToken } from '../../lib/tokens.ts';
import { familyOpinionMail } from './family-opinion.mail.ts';
import {
  insertOpinion,
  opinionByTokenHash,
  opinionsOn,
  revokeOpinion,
  saveAnswer,
  saveShownToFamilies,
  shownToFamiliesOf,
} from './family-opinions.repository.ts';
import { firstName } from './guardian-invitation.mail.ts';
import { linkOf } from './guardian-reading.ts';
import { activeGuardians } from './guardians.repository.ts';
import { familyOpinionPageUrl, type GuardiansContext } from './guardians-context.ts';

const DAY = 24 * 60 * 60_000;

function toOpinion(row: Awaited<ReturnType<typeof opinionsOn>>[number]): FamilyOpinion {
  return {
    id: row.id,
    guardianId: row.guardianId,
    guardianName: row.guardianName,
    relation: row.relation,
    sentAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    revoked: row.revokedAt !== null,
    answer: row.answer,
    note: row.note,
    answeredAt: row.answeredAt?.toISOString() ?? null,
  };
}

/** The other member as the member may see them (a 404 as for an unknown member otherwise). */
async function seenBy(ctx: GuardiansContext, memberId: string, otherId: string) {
  const viewer = await findMemberById(ctx.db, memberId);
  const other = viewer && (await findVisibleMember(ctx.db, viewer, otherId));
  if (!other) throw notFound('MEMBER_NOT_FOUND');
  return { viewer, other };
}

/** What the conversation's button and header need: for the member who asks, never the match. */
export async function familyOpinions(
  ctx: GuardiansContext,
  memberId: string,
  otherId: string,
): Promise<FamilyOpinions> {
  await seenBy(ctx, memberId, otherId);
  return {
    guardians: (await activeGuardians(ctx.db, memberId)).map((g) => ({
      id: g.id,
      name: g.name,
      relation: g.relation,
    })),
    shown: await shownToFamiliesOf(ctx.db, otherId),
    opinions: (await opinionsOn(ctx.db, memberId, otherId)).map(toOpinion),
  };
}

/**
 * Sends a match's profile to one of the member's guardians: a link of its own, mailed, working
 * `FAMILY_OPINION_DAYS`; the match is told by a notice line written with the row (ADR 078).
 * Refused (and nothing stored, no mail) for a member not matched, a match who turned it off, a
 * guardian not on the list, past the day's pace.
 */
export async function askFamilyOpinion(
  ctx: GuardiansContext,
  memberId: string,
  otherId: string,
  guardianId: string,
): Promise<FamilyOpinion> {
  const { viewer, other } = await seenBy(ctx, memberId, otherId);
  if (!other.matched) throw new HttpError(403, 'FAMILY_OPINION_NOT_MATCHED');
  if (!(await shownToFamiliesOf(ctx.db, otherId))) {
    throw new HttpError(403, 'FAMILY_OPINION_NOT_SHOWN');
  }
  const guardian = (await activeGuardians(ctx.db, memberId)).find((g) => g.id === guardianId);
  if (!guardian) throw notFound('GUARDIAN_NOT_FOUND');
  const slot = await ctx.opinionsAsked.reserve(memberId);
  const token = newSecretToken();
  const now = ctx.clock.now();
  const stored = ctx.db.transaction(async (tx) => {
    const row = await insertOpinion(tx, {
      memberId,
      guardianId,
      otherId,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + FAMILY_OPINION_DAYS * DAY),
    });
    const notice = await ctx.chat.writeNotice(memberId, otherId, 'shown-to-family', tx);
    return { row, publish: notice.publish };
  });
  // Nothing stored, nothing counted.
  const { row, publish } = await stored.catch(async (err: unknown) => {
    await slot.release();
    throw err;
  });
  await publish();
  await ctx.mailer.send(
    familyOpinionMail({
      to: guardian.email,
      guardianName: guardian.name,
      memberName: viewer.name,
      otherName: other.name,
      language: guardian.language,
      days: FAMILY_OPINION_DAYS,
      link: familyOpinionPageUrl(ctx, guardian.language, token),
    }),
  );
  return toOpinion({ ...row, guardianName: guardian.name, relation: guardian.relation });
}

export async function revokeFamilyOpinion(
  ctx: GuardiansContext,
  memberId: string,
  otherId: string,
  id: string,
): Promise<void> {
  if (!(await revokeOpinion(ctx.db, memberId, otherId, id, ctx.clock.now()))) {
    throw notFound('FAMILY_OPINION_NOT_FOUND');
  }
}

export async function setShownToFamilies(ctx: GuardiansContext, memberId: string, shown: boolean) {
  await saveShownToFamilies(ctx.db, memberId, shown);
  return { shown };
}

/**
 * The opinion a guardian's token opens, with the match's profile as the member sees it now: a
 * block, an unmatch, a ban or a deletion since ends the link, as an expired one, with the same 404.
 */
async function openOpinion(ctx: GuardiansContext, token: string, address: string) {
  return linkOf(ctx, token, address, async (tokenHash) => {
    const opinion = await opinionByTokenHash(ctx.db, tokenHash, ctx.clock.now());
    if (!opinion) return undefined;
    const profile = await ctx.profiles.detailsShownBy(
      opinion.memberId,
      opinion.otherId,
      opinion.language,
    );
    return profile?.matched ? { opinion, profile } : undefined;
  });
}

export async function familyOpinionPage(
  ctx: GuardiansContext,
  token: string,
  address: string,
): Promise<FamilyOpinionPage> {
  const { opinion, profile } = await openOpinion(ctx, token, address);
  return {
    memberName: firstName(opinion.memberName),
    guardianName: opinion.guardianName,
    language: opinion.language,
    expiresAt: opinion.expiresAt.toISOString(),
    profile,
    answer: opinion.answer,
    note: opinion.note,
  };
}

/** The guardian's answer; answered again, the last one stands. */
export async function answerFamilyOpinion(
  ctx: GuardiansContext,
  token: string,
  address: string,
  reply: FamilyOpinionReply,
): Promise<FamilyOpinionAnswered> {
  const { opinion } = await openOpinion(ctx, token, address);
  const answered = { answer: reply.answer, note: reply.note ?? null };
  await saveAnswer(ctx.db, opinion.id, answered.answer, answered.note, ctx.clock.now());
  // On her own contact topic, as any change about him: the frame names him, nothing of the answer,
  // and the match hears nothing.
  await ctx.publish(destinations.contact(opinion.memberId), { memberId: opinion.otherId }, [
    opinion.memberId,
  ]);
  return answered;
}
