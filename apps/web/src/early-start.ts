import { askSuggestionsEarly } from '@/features/discovery/api/early-suggestions.ts';
import { firstRouteTexts } from '@/i18n/first-route-texts.ts';
import { likelyLanguage } from '@/i18n/language-detector.ts';
import { storedToken } from '@/lib/session-area.ts';

/**
 * Run by the entry (main.tsx) before the app's own scripts have arrived (ADR 054): on a slow
 * network every request that waits for the script before it costs a round trip, so what the
 * first screen needs is asked for at once, beside the app. The first route's texts in the
 * language i18next will choose. A member opening the app (its start address `/`, or the
 * suggestions) gets the first page of suggestions and its first photo asked for, and the
 * screen's code fetched; a visitor on the registration form, the form's code.
 */
export function startEarlyRequests() {
  void firstRouteTexts[likelyLanguage()]().catch(() => undefined);
  const path = location.pathname.replace(/^\/(fr|en)(?=\/|$)/, '') || '/';
  const token = storedToken();
  if (token && (path === '/' || path === '/suggestions')) {
    askSuggestionsEarly(token);
    // The router imports the same modules when it matches the route, and finds them here. In
    // the next task: listing a dozen preloads to the document made the entry's a long one
    // (ADR 056).
    setTimeout(() => {
      void Promise.all([
        import('./app/routes/shell-layout.tsx'),
        import('./app/routes/member-area.tsx'),
        import('./app/routes/suggestions.tsx'),
      ]).catch(() => undefined);
    });
  } else if (!token && path === '/register') {
    void import('./app/routes/register.tsx').catch(() => undefined);
  }
}
