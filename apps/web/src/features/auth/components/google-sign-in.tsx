import type { CurrentUser } from '@mawadda/contract';
import { lazy, Suspense, useEffect, useState } from 'react';
import { callApi } from '@/lib/api-client.ts';

/** Loaded only when the server has a Google client id: most visitors' first route skips it. */
const GoogleButton = lazy(() =>
  import('./google-button.tsx').then((module) => ({ default: module.GoogleButton })),
);

/** `remember`: the login form's remember-me, which decides how long the session lasts. */
type Props = { remember: boolean; onSignedIn: (user: CurrentUser) => void };

/**
 * Google sign-in, shown only when the server has a Google client id (GET /api/config): without
 * one, nothing renders and the e-mail login stands alone. Asked once per visit to the page,
 * without the query cache: TanStack Query is not part of the first route (ADR 047).
 */
export function GoogleSignIn(props: Props) {
  const [clientId, setClientId] = useState<string>();
  useEffect(() => {
    const request = new AbortController();
    callApi('clientConfig', {}, request.signal).then(
      (config) => setClientId(config.googleClientId ?? undefined),
      // Offline or refused: the e-mail login stands alone.
      () => undefined,
    );
    return () => request.abort();
  }, []);
  if (!clientId) return null;
  return (
    <Suspense fallback={null}>
      <GoogleButton clientId={clientId} {...props} />
    </Suspense>
  );
}
