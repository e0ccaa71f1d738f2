/** The profile-views module's public face: who looked at my profile. */

export { profileViewsModule } from './profile-views.module.ts';
export type { ProfileViewsService } from './profile-views.service.ts';
