import type {
  FamilyOpinionReply,
  GuardianDigest,
  GuardianRequest,
  WaliAnswer,
} from '@mawadda/contract';
import {
  answerFamilyOpinion,
  askFamilyOpinion,
  familyOpinionPage,
  familyOpinions,
  revokeFamilyOpinion,
  setShownToFamilies,
} from './family-opinions.ts';
import {
  runGuardianDigest,
  startGuardianDigest,
  unsubscribeGuardianDigest,
} from './guardian-digest.ts';
import {
  followAllConversations,
  followConversation,
  overview,
  saveFollowNewSetting,
} from './guardian-follows.ts';
import { addGuardian, guardianVisits, removeGuardian } from './guardian-links.ts';
import { guardianConversation, guardianPage, saveGuardianDigest } from './guardian-reading.ts';
import { type GuardiansDeps, guardiansContext } from './guardians-context.ts';
import { answerWali, askWali } from './wali-contact.ts';

export type GuardiansService = ReturnType<typeof createGuardiansService>;

type PageQuery = { before?: string | undefined; size?: number | undefined };

/**
 * Family mode (ADR 045): the member's guardians and their links (`guardian-links.ts`), which
 * conversations they follow (`guardian-follows.ts`), the guardian's reading by their link
 * (`guardian-reading.ts`), their digest (`guardian-digest.ts`), and the wali's contact asked and
 * shared in the chat (`wali-contact.ts`), and the family's opinion on a match (`family-opinions.ts`,
 * ADR 078).
 */
export function createGuardiansService(deps: GuardiansDeps) {
  const ctx = guardiansContext(deps);
  return {
    overview: (memberId: string) => overview(ctx, memberId),
    add: (memberId: string, request: GuardianRequest) => addGuardian(ctx, memberId, request),
    remove: (memberId: string, guardianId: string) => removeGuardian(ctx, memberId, guardianId),
    visits: (memberId: string) => guardianVisits(ctx, memberId),
    saveSettings: (memberId: string, followNew: boolean) =>
      saveFollowNewSetting(ctx, memberId, followNew),
    follow: (memberId: string, otherId: string, followed: boolean) =>
      followConversation(ctx, memberId, otherId, followed),
    followAll: (memberId: string, followed: boolean) =>
      followAllConversations(ctx, memberId, followed),

    page: (token: string, address: string) => guardianPage(ctx, token, address),
    conversation: (token: string, address: string, otherId: string, query: PageQuery) =>
      guardianConversation(ctx, token, address, otherId, query),
    saveDigest: (token: string, address: string, digest: GuardianDigest) =>
      saveGuardianDigest(ctx, token, address, digest),

    runDigest: () => runGuardianDigest(ctx),
    startDigest: (everyMs: number) => startGuardianDigest(ctx, everyMs),
    unsubscribeDigest: (token: string) => unsubscribeGuardianDigest(ctx, token),

    askWali: (askerId: string, otherId: string) => askWali(ctx, askerId, otherId),
    answerWali: (answererId: string, askerId: string, answer: WaliAnswer) =>
      answerWali(ctx, answererId, askerId, answer),

    opinions: (memberId: string, otherId: string) => familyOpinions(ctx, memberId, otherId),
    askOpinion: (memberId: string, otherId: string, guardianId: string) =>
      askFamilyOpinion(ctx, memberId, otherId, guardianId),
    revokeOpinion: (memberId: string, otherId: string, id: string) =>
      revokeFamilyOpinion(ctx, memberId, otherId, id),
    saveShownToFamilies: (memberId: string, shown: boolean) =>
      setShownToFamilies(ctx, memberId, shown),
    opinionPage: (token: string, address: string) => familyOpinionPage(ctx, token, address),
    answerOpinion: (token: string, address: string, reply: FamilyOpinionReply) =>
      answerFamilyOpinion(ctx, token, address, reply),
  };
}
