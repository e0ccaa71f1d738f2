import { useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client.ts';
import { authKeys } from '@/lib/query-keys.ts';
import { startSession } from '@/lib/sign-in.ts';

export function useClientConfig() {
  return useQuery({
    queryKey: authKeys.clientConfig(),
    queryFn: ({ signal }) => callApi('clientConfig', {}, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Sends the Google Identity Services credential (an ID token) to the server. */
export function useGoogleLoginMutation() {
  return useMutation({
    mutationFn: async ({ credential, remember }: { credential: string; remember: boolean }) => {
      const { token } = await callApi('googleLogin', { body: { token: credential } });
      return startSession(token, remember);
    },
  });
}

export function useForgotPasswordMutation() {
  return useMutation({
    mutationFn: (username: string) => callApi('forgotPassword', { body: { username } }),
  });
}

export function useResetPasswordMutation() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) => callApi('resetPassword', { body }),
  });
}
