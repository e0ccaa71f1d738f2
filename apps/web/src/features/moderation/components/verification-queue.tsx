import {
  VERIFICATION_POSES,
  VERIFICATION_REFUSALS,
  type VerificationQueueItem,
  type VerificationRefusal,
} from '@mawadda/contract';
import { AlertTriangle, CircleCheckBig } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { EmptyState } from '@/components/empty-state.tsx';
import { MediaImage } from '@/components/media-image.tsx';
import { VerifiedBadge } from '@/components/members/verified-badge.tsx';
import { QueryState } from '@/components/query-state.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { translateError } from '@/lib/translate-error.ts';
import { useVerificationDecision, useVerificationQueue } from '../hooks/use-verification-queue.ts';
import { useModerationTranslation } from '../i18n.ts';

/**
 * The verification queue (ADR 044): for each selfie waiting, the pose asked, the selfie and the
 * member's profile photos side by side, a warning when another account sent a near-identical
 * selfie, and the decision: approve, or refuse with one of the reasons the member is told.
 */
export function VerificationQueue({ onDecided }: { onDecided: (text: string) => void }) {
  const { t } = useModerationTranslation();
  const query = useVerificationQueue();
  const items = query.data ?? [];
  return (
    <QueryState
      query={query}
      items={items}
      pending={
        <p role="status" className="text-ink-muted">
          {t('verification.loading')}
        </p>
      }
      error={{
        message: t('verification.error'),
        retry: t('common:actions.retry'),
        className: 'rounded-card border border-sand-200 bg-white px-6 py-10 shadow-card',
      }}
      empty={
        <EmptyState
          icon={CircleCheckBig}
          title={t('verification.empty')}
          hint={t('verification.emptyHint')}
        />
      }
    >
      {(list) => (
        <ol className="flex flex-col gap-6">
          {list.map((item) => (
            <li key={item.id}>
              <VerificationCard item={item} onDecided={onDecided} />
            </li>
          ))}
        </ol>
      )}
    </QueryState>
  );
}

function VerificationCard({
  item,
  onDecided,
}: {
  item: VerificationQueueItem;
  onDecided: (text: string) => void;
}) {
  const { t, i18n } = useModerationTranslation();
  const french = (i18n.resolvedLanguage ?? i18n.language).startsWith('fr');
  const pose = VERIFICATION_POSES.find((p) => p.id === item.pose);
  const decide = useVerificationDecision(item.id);
  const [reason, setReason] = useState<VerificationRefusal | ''>('');
  const headingId = useId();
  const reasonName = useId();
  const name = item.member.name;
  const failure =
    decide.error instanceof ApiError ? translateError(t, decide.error.body) : undefined;

  return (
    <article
      aria-labelledby={headingId}
      className="rounded-card border border-sand-200 bg-white p-5 shadow-card sm:p-6"
    >
      <h2 id={headingId} className="font-display text-xl font-semibold text-teal-900">
        {item.member.age !== null ? `${name}, ${item.member.age}` : name}
        {item.member.verified ? <VerifiedBadge className="ml-2 align-middle" /> : null}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">{t(`verification.trigger.${item.trigger}`)}</p>
      <p className="mt-3 text-ink">
        {t('verification.poseAsked')}{' '}
        <strong data-testid="pose-asked">
          <span aria-hidden="true">{pose?.emoji} </span>
          {pose ? (french ? pose.fr : pose.en) : item.pose}
        </strong>
      </p>
      {item.duplicateOf ? (
        <div className="mt-3 flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-amber-900">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <div className="flex flex-col gap-2">
            <p role="note" className="font-semibold">
              {t('verification.duplicate', { name: item.duplicateOf.name })}
            </p>
            <MediaImage
              src={item.duplicateOf.selfieUrl}
              alt={t('verification.duplicateAlt', { name: item.duplicateOf.name })}
              className="h-40 w-32 rounded-lg object-cover"
            />
          </div>
        </div>
      ) : null}
      <div className="mt-4 grid gap-4 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)]">
        <figure>
          <MediaImage
            src={item.selfieUrl}
            alt={t('verification.selfieAlt', { name })}
            className="aspect-[3/4] w-full rounded-xl bg-sand-200 object-cover"
          />
          <figcaption className="mt-1 text-sm text-ink-muted">
            {t('verification.selfie')}
          </figcaption>
        </figure>
        <figure>
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {item.member.photoUrls.map((url, index) => (
              <li key={url}>
                <MediaImage
                  src={url}
                  alt={t('photoAlt', { number: index + 1, name })}
                  className="aspect-[4/5] w-full rounded-xl bg-sand-200 object-cover"
                />
              </li>
            ))}
          </ul>
          <figcaption className="mt-1 text-sm text-ink-muted">
            {t('verification.profilePhotos')}
          </figcaption>
        </figure>
      </div>
      <fieldset className="mt-5">
        <legend className="font-semibold text-ink">{t('verification.refuseWhy')}</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {VERIFICATION_REFUSALS.map((value) => (
            <label key={value} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name={reasonName}
                value={value}
                checked={reason === value}
                onChange={() => setReason(value)}
                className="size-4 accent-teal-700"
              />
              {t(`verification.reasons.${value}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {failure ? (
        <div className="mt-3">
          <Alert tone="error">{failure}</Alert>
        </div>
      ) : null}
      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:justify-end">
        <Button
          variant="danger"
          disabled={reason === '' || decide.isPending}
          onClick={() =>
            reason &&
            decide.mutate(
              { decision: 'refuse', reason },
              { onSuccess: () => onDecided(t('verification.refused', { name })) },
            )
          }
        >
          {t('verification.refuse')}
        </Button>
        <Button
          busy={decide.isPending}
          onClick={() =>
            decide.mutate(
              { decision: 'approve' },
              { onSuccess: () => onDecided(t('verification.approved', { name })) },
            )
          }
        >
          {t('verification.approve')}
        </Button>
      </div>
    </article>
  );
}
