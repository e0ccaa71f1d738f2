/** The verification module's public face: verified members (ADR 044). */
export { selfieKeysOf } from './verification.repository.ts';
export { SELFIE_PREFIX, selfieRoutes, verificationRoutes } from './verification.routes.ts';
export {
  createVerificationService,
  type VerificationService,
} from './verification.service.ts';
export { verificationModule } from './verification.module.ts';
