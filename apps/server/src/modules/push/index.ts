/**
 * The push module's public face (issue 19, ADR 036): devices' Web Push subscriptions, the
 * member's notification settings, and the VAPID keys that sign what is sent.
 */
export { pushReachable } from './push.repository.ts';
export { pushRoutes } from './push.routes.ts';
export { createPushService, type PushService } from './push.service.ts';
export { resolveVapidDetails, type VapidDetails } from './vapid-keys.ts';
