import type { GuardianDigest, GuardianRequest } from '@mawadda/contract';
import { endpointRoutes } from '@mawadda/contract/endpoint-routes';
import { guardianEndpointRoutes } from '@mawadda/contract/guardian-endpoint-routes';
import { callApi } from '@/lib/api-client.ts';

// Family mode's endpoints join the map the API client reads once this chunk loads: kept apart,
// they add nothing to the first route (ADR 045).
Object.assign(endpointRoutes, guardianEndpointRoutes);

export const guardiansKeys = {
  /** Per member: the next member on the same device never sees the last one's guardians. */
  overview: (memberId: string) => ['guardians', memberId, 'overview'] as const,
  page: (token: string) => ['guardian-page', token] as const,
  conversation: (token: string, userId: string) =>
    ['guardian-page', token, 'conversation', userId] as const,
};

export const fetchGuardians = (signal?: AbortSignal) => callApi('guardians', {}, signal);
export const addGuardian = (body: GuardianRequest) => callApi('addGuardian', { body });
export const removeGuardian = (id: string) => callApi('removeGuardian', { params: { id } });
export const saveGuardianSettings = (followNewConversations: boolean) =>
  callApi('saveGuardianSettings', { body: { followNewConversations } });
export const followConversation = (userId: string, followed: boolean) =>
  callApi('followConversation', { params: { userId }, body: { followed } });
export const followAllConversations = (followed: boolean) =>
  callApi('followAllConversations', { body: { followed } });

/** The guardian's page: the link's token is the key, no session. */
export const fetchGuardianPage = (token: string, signal?: AbortSignal) =>
  callApi('guardianPage', { params: { token } }, signal);
export const fetchGuardianConversation = (token: string, userId: string, signal?: AbortSignal) =>
  callApi('guardianConversation', { params: { token, userId }, query: {} }, signal);
export const saveGuardianDigest = (token: string, digest: GuardianDigest) =>
  callApi('saveGuardianDigest', { params: { token }, body: { digest } });
