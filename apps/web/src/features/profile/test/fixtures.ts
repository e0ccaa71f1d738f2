import type { CurrentUser } from '@mawadda/contract';
import { imageBytes } from '@/test/image-files.ts';

export { aCurrentUser, photo } from '@/test/fixtures.ts';

/** Signs the member in as the app would have after login. */
export function logIn(user: CurrentUser) {
  localStorage.setItem('authToken', 'token-123');
  localStorage.setItem(
    'currentUser',
    JSON.stringify({
      id: user.id,
      name: user.name,
      latitude: user.latitude,
      longitude: user.longitude,
      location: user.location,
      mediaUrls: user.mediaUrls,
    }),
  );
}

export function imageFile(name: string, size = 2048, type = 'image/jpeg'): File {
  const file = new File([imageBytes(type)], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}
