import type { ChangePasswordRequest } from '@mawadda/contract';
import { sessionEndpointRoutes } from '@mawadda/contract/session-endpoint-routes';
import { endpointCaller } from '@/lib/api-client.ts';

// Only the account settings call these: kept apart, they add nothing to the first route.
const callSessionsApi = endpointCaller(sessionEndpointRoutes);

/** GET /api/auth/sessions: my signed-in devices, this one marked `current`. */
export function fetchSignedInDevices(signal?: AbortSignal) {
  return callSessionsApi('sessions', {}, signal);
}

/** DELETE /api/auth/sessions/:id: signs one of my devices out. */
export function endSignedInDevice(id: string) {
  return callSessionsApi('endSession', { params: { id } });
}

/** POST /api/auth/sessions/end-others: signs out all my devices but this one. */
export function endOtherDevices() {
  return callSessionsApi('endOtherSessions', {});
}

/** POST /api/auth/password: a new password; my other devices are signed out. */
export function changePassword(request: ChangePasswordRequest) {
  return callSessionsApi('changePassword', { body: request });
}
