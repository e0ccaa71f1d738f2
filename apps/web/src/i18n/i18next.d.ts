import type { ERROR_TEXTS } from '@mawadda/contract/error-codes';
import type auth from './locales/en/auth.json';
import type common from './locales/en/common.json';
import type closingMessages from './locales/en/common-closing-messages.json';
import type guidelines from './locales/en/common-guidelines.json';
import type illegalContent from './locales/en/common-illegal-content.json';
import type member from './locales/en/common-member.json';
import type memberCard from './locales/en/common-member-card.json';
import type messageKinds from './locales/en/common-message-kinds.json';
import type profileForm from './locales/en/common-profile-form.json';
import type profileList from './locales/en/common-profile-list.json';
import type profilePrompts from './locales/en/common-profile-prompts.json';
import type reportReasons from './locales/en/common-report-reasons.json';

/**
 * The keys `t` accepts, read from the English texts: a key missing from them fails `tsc -b`. The
 * first route's namespaces are declared here; each feature declares its own beside its texts
 * (`features/<f>/i18n.ts`, i18next's ResourceNamespaceMap), as shared code imports no feature.
 * The common namespace's parts only features show are there once a feature that names them has
 * added its texts (feature-texts.ts, common-parts.test.ts): the first route reads common.json.
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    returnNull: false;
    resources: {
      common: typeof common &
        typeof member &
        typeof memberCard &
        typeof profileForm &
        typeof profileList &
        typeof profilePrompts &
        typeof reportReasons &
        typeof messageKinds &
        typeof closingMessages &
        typeof guidelines &
        typeof illegalContent;
      auth: typeof auth;
      errors: typeof ERROR_TEXTS;
    };
  }
}
