import type { UserSummary } from '@mawadda/contract';
import { type InfiniteData, type QueryClient, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { languagePrefixOf, withLanguagePrefix } from '@/components/layouts/paths.ts';
import type {
  MemberSafety,
  ReportableMessage,
  ReportPreset,
  SafetyMember,
} from '@/components/members/member-safety-menu.tsx';
import type { SuggestionsPage } from '@/features/discovery/api/discovery-api.ts';
import { useSafetyTranslation } from '@/features/safety/i18n.ts';
import {
  chatKeys,
  discoveryKeys,
  likesKeys,
  notificationKeys,
  paymentsKeys,
  profileViewsKeys,
  safetyKeys,
} from '@/lib/query-keys.ts';
import { useSession } from '@/lib/session.ts';

/** The three dialogs load with the first opening of one of them, never with the login route. */
const dialogs = () => import('@/features/safety/components/safety-dialogs.tsx');
const BlockDialog = lazy(() => dialogs().then((module) => ({ default: module.BlockDialog })));
const ReportDialog = lazy(() => dialogs().then((module) => ({ default: module.ReportDialog })));
const UnmatchDialog = lazy(() => dialogs().then((module) => ({ default: module.UnmatchDialog })));

type Opened = {
  kind: 'block' | 'report' | 'unmatch';
  member: SafetyMember;
  messages?: readonly ReportableMessage[] | undefined;
  preset?: ReportPreset | undefined;
};

const SafetyDialogsContext = createContext<MemberSafety | null>(null);

/**
 * A blocked member disappears from every screen at once, before the server is asked again: the
 * suggestions, the likes, the views, the conversations, the gift recipients. Their profile and
 * conversation are marked stale, so opening them again asks the server (a 404 now). The badge
 * counts and the settings' list of blocks are asked again.
 */
export function forgetMember(queryClient: QueryClient, me: string, id: string) {
  const others = <T extends { id: string }>(list: T[] | undefined) =>
    list?.filter((member) => member.id !== id);
  queryClient.setQueryData<InfiniteData<SuggestionsPage>>(discoveryKeys.suggestions(), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            content: others<UserSummary>(page.content) ?? [],
          })),
        }
      : data,
  );
  for (const key of [likesKeys.list(me), profileViewsKeys.list(me), chatKeys.contacts(me)]) {
    queryClient.setQueryData<Array<{ id: string }>>(key, others);
  }
  queryClient.setQueryData<Array<{ id: string }>>(paymentsKeys.recipients(me), others);
  for (const key of [discoveryKeys.details(id), chatKeys.conversation(me, id)]) {
    void queryClient.invalidateQueries({ queryKey: key, refetchType: 'none' });
  }
  void queryClient.invalidateQueries({ queryKey: notificationKeys.counts(me) });
  void queryClient.invalidateQueries({ queryKey: safetyKeys.blocked(me) });
}

/**
 * After an unmatch the conversation is closed and the like gone: the conversations, the likes
 * and the counts are asked again.
 */
function afterUnmatch(queryClient: QueryClient, me: string) {
  for (const key of [chatKeys.all(me), likesKeys.list(me), notificationKeys.counts(me)]) {
    void queryClient.invalidateQueries({ queryKey: key });
  }
}

/** Where to go when the screen shows this member (their profile, the conversation with them). */
function listInsteadOf(pathname: string, search: string, id: string) {
  const prefix = languagePrefixOf(pathname);
  const rest = decodeURIComponent(pathname.slice(prefix.length));
  if (rest === `/user-details/${id}`) return withLanguagePrefix(prefix, '/suggestions');
  if (rest === '/chat' && new URLSearchParams(search).get('userId') === id) {
    return withLanguagePrefix(prefix, '/chat');
  }
  return null;
}

/**
 * Blocking, reporting and unmatching over every member screen: the profile dialog, a profile,
 * a conversation, the likes and the views open them through `useSafetyDialogs`, given by their
 * route (features do not import each other). A block makes the member disappear at once, and
 * leaves their profile or conversation for the list it came from.
 */
export function SafetyDialogsProvider({ children }: { children: ReactNode }) {
  const { t } = useSafetyTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const me = useSession()?.user?.id ?? '';
  const [opened, setOpened] = useState<Opened | null>(null);
  const [loaded, setLoaded] = useState(false);

  const show = useCallback((next: Opened) => {
    setLoaded(true);
    setOpened(next);
  }, []);
  const value = useMemo<MemberSafety>(
    () => ({
      block: (member) => show({ kind: 'block', member }),
      report: (member, messages, preset) => show({ kind: 'report', member, messages, preset }),
      unmatch: (member) => show({ kind: 'unmatch', member }),
      labels: {
        menu: (name) => t('actions.menu', { name }),
        block: t('actions.block'),
        report: t('actions.report'),
        unmatch: t('actions.unmatch'),
      },
    }),
    [show, t],
  );

  const close = () => setOpened(null);
  const onBlocked = (member: SafetyMember) => {
    close();
    const list = listInsteadOf(pathname, search, member.id);
    if (list) void navigate(list, { replace: true });
    forgetMember(queryClient, me, member.id);
  };
  const onUnmatched = () => {
    close();
    afterUnmatch(queryClient, me);
  };
  const memberOf = (kind: Opened['kind']) => (opened?.kind === kind ? opened.member : null);

  return (
    <SafetyDialogsContext.Provider value={value}>
      {children}
      {loaded ? (
        <Suspense fallback={null}>
          <BlockDialog member={memberOf('block')} onClose={close} onBlocked={onBlocked} />
          <ReportDialog
            member={memberOf('report')}
            messages={opened?.messages}
            preset={opened?.preset}
            onClose={close}
            onBlocked={onBlocked}
          />
          <UnmatchDialog member={memberOf('unmatch')} onClose={close} onUnmatched={onUnmatched} />
        </Suspense>
      ) : null}
    </SafetyDialogsContext.Provider>
  );
}

/** The safety actions for a screen's members; none outside the member screens. */
export function useSafetyDialogs(): MemberSafety | undefined {
  return useContext(SafetyDialogsContext) ?? undefined;
}
