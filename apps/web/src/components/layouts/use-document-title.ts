import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Sets `document.title` to "{page} · Mawadda" while the page is shown (and again when the
 * language changes); back to "Mawadda" when it goes.
 */
export function useDocumentTitle(page: string) {
  const { t } = useTranslation();
  const title = t('documentTitle', { page });
  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(
    () => () => {
      document.title = 'Mawadda';
    },
    [],
  );
}
