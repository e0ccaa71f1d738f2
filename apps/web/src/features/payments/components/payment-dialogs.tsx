import type { PaymentMethod, SubscriptionPlan } from '@mawadda/contract';
import { Crown, RotateCcw } from 'lucide-react';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { DialogFrame } from '@/components/dialog-frame.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { translateError } from '@/lib/translate-error.ts';
import { useMySubscription, usePlans, useSubscriptionCheckout } from '../hooks/use-payments.ts';
import { usePaymentsTranslation } from '../i18n.ts';
import { formatEndDate } from '../utils/plan-end.ts';
import { GiftChooser, type GiftRecipient } from './gift-chooser.tsx';
import { choiceClass, OfferPrices, PaymentMethodStep } from './payment-method.tsx';

/**
 * The subscription modal (docs/spec.md §4): step 1 the plan, step 2 the method (only those the
 * server takes now), then the provider's checkout, which brings the member back to the page they
 * opened the modal on. Prices are the member's: dollars by card, FCFA by mobile money. Mobile
 * money needs a plan first, which step 2 cannot be reached without. A member who already has a
 * plan reads which, until when, and that a new one adds its days after that: no one pays twice
 * without knowing.
 */
export function SubscriptionDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = usePaymentsTranslation();
  return (
    <DialogFrame
      open={open}
      onClose={onClose}
      title={t('subscription.title')}
      description={t('subscription.description')}
      closeLabel={t('common:actions.close')}
    >
      {open ? (
        <>
          <CurrentPlan />
          <SubscriptionSteps />
        </>
      ) : null}
    </DialogFrame>
  );
}

/** The member's running plan and its end, before they choose another. */
function CurrentPlan() {
  const { t, i18n } = usePaymentsTranslation();
  const current = useMySubscription().data;
  if (!current) return null;
  return (
    <div
      data-testid="current-plan"
      className="mb-4 flex gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-3 text-ink"
    >
      <Crown aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
      <p>
        <span className="block font-semibold">
          {t(`subscription.current.${current.plan}`, {
            date: formatEndDate(current.endsAt, i18n.language),
          })}
        </span>
        <span className="block text-sm text-ink-muted">{t('subscription.currentHint')}</span>
      </p>
    </div>
  );
}

function SubscriptionSteps() {
  const { t } = usePaymentsTranslation();
  const { t: tAll } = useTranslation();
  const offers = usePlans();
  const checkout = useSubscriptionCheckout();
  const [step, setStep] = useState<1 | 2>(1);
  const [plan, setPlan] = useState<SubscriptionPlan | null>(null);
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  if (offers.isPending) {
    return (
      <p role="status" className="text-ink-muted">
        {t('subscription.loading')}
      </p>
    );
  }
  if (offers.isError) {
    return (
      <div className="flex flex-col items-start gap-2">
        <p role="alert" className="font-medium text-ink">
          {t('subscription.loadError')}
        </p>
        <Button
          variant="ghost"
          icon={<RotateCcw aria-hidden="true" className="size-4" />}
          onClick={() => void offers.refetch()}
        >
          {t('common:actions.retry')}
        </Button>
      </div>
    );
  }
  const { plans, methods } = offers.data;
  if (methods.length === 0) return <Alert tone="info">{t('method.none')}</Alert>;
  const offer = plans.find((p) => p.plan === plan);
  const chosenMethod = method ?? (methods.length === 1 ? methods[0] : null);
  const busy = checkout.isPending || checkout.isSuccess;

  // Moving between steps takes the focus to the new step's heading, so a screen reader hears it
  // (on opening, Radix focuses the first control).
  const go = (next: 1 | 2) => {
    flushSync(() => {
      setError(null);
      setStep(next);
    });
    heading.current?.focus();
  };

  const pay = () => {
    if (!plan) {
      go(1);
      setError(t('subscription.planRequired'));
      return;
    }
    if (!chosenMethod) return;
    setError(null);
    checkout.mutate(
      { plan, method: chosenMethod },
      {
        onError: (failure) =>
          setError(
            (failure instanceof ApiError ? translateError(tAll, failure.body) : undefined) ??
              t(
                chosenMethod === 'card'
                  ? 'subscription.cardError'
                  : 'subscription.mobileMoneyError',
              ),
          ),
      },
    );
  };

  return (
    <div className="flex flex-col gap-4">
      <h3 ref={heading} tabIndex={-1} className="font-semibold text-ink outline-none">
        <span className="block text-sm font-medium text-ink-muted">
          {t('subscription.step', { step })}
        </span>
        {step === 1 ? t('subscription.planLegend') : t('method.title')}
      </h3>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {step === 1 ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (plan) go(2);
            else setError(t('subscription.planRequired'));
          }}
          className="flex flex-col gap-4"
        >
          <fieldset className="flex flex-col gap-2">
            <legend className="sr-only">{t('subscription.planLegend')}</legend>
            {plans.map((p) => (
              <label key={p.plan} className={choiceClass}>
                <input
                  type="radio"
                  name="plan"
                  value={p.plan}
                  checked={plan === p.plan}
                  onChange={() => {
                    setPlan(p.plan);
                    setError(null);
                  }}
                  className="size-5 accent-teal-700"
                />
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold text-ink">{t(`plans.${p.plan}`)}</span>
                  <span className="block text-sm text-ink-muted">
                    {t('plans.days', { count: p.days })}
                  </span>
                </span>
                <span className="text-right">
                  <OfferPrices prices={p} methods={methods} />
                </span>
              </label>
            ))}
          </fieldset>
          <Button type="submit" block>
            {t('common:actions.next')}
          </Button>
        </form>
      ) : (
        <PaymentMethodStep
          methods={methods}
          prices={offer}
          chosen={chosenMethod}
          onChoose={setMethod}
          busy={busy}
          onBack={() => go(1)}
          onPay={pay}
        />
      )}
    </div>
  );
}

/** The gift popup (docs/spec.md §2): the gifts for one member, from the chat or a suggestion. */
export function GiftDialog({
  recipient,
  onClose,
}: {
  recipient: GiftRecipient | null;
  onClose: () => void;
}) {
  const { t } = usePaymentsTranslation();
  return (
    <DialogFrame
      open={recipient !== null}
      onClose={onClose}
      wide
      title={t('gifts.dialogTitle', { name: recipient?.name ?? '' })}
      description={t('gifts.dialogDescription')}
      closeLabel={t('common:actions.close')}
    >
      {recipient ? <GiftChooser recipient={recipient} compact /> : null}
    </DialogFrame>
  );
}
