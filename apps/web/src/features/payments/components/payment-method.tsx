import type { PaymentMethod } from '@mawadda/contract';
import { CreditCard, Smartphone } from 'lucide-react';
import { Button } from '@/components/button.tsx';
import { usePaymentsTranslation } from '../i18n.ts';
import { formatUsd, formatXof, mobileMoneyOperators } from '../utils/money.ts';

/** A radio choice as a card: a plan, a payment method. */
export const choiceClass =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-2xl border border-sand-300 bg-white p-3 has-[:checked]:border-teal-700 has-[:checked]:bg-teal-50 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-teal-600 has-[:focus-visible]:outline-solid';

/** What one thing bought (a plan, a gift) costs by each method: US cents by card, FCFA by mobile money. */
export type Prices = { usdCents: number; xof: number };

const priceIn = (method: PaymentMethod, prices: Prices, language: string) =>
  method === 'card' ? formatUsd(prices.usdCents, language) : formatXof(prices.xof, language);

/** Its prices in the methods the server takes now: dollars first, FCFA under them. */
export function OfferPrices({ prices, methods }: { prices: Prices; methods: PaymentMethod[] }) {
  const { i18n } = usePaymentsTranslation();
  return methods.map((m) => (
    <span
      key={m}
      className={m === 'card' ? 'block font-semibold text-ink' : 'block text-sm text-ink-muted'}
    >
      {priceIn(m, prices, i18n.language)}
    </span>
  ));
}

/**
 * How the member pays (docs/spec.md §4, the subscription modal's step 2; a gift's too): the
 * methods the server takes, each with what it costs that way, mobile money naming the operators
 * she will find on the provider's page before she leaves for it; then back, or on to the provider.
 */
export function PaymentMethodStep({
  methods,
  prices,
  chosen,
  onChoose,
  busy,
  onBack,
  onPay,
}: {
  methods: PaymentMethod[];
  prices: Prices | undefined;
  chosen: PaymentMethod | null | undefined;
  onChoose: (method: PaymentMethod) => void;
  busy: boolean;
  onBack: () => void;
  onPay: () => void;
}) {
  const { t, i18n } = usePaymentsTranslation();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onPay();
      }}
      className="flex flex-col gap-4"
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="sr-only">{t('method.legend')}</legend>
        {methods.map((m) => {
          const Icon = m === 'card' ? CreditCard : Smartphone;
          const price = prices ? priceIn(m, prices, i18n.language) : '';
          return (
            <label key={m} className={choiceClass}>
              <input
                type="radio"
                name="method"
                value={m}
                checked={chosen === m}
                onChange={() => onChoose(m)}
                className="size-5 accent-teal-700"
              />
              <Icon aria-hidden="true" className="size-5 shrink-0 text-teal-700" />
              <span className="min-w-0 flex-1">
                <span className="block font-semibold text-ink">
                  {t(m === 'card' ? 'method.card' : 'method.mobileMoney')}
                </span>
                <span className="block text-sm text-ink-muted">
                  {m === 'card'
                    ? t('method.cardHint', { price })
                    : t('method.mobileMoneyHint', {
                        price,
                        operators: mobileMoneyOperators(i18n.language),
                      })}
                </span>
              </span>
            </label>
          );
        })}
      </fieldset>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="secondary" disabled={busy} onClick={onBack}>
          {t('method.back')}
        </Button>
        <Button type="submit" busy={busy} disabled={!chosen}>
          {busy ? t('method.redirecting') : t('method.pay')}
        </Button>
      </div>
    </form>
  );
}
