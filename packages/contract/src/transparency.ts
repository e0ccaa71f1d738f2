import './zod-config.ts';
import { z } from 'zod';
import { E } from './error-codes.ts';
import { MODERATION_ACTIONS } from './safety.ts';
import type { transparencyEndpointRoutes } from './transparency-endpoint-routes.ts';
import { REPORT_REASONS } from './value-lists.ts';

/**
 * The transparency summary an operator publishes (ADR 081, DSA Art. 15 and 24): what moderation
 * received and decided over a period, read from the moderation record. Paths in
 * `transparency-endpoint-routes.ts`.
 */

/** Who filed a report: a member, the scam shield (ADR 043), a visitor's public report. */
export const REPORT_SOURCES = ['member', 'scam-shield', 'public'] as const;
export type ReportSource = (typeof REPORT_SOURCES)[number];

/** The decisions counted: the actions on reports, and the verification decisions (ADR 044). */
export const TRANSPARENCY_DECISIONS = [
  ...MODERATION_ACTIONS,
  'verification-approved',
  'verification-refused',
] as const;

/**
 * The period, as calendar days in UTC, both included; left out, the last calendar month.
 * 400 `TRANSPARENCY_DATE_INVALID` for a date that is not `YYYY-MM-DD`,
 * `TRANSPARENCY_PERIOD_REVERSED` for `from` after `to`, `TRANSPARENCY_PERIOD_TOO_LONG` past
 * `TRANSPARENCY_MAX_DAYS` (constants.ts).
 */
export const transparencyQuerySchema = z.object({
  from: z.iso.date({ error: E.TRANSPARENCY_DATE_INVALID }).optional(),
  to: z.iso.date({ error: E.TRANSPARENCY_DATE_INVALID }).optional(),
});
export type TransparencyQuery = z.infer<typeof transparencyQuerySchema>;

const count = z.number().int().nonnegative();

export const transparencySummarySchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  reports: z.object({
    /** Reports first filed in the period (one per reporter and member, ADR 018). */
    total: count,
    /** Each reason given in the period to those reports: one report may count under several. */
    byReason: z.record(z.enum(REPORT_REASONS), count),
    bySource: z.record(z.enum(REPORT_SOURCES), count),
    /** Those whose report went with an account deleted since, so whose source is not known. */
    sourceUnknown: count,
  }),
  decisions: z.record(z.enum(TRANSPARENCY_DECISIONS), count),
  appeals: z.object({ filed: count, upheld: count, rejected: count }),
  /** Decisions reversed in the period: by a senior moderator or an upheld appeal. */
  reversals: count,
  /** From a report's filing to the first decision on it, over the first decisions of the period. */
  medianHandlingSeconds: count.nullable(),
  /** From an appeal's filing to its answer, over the answers of the period. */
  medianAppealAnswerSeconds: count.nullable(),
});
export type TransparencySummary = z.infer<typeof transparencySummarySchema>;

/** The summary as CSV (`figure,breakdown,value`, one row per figure), named after its period. */
export const transparencyCsvSchema = z.file().mime('text/csv');

/**
 * The schemas of `transparencyEndpointRoutes`, spread into the endpoint map (which checks each
 * entry is an `EndpointSchemas`).
 */
export const transparencyEndpoints = {
  transparencySummary: {
    summary:
      'Moderators: the transparency summary of a period (from, to: UTC days, both included; the last calendar month by default; at most 366 days): reports by reason and source, decisions by kind, appeals, reversals, median handling times',
    member: true,
    query: transparencyQuerySchema,
    response: transparencySummarySchema,
  },
  transparencyCsv: {
    summary:
      'Moderators: the same summary as CSV (figure, breakdown, value), an attachment named after its period',
    member: true,
    query: transparencyQuerySchema,
    response: transparencyCsvSchema,
  },
} satisfies Record<keyof typeof transparencyEndpointRoutes, object>;
