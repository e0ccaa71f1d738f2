import type { ModerationActionRequest, OpenReport, ReportQueueQuery } from '@mawadda/contract';
import { titleCase } from '@mawadda/contract/text';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { moderationKeys } from '@/lib/query-keys.ts';
import { useSession } from '@/lib/session.ts';
import {
  actOnReport,
  actOnReports,
  fetchOpenReports,
  fetchQueueFigures,
} from '../api/moderation-api.ts';

function useModeratorId() {
  return useSession()?.user?.id ?? '';
}

/** A report with its two members named as every screen names members. */
const named = (report: OpenReport): OpenReport => ({
  ...report,
  reporter:
    report.reporter.kind === 'member'
      ? { ...report.reporter, name: titleCase(report.reporter.name) }
      : report.reporter,
  reported: { ...report.reported, name: titleCase(report.reported.name) },
});

/**
 * The reports the filters keep, a reported minor first, then money asked for, then oldest first
 * (ADR 080), asked again each time the page opens or a filter changes. Kept out of the offline
 * copy: other members' reports, messages and photos have no place in a moderator's storage.
 */
export function useOpenReports(filters: ReportQueueQuery) {
  return useQuery({
    queryKey: [...moderationKeys.queue(useModeratorId()), filters],
    queryFn: ({ signal }) => fetchOpenReports(filters, signal),
    select: (reports) => reports.map(named),
    staleTime: 0,
  });
}

/** The queue at a glance (ADR 080): asked again with the queue and after each decision. */
export function useQueueFigures() {
  return useQuery({
    queryKey: moderationKeys.figures(useModeratorId()),
    queryFn: ({ signal }) => fetchQueueFigures(signal),
    staleTime: 0,
  });
}

/**
 * Drops reports from every filter's queue (decided here, or by another moderator meanwhile),
 * and asks the figures again.
 */
export function useLeaveQueue() {
  const moderatorId = useModeratorId();
  const queryClient = useQueryClient();
  return (reportIds: readonly string[]) => {
    queryClient.setQueriesData<OpenReport[]>(
      { queryKey: moderationKeys.queue(moderatorId) },
      (reports) => reports?.filter((report) => !reportIds.includes(report.id)),
    );
    void queryClient.invalidateQueries({ queryKey: moderationKeys.figures(moderatorId) });
  };
}

/**
 * A moderator's decision on one report, or on several of one member at once (ADR 080); the
 * caller drops them once it is recorded.
 */
export function useModerationAction(reportIds: readonly string[]) {
  return useMutation({
    mutationFn: (request: ModerationActionRequest) => {
      const [lead = '', ...others] = reportIds;
      return others.length === 0
        ? actOnReport(lead, request)
        : actOnReports({ ...request, reportIds: [...reportIds] });
    },
  });
}
