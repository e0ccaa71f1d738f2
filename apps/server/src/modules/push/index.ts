/**
 * The push module's public face (ADR 036, 037): devices' Web Push subscriptions, the
 * member's notification settings, the VAPID keys that sign what is sent, and `notify`, which
 * the modules where things happen are given (app.ts wires it) to have them pushed.
 */

export { pushModule } from './push.module.ts';
export { pushReachable } from './push.repository.ts';
export type { PushService } from './push.service.ts';
export type { PushEvent } from './push-notifier.ts';
export type { VapidDetails } from './vapid-keys.ts';
