import type { ClosingTemplate, EndpointAnswer } from '@mawadda/contract';
import {
  type InfiniteData,
  type QueryClient,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { SafetyMember } from '@/components/members/member-safety-menu.tsx';
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
import { blockMember, closeMatchKindly, unmatchMember } from '../api/safety-api.ts';

type SuggestionsPage = EndpointAnswer<'suggestions'>;

/**
 * A blocked member disappears from every screen at once, before the server is asked again (ADR
 * 017, 060): the suggestions, the likes, the views, the conversations, the gift recipients. Their
 * profile and conversation are marked stale, so opening them again asks the server (a 404 now).
 * The badge counts and the settings' list of blocks are asked again.
 */
function forgetMember(queryClient: QueryClient, me: string, id: string) {
  const others = <T extends { id: string }>(list: T[] | undefined) =>
    list?.filter((member) => member.id !== id);
  queryClient.setQueryData<InfiniteData<SuggestionsPage>>(discoveryKeys.suggestions(), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({ ...page, content: others(page.content) ?? [] })),
        }
      : data,
  );
  for (const key of [
    likesKeys.list(me),
    profileViewsKeys.list(me),
    chatKeys.contacts(me),
    paymentsKeys.recipients(me),
  ]) {
    queryClient.setQueryData<Array<{ id: string }>>(key, others);
  }
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

const actions = {
  block: { send: (id: string) => blockMember(id), after: forgetMember },
  // With a closing message chosen, the unmatch is "close kindly": the message, then the unmatch.
  unmatch: {
    send: (id: string, closing?: ClosingTemplate) =>
      closing ? closeMatchKindly(id, closing) : unmatchMember(id),
    after: afterUnmatch,
  },
};

/** The member acted on, and for an unmatch the closing message chosen, if any (ADR 070). */
export type MemberActionInput = SafetyMember & { closing?: ClosingTemplate | undefined };

/**
 * Blocking (POST /api/users/:id/block) or unmatching (DELETE /api/users/:id/match) a member, and
 * every answer the app holds brought in line with it; then `onDone` (the app closes the dialog,
 * and leaves the page of a member just blocked).
 */
export function useMemberAction(
  kind: keyof typeof actions,
  onDone: (member: SafetyMember) => void,
) {
  const me = useSession()?.user?.id ?? '';
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: MemberActionInput) => actions[kind].send(member.id, member.closing),
    onSuccess: (_answer, member) => {
      actions[kind].after(queryClient, me, member.id);
      onDone(member);
    },
  });
}
