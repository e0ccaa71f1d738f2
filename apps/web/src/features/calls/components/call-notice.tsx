import { PhoneOff, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TOAST_BOTTOM } from '@/components/layouts/toast-place.ts';
import { cn } from '@/lib/cn.ts';
import { translateError } from '@/lib/translate-error.ts';
import { useCallsTranslation } from '../i18n.ts';
import { type CallNotice, type CallNoticeKind, isCallRefusal } from '../utils/call-transitions.ts';

/** The notices worded for a voice or a video call (`notice.<kind>_audio`, `_video`). */
const BY_CALL_TYPE = ['missed', 'mediaDenied', 'mediaMissing', 'mediaBusy'] as const;
const byCallType = (kind: CallNoticeKind): kind is (typeof BY_CALL_TYPE)[number] =>
  (BY_CALL_TYPE as readonly CallNoticeKind[]).includes(kind);

/**
 * How the last call ended, when the member did not end it themselves: busy, declined, no answer,
 * missed, cut off, why the camera or microphone could not be used, or why the server would not
 * place it (in the words of the contract's catalogue, as every refusal; "could not be connected"
 * while that catalogue is still loading). Announced politely; it stays until closed or the next
 * call, above the chat's composer when there is one.
 */
export function CallNoticeBanner({ notice, onClose }: { notice: CallNotice; onClose: () => void }) {
  const { t } = useCallsTranslation();
  const { t: tAll } = useTranslation();
  const name = notice.peer.name;
  const text = isCallRefusal(notice.kind)
    ? (translateError(tAll, { code: notice.kind, params: notice.params }) ??
      t('notice.failed', { name }))
    : byCallType(notice.kind)
      ? t(`notice.${notice.kind}`, { context: notice.type, name })
      : t(`notice.${notice.kind}`, { name });
  return (
    <div
      className={cn(
        'fixed inset-x-3 z-40 flex items-start gap-3 rounded-card bg-white p-4 shadow-card sm:inset-x-auto sm:right-4 sm:w-[24rem]',
        TOAST_BOTTOM,
      )}
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-rose-50 text-rose-700">
        <PhoneOff aria-hidden="true" className="size-5" />
      </span>
      <p role="status" className="min-w-0 flex-1 pt-2 text-ink">
        {text}
      </p>
      <button
        type="button"
        onClick={onClose}
        aria-label={t('common:actions.close')}
        className="-mr-2 -mt-2 flex size-11 shrink-0 items-center justify-center rounded-full text-ink-muted hover:bg-sand-100 hover:text-ink"
      >
        <X aria-hidden="true" className="size-5" />
      </button>
    </div>
  );
}
