import type { QueryCache } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { appQueryClient } from '@/lib/query-client.ts';
import { isKeptKey } from '@/lib/query-keys.ts';
import { session } from '@/lib/session.ts';

/**
 * When the oldest answer on screen was loaded (ms), or null when none is shown. Only the answers
 * a member's offline copy keeps count (`keptKeys`, lib/query-keys.ts): not a visitor's client
 * config, nor the entries opened during the visit.
 */
function oldestShown(cache: QueryCache): number | null {
  const member = session.get()?.user?.id ?? '';
  let oldest = Number.POSITIVE_INFINITY;
  for (const query of cache.getAll()) {
    if (query.isActive() && query.state.data !== undefined && isKeptKey(query.queryKey, member)) {
      oldest = Math.min(oldest, query.state.dataUpdatedAt);
    }
  }
  return Number.isFinite(oldest) ? oldest : null;
}

/**
 * Offline, what the screen shows is what was last loaded: "Showing what was loaded at 14:32" (or
 * "on 24 November at 14:32" before today), else the general offline note. Its own chunk, fetched
 * after the first screen (offline-banner.tsx), so the first route does not carry it.
 */
export function OfflineSinceNotice() {
  const { t, i18n } = useTranslation();
  // The app's client itself: this notice shows above every screen, login included, which has
  // no query provider (app/with-queries.tsx).
  const cache = appQueryClient().getQueryCache();
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]);
  const at = useSyncExternalStore(
    subscribe,
    () => oldestShown(cache),
    () => null,
  );
  if (at === null) return t('offline.body');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const loaded = new Date(at);
  const time = loaded.toLocaleTimeString(language, { timeStyle: 'short' });
  if (loaded.toDateString() === new Date().toDateString()) return t('offline.since', { time });
  const day = loaded.toLocaleDateString(language, { day: 'numeric', month: 'long' });
  return t('offline.sinceDay', { day, time });
}
