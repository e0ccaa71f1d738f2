import { Gift } from 'lucide-react';
import { useLocation } from 'react-router';
import { useDocumentTitle } from '@/components/layouts/use-document-title.ts';
import { PageHeader } from '@/components/page-header.tsx';
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
        <PageHeader
          icon={Gift}
          tone="rose"
          eyebrow={t('gifts.eyebrow')}
          title={t('gifts.title')}
          lead={t('gifts.lead')}
          className="mb-6"
        />
        <GiftChooser initialRecipientId={receiverId} />
      </div>
    </main>
  );
}
