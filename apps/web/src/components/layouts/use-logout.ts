import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { callApi } from '@/lib/api-client.ts';
import { session } from '@/lib/session.ts';
import { useLocalizedPath } from './paths.ts';

/** The server is told, but a member is never kept waiting on it (offline, slow network). */
const LOGOUT_CALL_LIMIT_MS = 3000;

/**
 * Logout (docs/spec.md §4): revoke the token on the server (best effort: a failure is ignored),
 * then forget the token and current user, drop every cached answer so nothing of this member
 * shows to the next person on the device, and go to login.
 */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  return useCallback(async () => {
    await Promise.race([
      callApi('logout').catch(() => undefined),
      new Promise((resolve) => setTimeout(resolve, LOGOUT_CALL_LIMIT_MS)),
    ]);
    session.end();
    queryClient.clear();
    await navigate(localized('/'), { replace: true });
  }, [queryClient, navigate, localized]);
}
