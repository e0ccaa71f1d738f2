import { useQueryClient } from '@tanstack/react-query';
import { discoveryKeys } from '../../features/discovery/api/discovery-api.ts';
import { EditProfilePage } from '../../features/profile/components/edit-profile-page.tsx';

/** A saved profile (place, gender, age) changes who is suggested: the suggestions start again. */
export function Component() {
  const queryClient = useQueryClient();
  return (
    <EditProfilePage
      onSaved={() => void queryClient.invalidateQueries({ queryKey: discoveryKeys.all })}
    />
  );
}
