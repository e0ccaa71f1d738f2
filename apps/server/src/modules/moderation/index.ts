/** The moderation module's public face: reports, and what moderators do about them. */
export {
  isModerator,
  recordAction as recordModerationAction,
  setRoleByEmail,
} from './moderation.repository.ts';
export { moderationRoutes } from './moderation.routes.ts';
export { createModerationService, type ModerationService } from './moderation.service.ts';
export { assertModerator } from './moderation-queue.ts';
export { moderationModule } from './moderation.module.ts';
