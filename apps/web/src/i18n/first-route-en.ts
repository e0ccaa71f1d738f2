// The first route's texts in one language, one chunk (i18n.ts loads it): one request, not two.
export { default as auth } from './locales/en/auth.json';
export { default as common } from './locales/en/common.json';
