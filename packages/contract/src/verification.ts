import './zod-config.ts';
import { z } from 'zod';
import { E } from './error-codes.ts';
import { requiredField } from './form-fields.ts';
import {
  VERIFICATION_POSE_IDS,
  VERIFICATION_REFUSALS,
  VERIFICATION_STATUSES,
  VERIFICATION_TRIGGERS,
} from './verification-poses.ts';

export * from './verification-poses.ts';

const poseIdSchema = z.enum(VERIFICATION_POSE_IDS, { error: E.VERIFICATION_POSE_UNKNOWN });

/** `POST /api/users/me/verification/pose`: the pose drawn, to take before `expiresAt`. */
export const verificationPoseSchema = z.object({
  pose: poseIdSchema,
  expiresAt: z.iso.datetime(),
});
export type VerificationPoseDraw = z.infer<typeof verificationPoseSchema>;

/** The fields of `POST /api/users/me/verification`; the selfie travels beside them as `selfie`. */
export const verificationRequestFieldsSchema = z.object({
  pose: requiredField(poseIdSchema, E.VERIFICATION_POSE_UNKNOWN),
});

/**
 * The member's verification: `none` before any request, `pending` while a moderator has not
 * looked, `approved` (the badge shows), `refused` with the moderator's reason and when the member
 * may try again. A check the app started (a new main photo) is `pending` too.
 */
export const verificationStateSchema = z.object({
  status: z.enum(VERIFICATION_STATUSES),
  /**
   * What the latest request is: the member's own selfie, or a check the app started (ADR 044) in
   * which a moderator compares the selfie she sent before with her photos, her main photo being
   * new or her profile reported as fake. Null before any request.
   */
  trigger: z.enum(VERIFICATION_TRIGGERS).nullable(),
  reason: z.enum(VERIFICATION_REFUSALS).nullable(),
  /** When a refused member may ask again; null when they may now. */
  retryAfter: z.iso.datetime().nullable(),
  verified: z.boolean(),
});
export type VerificationState = z.infer<typeof verificationStateSchema>;

/** A request in the moderators' verification queue, with what they compare side by side. */
export const verificationQueueItemSchema = z.object({
  id: z.string(),
  trigger: z.enum(VERIFICATION_TRIGGERS),
  pose: poseIdSchema,
  submittedAt: z.iso.datetime(),
  /** A signed link for this moderator only, short-lived (ADR 019, 026). */
  selfieUrl: z.string(),
  member: z.object({
    id: z.string(),
    name: z.string(),
    age: z.number().int().nullable(),
    photoUrls: z.array(z.string()),
    verified: z.boolean(),
  }),
  /**
   * Another account's selfie looks like this one (perceptual hash): its member, and that selfie
   * for comparison. The moderator decides; the flag alone refuses nothing.
   */
  duplicateOf: z
    .object({
      memberId: z.string(),
      name: z.string(),
      selfieUrl: z.string(),
      distance: z.number().int(),
    })
    .nullable(),
});
export type VerificationQueueItem = z.infer<typeof verificationQueueItemSchema>;

export const verificationDecisionSchema = z.discriminatedUnion(
  'decision',
  [
    z.object({ decision: z.literal('approve') }),
    z.object({
      decision: z.literal('refuse'),
      reason: requiredField(
        z.enum(VERIFICATION_REFUSALS, { error: E.VERIFICATION_REASON_INVALID }),
        E.VERIFICATION_REASON_INVALID,
      ),
    }),
  ],
  { error: E.VERIFICATION_DECISION_INVALID },
);
export type VerificationDecision = z.infer<typeof verificationDecisionSchema>;
