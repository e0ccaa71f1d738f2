/** The notifications module's public face: the counts of what is new. */

export { notificationsModule } from './notifications.module.ts';
export type { NotificationsService } from './notifications.service.ts';
