import { useState } from 'react';
import { Alert } from '@/components/alert.tsx';
import { QueryState } from '@/components/query-state.tsx';
import { cn } from '@/lib/cn.ts';
import { useGiftSending } from '../hooks/use-gift-sending.ts';
import { useGifts, usePaymentMethods, useRecipients } from '../hooks/use-payments.ts';
import { usePaymentsTranslation } from '../i18n.ts';
import { GiftCard } from './gift-card.tsx';
import { PaymentMethodStep } from './payment-method.tsx';
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
  const gifts = useGifts();
  const methods = usePaymentMethods();
  const contacts = useRecipients(!recipient);
  const [pickedId, setPickedId] = useState(initialRecipientId ?? '');
  const picked = pickedId
    ? {
        id: pickedId,
        name: contacts.data?.find((c) => c.id === pickedId)?.name ?? t('recipient.chosen'),
      }
    : null;
  const to = recipient ?? picked;
  const offered = methods.data ?? [];
  const sending = useGiftSending({ to, offered });
  const { paying, sendingId } = sending;
  // Both must be known before a gift can be offered: its prices and how it can be paid for.
  const loaded = {
    isPending: gifts.isPending || methods.isPending,
    isError: gifts.isError || methods.isError,
    data: methods.data && gifts.data,
    refetch: () => Promise.all([gifts.refetch(), methods.refetch()]),
  };

  return (
    <div className="flex flex-col gap-4">
      {recipient ? null : (
        <RecipientPicker
          value={pickedId}
          onChange={(id) => {
            setPickedId(id);
            sending.setError(null);
          }}
        />
      )}
      {sending.error ? <Alert tone="error">{sending.error}</Alert> : null}
      <QueryState
        query={loaded}
        items={gifts.data ?? []}
        pending={
          <p role="status" className="text-ink-muted">
            {t('gifts.loading')}
          </p>
        }
        error={{
          message: t('gifts.loadError'),
          retry: t('common:actions.retry'),
          className: 'py-6',
        }}
        empty={<p className="text-ink-muted">{t('gifts.empty')}</p>}
      >
        {(catalogue) =>
          paying ? (
            <section aria-labelledby={sending.methodHeadingId} className="flex flex-col gap-4">
              <h3
                ref={sending.methodHeading}
                id={sending.methodHeadingId}
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
                chosen={sending.method}
                onChoose={sending.setMethod}
                busy={sendingId === paying.id}
                onBack={() => sending.backToGifts(paying)}
                onPay={() => {
                  if (sending.method) sending.pay(paying, sending.method);
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
                  <GiftCard
                    gift={gift}
                    to={to}
                    offered={offered}
                    compact={compact}
                    sendButtonId={sending.sendButtonId(gift)}
                    sendingId={sendingId}
                    onSend={() => sending.send(gift)}
                  />
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </div>
  );
}
