import { useDeferredValue, useEffect, useState } from 'react';
import { useFirstScreenShown } from '@/lib/first-screen.ts';
import type { useSuggestions } from '../api/queries.ts';
import { useHasScrolledDown } from './use-has-scrolled-down.ts';
import { useInView } from './use-in-view.ts';

/**
 * The cards drawn at first. A page holds 100 members (docs/spec.md) and a phone's screen shows
 * four: drawing them all kept a mid-range phone busy before its first screen answered, and the
 * browser fetched the photos of every card within a few screens (more on a slow network) that
 * most members never scroll to. Two rows (four cards at least: a phone's screen below the
 * header), not one: on a wide screen the row added once the screen was shown pushed down what
 * was in view under the first.
 */
export function cardsAtFirst() {
  // The grid's columns: three from `md`, four from `lg`; on a phone (one or two) four cards fill
  // the screen below the header.
  const wider = (rem: number) => window.matchMedia?.(`(min-width: ${rem}rem)`).matches === true;
  const columns = wider(64) ? 4 : wider(48) ? 3 : 2;
  return Math.max(4, 2 * columns);
}
const CARDS_MORE = 6;
/** The first row on a phone, drawn with the answer: the first card's photo is the largest paint. */
const CARDS_WITH_THE_ANSWER = 2;

/**
 * Which of the suggestions' cards are drawn. Once the first screen is shown (ADR 055), more until
 * the screen is full; once the member scrolls down, the next ones (and the next page) come 600 px
 * before the end, a few at a time, so their photos are there when scrolled to and no drawing
 * holds the phone long enough for a tap to wait; in data saver only at the end, so no photo is
 * fetched that the member does not scroll to.
 *
 * `endRef` goes on an element just after the last card. `drawn` of the `shown` members are drawn
 * as cards: but for the first row, those new to a render (an answer, the next ones) come in a
 * deferred render of their own, their skeletons in place meanwhile, so the render that takes the answer stays short and
 * React gives the phone's main thread back while it draws them (ADR 058). Without an observer
 * (`observed` false) nothing tells that the end is near: every card, and a button for more.
 */
export function useCardsDrawn(suggestions: ReturnType<typeof useSuggestions>, saving: boolean) {
  const { members, hasNextPage, isFetching, isFetchNextPageError, fetchNextPage } = suggestions;
  const [count, setCount] = useState(cardsAtFirst);
  const lookAhead = useHasScrolledDown() && !saving;
  // Each card drawn moves the end of the list: the observer looks again before more are drawn.
  const end = useInView<HTMLDivElement>(
    lookAhead ? '0px 0px 600px 0px' : '0px',
    useFirstScreenShown(),
    Math.min(count, members.length),
  );
  const moreToDraw = end.supported && count < members.length;
  const shown = moreToDraw ? members.slice(0, count) : members;
  const drawn = Math.max(
    useDeferredValue(shown.length),
    Math.min(shown.length, CARDS_WITH_THE_ANSWER),
  );

  const pageCount = suggestions.data?.pages.length ?? 0;
  const canLoadMore = members.length > 0 && hasNextPage && !isFetching && !isFetchNextPageError;
  // The end came into view: more cards, and once all are drawn the next page. While it stays in
  // view (the observer's fresh answer after each addition), more follow, until a page comes back
  // empty.
  useEffect(() => {
    if (!end.inView || pageCount === 0) return;
    if (moreToDraw) setCount(count + CARDS_MORE);
    else if (canLoadMore) void fetchNextPage();
  }, [pageCount, end.inView, moreToDraw, count, canLoadMore, fetchNextPage]);

  return { shown, drawn, moreToDraw, endRef: end.ref, observed: end.supported };
}
