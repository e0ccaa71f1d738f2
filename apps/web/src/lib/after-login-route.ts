import type { CurrentUser } from '@mawadda/contract';

export type ProfileEssentials = Pick<CurrentUser, 'bio' | 'gender' | 'mediaUrls'>;

/**
 * docs/spec.md §4: after login a member whose bio, gender or photos are missing completes the
 * profile first (/mon-profil); everyone else goes to /suggestions.
 */
export function afterLoginRoute(user: Partial<ProfileEssentials>): '/mon-profil' | '/suggestions' {
  const hasBio = typeof user.bio === 'string' && user.bio.trim() !== '';
  const hasGender = Boolean(user.gender);
  const hasPhotos = Array.isArray(user.mediaUrls) && user.mediaUrls.length > 0;
  return hasBio && hasGender && hasPhotos ? '/suggestions' : '/mon-profil';
}
