import { useTranslation } from 'react-i18next';

/** The id of the element that holds each page's `<main>`: the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * Where the focus goes when what had it is gone, rather than to the top of the document: a
 * dialog's opener that left with the member it was about (a blocked member's card or entry).
 */
export function focusMainContent() {
  document.getElementById(MAIN_CONTENT_ID)?.focus();
}

/** The first stop of the keyboard: hidden until focused, then jumps past the navigation. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="sr-only focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-[60] focus:rounded-full focus:bg-teal-800 focus:px-5 focus:py-3 focus:font-semibold focus:text-white focus:shadow-card"
    >
      {t('skipToContent')}
    </a>
  );
}
