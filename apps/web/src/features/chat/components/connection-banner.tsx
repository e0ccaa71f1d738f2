import { RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useRealtimeState } from '@/lib/realtime/use-realtime.ts';
import { useChatTranslation } from '../i18n.ts';

/** A first connection slower than this is worth telling; a quick one should not flash. */
const FIRST_CONNECTION_GRACE_MS = 3000;

/**
 * Says when the live connection is down (spec: a banner while the socket is down): messages do
 * not arrive live, and what the member writes waits for it. The live region (polite) stays
 * mounted so the change is announced.
 */
export function ConnectionBanner() {
  const { t } = useChatTranslation();
  const { status } = useRealtimeState();
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    setSlow(false);
    if (status !== 'connecting') return;
    const timer = setTimeout(() => setSlow(true), FIRST_CONNECTION_GRACE_MS);
    return () => clearTimeout(timer);
  }, [status]);
  const down = status === 'reconnecting' || (status === 'connecting' && slow);
  return (
    <div role="status">
      {down ? (
        <p className="flex animate-fade items-center justify-center gap-2 bg-amber-note px-4 py-2 text-center text-sm font-medium text-amber-ink">
          <RefreshCw aria-hidden="true" className="size-4 shrink-0 motion-safe:animate-spin" />
          <span>
            <strong className="font-semibold">{t('connection.title')}</strong>{' '}
            {t('connection.body')}
          </span>
        </p>
      ) : null}
    </div>
  );
}
