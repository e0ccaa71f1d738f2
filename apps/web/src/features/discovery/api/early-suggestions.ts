import { SUGGESTIONS_PAGE_SIZE } from '@mawadda/contract/constants';
import { endpointRoutes } from '@mawadda/contract/endpoint-routes';
import { photoSources } from '@mawadda/contract/photo-sizes';
import { dataSaver } from '@/lib/data-saver.ts';
import { startEarlyAnswer } from '@/lib/early-answers.ts';
import { CARD_PHOTO_SIZES } from '../utils/card-photo-sizes.ts';
import type { SuggestionsPage } from './discovery-api.ts';

/** The address `fetchSuggestions(0)` reads: the early answer is handed to it by this address. */
const FIRST_SUGGESTIONS_PATH = `${endpointRoutes.suggestions.path}?page=0&size=${SUGGESTIONS_PAGE_SIZE}`;

/**
 * Asks for the member's first page of suggestions before the app has loaded (ADR 054), then for
 * the first card's photo as soon as the page is here: the largest paint of the screen, fetched
 * while the app's scripts still arrive rather than once they have drawn the card. The filters
 * too, whose summary shows above the cards in the same render (ADR 055). In data saver no photo
 * is fetched ahead (ADR 048): the card asks for its smaller photo itself.
 */
export function askSuggestionsEarly(token: string) {
  const answer = startEarlyAnswer(FIRST_SUGGESTIONS_PATH, token);
  startEarlyAnswer(endpointRoutes.preferences.path, token);
  if (dataSaver.isOn()) return;
  // A copy of its own, made before the API client reads the answer.
  const copy = answer.then((response) => response.clone());
  void copy
    .then((response) => (response.ok ? (response.json() as Promise<SuggestionsPage>) : undefined))
    .then((page) => {
      const photo = page?.content[0]?.mediaUrls[0];
      if (photo) preloadCardPhoto(photo);
    })
    .catch(() => undefined);
}

/** What the first card's `<picture>` will choose (media-image.tsx), at the card's priority. */
function preloadCardPhoto(url: string) {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.fetchPriority = 'high';
  const sources = photoSources(url);
  if (sources) {
    // A browser without AVIF skips it, and its card asks for the WebP.
    link.type = 'image/avif';
    link.imageSrcset = sources.avif;
    link.imageSizes = CARD_PHOTO_SIZES;
  } else {
    link.href = url;
  }
  document.head.append(link);
}
