import { callApi } from '@/lib/api-client.ts';

/** GET /api/users/me: the member's own profile, photos and completeness included. */
export function fetchCurrentUser(signal?: AbortSignal) {
  return callApi('currentUser', {}, signal);
}

/** PUT /api/users/update (multipart): answers the updated profile. */
export function updateProfile(form: FormData) {
  return callApi('updateProfile', { form });
}
