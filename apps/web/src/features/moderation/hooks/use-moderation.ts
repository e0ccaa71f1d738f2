import type { ModerationActionRequest, OpenReport } from '@mawadda/contract';
import { titleCase } from '@mawadda/contract/text';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { moderationKeys } from '@/lib/query-keys.ts';
import { useSession } from '@/lib/session.ts';
import { actOnReport, fetchOpenReports } from '../api/moderation-api.ts';

function useQueueKey() {
  return moderationKeys.queue(useSession()?.user?.id ?? '');
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
 * The open reports, asking for money first, then oldest first, asked again each time the page
 * opens. Kept out of the offline copy: other members' reports, messages and photos have no place
 * in a moderator's storage.
 */
export function useOpenReports() {
  return useQuery({
    queryKey: useQueueKey(),
    queryFn: ({ signal }) => fetchOpenReports(signal),
    select: (reports) => reports.map(named),
    staleTime: 0,
  });
}

/** Drops a report from the queue: decided here, or by another moderator meanwhile. */
export function useLeaveQueue() {
  const key = useQueueKey();
  const queryClient = useQueryClient();
  return (reportId: string) =>
    queryClient.setQueryData<OpenReport[]>(key, (reports) =>
      reports?.filter((report) => report.id !== reportId),
    );
}

/** A moderator's decision on one report; the caller drops the report once it is recorded. */
export function useModerationAction(reportId: string) {
  return useMutation({
    mutationFn: (request: ModerationActionRequest) => actOnReport(reportId, request),
  });
}
