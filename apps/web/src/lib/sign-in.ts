import type { CurrentUser } from '@mawadda/contract';
import { callApi } from './api-client.ts';
import { session } from './session.ts';

export type Credentials = { username: string; password: string };

/**
 * Stores the token, then fetches and stores the member's profile (docs/spec.md §4). `remember`
 * false keeps them for this browser session only (lib/session.ts).
 */
export async function startSession(token: string, remember = true): Promise<CurrentUser> {
  session.start(token, remember);
  try {
    const user = await callApi('currentUser');
    session.setUser(user);
    return user;
  } catch (error) {
    session.end();
    throw error;
  }
}

/** Signs in with an e-mail and password: the login screen, and registration right after it. */
export async function signIn(credentials: Credentials, remember = true): Promise<CurrentUser> {
  const { token } = await callApi('login', { body: credentials });
  return startSession(token, remember);
}
