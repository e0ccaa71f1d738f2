import type { Statement } from '@mawadda/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Scale } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/alert.tsx';
import { buttonClass } from '@/components/button.tsx';
import { useLocalizedPath } from '@/components/layouts/paths.ts';
import { useDocumentTitle } from '@/components/layouts/use-document-title.ts';
import { PageHeader } from '@/components/page-header.tsx';
import { notificationKeys, standingKeys } from '@/lib/query-keys.ts';
import { useSession } from '@/lib/session.ts';
import { appealMine, fetchMyStatements } from '../api/standing-api.ts';
import { useStandingTranslation } from '../i18n.ts';
import { replaced } from '../utils/replaced.ts';
import { StatementCard } from './statement-card.tsx';

/**
 * /decisions (ADR 084): a member's statements of reasons while their account is in use (a
 * warning, a removal, a selfie refused, a reversal), each with its appeal. Read here, they are no
 * longer news: the counts are asked again.
 */
export function DecisionsPage() {
  const { t } = useStandingTranslation();
  const localized = useLocalizedPath();
  const me = useSession()?.user?.id ?? '';
  const queryClient = useQueryClient();
  const key = standingKeys.mine(me);
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchMyStatements(signal) });
  useDocumentTitle(t('decisions.title'));
  const read = query.isSuccess;
  useEffect(() => {
    if (read) void queryClient.invalidateQueries({ queryKey: notificationKeys.counts(me) });
  }, [read, queryClient, me]);
  const statements = query.data;
  return (
    <main className="mx-auto w-full max-w-3xl px-4 pb-12 pt-6 md:pt-10">
      <PageHeader
        icon={Scale}
        eyebrow={t('guidelines.title')}
        title={t('decisions.title')}
        lead={t('decisions.lead')}
      />
      {!statements ? (
        query.isError ? (
          <div className="mt-6">
            <Alert tone="error">{t('error')}</Alert>
          </div>
        ) : (
          <p role="status" className="mt-6">
            {t('loading')}
          </p>
        )
      ) : statements.length === 0 ? (
        <p className="mt-6">{t('decisions.none')}</p>
      ) : (
        <ol className="mt-8 flex flex-col gap-6">
          {statements.map((statement) => (
            <li key={statement.id}>
              <StatementCard
                statement={statement}
                appeal={appealMine}
                onAppealed={(updated) =>
                  queryClient.setQueryData<Statement[]>(key, (old) => old && replaced(old, updated))
                }
              />
            </li>
          ))}
        </ol>
      )}
      <div className="mt-8">
        <Link to={localized('/guidelines')} className={buttonClass({ variant: 'ghost' })}>
          {t('guidelinesLink')}
        </Link>
      </div>
    </main>
  );
}
