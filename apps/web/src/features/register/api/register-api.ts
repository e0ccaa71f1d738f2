import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client.ts';

/**
 * Registers. The answer is the same whether the address was new or already had an account (its
 * owner is mailed instead): the member then signs in at login (docs/spec.md §4), never told here
 * which it was.
 */
export function useRegisterMutation() {
  return useMutation({ mutationFn: (form: FormData) => callApi('register', { form }) });
}
