import { Check, CheckCheck, Clock, RotateCcw, TriangleAlert, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn.ts';
import { translateError } from '@/lib/translate-error.ts';
import { useGiftLookup } from '../hooks/gift-lookup.ts';
import { refusedForGood } from '../hooks/outbox.ts';
import { useChatTranslation } from '../i18n.ts';
import type { ChatItem } from '../utils/chat-items.ts';
import { giftNumberOf } from '../utils/gift-message.ts';
import { messageTime } from '../utils/time.ts';
import { MediaOnTap } from './media-on-tap.tsx';
import { ShieldNote } from './shield-note.tsx';

/**
 * One message: its photo, voice note and text, its time, and on my messages the ticks (spec
 * section 4: one when sent, two when read), or why it has not gone yet. Screen readers hear who
 * wrote it first and its state last.
 */
export function MessageBubble({
  item,
  otherName,
  onRetry,
  onRemove,
  onReport,
}: {
  item: ChatItem;
  otherName: string;
  onRetry: (uuid: string) => void;
  onRemove: (uuid: string) => void;
  /** Opens the report of this message (a warned one). */
  onReport?: ((item: ChatItem) => void) | undefined;
}) {
  const { t, i18n } = useChatTranslation();
  const { t: tAll } = useTranslation();
  const { mine, state } = item;
  const refusal = item.refusal ? translateError(tAll, item.refusal) : undefined;
  const giftNumber = giftNumberOf(item);
  return (
    <li className={cn('flex flex-col', mine ? 'items-end' : 'items-start')}>
      <div
        className={cn(
          'max-w-[min(85%,28rem)] rounded-3xl px-3 py-2 shadow-sm',
          mine
            ? 'rounded-br-lg bg-teal-700 text-white'
            : 'rounded-bl-lg border border-sand-200 bg-white text-ink',
          state === 'failed' && 'bg-teal-700/70',
        )}
      >
        <span className="sr-only">{mine ? t('message.you') : otherName}: </span>
        {item.imageUrl ? (
          <MediaOnTap kind="photo" url={item.imageUrl} bytes={item.mediaBytes} mine={mine}>
            <img
              src={item.imageUrl}
              alt={mine ? t('message.yourPhoto') : t('message.photoFrom', { name: otherName })}
              className="mb-1 max-h-72 w-auto max-w-full rounded-2xl bg-sand-100 object-contain"
            />
          </MediaOnTap>
        ) : null}
        {item.audioUrl ? (
          <MediaOnTap kind="voice" url={item.audioUrl} bytes={item.mediaBytes} mine={mine}>
            {/* biome-ignore lint/a11y/useMediaCaption: a member's voice note has no caption to give. */}
            <audio
              controls
              preload="metadata"
              src={item.audioUrl}
              aria-label={
                mine ? t('message.yourVoice') : t('message.voiceFrom', { name: otherName })
              }
              className="mb-1 h-10 w-64 max-w-full"
            />
          </MediaOnTap>
        ) : null}
        {item.mediaRemoved ? (
          <p className="italic opacity-80">{t('message.mediaRemoved')}</p>
        ) : null}
        {item.hiddenByModeration && !mine ? (
          <p className="italic opacity-80">{t('message.hiddenByModeration')}</p>
        ) : null}
        {giftNumber !== null ? (
          <GiftContent number={giftNumber} mine={mine} otherName={otherName} />
        ) : item.content ? (
          <p className="whitespace-pre-wrap break-words leading-relaxed [overflow-wrap:anywhere]">
            {item.content}
          </p>
        ) : null}
        <p
          className={cn(
            'mt-0.5 flex items-center justify-end gap-1 text-xs',
            mine ? 'text-teal-50' : 'text-ink-muted',
          )}
        >
          <span className="sr-only">, </span>
          <time dateTime={item.timestamp}>{messageTime(item.timestamp, i18n.language)}</time>
          {mine ? <Ticks state={state} /> : null}
        </p>
      </div>
      {item.hiddenByModeration && mine ? (
        <p className="mt-1 text-xs font-medium text-ink-muted">
          {t('message.hiddenFromOther', { name: otherName })}
        </p>
      ) : null}
      {!mine && item.shield.length > 0 ? (
        <ShieldNote item={item} otherName={otherName} onReport={onReport} />
      ) : null}
      {state === 'failed' ? (
        <div className="mt-1 flex flex-wrap items-center justify-end gap-1 text-sm">
          <span className="text-danger">{refusal ?? t('message.notSent')}</span>
          {refusedForGood(item.refusal) ? null : (
            <button
              type="button"
              onClick={() => onRetry(item.uuid)}
              className="inline-flex min-h-11 items-center gap-1 rounded-full px-3 font-semibold text-teal-800 hover:bg-teal-50"
            >
              <RotateCcw aria-hidden="true" className="size-4" />
              {t('message.retry')}
            </button>
          )}
          <button
            type="button"
            onClick={() => onRemove(item.uuid)}
            className="inline-flex min-h-11 items-center gap-1 rounded-full px-3 font-semibold text-ink-muted hover:bg-sand-100"
          >
            <X aria-hidden="true" className="size-4" />
            {t('message.remove')}
          </button>
        </div>
      ) : null}
    </li>
  );
}

/** A paid gift (the server's mark, never the text): the gift's picture and name. */
function GiftContent({
  number,
  mine,
  otherName,
}: {
  number: number;
  mine: boolean;
  otherName: string;
}) {
  const { t } = useChatTranslation();
  const gift = useGiftLookup()(number);
  const name = gift?.name ?? t('giftMessage.aGift');
  return (
    <p className="flex items-center gap-3 py-1" data-testid="gift-message">
      {gift ? (
        <img
          src={gift.imageUrl}
          alt=""
          width={64}
          height={64}
          className="size-16 shrink-0 rounded-2xl bg-white/90 p-1"
        />
      ) : null}
      <span className="font-semibold">
        {mine
          ? t('giftMessage.sent', { gift: name })
          : t('giftMessage.received', { name: otherName, gift: name })}
      </span>
    </p>
  );
}

function Ticks({ state }: { state: ChatItem['state'] }) {
  const { t } = useChatTranslation();
  if (state === 'read') {
    return (
      <>
        <CheckCheck aria-hidden="true" data-testid="ticks-read" className="size-4" />
        <span className="sr-only">, {t('message.read')}</span>
      </>
    );
  }
  if (state === 'waiting') {
    return (
      <>
        <Clock aria-hidden="true" className="size-3.5" />
        <span>{t('message.waiting')}</span>
      </>
    );
  }
  if (state === 'failed') {
    return (
      <>
        <TriangleAlert aria-hidden="true" className="size-3.5" />
        <span>{t('message.failed')}</span>
      </>
    );
  }
  return (
    <>
      <Check aria-hidden="true" data-testid="ticks-sent" className="size-4" />
      <span className="sr-only">, {t('message.sent')}</span>
    </>
  );
}
