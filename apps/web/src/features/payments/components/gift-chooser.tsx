import type { Gift } from '@mawadda/contract';
import { Gift as GiftIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { QueryState } from '@/components/query-state.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { session } from '@/lib/session.ts';
import { translateError } from '@/lib/translate-error.ts';
import { useGiftCheckout, useGifts, useRecipients } from '../hooks/use-payments.ts';
import { usePaymentsTranslation } from '../i18n.ts';
import { formatUsd } from '../utils/money.ts';
import { RecipientPicker } from './recipient-picker.tsx';

/** Who the gift goes to; the name is for the buttons' labels. */
export type GiftRecipient = { id: string; name: string };

/**
 * The gift catalogue as cards (docs/spec.md §2: picture, name, description, price as amount/100
 * dollars, send). With `recipient` the gift goes to them (the chat header, a suggestion's card);
 * without, the member picks one of their contacts, `initialRecipientId` preselected. Sending
 * opens the provider's checkout; the card being sent shows a busy state meanwhile.
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
  const { t, i18n } = usePaymentsTranslation();
  const { t: tAll } = useTranslation();
  const gifts = useGifts();
  const checkout = useGiftCheckout();
  const contacts = useRecipients(!recipient);
  const [error, setError] = useState<string | null>(null);
  const [pickedId, setPickedId] = useState(initialRecipientId ?? '');
  const picked = pickedId
    ? {
        id: pickedId,
        name: contacts.data?.find((c) => c.id === pickedId)?.name ?? t('recipient.chosen'),
      }
    : null;
  const to = recipient ?? picked;
  const sendingId = checkout.isPending || checkout.isSuccess ? checkout.variables?.gift.id : null;

  const send = (gift: Gift) => {
    if (!to || !session.token()) {
      setError(t('gifts.recipientRequired'));
      return;
    }
    setError(null);
    checkout.mutate(
      { gift, receiverId: to.id },
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
        query={gifts}
        items={gifts.data ?? []}
        pending={
          <p role="status" className="text-ink-muted">
            {t('gifts.loading')}
          </p>
        }
        error={{ message: t('gifts.loadError'), retry: t('gifts.retry'), className: 'py-6' }}
        empty={<p className="text-ink-muted">{t('gifts.empty')}</p>}
      >
        {(catalogue) => (
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
                    <p className="font-semibold text-ink">
                      <span className="sr-only">{t('gifts.priceLabel')} </span>
                      {formatUsd(gift.price, i18n.language)}
                    </p>
                    <Button
                      size="snug"
                      busy={sendingId === gift.id}
                      disabled={sendingId != null}
                      icon={<GiftIcon aria-hidden="true" className="size-4" />}
                      aria-label={
                        to
                          ? t('gifts.sendTo', { gift: gift.name, name: to.name })
                          : t('gifts.sendNoRecipient', { gift: gift.name })
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
        )}
      </QueryState>
    </div>
  );
}
