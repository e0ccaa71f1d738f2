/**
 * The e-mail digest's public face (ADR 038): what a member without push missed, mailed
 * at most once a day, and its one-click unsubscribe link.
 */

export { digestModule } from './digest.module.ts';
export type { DigestService } from './digest.service.ts';
export { createUnsubscribeTokens, type UnsubscribeTokens } from './unsubscribe-token.ts';
