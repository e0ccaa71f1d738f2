import { LANGUAGES } from '@mawadda/contract/constants';
import type { i18n as I18n, ResourceNamespaceMap } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Language } from './first-route-texts.ts';

/** A feature's namespace, as it declares it beside its texts (`features/<f>/i18n.ts`). */
type FeatureNamespace = keyof ResourceNamespaceMap;

/** A feature's texts in both languages: the French has the English's keys, or tsc says which. */
type FeatureTexts<N extends FeatureNamespace> = Record<Language, ResourceNamespaceMap[N]>;

/** What a feature's namespace needs besides its texts (the chat's call lengths format). */
type Setup = (instance: I18n) => void;

/**
 * Adds a feature's namespace in both languages once to the given i18next instance (the member
 * may switch language on the page). Idempotent, so every component may call it. The texts come
 * with the chunk importing the feature's `i18n.ts`: the first route carries none of them.
 */
export function addFeatureTexts<N extends FeatureNamespace>(
  instance: I18n,
  namespace: N,
  texts: FeatureTexts<N>,
  setup?: Setup,
) {
  if (instance.hasResourceBundle('en', namespace)) return;
  setup?.(instance);
  for (const language of LANGUAGES) {
    instance.addResourceBundle(language, namespace, texts[language], true, true);
  }
}

/**
 * `useTranslation` for a feature's namespace, added first to whichever instance is provided; the
 * common namespace's texts are named `common:…`.
 */
export function useFeatureTranslation<N extends FeatureNamespace>(
  namespace: N,
  texts: FeatureTexts<N>,
  setup?: Setup,
) {
  const { i18n } = useTranslation();
  addFeatureTexts(i18n, namespace, texts, setup);
  return useTranslation([namespace, 'common']);
}
