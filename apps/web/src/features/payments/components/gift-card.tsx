import type { Gift, PaymentMethod } from '@mawadda/contract';
import { Gift as GiftIcon } from 'lucide-react';
import { Button } from '@/components/button.tsx';
import { cn } from '@/lib/cn.ts';
import { usePaymentsTranslation } from '../i18n.ts';
import { OfferPrices } from './payment-method.tsx';

/**
 * One gift of the catalogue (docs/spec.md §2): its picture, name, description, prices in the
 * methods offered, and its send button, named for the recipient when there is one. While any
 * gift is on its way to the checkout, no other can be sent.
 */
export function GiftCard({
  gift,
  to,
  offered,
  compact,
  sendButtonId,
  sendingId,
  onSend,
}: {
  gift: Gift;
  to: { name: string } | null;
  offered: PaymentMethod[];
  compact: boolean;
  sendButtonId: string;
  sendingId: number | null | undefined;
  onSend: () => void;
}) {
  const { t } = usePaymentsTranslation();
  return (
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
      <p className="mt-1 flex-1 text-sm leading-relaxed text-ink-muted">{gift.description}</p>
      <div className="mt-3 flex items-center justify-between gap-2">
        <p>
          <span className="sr-only">{t('gifts.priceLabel')} </span>
          <OfferPrices prices={{ usdCents: gift.price, xof: gift.xof }} methods={offered} />
        </p>
        <Button
          id={sendButtonId}
          size="snug"
          busy={sendingId === gift.id}
          disabled={sendingId != null}
          icon={<GiftIcon aria-hidden="true" className="size-4" />}
          aria-label={
            to
              ? t('gifts.sendTo', { gift: gift.inSentence, name: to.name })
              : t('gifts.sendNoRecipient', { gift: gift.inSentence })
          }
          onClick={onSend}
        >
          {sendingId === gift.id ? t('common:actions.sending') : t('common:actions.send')}
        </Button>
      </div>
    </article>
  );
}
