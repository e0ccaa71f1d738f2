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
import { useSafetyTranslation } from '@/features/safety/i18n.ts';

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
 * route (features do not import each other). A block makes the member disappear at once (the
 * safety feature's own hook, ADR 060); here it leaves their profile or conversation for the list
 * it came from.
 */
export function SafetyDialogsProvider({ children }: { children: ReactNode }) {
  const { t } = useSafetyTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
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
        report: t('common:actions.report'),
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
          <UnmatchDialog member={memberOf('unmatch')} onClose={close} onUnmatched={close} />
        </Suspense>
      ) : null}
    </SafetyDialogsContext.Provider>
  );
}

/** The safety actions for a screen's members; none outside the member screens. */
export function useSafetyDialogs(): MemberSafety | undefined {
  return useContext(SafetyDialogsContext) ?? undefined;
}
