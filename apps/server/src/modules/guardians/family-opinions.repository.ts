import type { FamilyOpinionAnswer } from '@mawadda/contract';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { consentGiven } from '../../core/member-rules.ts';
import type { Executor } from '../../db/database.ts';
import { familyOpinions, guardianSettings, guardians, members } from '../../db/schema.ts';

/** Whether a match may show the member's profile to their family (no row: yes, ADR 078). */
export async function shownToFamiliesOf(db: Executor, memberId: string): Promise<boolean> {
  const [row] = await db
    .select({ shown: guardianSettings.shownToFamilies })
    .from(guardianSettings)
    .where(eq(guardianSettings.memberId, memberId));
  return row?.shown ?? true;
}

export async function saveShownToFamilies(db: Executor, memberId: string, shown: boolean) {
  await db
    .insert(guardianSettings)
    .values({ memberId, followNew: false, shownToFamilies: shown })
    .onConflictDoUpdate({ target: guardianSettings.memberId, set: { shownToFamilies: shown } });
}

export async function insertOpinion(
  db: Executor,
  row: {
    memberId: string;
    guardianId: string;
    otherId: string;
    tokenHash: string;
    createdAt: Date;
    expiresAt: Date;
  },
) {
  const [inserted] = await db.insert(familyOpinions).values(row).returning();
  if (!inserted) throw new Error('The opinion was not stored');
  return inserted;
}

const opinionColumns = {
  id: familyOpinions.id,
  guardianId: familyOpinions.guardianId,
  guardianName: guardians.name,
  relation: guardians.relation,
  createdAt: familyOpinions.createdAt,
  expiresAt: familyOpinions.expiresAt,
  revokedAt: familyOpinions.revokedAt,
  answer: familyOpinions.answer,
  note: familyOpinions.note,
  answeredAt: familyOpinions.answeredAt,
};
/** The opinions the member asked on one match, from guardians still on her list, latest first. */
export async function opinionsOn(db: Executor, memberId: string, otherId: string, id?: string) {
  return db
    .select(opinionColumns)
    .from(familyOpinions)
    .innerJoin(guardians, eq(guardians.id, familyOpinions.guardianId))
    .where(
      and(
        eq(familyOpinions.memberId, memberId),
        eq(familyOpinions.otherId, otherId),
        isNull(guardians.revokedAt),
        id ? eq(familyOpinions.id, id) : undefined,
      ),
    )
    .orderBy(desc(familyOpinions.createdAt), desc(familyOpinions.id));
}

export async function revokeOpinion(
  db: Executor,
  memberId: string,
  otherId: string,
  id: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(familyOpinions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(familyOpinions.id, id),
        eq(familyOpinions.memberId, memberId),
        eq(familyOpinions.otherId, otherId),
        isNull(familyOpinions.revokedAt),
      ),
    )
    .returning({ id: familyOpinions.id });
  return rows.length > 0;
}

/**
 * The opinion a token opens, while it may: not expired nor revoked, its guardian still on the
 * member's list, the member active and consenting, the match still letting families see them.
 * Whether the match can still be seen (block, unmatch, ban) is the profile's own rule.
 */
export async function opinionByTokenHash(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      id: familyOpinions.id,
      memberId: familyOpinions.memberId,
      otherId: familyOpinions.otherId,
      expiresAt: familyOpinions.expiresAt,
      answer: familyOpinions.answer,
      note: familyOpinions.note,
      guardianName: guardians.name,
      language: guardians.language,
      memberName: members.name,
    })
    .from(familyOpinions)
    .innerJoin(guardians, eq(guardians.id, familyOpinions.guardianId))
    .innerJoin(members, eq(members.id, familyOpinions.memberId))
    .where(
      and(
        eq(familyOpinions.tokenHash, tokenHash),
        gt(familyOpinions.expiresAt, now),
        isNull(familyOpinions.revokedAt),
        isNull(guardians.revokedAt),
        eq(members.standing, 'active'),
        consentGiven(sql`${members.id}`),
        sql`coalesce((select s.shown_to_families from guardian_settings s where s.member_id = ${familyOpinions.otherId}), true)`,
      ),
    );
  return row;
}

export async function saveAnswer(
  db: Executor,
  id: string,
  answer: FamilyOpinionAnswer,
  note: string | null,
  at: Date,
) {
  await db
    .update(familyOpinions)
    .set({ answer, note, answeredAt: at })
    .where(eq(familyOpinions.id, id));
}
