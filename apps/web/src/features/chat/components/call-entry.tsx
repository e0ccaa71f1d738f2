import { Phone, PhoneMissed, Video } from 'lucide-react';
import { cn } from '@/lib/cn.ts';
import { useChatTranslation } from '../i18n.ts';
import { type CallRecord, callEntryOutcome, callEntryText } from '../utils/call-entry.ts';
import type { ChatItem } from '../utils/chat-items.ts';
import { messageTime } from '../utils/time.ts';

/**
 * A call in the conversation, centred between the messages rather than a bubble: its icon (red
 * when I missed it), what happened ("Missed voice call", "Video call · 4 min") and its time.
 */
export function CallEntry({
  item,
  call,
  otherName,
}: {
  item: ChatItem;
  call: CallRecord;
  otherName: string;
}) {
  const { t, i18n } = useChatTranslation();
  const missed = callEntryOutcome(call, item.mine) === 'missed';
  const Icon = missed ? PhoneMissed : call.type === 'video' ? Video : Phone;
  return (
    <li className="flex justify-center" data-testid="call-entry">
      <p className="flex items-center gap-2 rounded-full border border-sand-200 bg-white px-4 py-1.5 text-sm text-ink shadow-sm">
        <Icon
          aria-hidden="true"
          className={cn('size-4 shrink-0', missed ? 'text-rose-600' : 'text-teal-700')}
        />
        <span className="sr-only">{item.mine ? t('message.you') : otherName}: </span>
        <span className={cn('font-medium', missed && 'text-rose-700')}>
          {callEntryText(t, call, item.mine)}
        </span>
        <span className="sr-only">, </span>
        <time dateTime={item.timestamp} className="text-xs text-ink-muted">
          {messageTime(item.timestamp, i18n.language)}
        </time>
      </p>
    </li>
  );
}
