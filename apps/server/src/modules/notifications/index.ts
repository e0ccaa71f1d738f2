/** The notifications module's public face: the counts of what is new. */

export { notificationsModule } from './notifications.module.ts';
export { notificationsRoutes } from './notifications.routes.ts';
export {
  createNotificationsService,
  type NotificationsService,
} from './notifications.service.ts';
