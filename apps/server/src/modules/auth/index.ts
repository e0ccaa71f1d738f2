/** The auth module's public face: sessions, sign-in (password, Google), password reset. */
export type { ActivityRecorder } from './activity-recorder.ts';
export { authModule } from './auth.module.ts';
export type { AuthService } from './auth.service.ts';
export { createGoogleVerifier, type GoogleVerifier } from './google-verifier.ts';
