import { lazy, Suspense, use } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useLocalizedPath } from '@/components/layouts/paths.ts';
import { memberAreaEntry } from '@/lib/member-area.ts';
import { appQueryClient } from '@/lib/query-client.ts';
import { useSession } from '@/lib/session.ts';

/** The question comes with the legal texts: a chunk only the members it concerns load. */
const ConsentScreen = lazy(() =>
  import('@/features/legal/components/consent-screen.tsx').then((module) => ({
    default: module.ConsentScreen,
  })),
);

/** Downloading one's data and deleting the account stay open to a member who refuses. */
const AccountSections = lazy(() =>
  import('@/app/account-sections.tsx').then((module) => ({ default: module.AccountSections })),
);

/**
 * Every member screen: a visitor goes to login (docs/spec.md §6: visitors and members only), a
 * member's screens get back their last answers first (lib/member-area.ts). While the member has
 * not consented to the current privacy text (the server answers `CONSENT_REQUIRED` meanwhile),
 * the question, before anything else (ADR 021).
 */
export function Component() {
  const entered = use(memberAreaEntry(appQueryClient()));
  const consentRequired = useSession()?.user?.consentRequired;
  const login = useLocalizedPath()('/');
  if (!entered) return <Navigate to={login} replace />;
  if (!consentRequired) return <Outlet />;
  return (
    <Suspense fallback={null}>
      <ConsentScreen
        account={
          <Suspense fallback={null}>
            <AccountSections />
          </Suspense>
        }
      />
    </Suspense>
  );
}
