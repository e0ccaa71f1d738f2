import { ShieldCheck } from 'lucide-react';
import { useChatTranslation } from '../i18n.ts';
import type { ChatItem } from '../utils/chat-items.ts';
import { messageTime } from '../utils/time.ts';

/**
 * A line of the server's in the conversation (ADR 045), centred like a call entry: "Aminata's
 * guardian follows this conversation", in the reader's language, at the moment it began.
 */
export function NoticeLine({ item, otherName }: { item: ChatItem; otherName: string }) {
  const { t, i18n } = useChatTranslation();
  return (
    <li className="flex justify-center" data-testid="notice-line">
      <p className="flex max-w-[90%] items-center gap-2 rounded-2xl border border-teal-200 bg-teal-50 px-4 py-1.5 text-center text-sm text-teal-900">
        <ShieldCheck aria-hidden="true" className="size-4 shrink-0" />
        <span className="font-medium">
          {item.mine ? t('guardian.followsMine') : t('guardian.followsTheirs', { name: otherName })}
        </span>
        <span className="sr-only">, </span>
        <time dateTime={item.timestamp} className="text-xs text-teal-800">
          {messageTime(item.timestamp, i18n.language)}
        </time>
      </p>
    </li>
  );
}
