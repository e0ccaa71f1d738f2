import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
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
 * Every member screen: while the member has not consented to the current privacy text (the
 * server answers `CONSENT_REQUIRED` meanwhile), the question, before anything else (ADR 021).
 */
export function Component() {
  if (!useSession()?.user?.consentRequired) return <Outlet />;
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
