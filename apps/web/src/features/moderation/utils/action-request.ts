import {
  type DecisionFact,
  type GuidelineRule,
  type ModerationAction,
  type ModerationActionRequest,
  moderationActionRequestSchema,
  type ProfileText,
} from '@mawadda/contract';

/**
 * Refusals that mean the report is not, or no longer, this moderator's to decide: it leaves the
 * queue with the reason why.
 */
const GONE_CODES = new Set([
  'REPORT_CLOSED',
  'REPORT_NOT_FOUND',
  'REPORT_ABOUT_YOU',
  'REPORT_FILED_BY_YOU',
]);

export const isReportGone = (code: string | undefined) =>
  code !== undefined && GONE_CODES.has(code);

/** The actions that end the member's sessions: their confirm button is red. */
export const SEVERE: ReadonlySet<ModerationAction> = new Set(['suspend', 'ban']);

export type ActionField = 'reason' | 'days' | 'profileTexts';
const FIELDS: readonly string[] = ['reason', 'days', 'profileTexts'] satisfies ActionField[];
export type ActionDraft = {
  action: ModerationAction;
  reason: string;
  photoUrl: string;
  /** The answer to remove, by its prompt (ADR 072). */
  prompt: string;
  /** The profile texts to remove (ADR 083). */
  profileTexts: ProfileText[];
  days: string;
  /** The statement of reasons' rule and fact (ADR 076); a dismissal has none. */
  rule?: GuidelineRule;
  fact?: DecisionFact;
};

const isField = (field: unknown): field is ActionField =>
  typeof field === 'string' && FIELDS.includes(field);

/**
 * The decision as the form holds it, checked by the contract's own rules: the request to
 * confirm, or each field's first error code (days first, as the form reads).
 */
export function checkAction(
  draft: ActionDraft,
): { request: ModerationActionRequest } | { errors: Partial<Record<ActionField, string>> } {
  const { action, reason, photoUrl, prompt, profileTexts, days, rule, fact } = draft;
  const parsed = moderationActionRequestSchema.safeParse({
    action,
    reason,
    ...(action !== 'dismiss' && rule && fact ? { rule, fact } : {}),
    ...(action === 'remove-photo' ? { photoUrl } : {}),
    ...(action === 'remove-prompt-answer' ? { prompt } : {}),
    ...(action === 'remove-profile-text' ? { profileTexts } : {}),
    ...(action === 'suspend' ? { days } : {}),
  });
  const errors: Partial<Record<ActionField, string>> = {};
  // A blank number of days reads as absent to the contract; a suspension needs one.
  if (action === 'suspend' && days.trim() === '') errors.days = 'SUSPENSION_DAYS_INVALID';
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0];
    if (isField(field) && !errors[field]) errors[field] = issue.message;
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { errors };
  return { request: parsed.data };
}
