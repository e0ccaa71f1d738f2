/** The auth module's public face: sessions, sign-in (password, Google), password reset. */
export { type ActivityRecorder, createActivityRecorder } from './activity-recorder.ts';
export { authModule } from './auth.module.ts';
export { authRoutes, sessionRoutes } from './auth.routes.ts';
export { type AuthService, createAuthService } from './auth.service.ts';
export { createDeviceCookies } from './device-cookie.ts';
export { createGoogleVerifier, type GoogleVerifier } from './google-verifier.ts';
export { createSessionCache } from './session-cache.ts';
