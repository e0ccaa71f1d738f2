import './zod-config.ts';
import { z } from 'zod';
import { E } from './error-codes.ts';
import { messageResponseSchema } from './errors.ts';
import { memberText, optionalField, requiredField } from './form-fields.ts';
import type { moderationDecisionEndpointRoutes } from './moderation-decision-endpoint-routes.ts';
import {
  moderationActionRequestSchema,
  PROFILE_TEXTS,
  RECORDED_MODERATION_ACTIONS,
} from './safety.ts';
import { DECISION_FACTS, GUIDELINE_RULES, REVIEW_STATES } from './value-lists.ts';

/**
 * A member's moderation history, the statement of reasons a restricted member reads, and the
 * appeal they may file (ADR 076). Paths in `moderation-decision-endpoint-routes.ts`.
 */

/** What restricts a member, so the member gets a statement of reasons (and may appeal). */
export const RESTRICTIONS = [
  'warn',
  'remove-photo',
  'remove-voice-introduction',
  'remove-prompt-answer',
  'remove-compliment',
  'hide-messages',
  'remove-profile-text',
  'suspend',
  'ban',
  // A selfie refused (ADR 044): the badge withheld, or taken back after a re-check.
  'verification-refused',
] as const satisfies ReadonlyArray<(typeof RECORDED_MODERATION_ACTIONS)[number]>;
export type Restriction = (typeof RESTRICTIONS)[number];

/** An appeal is filed within this many days of the decision, and answered within the next. */
export const APPEAL_WINDOW_DAYS = 183;
export const APPEAL_ANSWER_DAYS = 7;
export const APPEAL_MAX_LENGTH = 2000;

const moderatorText = (max: number) =>
  memberText({ multiline: true })
    .min(3, E.MODERATION_REASON_REQUIRED)
    .max(max, E.MODERATION_REASON_REQUIRED);

/** A moderator's comment on a member: kept in the history, never shown to the member. */
export const moderationCommentSchema = z.object({
  text: requiredField(moderatorText(1000), E.MODERATION_REASON_REQUIRED),
});

/** Escalation to the senior moderators, to one of them when `assigneeId` names one. */
export const escalationSchema = z.object({
  reason: requiredField(moderatorText(1000), E.MODERATION_REASON_REQUIRED),
  assigneeId: optionalField(z.uuid({ error: E.ASSIGNEE_NOT_SENIOR })),
});

/** A senior moderator's reversal of a decision: what it took is given back. */
export const reversalSchema = z.object({
  reason: requiredField(moderatorText(1000), E.MODERATION_REASON_REQUIRED),
});

export const moderationEventSchema = z.object({
  id: z.string(),
  kind: z.enum(RECORDED_MODERATION_ACTIONS),
  at: z.iso.datetime(),
  /** The moderator who did it; null for a report, the scam shield's or the member's own appeal. */
  moderatorId: z.string().nullable(),
  reportId: z.string().nullable(),
  reason: z.string(),
  rule: z.enum(GUIDELINE_RULES).nullable(),
  fact: z.enum(DECISION_FACTS).nullable(),
  until: z.iso.datetime().nullable(),
  /** The decision a reversal, an appeal or an appeal's answer is about. */
  refersTo: z.string().nullable(),
});
export type ModerationEvent = z.infer<typeof moderationEventSchema>;

/** A member as moderation sees them: the review state and every event, oldest first. */
export const moderationSubjectSchema = z.object({
  memberId: z.string(),
  state: z.enum(REVIEW_STATES),
  assigneeId: z.string().nullable(),
  standing: z.enum(['active', 'suspended', 'banned', 'deleted']),
  /** Each with the name of the moderator who did it (null: none did, or their account is gone). */
  events: z.array(moderationEventSchema.extend({ moderatorName: z.string().nullable() })),
});
export type ModerationSubject = z.infer<typeof moderationSubjectSchema>;

/** The member's appeal, filed once per decision. */
export const appealRequestSchema = z.object({
  text: requiredField(
    memberText({ multiline: true })
      .min(1, E.APPEAL_TEXT_REQUIRED)
      .max(APPEAL_MAX_LENGTH, E.APPEAL_TEXT_TOO_LONG),
    E.APPEAL_TEXT_REQUIRED,
  ),
});
export type AppealRequest = z.infer<typeof appealRequestSchema>;

export const APPEAL_OUTCOMES = ['upheld', 'rejected'] as const;

export const appealAnswerSchema = z.object({
  outcome: requiredField(
    z.enum(APPEAL_OUTCOMES, { error: E.APPEAL_OUTCOME_INVALID }),
    E.APPEAL_OUTCOME_INVALID,
  ),
  answer: requiredField(moderatorText(2000), E.MODERATION_REASON_REQUIRED),
});
export type AppealAnswer = z.infer<typeof appealAnswerSchema>;

/**
 * A statement of reasons (DSA Art. 17) as the member reads it: what was decided, on which rule,
 * the facts (the moderator's chosen sentence and their own words), how long, and the appeal.
 * No comment and no moderator's name.
 */
export const statementSchema = z.object({
  id: z.string(),
  decision: z.enum(RESTRICTIONS),
  decidedAt: z.iso.datetime(),
  rule: z.enum(GUIDELINE_RULES),
  fact: z.enum(DECISION_FACTS),
  detail: z.string(),
  /** The end of a suspension; null for any other decision (a ban has no end). */
  until: z.iso.datetime().nullable(),
  /** The texts of the profile a `remove-profile-text` took (ADR 083); empty for the others. */
  profileTexts: z.array(z.enum(PROFILE_TEXTS)),
  /** A reversal (by a senior moderator or an upheld appeal) undid it. */
  reversed: z.boolean(),
  /** Until when an appeal may be filed; null once filed or reversed. */
  appealUntil: z.iso.datetime().nullable(),
  appeal: z
    .object({
      filedAt: z.iso.datetime(),
      text: z.string(),
      /** By when a moderator answers (the guidelines' promise). */
      answerBy: z.iso.datetime(),
      outcome: z.enum(APPEAL_OUTCOMES).nullable(),
      answer: z.string().nullable(),
      answeredAt: z.iso.datetime().nullable(),
    })
    .nullable(),
});
export type Statement = z.infer<typeof statementSchema>;

/** What a suspended or banned member reads after signing in: their standing and the statements. */
export const standingSchema = z.object({
  standing: z.enum(['active', 'suspended', 'banned']),
  until: z.iso.datetime().nullable(),
  statements: z.array(statementSchema),
});
export type Standing = z.infer<typeof standingSchema>;

/** An appeal waiting in the moderators' queue, with the decision it contests. */
export const pendingAppealSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  memberName: z.string(),
  filedAt: z.iso.datetime(),
  answerBy: z.iso.datetime(),
  text: z.string(),
  decision: moderationEventSchema,
});
export type PendingAppeal = z.infer<typeof pendingAppealSchema>;

/** Appeals counted for moderators: waiting, late (past the promised time), upheld, rejected. */
export const appealFiguresSchema = z.object({
  pending: z.number().int(),
  late: z.number().int(),
  upheld: z.number().int(),
  rejected: z.number().int(),
});

export const appealQueueSchema = z.object({
  appeals: z.array(pendingAppealSchema),
  figures: appealFiguresSchema,
});
export type AppealQueue = z.infer<typeof appealQueueSchema>;

/** Reports decided together (ADR 080): at most this many at once. */
export const BULK_REPORTS_MAX = 50;

/**
 * One decision on several open reports of one member (ADR 080), recorded once on the first and
 * closing the others with it. A compliment is the reporter's: it is removed report by report.
 */
export const bulkActionRequestSchema = moderationActionRequestSchema
  .extend({
    reportIds: requiredField(
      z
        .array(z.uuid({ error: E.BULK_REPORTS_INVALID }))
        .min(2, E.BULK_REPORTS_INVALID)
        .max(BULK_REPORTS_MAX, E.BULK_REPORTS_INVALID)
        .refine((ids) => new Set(ids).size === ids.length, E.BULK_REPORTS_INVALID),
      E.BULK_REPORTS_INVALID,
    ),
  })
  // A compliment is one reporter's, a report's messages its own (ADR 083): one report at a time.
  .refine(
    (request) => request.action !== 'remove-compliment' && request.action !== 'hide-messages',
    {
      error: E.BULK_ACTION_INVALID,
      path: ['action'],
    },
  );
export type BulkActionRequest = z.infer<typeof bulkActionRequestSchema>;

/**
 * The queue at a glance (ADR 080): reports open and escalated, appeals waiting, when the oldest
 * report not closed was made, and the median time from a report to its first decision, over the
 * decisions of the last 7 days (null: none).
 */
export const queueFiguresSchema = z.object({
  open: z.number().int(),
  escalated: z.number().int(),
  appealed: z.number().int(),
  oldestOpenAt: z.iso.datetime().nullable(),
  medianFirstDecisionSeconds: z.number().int().nullable(),
});
export type QueueFigures = z.infer<typeof queueFiguresSchema>;

const memberParams = z.object({ id: z.uuid({ error: E.MEMBER_NOT_FOUND }) });
const decisionParams = z.object({ id: z.uuid({ error: E.DECISION_NOT_FOUND }) });

/**
 * The schemas of `moderationDecisionEndpointRoutes`, spread into the endpoint map (which checks
 * each entry is an `EndpointSchemas`).
 */
export const moderationDecisionEndpoints = {
  moderationQueueFigures: {
    summary:
      'Moderators: the queue at a glance: reports open and escalated, appeals waiting, the oldest report not closed, the median time to a first decision over the last 7 days',
    member: true,
    response: queueFiguresSchema,
  },
  moderationBulkAction: {
    summary:
      'Moderators: one decision on 2 to 50 open reports of one member, recorded once and closing them all. 400 REPORTS_OF_SEVERAL_MEMBERS, 409 REPORT_CLOSED (nothing done)',
    member: true,
    body: bulkActionRequestSchema,
    response: messageResponseSchema,
  },
  moderationSubject: {
    summary:
      'Moderators: a member’s review state, assignee and every moderation event on them (reports, shield findings, decisions, comments, escalations, reversals, appeals), oldest first',
    member: true,
    params: memberParams,
    response: moderationSubjectSchema,
  },
  moderationComment: {
    summary: 'Moderators: a comment on a member, kept in their history and never shown to them',
    member: true,
    params: memberParams,
    body: moderationCommentSchema,
    status: 201 as const,
    response: messageResponseSchema,
  },
  moderationEscalation: {
    summary:
      'Moderators: escalate a member to the senior moderators (to one of them with assigneeId)',
    member: true,
    params: memberParams,
    body: escalationSchema,
    response: messageResponseSchema,
  },
  moderationReversal: {
    summary:
      'Senior moderators: reverse a decision another moderator took: a suspension or a ban is lifted at once; recorded as an event',
    member: true,
    params: decisionParams,
    body: reversalSchema,
    response: messageResponseSchema,
  },
  appealQueue: {
    summary:
      'Moderators: the appeals waiting, oldest first, none against a decision of their own, with the figures (waiting, late, upheld, rejected)',
    member: true,
    response: appealQueueSchema,
  },
  appealAnswer: {
    summary:
      'Moderators: answer an appeal with reasons; upheld reverses the decision at once. 403 DECISION_YOURS for the moderator who decided',
    member: true,
    params: z.object({ id: z.uuid({ error: E.APPEAL_NOT_FOUND }) }),
    body: appealAnswerSchema,
    response: messageResponseSchema,
  },
  statements: {
    summary:
      'The member’s statements of reasons: every restriction decided about them, newest first',
    member: true,
    response: z.array(statementSchema),
  },
  appeal: {
    summary:
      'Appeal a decision about you, once, within 6 months: a moderator other than the one who decided answers',
    member: true,
    params: decisionParams,
    body: appealRequestSchema,
    status: 201 as const,
    response: statementSchema,
  },
  standing: {
    summary:
      'A suspended or banned member, with the pass their sign-in answered (bearer): their standing and statements of reasons',
    member: false,
    response: standingSchema,
  },
  standingAppeal: {
    summary: 'A suspended or banned member, with their pass: appeal a decision (as `appeal`)',
    member: false,
    params: decisionParams,
    body: appealRequestSchema,
    status: 201 as const,
    response: statementSchema,
  },
} satisfies Record<keyof typeof moderationDecisionEndpointRoutes, object>;
