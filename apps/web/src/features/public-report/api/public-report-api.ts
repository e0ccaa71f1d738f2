import { publicReportEndpointRoutes } from '@mawadda/contract/public-report-endpoint-routes';
import type { PublicReportRequest } from '@mawadda/contract/public-reports';
import { useMutation } from '@tanstack/react-query';
import { endpointCaller } from '@/lib/api-client.ts';

// The endpoint comes with the report page's chunk (ADR 045's way).
const callPublicReportApi = endpointCaller(publicReportEndpointRoutes);

/** POST /api/public-reports: anyone's report of illegal content (ADR 079). */
export function usePublicReportMutation() {
  return useMutation({
    mutationFn: (body: PublicReportRequest) => callPublicReportApi('publicReport', { body }),
  });
}
