import { LANGUAGES } from '@mawadda/contract/constants';
import type { i18n as I18n, ResourceNamespaceMap } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Language } from './first-route-texts.ts';

/** A feature's namespace, as it declares it beside its texts (`features/<f>/i18n.ts`). */
type FeatureNamespace = keyof ResourceNamespaceMap;

/** A feature's texts in both languages: the French has the English's keys, or tsc says which. */
type FeatureTexts<N extends FeatureNamespace> = Record<Language, ResourceNamespaceMap[N]>;

/**
 * A part of the common namespace that only features show (i18n/*-texts.ts, from
 * locales/<language>/common-*.json), in both languages: it comes with the features that bring
 * it, each in the chunks of those only, and the first route carries none of it.
 */
export type CommonPart = Record<Language, object>;

type Options = {
  /** The common namespace's parts the feature's texts name (`common:…`). */
  common?: readonly CommonPart[];
  /** What the namespace needs besides its texts (the chat's call lengths format). */
  setup?: (instance: I18n) => void;
};

const joinedParts = new WeakMap<I18n, Set<CommonPart>>();

function join(instance: I18n, part: CommonPart, language: string) {
  const texts = part[language as Language];
  // Silent: the store's 'added' (addCommonParts) is not told of its own addition.
  if (texts) instance.addResourceBundle(language, 'common', texts, true, false, { silent: true });
}

/**
 * Joins common parts to each language's first-route common texts (common.json, brought by the
 * backend: i18n.ts) once they are here, and again whenever the backend brings a language's. Not
 * before: a common bundle already there tells i18next that language's common texts are loaded,
 * and it would never ask the backend for them. A part's top-level keys are its own
 * (common-parts.test.ts): the backend's bundle replaces the ones it holds.
 */
function addCommonParts(instance: I18n, parts: readonly CommonPart[]) {
  let joined = joinedParts.get(instance);
  if (!joined) {
    const ofInstance = new Set<CommonPart>();
    joinedParts.set(instance, ofInstance);
    instance.store.on('added', (language, namespace) => {
      if (namespace === 'common') for (const part of ofInstance) join(instance, part, language);
    });
    joined = ofInstance;
  }
  for (const part of parts) {
    if (joined.has(part)) continue;
    joined.add(part);
    for (const language of LANGUAGES) {
      if (instance.hasResourceBundle(language, 'common')) join(instance, part, language);
    }
  }
}

/**
 * Adds a feature's namespace in both languages once to the given i18next instance (the member
 * may switch language on the page), with the common parts it names. Idempotent, so every
 * component may call it. The texts come with the chunk importing the feature's `i18n.ts`: the
 * first route carries none of them.
 */
export function addFeatureTexts<N extends FeatureNamespace>(
  instance: I18n,
  namespace: N,
  texts: FeatureTexts<N>,
  { common = [], setup }: Options = {},
) {
  addCommonParts(instance, common);
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
  options?: Options,
) {
  const { i18n } = useTranslation();
  addFeatureTexts(i18n, namespace, texts, options);
  return useTranslation([namespace, 'common']);
}

/** `useTranslation('common')` with a common part, for a shared component only features show. */
export function useCommonTranslation(part: CommonPart) {
  const { i18n } = useTranslation();
  addCommonParts(i18n, [part]);
  return useTranslation('common');
}
