import { ShieldCheck } from 'lucide-react';
import { useChatTranslation } from '../i18n.ts';
import type { ChatItem } from '../utils/chat-items.ts';
import { noticeText } from '../utils/notice-text.ts';
import { messageTime } from '../utils/time.ts';
import { ShieldNote } from './shield-note.tsx';

/**
 * A line of the server's in the conversation (ADR 045), centred like a call entry: "Aminata's
 * guardian follows this conversation", a request for a wali's contact and its answer (with the
 * contact shared), a match closed kindly (with the message chosen, ADR 070), in the reader's
 * language, with its time; a contact whose typed name the
 * scam shield flagged is warned of as a message is.
 */
export function NoticeLine({
  item,
  otherName,
  onReport,
}: {
  item: ChatItem;
  otherName: string;
  onReport: ((item: ChatItem) => void) | undefined;
}) {
  const { t, i18n } = useChatTranslation();
  return (
    <li className="flex flex-col items-center" data-testid="notice-line">
      <p className="flex max-w-[90%] items-center gap-2 rounded-2xl border border-teal-200 bg-teal-50 px-4 py-1.5 text-center text-sm text-teal-900">
        <ShieldCheck aria-hidden="true" className="size-4 shrink-0" />
        <span className="font-medium">
          {item.notice ? noticeText(t, item.notice, item.mine, otherName, item.wali) : null}
        </span>
        <span className="sr-only">, </span>
        <time dateTime={item.timestamp} className="text-xs text-teal-800">
          {messageTime(item.timestamp, i18n.language)}
        </time>
      </p>
      {item.closing ? (
        // Close kindly (ADR 070): the message chosen, in the reader's language.
        <p className="mt-1 max-w-[90%] text-center text-sm italic text-ink">
          “{t(`common:closingMessages.${item.closing}`)}”
        </p>
      ) : null}
      {!item.mine && item.shield.length > 0 ? (
        <ShieldNote item={item} otherName={otherName} onReport={onReport} />
      ) : null}
    </li>
  );
}
