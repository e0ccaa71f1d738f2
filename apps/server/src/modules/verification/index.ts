/** The verification module's public face: verified members (issue 21, ADR 044). */
export { selfieKeysOf } from './verification.repository.ts';
export { SELFIE_PREFIX, selfieRoutes, verificationRoutes } from './verification.routes.ts';
export {
  createVerificationService,
  type VerificationService,
} from './verification.service.ts';
