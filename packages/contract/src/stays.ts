import './zod-config.ts';
import { z } from 'zod';
import {
  LOCATION_MAX_LENGTH,
  STAY_MAX_DAYS,
  STAY_SHOWN_DAYS_BEFORE,
  STAYS_MAX,
} from './constants.ts';
import { E } from './error-codes.ts';
import { messageResponseSchema } from './errors.ts';
import { requiredField } from './form-fields.ts';

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day, `YYYY-MM-DD`, that exists (no 31 June). */
const daySchema = z
  .string({ error: E.STAY_DATES_INVALID })
  .regex(isoDay, E.STAY_DATES_INVALID)
  .refine((day) => new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day, {
    error: E.STAY_DATES_INVALID,
  });

/** The town typed or chosen in the form ("Dakar", "Dakar, Sénégal"), found in the offline index. */
export const stayRequestSchema = z.object({
  location: requiredField(
    z.string().trim().min(1, E.LOCATION_REQUIRED).max(LOCATION_MAX_LENGTH, E.LOCATION_TOO_LONG),
    E.LOCATION_REQUIRED,
  ),
  arrivesOn: requiredField(daySchema, E.STAY_DATES_INVALID),
  departsOn: requiredField(daySchema, E.STAY_DATES_INVALID),
});
export type StayRequest = z.infer<typeof stayRequestSchema>;

/**
 * A stay as shown: the town (`location` names its country in the reader's language, as members'
 * places are), its ISO country code and the two days (`YYYY-MM-DD`, the town's calendar days:
 * readers format them with `Intl`, never shifted to their own time zone).
 */
export const staySchema = z.object({
  id: z.uuid(),
  town: z.string(),
  countryCode: z.string(),
  location: z.string(),
  arrivesOn: z.string(),
  departsOn: z.string(),
});
export type Stay = z.infer<typeof staySchema>;

/** On a suggestion or a profile: where and when the member will be, without an id. */
export const shownStaySchema = staySchema.omit({ id: true });
export type ShownStay = z.infer<typeof shownStaySchema>;

export const stayParamsSchema = z.object({ id: z.uuid({ error: E.STAY_NOT_FOUND }) });

export const stayEndpointSchemas = {
  stays: {
    summary: 'My announced stays (travel mode, ADR 077) not yet over, the soonest first',
    member: true,
    response: z.array(staySchema),
  },
  createStay: {
    summary: `Announce a stay: a town of the index (400 LOCATION_UNKNOWN), arrival today or later (400 STAY_IN_PAST), at most ${STAY_MAX_DAYS} days (400 STAY_TOO_LONG), departure not before arrival (400 STAY_DATES_INVALID), at most ${STAYS_MAX} at once (409 STAYS_TOO_MANY). From ${STAY_SHOWN_DAYS_BEFORE} days before arrival until departure the member is also suggested near the town`,
    member: true,
    body: stayRequestSchema,
    response: staySchema,
  },
  deleteStay: {
    summary:
      'Delete one of my stays: I am no longer suggested there from this moment; another member’s, an unknown or an ended one is 404 STAY_NOT_FOUND',
    member: true,
    params: stayParamsSchema,
    response: messageResponseSchema,
  },
} as const;
