import { moderationDecisionEndpointRoutes } from '@mawadda/contract/moderation-decision-endpoint-routes';
import { endpointCaller } from '@/lib/api-client.ts';

// These endpoints come with the standing page's chunk (ADR 045's way).
const callStandingApi = endpointCaller(moderationDecisionEndpointRoutes);

const withPass = (pass: string) => ({ authorization: `Bearer ${pass}` });

/** GET /api/standing: the member's standing and statements of reasons, with their pass. */
export function fetchStanding(pass: string, signal?: AbortSignal) {
  return callStandingApi('standing', { headers: withPass(pass) }, signal);
}

/** POST /api/standing/statements/:id/appeal: the member's appeal of one decision, once. */
export function appealWithPass(pass: string, decisionId: string, text: string) {
  return callStandingApi('standingAppeal', {
    params: { id: decisionId },
    body: { text },
    headers: withPass(pass),
  });
}

/** GET /api/users/me/statements: a signed-in member's statements of reasons, now read. */
export function fetchMyStatements(signal?: AbortSignal) {
  return callStandingApi('statements', {}, signal);
}

/** POST /api/users/me/statements/:id/appeal: a signed-in member's appeal of one decision. */
export function appealMine(decisionId: string, text: string) {
  return callStandingApi('appeal', { params: { id: decisionId }, body: { text } });
}
