import type {
  AppealAnswer,
  BulkActionRequest,
  ModerationActionRequest,
  ReportQueueQuery,
  TransparencyQuery,
  VerificationDecision,
} from '@mawadda/contract';
import { moderationDecisionEndpointRoutes } from '@mawadda/contract/moderation-decision-endpoint-routes';
import { transparencyEndpointRoutes } from '@mawadda/contract/transparency-endpoint-routes';
import { verificationQueueEndpointRoutes } from '@mawadda/contract/verification-endpoint-routes';
import { callApi, endpointCaller } from '@/lib/api-client.ts';
import { apiFile } from '@/lib/api-file.ts';

// The verification queue's endpoints come with this chunk (ADR 045's way).
const callQueueApi = endpointCaller(verificationQueueEndpointRoutes);
const callDecisionApi = endpointCaller(moderationDecisionEndpointRoutes);
const callTransparencyApi = endpointCaller(transparencyEndpointRoutes);

/** GET /api/moderation/transparency: the summary of a period (the last month without one). */
export function fetchTransparency(period: TransparencyQuery, signal?: AbortSignal) {
  return callTransparencyApi('transparencySummary', { query: period }, signal);
}

/** GET /api/moderation/transparency.csv: the same summary as a CSV file, and its name. */
export function downloadTransparencyCsv(period: TransparencyQuery) {
  const search = new URLSearchParams(
    Object.entries(period).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  return apiFile(`${transparencyEndpointRoutes.transparencyCsv.path}?${search}`);
}

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
 * GET /api/moderation/reports: the reports the filters keep, a reported minor first, then money
 * asked for, then oldest first (moderators only, ADR 080).
 */
export function fetchOpenReports(query: ReportQueueQuery, signal?: AbortSignal) {
  return callApi('moderationQueue', { query }, signal);
}

/** GET /api/moderation/reports/figures: the queue at a glance (ADR 080). */
export function fetchQueueFigures(signal?: AbortSignal) {
  return callDecisionApi('moderationQueueFigures', {}, signal);
}

/** POST /api/moderation/reports/actions: one decision closing several reports of one member. */
export function actOnReports(body: BulkActionRequest) {
  return callDecisionApi('moderationBulkAction', { body });
}

/** GET /api/moderation/members/:id: a member's review state and every event on them. */
export function fetchSubject(memberId: string, signal?: AbortSignal) {
  return callDecisionApi('moderationSubject', { params: { id: memberId } }, signal);
}

/** POST /api/moderation/members/:id/comments: a comment the member never sees. */
export function commentOn(memberId: string, text: string) {
  return callDecisionApi('moderationComment', { params: { id: memberId }, body: { text } });
}

/** POST /api/moderation/members/:id/escalation: to the senior moderators. */
export function escalate(memberId: string, reason: string) {
  return callDecisionApi('moderationEscalation', { params: { id: memberId }, body: { reason } });
}

/** POST /api/moderation/decisions/:id/reversal: a senior moderator undoes a decision. */
export function reverseDecision(decisionId: string, reason: string) {
  return callDecisionApi('moderationReversal', { params: { id: decisionId }, body: { reason } });
}

/** POST /api/moderation/reports/:id/actions: the decision on one report, which closes it. */
export function actOnReport(reportId: string, body: ModerationActionRequest) {
  return callApi('moderationAction', { params: { id: reportId }, body });
}
