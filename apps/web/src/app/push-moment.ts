import { destinations } from '@mawadda/contract/destinations';
import { useEffect, useState } from 'react';
import { useMatchMoment } from '@/lib/match-moment.ts';
import { useRealtimeSubscription } from '@/lib/realtime/use-realtime.ts';

/**
 * Whether the member now has something to be told of while away, so the question about
 * notifications makes sense (ADR 040): a match (once its "It's a match" is closed) or a message
 * sent or received in this tab. Never on loading the app, whatever is waiting there.
 */
export function usePushMoment(me: string | undefined): boolean {
  const match = useMatchMoment();
  const [matched, setMatched] = useState(false);
  const [messaged, setMessaged] = useState(false);
  useEffect(() => {
    if (match) setMatched(true);
  }, [match]);
  useRealtimeSubscription(me ? destinations.chat(me) : null, () => setMessaged(true));
  return messaged || (matched && !match);
}
