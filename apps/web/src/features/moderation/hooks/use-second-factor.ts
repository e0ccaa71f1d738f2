import { useMutation, useQueryClient } from '@tanstack/react-query';
import { moderationKeys } from '@/lib/query-keys.ts';
import { useSession } from '@/lib/session.ts';
import {
  confirmTotp,
  provePasskey,
  proveSecondFactor,
  setUpTotp,
} from '../api/second-factor-api.ts';

/**
 * Once the session proved a factor (and the recovery codes are saved), both queues are asked
 * again, and the transparency summary when it was the page that asked for the proof.
 */
export function useReopenQueues() {
  const memberId = useSession()?.user?.id ?? '';
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: moderationKeys.queue(memberId) }),
      queryClient.invalidateQueries({ queryKey: moderationKeys.verifications(memberId) }),
      queryClient.invalidateQueries({ queryKey: moderationKeys.transparencies(memberId) }),
    ]);
}

export function useTotpSetup() {
  return useMutation({ mutationFn: setUpTotp });
}

/** The first code: the session counts as proved, but the queues wait for "I saved them". */
export function useTotpConfirmation() {
  return useMutation({ mutationFn: confirmTotp });
}

export function useSecondFactorProof() {
  const reopen = useReopenQueues();
  return useMutation({ mutationFn: proveSecondFactor, onSuccess: reopen });
}

export function usePasskeyProof() {
  const reopen = useReopenQueues();
  return useMutation({ mutationFn: provePasskey, onSuccess: reopen });
}
