import { Gift } from 'lucide-react';
import { useLocation } from 'react-router';
import { useDocumentTitle } from '@/components/layouts/use-document-title.ts';
import { usePaymentsTranslation } from '../i18n.ts';
import { GiftChooser } from './gift-chooser.tsx';

/** /gifts (docs/spec.md §2): the gifts, for a contact chosen here or the member in `?receiverId=`. */
export function GiftsPage() {
  const { t } = usePaymentsTranslation();
  useDocumentTitle(t('gifts.title'));
  // useLocation rather than useSearchParams: the router's entry chunk carries only what is used.
  const receiverId = new URLSearchParams(useLocation().search).get('receiverId');
  return (
    <main className="flex-1">
      <div className="mx-auto w-full max-w-6xl px-4 pb-12 pt-6 md:pt-10">
        <header className="mb-6">
          <p className="flex items-center gap-1.5 text-sm font-semibold uppercase tracking-[0.14em] text-rose-700">
            <Gift aria-hidden="true" className="size-4" />
            {t('gifts.eyebrow')}
          </p>
          <h1 className="mt-1.5 font-display text-3xl font-semibold leading-tight text-teal-900 md:text-4xl">
            {t('gifts.title')}
          </h1>
          <p className="mt-2 max-w-[60ch] leading-relaxed text-ink-muted">{t('gifts.lead')}</p>
        </header>
        <GiftChooser initialRecipientId={receiverId} />
      </div>
    </main>
  );
}
