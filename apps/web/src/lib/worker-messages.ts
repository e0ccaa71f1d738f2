/**
 * What the service worker posts to the app's windows beside a notification's click (that one is
 * `OPEN_URL`, features/pwa/push-handlers.ts): here so the worker and the notifications feature
 * share it without importing each other.
 */

/**
 * The push service replaced this device's subscription (`pushsubscriptionchange`): the worker
 * cannot tell the server (the session's token is in the page's storage), an open window does.
 */
export const SUBSCRIPTION_CHANGED_MESSAGE = 'PUSH_SUBSCRIPTION_CHANGED';
