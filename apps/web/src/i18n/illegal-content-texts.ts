import type { CommonPart } from './feature-texts.ts';
import en from './locales/en/common-illegal-content.json';
import fr from './locales/fr/common-illegal-content.json';

/**
 * The kinds of illegal content anyone may report and what a report names (ADR 079): as the
 * visitor chooses them on the public report page and as the moderator reads them on its card.
 */
export const ILLEGAL_CONTENT_TEXTS: CommonPart = { en, fr };
