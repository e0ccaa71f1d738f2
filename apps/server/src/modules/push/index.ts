/**
 * The push module's public face (ADR 036, 037): devices' Web Push subscriptions, the member's
 * notification settings, the VAPID keys that sign what is sent; its module listens to the events
 * of the modules where things happen (a message, a like, a call: ADR 062) to have them pushed.
 */

export { pushModule } from './push.module.ts';
export { pushReachable } from './push.repository.ts';
export type { PushService } from './push.service.ts';
export type { PushEvent } from './push-notifier.ts';
export type { VapidDetails } from './vapid-keys.ts';
