import type { SentRequest } from '@mawadda/contract';
import { Hourglass, MessageCircleOff } from 'lucide-react';
import { useChatTranslation } from '../i18n.ts';

/**
 * Where the composer would be, for the sender of a request that has not opened the conversation
 * (ADR 068): waiting for her answer; declined, with the kind reply she chose, worded in his own
 * language; or expired. A status, so a screen reader hears it change while the page is open.
 */
export function RequestSentNotice({ name, request }: { name: string; request: SentRequest }) {
  const { t } = useChatTranslation();
  const pending = request.state === 'pending';
  const Icon = pending ? Hourglass : MessageCircleOff;
  return (
    <div
      role="status"
      className="flex items-start gap-3 border-t border-sand-200 bg-sand-50 px-4 py-3"
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-teal-700" />
      <div className="text-sm">
        <p className="font-semibold text-ink">{t(`requestSent.${request.state}Title`, { name })}</p>
        {request.state === 'declined' && request.reply ? (
          <figure className="mt-1">
            <figcaption className="text-ink-muted">
              {t('requestSent.replyFrom', { name })}
            </figcaption>
            <blockquote className="mt-0.5 font-medium text-ink">
              « {t(`replies.${request.reply}`)} »
            </blockquote>
          </figure>
        ) : null}
        <p className="mt-0.5 text-ink-muted">{t(`requestSent.${request.state}Body`, { name })}</p>
      </div>
    </div>
  );
}
