/** The verification module's public face: verified members (ADR 044). */

export { verificationModule } from './verification.module.ts';
export { selfieKeysOf } from './verification.repository.ts';
export type { VerificationService } from './verification.service.ts';
