import { LANGUAGES } from '@mawadda/contract/constants';
import type { i18n as I18n, ResourceNamespaceMap } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Language } from './first-route-texts.ts';
import commonFeaturesEn from './locales/en/common-features.json';
import commonFeaturesFr from './locales/fr/common-features.json';

/** A feature's namespace, as it declares it beside its texts (`features/<f>/i18n.ts`). */
type FeatureNamespace = keyof ResourceNamespaceMap;

/** A feature's texts in both languages: the French has the English's keys, or tsc says which. */
type FeatureTexts<N extends FeatureNamespace> = Record<Language, ResourceNamespaceMap[N]>;

/** What a feature's namespace needs besides its texts (the chat's call lengths format). */
type Setup = (instance: I18n) => void;

/** The common namespace's texts several features share and the first route never shows. */
const COMMON_FEATURE_TEXTS: Record<Language, object> = {
  en: commonFeaturesEn,
  fr: commonFeaturesFr,
};
const withCommonFeatureTexts = new WeakSet<I18n>();

/**
 * Joins the common namespace's shared part (common-features.json) to each language's first-route
 * part (common.json, brought by the backend: i18n.ts) once it is here, and again whenever the
 * backend brings one, so they ride in the features' chunks and the first route carries none of
 * them. Not before: a common bundle already there tells i18next that language's common texts are
 * loaded, and it would never ask the backend for them. Their top-level keys are their own
 * (locales.test.ts): the backend's bundle replaces the ones it holds.
 */
function addCommonFeatureTexts(instance: I18n) {
  if (withCommonFeatureTexts.has(instance)) return;
  withCommonFeatureTexts.add(instance);
  const join = (language: string) => {
    const texts = COMMON_FEATURE_TEXTS[language as Language];
    // Silent: the store's 'added' below is not told of its own addition.
    if (texts) instance.addResourceBundle(language, 'common', texts, true, false, { silent: true });
  };
  for (const language of LANGUAGES) {
    if (instance.hasResourceBundle(language, 'common')) join(language);
  }
  instance.store.on('added', (language, namespace) => {
    if (namespace === 'common') join(language);
  });
}

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
  addCommonFeatureTexts(instance);
  if (instance.hasResourceBundle('en', namespace)) return;
  setup?.(instance);
  for (const language of LANGUAGES) {
    instance.addResourceBundle(language, namespace, texts[language], true, true);
  }
}

/**
 * `useTranslation` for a feature's namespace, added first to whichever instance is provided; the
 * common namespace's texts, its shared part with them, are named `common:…`.
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

/**
 * `useTranslation('common')` with the namespace's shared part, for the shared components only
 * features show (the place field's words about the device's position).
 */
export function useCommonFeatureTranslation() {
  const { i18n } = useTranslation();
  addCommonFeatureTexts(i18n);
  return useTranslation('common');
}
