import { callApi } from '@/lib/api-client.ts';

/** GET /api/users/me: the member's own profile, photos and completeness included. */
export function fetchCurrentUser(signal?: AbortSignal) {
  return callApi('currentUser', {}, signal);
}

/** PUT /api/users/update (multipart): answers the updated profile. */
export function updateProfile(form: FormData) {
  return callApi('updateProfile', { form });
}

/**
 * PUT /api/users/me/voice-introduction (multipart): the recording as `audio`; the server reads
 * its bytes, not its name (ADR 072). Answers the updated profile.
 */
export function saveVoiceIntroduction(audio: Blob) {
  const form = new FormData();
  form.set('audio', audio, 'voice-introduction');
  return callApi('saveVoiceIntroduction', { form });
}

/** DELETE /api/users/me/voice-introduction: answers the updated profile. */
export function removeVoiceIntroduction() {
  return callApi('removeVoiceIntroduction', {});
}
