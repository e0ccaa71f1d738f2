import { useMutation } from '@tanstack/react-query';
import { ApiError, callApi } from '@/lib/api-client.ts';
import { type Credentials, signIn } from '@/lib/sign-in.ts';

/**
 * Registers, then signs in with the same e-mail and password (no retyping). The registration's
 * answer is the same for an address that already had an account: then the sign-in is what fails,
 * and `signedIn` is null.
 */
export function useRegisterMutation() {
  return useMutation({
    mutationFn: async ({ form, credentials }: { form: FormData; credentials: Credentials }) => {
      await callApi('register', { form });
      try {
        return { signedIn: await signIn(credentials) };
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return { signedIn: null };
        throw error;
      }
    },
  });
}
