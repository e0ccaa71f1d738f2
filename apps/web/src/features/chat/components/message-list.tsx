import { ArrowUp } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useChatTranslation } from '../i18n.ts';
import type { ChatItem } from '../utils/chat-items.ts';
import { CallEntry } from './call-entry.tsx';
import { MessageBubble } from './message-bubble.tsx';
import { NoticeLine } from './notice-line.tsx';

/** Near enough to the top to load older messages, or to the bottom to follow new ones. */
const EDGE_PX = 80;

/**
 * The messages, oldest at the top. It opens at the newest; a new message scrolls into view when
 * the member was reading the end (or wrote it); scrolling to the top (or the button there, for
 * the keyboard) loads the page before, keeping the member's place.
 */
export function MessageList({
  items,
  otherName,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  onRetry,
  onRemove,
  onReport,
}: {
  items: ChatItem[];
  otherName: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onRetry: (uuid: string) => void;
  onRemove: (uuid: string) => void;
  /** Reports a received message the scam shield warned of; without it, no report button. */
  onReport?: ((item: ChatItem) => void) | undefined;
}) {
  const { t } = useChatTranslation();
  const scroller = useRef<HTMLElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const previous = useRef({ first: '', last: '', height: 0, atBottom: true });

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const first = items[0]?.uuid ?? '';
    const lastItem = items.at(-1);
    const last = lastItem?.uuid ?? '';
    const before = previous.current;
    if (before.first && first !== before.first && last === before.last) {
      // Older messages came in above: stay on the message the member was reading.
      element.scrollTop += element.scrollHeight - before.height;
    } else if (last !== before.last && (before.atBottom || lastItem?.mine || !before.last)) {
      element.scrollTop = element.scrollHeight;
    }
    previous.current = {
      first,
      last,
      height: element.scrollHeight,
      atBottom: element.scrollHeight - element.scrollTop - element.clientHeight < EDGE_PX,
    };
  }, [items]);

  // A photo or a voice note takes its height once loaded: the end stays in view for a member
  // who was reading it.
  const hasItems = items.length > 0;
  useEffect(() => {
    const element = scroller.current;
    const content = list.current;
    if (!hasItems || !element || !content || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (previous.current.atBottom) element.scrollTop = element.scrollHeight;
      previous.current.height = element.scrollHeight;
    });
    observer.observe(content);
    return () => observer.disconnect();
  }, [hasItems]);

  function onScroll() {
    const element = scroller.current;
    if (!element) return;
    previous.current.atBottom =
      element.scrollHeight - element.scrollTop - element.clientHeight < EDGE_PX;
    previous.current.height = element.scrollHeight;
    if (element.scrollTop < EDGE_PX && hasOlder && !loadingOlder) onLoadOlder();
  }

  return (
    <section
      ref={scroller}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the keyboard scrolls the history from here.
      tabIndex={0}
      onScroll={onScroll}
      aria-label={t('messages.label', { name: otherName })}
      // `relative`: the screen-reader-only words of the bubbles (absolutely placed) belong to this
      // box and are clipped by it, instead of making the whole page as tall as the conversation.
      className="relative min-h-0 flex-1 overflow-y-auto overscroll-contain bg-sand-50 px-3 py-4 outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-teal-600"
    >
      <div className="mb-3 flex justify-center">
        {hasOlder ? (
          <button
            type="button"
            onClick={onLoadOlder}
            disabled={loadingOlder}
            aria-busy={loadingOlder || undefined}
            className="inline-flex min-h-11 items-center gap-1.5 rounded-full px-4 text-sm font-semibold text-teal-800 hover:bg-teal-50 disabled:opacity-60"
          >
            <ArrowUp aria-hidden="true" className="size-4" />
            {loadingOlder ? t('messages.loadingOlder') : t('messages.older')}
          </button>
        ) : items.length > 0 ? (
          <p className="text-sm text-ink-muted">{t('messages.start', { name: otherName })}</p>
        ) : null}
      </div>
      {items.length === 0 ? (
        <p className="mx-auto mt-10 max-w-[36ch] text-center leading-relaxed text-ink-muted">
          {t('messages.empty', { name: otherName })}
        </p>
      ) : (
        <ol ref={list} className="flex flex-col gap-2">
          {items.map((item) =>
            item.notice ? (
              <NoticeLine key={item.uuid} item={item} otherName={otherName} onReport={onReport} />
            ) : item.call ? (
              <CallEntry key={item.uuid} item={item} call={item.call} otherName={otherName} />
            ) : (
              <MessageBubble
                key={item.uuid}
                item={item}
                otherName={otherName}
                onRetry={onRetry}
                onRemove={onRemove}
                onReport={onReport}
              />
            ),
          )}
        </ol>
      )}
    </section>
  );
}
