import './zod-config.ts';
import { z } from 'zod';
import { REPORT_MESSAGES_MAX, REPORT_NOTE_MAX_LENGTH } from './constants.ts';
import { E } from './error-codes.ts';
import { formNumber, memberText, optionalField, requiredField } from './form-fields.ts';
import { PROFILE_PROMPTS } from './profile-prompts.ts';
import { memberIdSchema, promptAnswerSchema } from './users.ts';
import {
  DECISION_FACTS,
  GUIDELINE_RULES,
  ILLEGAL_CONTENT_KINDS,
  PUBLIC_REPORT_SUBJECTS,
  REPORT_PRIORITIES,
  REPORT_REASONS,
  REVIEW_STATES,
  SHIELD_RULES,
} from './value-lists.ts';

/** `POST /api/reports`: `messageIds` are uuids of messages the reported member sent the reporter. */
export const reportRequestSchema = z.object({
  reportedId: requiredField(memberIdSchema, E.REPORTED_REQUIRED),
  reason: requiredField(
    z.enum(REPORT_REASONS, { error: E.REPORT_REASON_INVALID }),
    E.REPORT_REASON_INVALID,
  ),
  note: optionalField(
    memberText({ multiline: true }).max(REPORT_NOTE_MAX_LENGTH, E.REPORT_NOTE_TOO_LONG),
  ),
  messageIds: optionalField(
    z
      .array(z.uuid({ error: E.REPORT_MESSAGES_INVALID }))
      .max(REPORT_MESSAGES_MAX, E.REPORT_MESSAGES_INVALID),
  ),
});
export type ReportRequest = z.infer<typeof reportRequestSchema>;

export const MODERATION_ACTIONS = [
  'dismiss',
  'remove-photo',
  // ADR 072: what the reported member shows others besides photos.
  'remove-voice-introduction',
  'remove-prompt-answer',
  // ADR 071: the note of the compliment the reported member sent the reporter; the like stays.
  'remove-compliment',
  // ADR 083: the reported messages hidden from their receiver; the bio or the profession removed.
  'hide-messages',
  'remove-profile-text',
  'warn',
  'suspend',
  'ban',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/**
 * What the append-only record holds (ADR 018, 076): the actions on reports, verification
 * decisions, and every other step on a member: a report filed (by a member or the scam shield),
 * a moderator's comment, an escalation, a reversal, an appeal and its answer.
 */
export const RECORDED_MODERATION_ACTIONS = [
  ...MODERATION_ACTIONS,
  'verification-approved',
  'verification-refused',
  'reported',
  'comment',
  'escalate',
  'reverse',
  'appeal',
  'appeal-upheld',
  'appeal-rejected',
  // A report closed by one decision taken on several reports of the member (ADR 080):
  // `refers_to` names that decision.
  'closed-with',
] as const;
export type RecordedModerationAction = (typeof RECORDED_MODERATION_ACTIONS)[number];

/** The free texts of a profile a moderator may remove (ADR 083); a name is required, not removed. */
export const PROFILE_TEXTS = ['bio', 'profession'] as const;
export type ProfileText = (typeof PROFILE_TEXTS)[number];

/**
 * A moderator's action on a report: always with a reason (kept in the record); `photoUrl` names
 * the photo to remove, `prompt` the answer to remove (by its prompt's key), `profileTexts` the
 * texts to remove, `days` the length of a suspension.
 */
export const moderationActionRequestSchema = z.object({
  action: requiredField(
    z.enum(MODERATION_ACTIONS, { error: E.MODERATION_ACTION_INVALID }),
    E.MODERATION_ACTION_INVALID,
  ),
  reason: requiredField(
    memberText({ multiline: true })
      .min(3, E.MODERATION_REASON_REQUIRED)
      .max(1000, E.MODERATION_REASON_REQUIRED),
    E.MODERATION_REASON_REQUIRED,
  ),
  /**
   * The guideline rule and the fact of the statement of reasons (ADR 076); when left out, the
   * ones the report's first reason points at.
   */
  rule: optionalField(z.enum(GUIDELINE_RULES, { error: E.GUIDELINE_RULE_INVALID })),
  fact: optionalField(z.enum(DECISION_FACTS, { error: E.DECISION_FACT_INVALID })),
  photoUrl: optionalField(z.string().max(500)),
  prompt: optionalField(z.enum(PROFILE_PROMPTS, { error: E.PROMPT_UNKNOWN })),
  profileTexts: optionalField(
    z
      .array(z.enum(PROFILE_TEXTS, { error: E.PROFILE_TEXT_TO_REMOVE_NONE }))
      .min(1, E.PROFILE_TEXT_TO_REMOVE_NONE)
      .max(PROFILE_TEXTS.length, E.PROFILE_TEXT_TO_REMOVE_NONE)
      .refine((list) => new Set(list).size === list.length, E.PROFILE_TEXT_TO_REMOVE_NONE),
  ),
  days: optionalField(
    formNumber(E.SUSPENSION_DAYS_INVALID).pipe(
      z
        .number()
        .int(E.SUSPENSION_DAYS_INVALID)
        .min(1, E.SUSPENSION_DAYS_INVALID)
        .max(365, E.SUSPENSION_DAYS_INVALID),
    ),
  ),
});
export type ModerationActionRequest = z.infer<typeof moderationActionRequestSchema>;

/** Whose reports the queue shows (ADR 080): escalated to me, to nobody in particular, or all. */
export const ASSIGNEE_FILTERS = ['me', 'unassigned', 'anyone'] as const;
export type AssigneeFilter = (typeof ASSIGNEE_FILTERS)[number];

/**
 * The queue's filters (ADR 080): a review state (left out: every report not closed), one reason,
 * and whose it is (left out: anyone's).
 */
export const reportQueueQuerySchema = z.object({
  state: optionalField(z.enum(REVIEW_STATES, { error: E.QUEUE_FILTER_INVALID })),
  reason: optionalField(z.enum(REPORT_REASONS, { error: E.QUEUE_FILTER_INVALID })),
  assignee: optionalField(z.enum(ASSIGNEE_FILTERS, { error: E.QUEUE_FILTER_INVALID })),
});
export type ReportQueueQuery = z.infer<typeof reportQueueQuerySchema>;

const reportedMessageSchema = z.object({
  uuid: z.string(),
  content: z.string().nullable(),
  imageUrl: z.string().nullable(),
  audioUrl: z.string().nullable(),
  timestamp: z.iso.datetime(),
});

/**
 * An open report as the moderation queue shows it: the reported member whole, and what was
 * attached. A reporter has one open report per member: reporting again adds its reason, note and
 * messages to it and moves `updatedAt`.
 */
export const openReportSchema = z.object({
  id: z.string(),
  /** Where it stands in the queue's order (ADR 080): a minor, money, then the rest. */
  priority: z.enum(REPORT_PRIORITIES),
  /** Closed once decided; else the review state of the reported member (open or escalated). */
  reviewState: z.enum(REVIEW_STATES),
  /** The senior moderator an escalation of the member was assigned to. */
  assigneeId: z.string().nullable(),
  /** Every reason the reporter gave, in the order given. */
  reasons: z.array(z.enum(REPORT_REASONS)),
  /** The reporter's notes, oldest first, a blank line apart; none on the scam shield's report. */
  note: z.string().nullable(),
  createdAt: z.iso.datetime(),
  /** When the reporter last added to it (`createdAt` until then). */
  updatedAt: z.iso.datetime(),
  /**
   * A member (`deleted`: who has since deleted their account, no name is kept), anyone through
   * the public report page (ADR 079), or the scam shield (ADR 043), which writes no note: what it found is told as data, for the moderator's
   * language: how many of the attached messages it flagged and the rules they set off, read from
   * the messages themselves.
   */
  reporter: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('member'),
      id: z.string(),
      name: z.string(),
      deleted: z.boolean(),
    }),
    z.object({
      kind: z.literal('scam-shield'),
      flaggedMessages: z.number().int(),
      rules: z.array(z.enum(SHIELD_RULES)),
    }),
    // Anyone's report of illegal content (ADR 079): what kind, and whether it names a photo.
    // The reporter's e-mail and name are for the answer only and never reach the queue.
    z.object({
      kind: z.literal('public'),
      illegalContent: z.enum(ILLEGAL_CONTENT_KINDS),
      subject: z.enum(PUBLIC_REPORT_SUBJECTS),
    }),
  ]),
  reported: z.object({
    id: z.string(),
    name: z.string(),
    age: z.number().int().nullable(),
    gender: z.string().nullable(),
    location: z.string().nullable(),
    bio: z.string().nullable(),
    /** Free text like the bio (ADR 041), so the moderator reads it beside it. */
    profession: z.string().nullable(),
    photoUrls: z.array(z.string()),
    /** What the member shows others beside the bio (ADR 072), read and removable as photos are. */
    promptAnswers: z.array(promptAnswerSchema),
    /** A link to the member's voice introduction, signed for the moderator; null without one. */
    voiceIntroductionUrl: z.string().nullable(),
    standing: z.enum(['active', 'suspended', 'banned']),
    /**
     * Members who reported this member, this report's included, open or closed: a pattern shows,
     * and one member reporting again and again counts once.
     */
    reporterCount: z.number().int(),
  }),
  messages: z.array(reportedMessageSchema),
  /**
   * The compliment the reported member sent the reporter with their like, if any (ADR 071): a
   * member's text, read by the moderator like the messages.
   */
  compliment: z.string().nullable(),
});
export type OpenReport = z.infer<typeof openReportSchema>;
