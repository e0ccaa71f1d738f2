/**
 * Family mode's public face (ADR 045): a member's guardians, what they follow, and the
 * read-only page their link opens.
 */

export { guardiansModule } from './guardians.module.ts';
export type { GuardiansService } from './guardians.service.ts';
