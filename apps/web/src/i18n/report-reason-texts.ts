import type { CommonPart } from './feature-texts.ts';
import en from './locales/en/common-report-reasons.json';
import fr from './locales/fr/common-report-reasons.json';

/** The reasons of a report, as the reporter chooses them and the moderators read them. */
export const REPORT_REASON_TEXTS: CommonPart = { en, fr };
