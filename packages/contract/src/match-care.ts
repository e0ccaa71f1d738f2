import './zod-config.ts';
import { z } from 'zod';
import { E } from './error-codes.ts';

/**
 * The messages "close kindly" offers (ADR 070), by id: the member chooses one, the server stores
 * its id (a `closed-kindly` line) and each reader's app words it in their own language. A fixed
 * list, so nothing typed needs the scam shield and nothing hurtful can be sent on the way out.
 */
export const CLOSING_TEMPLATES = [
  'may-allah-make-it-easy',
  'not-the-right-match',
  'thank-you-for-your-time',
  'wish-you-well',
] as const;
export type ClosingTemplate = (typeof CLOSING_TEMPLATES)[number];

/** POST /api/users/{id}/match/close-kindly: the closing message chosen. */
export const closeKindlyRequestSchema = z.object({
  templateId: z.enum(CLOSING_TEMPLATES, { error: E.CLOSING_TEMPLATE_INVALID }),
});
export type CloseKindlyRequest = z.infer<typeof closeKindlyRequestSchema>;

/**
 * Where two matched members are with exclusive mode (ADR 070), as the viewer sees it: `none`;
 * `proposed-by-me`, waiting for the other's answer; `proposed-to-me`, the viewer may accept;
 * `active`, the two are exclusive; `elsewhere`, one of them is exclusive with someone else.
 */
export const EXCLUSIVE_STATES = [
  'none',
  'proposed-by-me',
  'proposed-to-me',
  'active',
  'elsewhere',
] as const;
export type ExclusiveState = (typeof EXCLUSIVE_STATES)[number];

export const exclusiveStateSchema = z.object({ state: z.enum(EXCLUSIVE_STATES) });
export type ExclusiveStateAnswer = z.infer<typeof exclusiveStateSchema>;
