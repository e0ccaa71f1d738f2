import { GUIDELINE_RULES } from '@mawadda/contract/value-lists';
import { BookOpen } from 'lucide-react';
import { Link } from 'react-router';
import { useLocalizedPath } from '@/components/layouts/paths.ts';
import { useDocumentTitle } from '@/components/layouts/use-document-title.ts';
import { PageHeader } from '@/components/page-header.tsx';
import { useStandingTranslation } from '../i18n.ts';

/**
 * /guidelines (ADR 076): the community guidelines every decision rests on, by the same rule
 * names the statements of reasons give, and how decisions and appeals work.
 */
export function GuidelinesPage() {
  const { t } = useStandingTranslation();
  const localized = useLocalizedPath();
  useDocumentTitle(t('guidelines.title'));
  return (
    <main className="mx-auto w-full max-w-3xl px-4 pb-12 pt-6 md:pt-10">
      <PageHeader
        icon={BookOpen}
        eyebrow="Mawadda"
        title={t('guidelines.title')}
        lead={t('guidelines.lead')}
      />
      <section aria-labelledby="guidelines-rules" className="mt-8">
        <h2 id="guidelines-rules" className="font-display text-2xl text-teal-900">
          {t('guidelines.rulesHeading')}
        </h2>
        <ol className="mt-4 flex flex-col gap-4">
          {GUIDELINE_RULES.map((rule) => (
            <li key={rule} id={`rule-${rule}`}>
              <h3 className="font-semibold text-ink">{t(`common:guidelineRules.${rule}`)}</h3>
              <p className="text-ink-muted">{t(`guidelines.ruleText.${rule}`)}</p>
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="guidelines-decisions" className="mt-8">
        <h2 id="guidelines-decisions" className="font-display text-2xl text-teal-900">
          {t('guidelines.decisionsHeading')}
        </h2>
        <p className="mt-3">{t('guidelines.decisions')}</p>
        <p className="mt-3">{t('guidelines.appeals')}</p>
      </section>
      <section aria-labelledby="guidelines-report" className="mt-8">
        <h2 id="guidelines-report" className="font-display text-2xl text-teal-900">
          {t('guidelines.reportHeading')}
        </h2>
        <p className="mt-3">{t('guidelines.report')}</p>
        <Link
          to={localized('/report')}
          className="mt-2 inline-flex min-h-11 items-center font-semibold text-teal-700 underline-offset-4 hover:underline"
        >
          {t('guidelines.reportLink')}
        </Link>
      </section>
    </main>
  );
}
