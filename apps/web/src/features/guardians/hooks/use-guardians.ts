import type {
  FamilyOpinionPage,
  FamilyOpinionReply,
  GuardianDigest,
  GuardianOverview,
  GuardianPage,
  GuardianRequest,
} from '@mawadda/contract';
import { titleCase } from '@mawadda/contract/text';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { guardiansKeys } from '@/lib/query-keys.ts';
import { useSession } from '@/lib/session.ts';
import {
  addGuardian,
  answerFamilyOpinion,
  fetchFamilyOpinionPage,
  fetchGuardianConversation,
  fetchGuardianPage,
  fetchGuardians,
  followAllConversations,
  followConversation,
  removeGuardian,
  saveGuardianDigest,
  saveGuardianSettings,
  saveShownToFamilies,
} from '../api/guardians-api.ts';

/** The guardian's page asks again this often while open: the conversation reads as it goes. */
const PAGE_REFRESH_MS = 30_000;

/** Names as typed ("ibrahima sy") show as every screen shows a name (ADR 029). */
const named = <T extends { name: string }>(person: T): T => ({
  ...person,
  name: titleCase(person.name),
});

export function useGuardians() {
  const me = useSession()?.user?.id ?? '';
  return useQuery({
    queryKey: guardiansKeys.overview(me),
    queryFn: ({ signal }) => fetchGuardians(signal),
    enabled: me !== '',
    select: (overview: GuardianOverview): GuardianOverview => ({
      ...overview,
      guardians: overview.guardians.map(named),
      conversations: overview.conversations.map(named),
    }),
  });
}

/** A change of the member's guardians or choices: the answer is the new overview. */
function useOverviewMutation<T>(change: (input: T) => Promise<GuardianOverview | unknown>) {
  const me = useSession()?.user?.id ?? '';
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guardiansKeys.overview(me) }),
  });
}

export const useAddGuardian = () =>
  useOverviewMutation((request: GuardianRequest) => addGuardian(request));
export const useRemoveGuardian = () => useOverviewMutation((id: string) => removeGuardian(id));
export const useFollowNew = () => useOverviewMutation((on: boolean) => saveGuardianSettings(on));
export const useFollow = () =>
  useOverviewMutation(({ userId, followed }: { userId: string; followed: boolean }) =>
    followConversation(userId, followed),
  );
export const useFollowAll = () =>
  useOverviewMutation((followed: boolean) => followAllConversations(followed));

export function useGuardianPage(token: string) {
  return useQuery({
    queryKey: guardiansKeys.page(token),
    queryFn: ({ signal }) => fetchGuardianPage(token, signal),
    select: (page: GuardianPage): GuardianPage => ({
      ...page,
      memberName: titleCase(page.memberName),
      guardianName: titleCase(page.guardianName),
      conversations: page.conversations.map(named),
    }),
    refetchInterval: PAGE_REFRESH_MS,
    retry: false,
  });
}

export function useGuardianConversation(token: string, userId: string | null) {
  return useQuery({
    queryKey: guardiansKeys.conversation(token, userId ?? ''),
    queryFn: ({ signal }) => fetchGuardianConversation(token, userId ?? '', signal),
    enabled: userId !== null,
    refetchInterval: PAGE_REFRESH_MS,
    retry: false,
  });
}

export function useGuardianDigest(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (digest: GuardianDigest) => saveGuardianDigest(token, digest),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guardiansKeys.page(token) }),
  });
}

/** The guardian's page for one opinion on a match (ADR 078), and their answer. */
export function useFamilyOpinionPage(token: string) {
  const queryClient = useQueryClient();
  const key = guardiansKeys.opinion(token);
  const page = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchFamilyOpinionPage(token, signal),
    select: (data: FamilyOpinionPage): FamilyOpinionPage => ({
      ...data,
      memberName: titleCase(data.memberName),
      guardianName: titleCase(data.guardianName),
      profile: named(data.profile),
    }),
    retry: false,
  });
  const answer = useMutation({
    mutationFn: (reply: FamilyOpinionReply) => answerFamilyOpinion(token, reply),
    onSuccess: (saved) =>
      queryClient.setQueryData(key, (old: FamilyOpinionPage | undefined) =>
        old ? { ...old, ...saved } : old,
      ),
  });
  return { page, answer };
}

/** The member's own choice: whether a match may show her profile to their family (ADR 078). */
export function useShownToFamilies() {
  const queryClient = useQueryClient();
  const memberId = useSession()?.user?.id ?? '';
  return useMutation({
    mutationFn: saveShownToFamilies,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guardiansKeys.overview(memberId) }),
  });
}
