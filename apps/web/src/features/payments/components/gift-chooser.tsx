import type { Gift, PaymentMethod } from '@mawadda/contract';
import { Gift as GiftIcon } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { QueryState } from '@/components/query-state.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { session } from '@/lib/session.ts';
import { translateError } from '@/lib/translate-error.ts';
import {
  useGiftCheckout,
  useGifts,
  usePaymentMethods,
  useRecipients,
} from '../hooks/use-payments.ts';
import { usePaymentsTranslation } from '../i18n.ts';
import { OfferPrices, PaymentMethodStep } from './payment-method.tsx';
import { RecipientPicker } from './recipient-picker.tsx';

/** Who the gift goes to; the name is for the buttons' labels. */
export type GiftRecipient = { id: string; name: string };

/**
 * The gift catalogue as cards (docs/spec.md §2: picture, name, description, price as amount/100
 * dollars, send), with the FCFA price too where mobile money is taken. With `recipient` the gift
 * goes to them (the chat header, a suggestion's card); without, the member picks one of their
 * contacts, `initialRecipientId` preselected. Sending asks how to pay, as the subscription modal's
 * second step does, when the server takes more than one method, then opens the provider's
 * checkout; what is being sent shows a busy state meanwhile.
 */
export function GiftChooser({
  recipient,
  initialRecipientId,
  compact = false,
}: {
  recipient?: GiftRecipient | undefined;
  initialRecipientId?: string | null | undefined;
  compact?: boolean;
}) {
  const { t } = usePaymentsTranslation();
  const { t: tAll } = useTranslation();
  const gifts = useGifts();
  const methods = usePaymentMethods();
  const checkout = useGiftCheckout();
  const contacts = useRecipients(!recipient);
  const [error, setError] = useState<string | null>(null);
  const [pickedId, setPickedId] = useState(initialRecipientId ?? '');
  // The gift waiting for its payment method, and the method chosen for it.
  const [paying, setPaying] = useState<Gift | null>(null);
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const methodHeading = useRef<HTMLHeadingElement>(null);
  const ids = useId();
  const sendButtonId = (gift: Gift) => `${ids}-send-${gift.id}`;
  const picked = pickedId
    ? {
        id: pickedId,
        name: contacts.data?.find((c) => c.id === pickedId)?.name ?? t('recipient.chosen'),
      }
    : null;
  const to = recipient ?? picked;
  const sendingId = checkout.isPending || checkout.isSuccess ? checkout.variables?.gift.id : null;
  const offered = methods.data ?? [];
  // Both must be known before a gift can be offered: its prices and how it can be paid for.
  const loaded = {
    isPending: gifts.isPending || methods.isPending,
    isError: gifts.isError || methods.isError,
    data: methods.data && gifts.data,
    refetch: () => Promise.all([gifts.refetch(), methods.refetch()]),
  };

  const send = (gift: Gift) => {
    if (!to || !session.token()) {
      setError(t('gifts.recipientRequired'));
      return;
    }
    const [only, ...others] = offered;
    if (!only) {
      setError(t('method.none'));
      return;
    }
    if (others.length === 0) {
      pay(gift, only);
      return;
    }
    // The step replaces the cards: the focus goes to its heading, so a screen reader hears it.
    flushSync(() => {
      setError(null);
      setMethod(null);
      setPaying(gift);
    });
    methodHeading.current?.focus();
  };

  /** Back to the cards, the focus on the gift's button it left from. */
  const backToGifts = (gift: Gift) => {
    flushSync(() => {
      setError(null);
      setPaying(null);
    });
    document.getElementById(sendButtonId(gift))?.focus();
  };

  const pay = (gift: Gift, chosen: PaymentMethod) => {
    if (!to) {
      setError(t('gifts.recipientRequired'));
      return;
    }
    setError(null);
    checkout.mutate(
      { gift, receiverId: to.id, method: chosen },
      {
        onError: (failure) =>
          setError(
            (failure instanceof ApiError ? translateError(tAll, failure.body) : undefined) ??
              t('gifts.sendError'),
          ),
      },
    );
  };

  return (
    <div className="flex flex-col gap-4">
      {recipient ? null : (
        <RecipientPicker
          value={pickedId}
          onChange={(id) => {
            setPickedId(id);
            setError(null);
          }}
        />
      )}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <QueryState
        query={loaded}
        items={gifts.data ?? []}
        pending={
          <p role="status" className="text-ink-muted">
            {t('gifts.loading')}
          </p>
        }
        error={{ message: t('gifts.loadError'), retry: t('gifts.retry'), className: 'py-6' }}
        empty={<p className="text-ink-muted">{t('gifts.empty')}</p>}
      >
        {(catalogue) =>
          paying ? (
            <section aria-labelledby={`${ids}-method`} className="flex flex-col gap-4">
              <h3
                ref={methodHeading}
                id={`${ids}-method`}
                tabIndex={-1}
                className="font-semibold text-ink outline-none"
              >
                <span className="block text-sm font-medium text-ink-muted">
                  {to ? t('gifts.methodFor', { gift: paying.name, name: to.name }) : paying.name}
                </span>
                {t('method.title')}
              </h3>
              <PaymentMethodStep
                methods={offered}
                prices={{ usdCents: paying.price, xof: paying.xof }}
                chosen={method}
                onChoose={setMethod}
                busy={sendingId === paying.id}
                onBack={() => backToGifts(paying)}
                onPay={() => {
                  if (method) pay(paying, method);
                }}
              />
            </section>
          ) : (
            <ul
              className={cn(
                'grid gap-3',
                compact
                  ? 'grid-cols-1 min-[26rem]:grid-cols-2 sm:grid-cols-3'
                  : 'grid-cols-1 min-[26rem]:grid-cols-2 md:grid-cols-3 lg:grid-cols-4 sm:gap-4',
              )}
            >
              {catalogue.map((gift) => (
                <li key={gift.id}>
                  <article
                    aria-labelledby={`gift-${gift.id}`}
                    className="flex h-full flex-col rounded-card bg-white p-3 shadow-card ring-1 ring-sand-200/80 sm:p-4"
                  >
                    <img
                      src={gift.imageUrl}
                      alt=""
                      width={96}
                      height={96}
                      className={cn('mx-auto', compact ? 'size-16' : 'size-24')}
                    />
                    <h3
                      id={`gift-${gift.id}`}
                      className="mt-2 font-display text-lg font-semibold leading-tight text-teal-900"
                    >
                      {gift.name}
                    </h3>
                    <p className="mt-1 flex-1 text-sm leading-relaxed text-ink-muted">
                      {gift.description}
                    </p>
                    <div className="mt-3 flex items-center justify-between gap-2">
                      <p>
                        <span className="sr-only">{t('gifts.priceLabel')} </span>
                        <OfferPrices
                          prices={{ usdCents: gift.price, xof: gift.xof }}
                          methods={offered}
                        />
                      </p>
                      <Button
                        id={sendButtonId(gift)}
                        size="snug"
                        busy={sendingId === gift.id}
                        disabled={sendingId != null}
                        icon={<GiftIcon aria-hidden="true" className="size-4" />}
                        aria-label={
                          to
                            ? t('gifts.sendTo', { gift: gift.inSentence, name: to.name })
                            : t('gifts.sendNoRecipient', { gift: gift.inSentence })
                        }
                        onClick={() => send(gift)}
                      >
                        {sendingId === gift.id ? t('gifts.sending') : t('gifts.send')}
                      </Button>
                    </div>
                  </article>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </div>
  );
}
