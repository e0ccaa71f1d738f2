import { lazy, memo, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { Alert } from '@/components/alert.tsx';
import { AppShell } from '@/components/layouts/app-shell.tsx';
import { useLocalizedPath } from '@/components/layouts/paths.ts';
import { LoadingArea } from '@/components/loading-status.tsx';
import { useIsModerator } from '@/features/moderation/hooks/use-is-moderator.ts';
import { useAppBadge } from '@/features/notifications/hooks/use-app-badge.ts';
import {
  useClearNotificationCount,
  useNotificationCounts,
} from '@/features/notifications/hooks/use-notification-counts.ts';
import { readPaymentReturn } from '@/features/payments/utils/payment-return.ts';
import { InstallPrompt } from '@/features/pwa/install-prompt.tsx';
import { AfterFirstScreen } from '@/lib/first-screen.ts';
import { session, useSession } from '@/lib/session.ts';
import { useLiveChatBadge } from '../live-chat-badge.ts';
import { useNotificationClicks } from '../notification-clicks.ts';
import { PaymentDialogsProvider, usePaymentDialogs } from '../payment-dialogs.tsx';
import { usePushMoment } from '../push-moment.ts';
import { SafetyDialogsProvider, useSafetyDialogs } from '../safety-dialogs.tsx';
import { useFreshOwnPhotos } from '../use-fresh-own-photos.ts';
import { withQueries } from '../with-queries.tsx';

/** The liked-you list loads with the dialog's first opening, not with every page. */
const LikedYouList = lazy(() =>
  import('@/features/likes/components/liked-you-list.tsx').then((module) => ({
    default: module.LikedYouList,
  })),
);

/** What became of a payment, on whichever page the provider brought the member back to. */
const PaymentReturnNotice = lazy(() =>
  import('@/features/payments/components/payment-return-notice.tsx').then((module) => ({
    default: module.PaymentReturnNotice,
  })),
);

/** "It's a match", shown over every member screen, loads with the member area too. */
const MatchMoment = lazy(() =>
  import('@/features/discovery/components/match-moment.tsx').then((module) => ({
    default: module.MatchMoment,
  })),
);

/** Web Push: the subscription sent again after a sign-in, and the question, when its time comes. */
const PushLayer = lazy(() =>
  import('@/features/notifications/components/push-layer.tsx').then((module) => ({
    default: module.PushLayer,
  })),
);

/** Calls load with the member area's first screen, never with the login route. */
const CallLayer = lazy(() =>
  import('@/features/calls/components/call-layer.tsx').then((module) => ({
    default: module.CallLayer,
  })),
);

/**
 * Terms, privacy and every member screen: the top navigation bar around the page, with the
 * badge counts polled for a signed-in member and the liked-you list in its dialog. A signed-in
 * member can be called on any of them: the call layer (incoming-call modal, call in progress)
 * lives here, above the pages, so navigating does not end a call, and so does "It's a match"
 * (features/discovery match-moment.tsx), whoever liked back. So do the gift popup and the
 * subscription modal (payment-dialogs.tsx), which the profile menu opens too, with what became of
 * a payment on the page the provider brings the member back to, and the block, report and
 * unmatch dialogs (safety-dialogs.tsx), which the liked-you list opens too. The installed app's
 * badge follows the counts, and notifications while the app is closed are offered once the member
 * has a match or a message (push-moment.ts). The socket, the member's fresh photo links and the
 * layers start once the first screen is shown (ADR 055), each on its own.
 */
function ShellLayout() {
  // A member who has not consented to the privacy text yet (ADR 021) gets the bar and the page
  // (the question, or the legal texts) and nothing live: no socket, calls or polled badges.
  if (useSession()?.user?.consentRequired) {
    return (
      <AppShell>
        <Outlet />
      </AppShell>
    );
  }
  return (
    <PaymentDialogsProvider>
      <SafetyDialogsProvider>
        <Shell />
      </SafetyDialogsProvider>
    </PaymentDialogsProvider>
  );
}

/** The tab's socket and the member's own photo links: nothing the first screen shows. */
function LiveConnection() {
  useLiveChatBadge();
  useFreshOwnPhotos();
  return null;
}

/**
 * The socket and the layers over every member screen, each started once the first screen is
 * shown. Memoized: the shell draws again as the badge counts and the member's role come in, with
 * nothing new for them (ADR 056).
 */
const LiveLayers = memo(function LiveLayers({
  me,
  askPush,
}: {
  me: string | undefined;
  askPush: boolean;
}) {
  return (
    <>
      <AfterFirstScreen>
        <LiveConnection />
      </AfterFirstScreen>
      {me ? (
        <>
          <AfterFirstScreen>
            <Suspense fallback={null}>
              <CallLayer me={me} />
            </Suspense>
          </AfterFirstScreen>
          <AfterFirstScreen>
            <Suspense fallback={null}>
              <MatchMoment me={me} />
            </Suspense>
          </AfterFirstScreen>
          <AfterFirstScreen>
            <Suspense fallback={null}>
              <PushLayer ask={askPush} />
            </Suspense>
          </AfterFirstScreen>
        </>
      ) : null}
    </>
  );
});

function Shell() {
  const me = useSession()?.user?.id;
  const counts = useNotificationCounts();
  useAppBadge(counts);
  useNotificationClicks();
  const askPush = usePushMoment(me);
  const clearCount = useClearNotificationCount();
  const { t } = useTranslation();
  const { openSubscription } = usePaymentDialogs();
  const safety = useSafetyDialogs();
  const moderator = useIsModerator();
  // A checkout's provider brings the member back with a full load: the notice, its texts and
  // its calls load then, and with no other visit.
  const { search } = useLocation();
  const [paymentReturn] = useState(
    () => readPaymentReturn(search, session.pendingPlan.get()) !== null,
  );
  const subscription = useMemo(
    () => ({ label: t('profileMenu.subscription'), onSelect: openSubscription }),
    [t, openSubscription],
  );
  const likedYou = useCallback(
    (close: () => void) => (
      <Suspense fallback={<LoadingArea text={t('actions.loading')} className="px-6 py-10" />}>
        <LikedYouList onClose={close} onSeen={() => clearCount('likes')} safety={safety} />
      </Suspense>
    ),
    [clearCount, safety, t],
  );
  return (
    <>
      <AppShell
        notice={
          <>
            {paymentReturn ? (
              <Suspense fallback={null}>
                <PaymentReturnNotice />
              </Suspense>
            ) : null}
            <InstallPrompt />
            {counts.decisions > 0 ? <DecisionsNotice /> : null}
          </>
        }
        counts={counts}
        likedYou={likedYou}
        subscription={subscription}
        moderator={moderator}
      >
        <Outlet />
      </AppShell>
      <LiveLayers me={me} askPush={askPush} />
    </>
  );
}

/**
 * A moderator decided about the member since they last read their decisions (ADR 084): said on
 * every screen until they have read why, and how to appeal.
 */
function DecisionsNotice() {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  return (
    <div role="status" className="mx-auto w-full max-w-6xl px-4 pt-4">
      <Alert tone="info">
        {t('decisionsNotice.text')}{' '}
        <Link to={localized('/decisions')} className="font-semibold underline">
          {t('decisionsNotice.link')}
        </Link>
      </Alert>
    </div>
  );
}

export const Component = withQueries(ShellLayout);
