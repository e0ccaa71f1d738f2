import { CircleCheck, Info, TriangleAlert, X } from 'lucide-react';
import { cn } from '@/lib/cn.ts';
import { usePaymentReturn } from '../hooks/use-payment-return.ts';
import { usePaymentsTranslation } from '../i18n.ts';

const tones = {
  working: 'border-teal-600/20 bg-teal-50 text-teal-900',
  info: 'border-teal-600/20 bg-teal-50 text-teal-900',
  success: 'border-success/30 bg-emerald-50 text-success',
  error: 'border-danger/30 bg-red-50 text-danger',
} as const;

/**
 * What became of a payment the member comes back from (hooks/use-payment-return.ts), shown on
 * /chat until dismissed. Errors interrupt (alert); the rest is announced politely (status).
 */
export function PaymentReturnNotice({
  onSubscribed,
  waitMs,
}: {
  onSubscribed?: () => void;
  waitMs?: number;
}) {
  const { t } = usePaymentsTranslation();
  const { notice, dismiss } = usePaymentReturn({
    onSubscribed,
    ...(waitMs !== undefined ? { waitMs } : {}),
  });
  if (!notice) return null;
  const Icon =
    notice.tone === 'error' ? TriangleAlert : notice.tone === 'success' ? CircleCheck : Info;
  return (
    <div className="mx-auto w-full max-w-6xl px-3 pt-3 md:px-4">
      <div
        role={notice.tone === 'error' ? 'alert' : 'status'}
        className={cn(
          'flex items-center gap-3 rounded-xl border px-4 py-2 text-sm font-medium',
          tones[notice.tone],
        )}
      >
        {notice.tone === 'working' ? (
          <span
            aria-hidden="true"
            className="size-4 shrink-0 animate-spin rounded-full border-2 border-current border-t-transparent"
          />
        ) : (
          <Icon aria-hidden="true" className="size-5 shrink-0" />
        )}
        <p className="flex-1">{notice.text}</p>
        {notice.tone === 'working' ? null : (
          <button
            type="button"
            onClick={dismiss}
            aria-label={t('return.close')}
            className="-my-1 -mr-2 flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-black/5"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        )}
      </div>
    </div>
  );
}
