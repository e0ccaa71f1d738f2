import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import en from './locales/en.json';
import fr from './locales/fr.json';

/** Gifts, plans and payments: their own namespace, in the chunks that show them. */
export const PAYMENTS_NAMESPACE = 'payments';

/** Adds both languages once to the given i18next instance. Idempotent. */
export function addPaymentsTexts(instance: I18n) {
  if (instance.hasResourceBundle('en', PAYMENTS_NAMESPACE)) return;
  instance.addResourceBundle('en', PAYMENTS_NAMESPACE, en, true, true);
  instance.addResourceBundle('fr', PAYMENTS_NAMESPACE, fr, true, true);
}

/** `useTranslation('payments')`, with the namespace added to whichever instance is provided. */
export function usePaymentsTranslation() {
  const { i18n } = useTranslation();
  addPaymentsTexts(i18n);
  return useTranslation(PAYMENTS_NAMESPACE);
}
