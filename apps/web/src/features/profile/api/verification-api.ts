import { verificationEndpointRoutes } from '@mawadda/contract/verification-endpoint-routes';
import { endpointCaller } from '@/lib/api-client.ts';

// The verification endpoints come with this chunk: kept apart, they add nothing to the first
// route (as family mode's, ADR 045).
const callVerificationApi = endpointCaller(verificationEndpointRoutes);

/** GET /api/users/me/verification: none, pending, approved or refused (why, and until when). */
export function fetchVerification(signal?: AbortSignal) {
  return callVerificationApi('verification', {}, signal);
}

/** POST /api/users/me/verification/pose: a pose drawn by the server, valid ten minutes. */
export function drawPose() {
  return callVerificationApi('verificationPose', {});
}

/** POST /api/users/me/verification (multipart: pose, selfie): queues the selfie. */
export function sendSelfie(pose: string, selfie: Blob) {
  const form = new FormData();
  form.append('pose', pose);
  // A name for the part: the server reads the bytes, never the name.
  form.append('selfie', selfie, 'selfie.jpg');
  return callVerificationApi('requestVerification', { form });
}
