// Type-only imports from the contract: the login route must not pull zod into the first chunk.
import type { ClientConfig, CurrentUser, TokenResponse } from '@mawadda/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { session } from '../../../lib/session.ts';

export type Credentials = { username: string; password: string };

/** Stores the token, then fetches and stores the member's profile (spec section 4). */
async function startSession(token: string): Promise<CurrentUser> {
  session.start(token);
  try {
    const user = await api.get<CurrentUser>('/api/users/me');
    session.setUser(user);
    return user;
  } catch (error) {
    session.end();
    throw error;
  }
}

export function useClientConfig() {
  return useQuery({
    queryKey: ['client-config'],
    queryFn: ({ signal }) => api.get<ClientConfig>('/api/config', signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useLoginMutation() {
  return useMutation({
    mutationFn: async (credentials: Credentials) => {
      const { token } = await api.post<TokenResponse>('/api/auth/login', credentials);
      return startSession(token);
    },
  });
}

/** Sends the Google Identity Services credential (an ID token) to the server. */
export function useGoogleLoginMutation() {
  return useMutation({
    mutationFn: async (credential: string) => {
      const { token } = await api.post<TokenResponse>('/api/auth/google', { token: credential });
      return startSession(token);
    },
  });
}

export function useForgotPasswordMutation() {
  return useMutation({
    mutationFn: (username: string) => api.post<unknown>('/api/auth/forgot-password', { username }),
  });
}

export function useResetPasswordMutation() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) =>
      api.post<unknown>('/api/auth/reset-password', body),
  });
}
