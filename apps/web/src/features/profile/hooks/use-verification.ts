import type { VerificationState } from '@mawadda/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { profileKeys } from '@/lib/query-keys.ts';
import { useSession } from '@/lib/session.ts';
import { drawPose, fetchVerification, sendSelfie } from '../api/verification-api.ts';

function useStateKey() {
  return profileKeys.verification(useSession()?.user?.id ?? '');
}

/** The member's verification, asked again each time the section shows (a moderator decides). */
export function useVerification() {
  return useQuery({
    queryKey: useStateKey(),
    queryFn: ({ signal }) => fetchVerification(signal),
    staleTime: 0,
  });
}

export function useDrawPose() {
  return useMutation({ mutationFn: drawPose });
}

/** Sends the selfie; the answer is the new state, kept as the query's. */
export function useSendSelfie() {
  const key = useStateKey();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ pose, selfie }: { pose: string; selfie: Blob }) => sendSelfie(pose, selfie),
    onSuccess: (state: VerificationState) => queryClient.setQueryData(key, state),
  });
}
