import { Crown } from 'lucide-react';
import { Button } from '@/components/button.tsx';
import { useMySubscription } from '../hooks/use-payments.ts';
import { usePaymentsTranslation } from '../i18n.ts';
import { formatEndDate } from '../utils/plan-end.ts';

/**
 * /mon-profil's subscription (ADR 015): the plan and its end date in the member's language, or
 * "no subscription"; either way a button opens the subscription modal (`onChoosePlan`).
 */
export function SubscriptionSummary({ onChoosePlan }: { onChoosePlan: () => void }) {
  const { t, i18n } = usePaymentsTranslation();
  const subscription = useMySubscription();
  const current = subscription.data;
  return (
    <section
      aria-labelledby="subscription-title"
      className="mt-6 flex flex-col gap-3 rounded-card border border-sand-200 bg-white p-4 shadow-card sm:flex-row sm:items-center sm:p-5"
    >
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-amber-50 text-amber-700">
        <Crown aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <h2 id="subscription-title" className="font-display text-xl font-semibold text-teal-900">
          {t('status.title')}
        </h2>
        {subscription.isPending ? (
          <p className="text-ink-muted">{t('status.loading')}</p>
        ) : current ? (
          <p className="text-ink" data-testid="subscription-status">
            {t('status.active', {
              plan: t(`status.plan.${current.plan}`),
              date: formatEndDate(current.endsAt, i18n.language),
            })}
          </p>
        ) : (
          <>
            <p className="font-medium text-ink" data-testid="subscription-status">
              {t('status.none')}
            </p>
            <p className="text-sm text-ink-muted">{t('status.noneHint')}</p>
          </>
        )}
      </div>
      <Button variant={current ? 'secondary' : 'primary'} onClick={onChoosePlan}>
        {current ? t('status.extend') : t('status.choose')}
      </Button>
    </section>
  );
}
