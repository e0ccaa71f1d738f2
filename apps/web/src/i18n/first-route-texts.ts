import type { LANGUAGES } from '@mawadda/contract/constants';
import type { ResourceKey } from 'i18next';

export type Language = (typeof LANGUAGES)[number];

/**
 * The first route's texts, each language in a chunk of its own (the worker precaches them): a
 * French visitor downloads no English (ADR 047). Asked for by the entry before the app has
 * loaded (early-start.ts), then by i18next's backend (i18n.ts), which finds them on their way.
 */
export const firstRouteTexts: Record<Language, () => Promise<Record<string, ResourceKey>>> = {
  en: () => import('./first-route-en.ts'),
  fr: () => import('./first-route-fr.ts'),
};
