import './zod-config.ts';
import { z } from 'zod';
import { E } from './error-codes.ts';

/**
 * Message requests (ADR 068): a first message from a member one has not matched with waits in
 * the receiver's Requests list until she accepts it (or answers it), declines it or reports it.
 * Unanswered, it expires after this many days.
 */
export const MESSAGE_REQUEST_DAYS = 7;

/**
 * The kind replies a member may send with a decline, by id only, never free text: the app words
 * each in the reader's own language (the sender's, not hers), so nothing she did not choose is
 * ever shown in her name.
 */
export const REQUEST_REPLIES = [
  'allah-make-it-easy',
  'not-the-right-match',
  'wish-you-well',
  'not-ready',
] as const;
export type RequestReply = (typeof REQUEST_REPLIES)[number];

/**
 * A request as its sender sees it, on his contact: `pending`, waiting for her answer; `declined`,
 * with the kind reply she chose, if any; `expired`, not answered within `MESSAGE_REQUEST_DAYS`.
 * Either of the last two closes the conversation until the two match (ADR 068).
 */
export const REQUEST_STATES = ['pending', 'declined', 'expired'] as const;

/** What the server stores of a request: `expired` is a `pending` one past its days. */
export const MESSAGE_REQUEST_STATES = ['pending', 'accepted', 'declined'] as const;
export type RequestState = (typeof REQUEST_STATES)[number];

export const sentRequestSchema = z.object({
  state: z.enum(REQUEST_STATES),
  reply: z.enum(REQUEST_REPLIES).nullable(),
  /** When it expires unanswered (a pending one) or when it did. */
  expiresAt: z.iso.datetime(),
});
export type SentRequest = z.infer<typeof sentRequestSchema>;

/** POST /api/chat/requests/{userId}/decline: an optional kind reply, by its id. */
export const declineRequestSchema = z.object({
  reply: z.enum(REQUEST_REPLIES, { error: E.REQUEST_REPLY_INVALID }).nullable().optional(),
});
export type DeclineRequest = z.infer<typeof declineRequestSchema>;
