import type { ClosingTemplate, ReportRequest } from '@mawadda/contract';
import { callApi } from '@/lib/api-client.ts';

/** POST /api/users/:id/block: from now on, both ways, neither sees nor reaches the other. */
export function blockMember(id: string) {
  return callApi('block', { params: { id } });
}

/** DELETE /api/users/:id/block. */
export function unblockMember(id: string) {
  return callApi('unblock', { params: { id } });
}

/** DELETE /api/users/:id/match: the conversation closes for both. */
export function unmatchMember(id: string) {
  return callApi('unmatch', { params: { id } });
}

/**
 * POST /api/users/:id/match/close-kindly (ADR 070): the closing message chosen, then the unmatch,
 * together.
 */
export function closeMatchKindly(id: string, templateId: ClosingTemplate) {
  return callApi('closeKindly', { params: { id }, body: { templateId } });
}

/** POST /api/reports: a moderator looks at it. */
export function sendReport(report: ReportRequest) {
  return callApi('report', { body: report });
}

/** GET /api/users/blocks: the members I blocked, the latest first. */
export function fetchBlockedMembers(signal?: AbortSignal) {
  return callApi('blockedMembers', {}, signal);
}
