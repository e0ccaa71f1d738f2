import type { CurrentUser } from '@mawadda/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { discoveryKeys, profileKeys } from '@/lib/query-keys.ts';
import { session, useSession } from '@/lib/session.ts';
import {
  fetchCurrentUser,
  removeVoiceIntroduction,
  saveVoiceIntroduction,
  updateProfile,
} from '../api/profile-api.ts';

function useMemberId() {
  return useSession()?.user?.id ?? '';
}

/** The member's own profile, fresh each time the page opens. */
export function useCurrentUser() {
  const memberId = useMemberId();
  return useQuery({
    queryKey: profileKeys.me(memberId),
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    staleTime: 0,
    // Coming back to the tab must not look like the profile changed under the member's edits.
    refetchOnWindowFocus: false,
  });
}

/**
 * PUT /api/users/update. On success the answer becomes the cached profile and the `currentUser`
 * kept in local storage (docs/spec.md §3), so the avatar and name in the navbar follow at once. A
 * saved profile (place, gender, age) changes who is suggested: the suggestions start again.
 */
export function useUpdateProfile() {
  const memberId = useMemberId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => updateProfile(form),
    onSuccess: (updated: CurrentUser) => {
      queryClient.setQueryData(profileKeys.me(memberId), updated);
      session.setUser(updated);
      void queryClient.invalidateQueries({ queryKey: discoveryKeys.all });
    },
  });
}

/**
 * Records or removes the member's voice introduction (ADR 072): the answer becomes the cached
 * profile; others' profiles ask for it again when next opened.
 */
export function useVoiceIntroduction() {
  const memberId = useMemberId();
  const queryClient = useQueryClient();
  const onSuccess = (updated: CurrentUser) => {
    queryClient.setQueryData(profileKeys.me(memberId), updated);
  };
  return {
    save: useMutation({ mutationFn: (audio: Blob) => saveVoiceIntroduction(audio), onSuccess }),
    remove: useMutation({ mutationFn: () => removeVoiceIntroduction(), onSuccess }),
  };
}
