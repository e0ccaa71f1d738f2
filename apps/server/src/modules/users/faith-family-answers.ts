import type { FaithFamilyFields } from '@mawadda/contract';

/**
 * The faith and family answers as stored: absent from the form is "not answered" (null). The
 * registration and the edit-profile forms carry the same fields, checked by the same shape.
 */
export function faithFamilyAnswers(fields: FaithFamilyFields) {
  return {
    faithBranch: fields.faithBranch ?? null,
    madhhab: fields.madhhab ?? null,
    community: fields.community ?? null,
    prayer: fields.prayer ?? null,
    hijab: fields.hijab ?? null,
    beard: fields.beard ?? null,
    halal: fields.halal ?? null,
    revert: fields.revert ?? null,
    revertSince: fields.revertSince ?? null,
    marriageTimeline: fields.marriageTimeline ?? null,
    polygamy: fields.polygamy ?? null,
    childrenWanted: fields.childrenWanted ?? null,
    relocation: fields.relocation ?? null,
    education: fields.education ?? null,
    languages: fields.languages,
    profession: fields.profession ?? null,
    nationality: fields.nationality ?? null,
    origin: fields.origin ?? null,
    faithMatchesOnly: fields.faithMatchesOnly,
  };
}
