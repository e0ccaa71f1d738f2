import type { ERROR_TEXTS } from '@mawadda/contract/error-codes';
import type auth from './locales/en/auth.json';
import type common from './locales/en/common.json';
import type commonFeatures from './locales/en/common-features.json';

/**
 * The keys `t` accepts, read from the English texts: a key missing from them fails `tsc -b`. The
 * first route's namespaces are declared here; each feature declares its own beside its texts
 * (`features/<f>/i18n.ts`, i18next's ResourceNamespaceMap), as shared code imports no feature.
 * The common namespace's shared part is there once a feature's texts are (feature-texts.ts): the
 * first route's own code reads common.json only.
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    returnNull: false;
    resources: {
      common: typeof common & typeof commonFeatures;
      auth: typeof auth;
      errors: typeof ERROR_TEXTS;
    };
  }
}
