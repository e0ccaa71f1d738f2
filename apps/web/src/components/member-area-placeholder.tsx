import { useTranslation } from 'react-i18next';

/** Member screens that later issues fill: routed and guarded now, titled in both languages. */
export function MemberAreaPlaceholder({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="font-display text-3xl text-teal-900">{t(titleKey)}</h1>
      <p className="mt-3 text-ink-muted">{t('placeholder.comingSoon')}</p>
    </main>
  );
}
