import type { ErrorCode } from './error-codes.ts';

/**
 * The refusals of a first contact (a message, a call, a wali question) past the day's new
 * conversations (ADR 043): the member's own limit, or a new account's, whose words say why and
 * what lifts it. Zod-free, so the web's member area reads it without the schemas' chunk.
 */
const NEW_CONVERSATION_LIMITS = [
  'NEW_CONVERSATIONS_DAILY_LIMIT',
  'NEW_ACCOUNT_CONVERSATIONS_LIMIT',
] as const satisfies readonly ErrorCode[];

export type NewConversationLimit = (typeof NEW_CONVERSATION_LIMITS)[number];

export function isNewConversationLimit(code: string | undefined): code is NewConversationLimit {
  return (NEW_CONVERSATION_LIMITS as readonly (string | undefined)[]).includes(code);
}
