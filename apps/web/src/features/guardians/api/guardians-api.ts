import type { FamilyOpinionReply, GuardianDigest, GuardianRequest } from '@mawadda/contract';
import { guardianEndpointRoutes } from '@mawadda/contract/guardian-endpoint-routes';
import { endpointCaller } from '@/lib/api-client.ts';

// Family mode's endpoints have a map of their own: kept apart, they add nothing to the first
// route (ADR 045).
const callGuardianApi = endpointCaller(guardianEndpointRoutes);

export const fetchGuardians = (signal?: AbortSignal) => callGuardianApi('guardians', {}, signal);
export const addGuardian = (body: GuardianRequest) => callGuardianApi('addGuardian', { body });
export const removeGuardian = (id: string) => callGuardianApi('removeGuardian', { params: { id } });
export const saveGuardianSettings = (followNewConversations: boolean) =>
  callGuardianApi('saveGuardianSettings', { body: { followNewConversations } });
export const followConversation = (userId: string, followed: boolean) =>
  callGuardianApi('followConversation', { params: { userId }, body: { followed } });
export const followAllConversations = (followed: boolean) =>
  callGuardianApi('followAllConversations', { body: { followed } });

/** The guardian's page: the link's token is the key, no session. */
export const fetchGuardianPage = (token: string, signal?: AbortSignal) =>
  callGuardianApi('guardianPage', { params: { token } }, signal);
export const fetchGuardianConversation = (token: string, userId: string, signal?: AbortSignal) =>
  callGuardianApi('guardianConversation', { params: { token, userId }, query: {} }, signal);
export const saveGuardianDigest = (token: string, digest: GuardianDigest) =>
  callGuardianApi('saveGuardianDigest', { params: { token }, body: { digest } });
export const saveShownToFamilies = (shown: boolean) =>
  callGuardianApi('saveShownToFamilies', { body: { shown } });

/** A guardian's page for one opinion on a match (ADR 078): its own link, no session. */
export const fetchFamilyOpinionPage = (token: string, signal?: AbortSignal) =>
  callGuardianApi('familyOpinionPage', { params: { token } }, signal);
export const answerFamilyOpinion = (token: string, body: FamilyOpinionReply) =>
  callGuardianApi('answerFamilyOpinion', { params: { token }, body });
