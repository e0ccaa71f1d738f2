import type { DeleteAccountRequest } from '@mawadda/contract';
import { endpointRoutes } from '@mawadda/contract/endpoint-routes';
import { callApi } from '@/lib/api-client.ts';
import { apiFile } from '@/lib/api-file.ts';

/** GET /api/users/me/export: the latest copy of my data, and until when it is offered. */
export function fetchDataExport(signal?: AbortSignal) {
  return callApi('dataExport', {}, signal);
}

/** POST /api/users/me/export: a copy is prepared in the background. */
export function requestDataExport() {
  return callApi('requestDataExport');
}

/**
 * GET /api/users/me/export/file: the ZIP, which only my session downloads (ADR 028): fetched
 * with the token, not opened as a link.
 */
export function downloadDataExport() {
  return apiFile(endpointRoutes.downloadDataExport.path);
}

/** DELETE /api/users/me, confirmed with the password or a fresh Google sign-in. */
export function deleteAccount(confirmation: DeleteAccountRequest) {
  return callApi('deleteAccount', { body: confirmation });
}
