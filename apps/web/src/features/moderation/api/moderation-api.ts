import type {
  AppealAnswer,
  ModerationActionRequest,
  VerificationDecision,
} from '@mawadda/contract';
import { moderationDecisionEndpointRoutes } from '@mawadda/contract/moderation-decision-endpoint-routes';
import { verificationQueueEndpointRoutes } from '@mawadda/contract/verification-endpoint-routes';
import { callApi, endpointCaller } from '@/lib/api-client.ts';

// The verification queue's endpoints come with this chunk (ADR 045's way).
const callQueueApi = endpointCaller(verificationQueueEndpointRoutes);
const callDecisionApi = endpointCaller(moderationDecisionEndpointRoutes);

/** GET /api/moderation/appeals: the appeals waiting (none against the moderator's decisions). */
export function fetchAppealQueue(signal?: AbortSignal) {
  return callDecisionApi('appealQueue', {}, signal);
}

/** POST /api/moderation/appeals/:id/answer: uphold (the decision is reversed) or reject. */
export function answerAppeal(appealId: string, body: AppealAnswer) {
  return callDecisionApi('appealAnswer', { params: { id: appealId }, body });
}

/** GET /api/moderation/verifications: the selfies waiting, oldest first (moderators only). */
export function fetchVerificationQueue(signal?: AbortSignal) {
  return callQueueApi('verificationQueue', {}, signal);
}

/** POST /api/moderation/verifications/:id/decision: approve, or refuse with a reason. */
export function decideVerification(requestId: string, body: VerificationDecision) {
  return callQueueApi('verificationDecision', { params: { id: requestId }, body });
}

/** GET /api/users/me: the member, with their role. */
export function fetchMe(signal?: AbortSignal) {
  return callApi('currentUser', {}, signal);
}

/**
 * GET /api/moderation/reports: the open reports, asking for money first, then oldest first
 * (moderators only).
 */
export function fetchOpenReports(signal?: AbortSignal) {
  return callApi('moderationQueue', {}, signal);
}

/** POST /api/moderation/reports/:id/actions: the decision on one report, which closes it. */
export function actOnReport(reportId: string, body: ModerationActionRequest) {
  return callApi('moderationAction', { params: { id: reportId }, body });
}
