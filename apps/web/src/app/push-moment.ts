import { destinations } from '@mawadda/contract/destinations';
import { useEffect, useState } from 'react';
import { useMatchMoment } from '@/lib/match-moment.ts';
import { useRealtimeSubscription } from '@/lib/realtime/use-realtime.ts';

/**
 * Whether the member now has something to be told of while away, so the question about
 * notifications makes sense (issue 19): a match (once its "It's a match" is closed), a message
 * sent or received in this tab, or unread messages. Never merely a first load.
 */
export function usePushMoment(me: string | undefined, unread: number): boolean {
  const match = useMatchMoment();
  const [matched, setMatched] = useState(false);
  const [messaged, setMessaged] = useState(false);
  useEffect(() => {
    if (match) setMatched(true);
  }, [match]);
  useRealtimeSubscription(me ? destinations.chat(me) : null, () => setMessaged(true));
  return messaged || unread > 0 || (matched && !match);
}
