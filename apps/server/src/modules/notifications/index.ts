/** The notifications module's public face: the counts of what is new. */
export { notificationsRoutes } from './notifications.routes.ts';
export {
  createNotificationsService,
  type NotificationsService,
} from './notifications.service.ts';
