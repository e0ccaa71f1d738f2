import type { AudienceEstimate, PreferencesInput } from '@mawadda/contract';
import { useEffect, useState } from 'react';
import { estimateAudience } from '../api/discovery-api.ts';

/** Long enough for a run of ticks or a typed age to settle into one request. */
export const ESTIMATE_DEBOUNCE_MS = 400;

/**
 * About how many members the unsaved filters leave, both ways, asked once the draft has stayed
 * the same for a moment. A newer draft aborts the request of the older one, so a late answer
 * never overwrites a newer figure. A refusal (429 when the member ticks fast, a network failure)
 * keeps the last figure: it is an aid to choosing, not worth an error. `null` (an invalid draft)
 * asks nothing and keeps the last figure too. `pending` from the render the draft changes in,
 * until its answer or refusal: the figure shown then is an older draft's.
 */
export function useAudienceEstimate(preferences: PreferencesInput | null) {
  // The body as text: a new object of the same filters (each render makes one) asks nothing.
  const body = preferences ? JSON.stringify(preferences) : null;
  const [settled, setSettled] = useState<{
    body: string | null;
    estimate: AudienceEstimate | null;
  }>({ body: null, estimate: null });

  useEffect(() => {
    if (body === null) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      estimateAudience(JSON.parse(body) as PreferencesInput, controller.signal).then(
        (estimate) => setSettled({ body, estimate }),
        () => {
          if (!controller.signal.aborted) setSettled((last) => ({ ...last, body }));
        },
      );
    }, ESTIMATE_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [body]);

  return { estimate: settled.estimate, pending: body !== null && body !== settled.body };
}
