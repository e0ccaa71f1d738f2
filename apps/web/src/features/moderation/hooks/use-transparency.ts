import type { TransparencyQuery } from '@mawadda/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { moderationKeys } from '@/lib/query-keys.ts';
import { saveFile } from '@/lib/save-file.ts';
import { useSession } from '@/lib/session.ts';
import { downloadTransparencyCsv, fetchTransparency } from '../api/moderation-api.ts';

/**
 * The transparency summary of a period (the last calendar month without one, ADR 081); the
 * figures shown stay until the next period's arrive.
 */
export function useTransparency(period: TransparencyQuery) {
  const me = useSession()?.user?.id ?? '';
  return useQuery({
    queryKey: moderationKeys.transparency(me, period.from, period.to),
    queryFn: ({ signal }) => fetchTransparency(period, signal),
    placeholderData: keepPreviousData,
  });
}

/** Downloads the summary's CSV with the session and saves it under the server's name. */
export function useTransparencyCsv() {
  return useMutation({
    mutationFn: async (period: TransparencyQuery) => {
      const { blob, filename } = await downloadTransparencyCsv(period);
      saveFile(blob, filename ?? 'mawadda-transparency.csv');
    },
  });
}
