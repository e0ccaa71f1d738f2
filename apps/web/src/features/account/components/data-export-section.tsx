import { DATA_EXPORT_TTL_HOURS } from '@mawadda/contract';
import { Download } from 'lucide-react';
import { AccountSection } from '@/components/account-section.tsx';
import { Alert } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { ListLoadError } from '@/components/members/list-load-error.tsx';
import { useFailureText } from '@/hooks/use-failure-text.ts';
import { fullDate } from '@/lib/format.ts';
import {
  useDataExport,
  useDownloadDataExport,
  useRequestDataExport,
} from '../hooks/use-account.ts';
import { useAccountTranslation } from '../i18n.ts';

/** "1.2 MB", in the member's language. */
function sizeText(bytes: number, language: string) {
  const megabytes = bytes / (1024 * 1024);
  return megabytes >= 1
    ? new Intl.NumberFormat(language, {
        style: 'unit',
        unit: 'megabyte',
        maximumFractionDigits: 1,
      }).format(megabytes)
    : new Intl.NumberFormat(language, {
        style: 'unit',
        unit: 'kilobyte',
        maximumFractionDigits: 0,
      }).format(Math.max(1, bytes / 1024));
}

/**
 * /mon-profil's "Download my data": asks for a copy, says it is being prepared (the server makes
 * it in the background; the section asks again every few seconds), then offers the ZIP, saying
 * how long and until when (date and time, in the member's language). The ZIP is fetched with the
 * session (ADR 028), so the download is a button, busy while the copy comes. Each state is
 * announced as it comes.
 */
export function DataExportSection() {
  const { t, i18n } = useAccountTranslation();
  const failureText = useFailureText();
  const copy = useDataExport();
  const request = useRequestDataExport();
  const download = useDownloadDataExport();
  const status = copy.data?.status;

  return (
    <AccountSection
      id="data-export-title"
      icon={<Download aria-hidden="true" className="size-5" />}
      title={t('export.title')}
      lead={t('export.lead')}
    >
      {copy.isPending ? (
        <p role="status" className="text-ink-muted">
          {t('common:actions.loading')}
        </p>
      ) : copy.isError ? (
        <ListLoadError
          message={t('export.loadFailed')}
          retry={t('common:actions.retry')}
          onRetry={() => void copy.refetch()}
          className="py-4"
        />
      ) : (
        <div className="flex flex-col gap-3">
          <div aria-live="polite" className="flex flex-col gap-3">
            {status === 'pending' ? <Alert tone="info">{t('export.pending')}</Alert> : null}
            {status === 'failed' ? <Alert tone="error">{t('export.failed')}</Alert> : null}
            {status === 'ready' ? (
              <div className="flex flex-col gap-2">
                <p className="text-ink">
                  {t('export.ready', { size: sizeText(copy.data.sizeBytes ?? 0, i18n.language) })}{' '}
                  {t('export.expires', {
                    hours: DATA_EXPORT_TTL_HOURS,
                    date: fullDate(copy.data.expiresAt ?? '', i18n.language),
                  })}
                </p>
                <Button
                  className="w-fit"
                  icon={<Download aria-hidden="true" className="size-5" />}
                  busy={download.isPending}
                  onClick={() => download.mutate()}
                >
                  {t('export.download')}
                </Button>
              </div>
            ) : null}
          </div>
          {download.isError ? (
            <Alert tone="error">{failureText(download.error, t('export.downloadFailed'))}</Alert>
          ) : null}
          {request.isError ? (
            <Alert tone="error">{failureText(request.error, t('export.requestFailed'))}</Alert>
          ) : null}
          {status === 'pending' ? null : (
            <Button
              variant="secondary"
              className="w-fit"
              busy={request.isPending}
              onClick={() => request.mutate()}
            >
              {status === 'none' ? t('export.request') : t('export.again')}
            </Button>
          )}
        </div>
      )}
    </AccountSection>
  );
}
