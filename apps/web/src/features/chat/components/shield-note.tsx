import { Flag, ShieldAlert } from 'lucide-react';
import { useChatTranslation } from '../i18n.ts';
import type { ChatItem } from '../utils/chat-items.ts';

/**
 * The scam shield's warning under a message or a wali's contact received (ADR 043): calm, the
 * same words whatever set it off (the sender is not told, and the receiver needs no detail), and
 * the report one tap away, its reason and this message already chosen.
 */
export function ShieldNote({
  item,
  otherName,
  onReport,
}: {
  item: ChatItem;
  otherName: string;
  onReport: ((item: ChatItem) => void) | undefined;
}) {
  const { t } = useChatTranslation();
  return (
    <div
      role="note"
      data-testid="shield-note"
      className="mt-1 flex max-w-[min(85%,28rem)] items-start gap-2 rounded-2xl border border-amber-100 bg-amber-50 px-3 py-2 text-sm text-ink"
    >
      <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
      <div>
        <p className="leading-relaxed">{t('shield.warning')}</p>
        {onReport ? (
          <button
            type="button"
            aria-haspopup="dialog"
            aria-label={t('shield.reportLabel', { name: otherName })}
            onClick={() => onReport(item)}
            className="mt-0.5 inline-flex min-h-11 items-center gap-1.5 font-semibold text-teal-800 underline underline-offset-4"
          >
            <Flag aria-hidden="true" className="size-4" />
            {t('common:actions.report')}
          </button>
        ) : null}
      </div>
    </div>
  );
}
