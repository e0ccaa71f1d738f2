/**
 * Family mode's public face (ADR 045): a member's guardians, what they follow, and the
 * read-only page their link opens.
 */

export { guardiansModule } from './guardians.module.ts';
export {
  guardianDigestRoutes,
  guardianPageRoutes,
  guardianSettingsRoutes,
} from './guardians.routes.ts';
export { createGuardiansService, type GuardiansService } from './guardians.service.ts';
