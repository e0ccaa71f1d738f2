import { ShieldCheck } from 'lucide-react';
import { PageHeader } from '@/components/page-header.tsx';
import { useSessionsTranslation } from '../i18n.ts';
import { SessionsSections } from './sessions-sections.tsx';

/**
 * /sessions, where the new-device mail leads (ADR 075): the signed-in devices and the password
 * change, as the account settings show them.
 */
export function SessionsPage() {
  const { t } = useSessionsTranslation();
  return (
    <main className="flex-1">
      <div className="mx-auto w-full max-w-3xl px-4 pb-12 pt-6 md:pt-10">
        <PageHeader
          icon={ShieldCheck}
          eyebrow={t('screen.eyebrow')}
          title={t('screen.title')}
          lead={t('screen.lead')}
        />
        <SessionsSections />
      </div>
    </main>
  );
}
