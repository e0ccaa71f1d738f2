import type { StayRequest } from '@mawadda/contract';
import { stayEndpointRoutes } from '@mawadda/contract/stay-endpoint-routes';
import { endpointCaller } from '@/lib/api-client.ts';

// Only the travel panel calls these: kept apart, they add nothing to the first route.
const callStaysApi = endpointCaller(stayEndpointRoutes);

/** GET /api/users/stays: my stays not yet over, the soonest first (ADR 077). */
export function fetchStays(signal?: AbortSignal) {
  return callStaysApi('stays', {}, signal);
}

/** POST /api/users/stays: announce a stay. */
export function createStay(request: StayRequest) {
  return callStaysApi('createStay', { body: request });
}

/** DELETE /api/users/stays/:id: I am no longer suggested there, at once. */
export function deleteStay(id: string) {
  return callStaysApi('deleteStay', { params: { id } });
}
