import type { Standing } from '@mawadda/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/alert.tsx';
import { buttonClass } from '@/components/button.tsx';
import { useLocalizedPath } from '@/components/layouts/paths.ts';
import { useDocumentTitle } from '@/components/layouts/use-document-title.ts';
import { PageHeader } from '@/components/page-header.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { standingKeys } from '@/lib/query-keys.ts';
import { standingPass } from '@/lib/standing-pass.ts';
import { appealWithPass, fetchStanding } from '../api/standing-api.ts';
import { useStandingTranslation } from '../i18n.ts';
import { replaced } from '../utils/replaced.ts';
import { StatementCard, useWhen } from './statement-card.tsx';

const pageClass = 'mx-auto w-full max-w-3xl px-4 pb-12 pt-6 md:pt-10';

/**
 * /standing (ADR 076): what a suspended or banned member reads after signing in, with the pass
 * their sign-in answered: each decision's statement of reasons (what, on which rule, the facts,
 * how long) and its appeal, and nothing else of the app.
 */
export function StandingPage() {
  const { t } = useStandingTranslation();
  const when = useWhen();
  const localized = useLocalizedPath();
  const queryClient = useQueryClient();
  const [pass] = useState(() => standingPass.get());
  const query = useQuery({
    queryKey: standingKeys.standing(pass ?? ''),
    queryFn: ({ signal }) => fetchStanding(pass ?? '', signal),
    enabled: pass !== null,
    retry: false,
  });
  const standing = query.data;
  useDocumentTitle(t(`title.${standing?.standing ?? 'suspended'}`));
  const expired =
    pass === null ||
    (query.error instanceof ApiError && query.error.code === 'STANDING_PASS_INVALID');
  const back = (
    <Link to={localized('/')} className={buttonClass({ variant: 'secondary' })}>
      {t('backToLogin')}
    </Link>
  );
  if (expired) {
    return (
      <main className={pageClass}>
        <Alert tone="info">{t('signInAgain')}</Alert>
        <div className="mt-6">{back}</div>
      </main>
    );
  }
  if (!standing) {
    return (
      <main className={pageClass}>
        {query.isError ? (
          <Alert tone="error">{t('error')}</Alert>
        ) : (
          <p role="status">{t('loading')}</p>
        )}
      </main>
    );
  }
  return (
    <main className={pageClass}>
      <PageHeader
        icon={ShieldAlert}
        eyebrow={t('guidelines.title')}
        title={t(`title.${standing.standing}`)}
        lead={t(`lead.${standing.standing}`, { until: when(standing.until) })}
      />
      {standing.statements.length === 0 ? <p className="mt-6">{t('none')}</p> : null}
      <ol className="mt-8 flex flex-col gap-6">
        {standing.statements.map((statement) => (
          <li key={statement.id}>
            <StatementCard
              statement={statement}
              appeal={(decisionId, text) => appealWithPass(pass ?? '', decisionId, text)}
              onAppealed={(updated) =>
                queryClient.setQueryData<Standing>(
                  standingKeys.standing(pass ?? ''),
                  (old) => old && { ...old, statements: replaced(old.statements, updated) },
                )
              }
            />
          </li>
        ))}
      </ol>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link to={localized('/guidelines')} className={buttonClass({ variant: 'ghost' })}>
          {t('guidelinesLink')}
        </Link>
        {back}
      </div>
    </main>
  );
}
