import type { CurrentUser } from '@mawadda/contract';
import { lazy, Suspense } from 'react';
import { useClientConfig } from '../api/auth-api.ts';

/** Loaded only when the server has a Google client id: most visitors' first route skips it. */
const GoogleButton = lazy(() =>
  import('./google-button.tsx').then((module) => ({ default: module.GoogleButton })),
);

/** `remember`: the login form's remember-me, which decides how long the session lasts. */
type Props = { remember: boolean; onSignedIn: (user: CurrentUser) => void };

/**
 * Google sign-in, shown only when the server has a Google client id (GET /api/config): without
 * one, nothing renders and the e-mail login stands alone.
 */
export function GoogleSignIn(props: Props) {
  const config = useClientConfig();
  const clientId = config.data?.googleClientId;
  if (!clientId) return null;
  return (
    <Suspense fallback={null}>
      <GoogleButton clientId={clientId} {...props} />
    </Suspense>
  );
}
