/** The moderation module's public face: reports, and what moderators do about them. */

export { moderationModule } from './moderation.module.ts';
export {
  isModerator,
  recordAction as recordModerationAction,
  setRoleByEmail,
} from './moderation.repository.ts';
export type { ModerationService } from './moderation.service.ts';
export { assertModerator } from './moderation-queue.ts';
export {
  assertModeratorWithSecondFactor,
  type ModeratorGateDeps,
  moderatorGate,
} from './moderator-gate.ts';
