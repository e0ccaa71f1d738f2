import { type CurrentUser, type Photo, PRIVACY_VERSION } from '@mawadda/contract';
import { imageBytes } from '@/test/image-files.ts';

export function photo(name: string): Photo {
  return {
    url: `/media/photos/${name}.webp`,
    thumbnailUrl: `/media/photos/${name}-thumb.webp`,
    width: 800,
    height: 1000,
  };
}

/** The signed-in member's own profile, complete; `overrides` set what a test is about. */
export function aCurrentUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  const photos = overrides.photos ?? [photo('p1'), photo('p2')];
  return {
    id: '00000000-0000-4000-8000-0000000000aa',
    username: 'amina@example.com',
    name: 'Amina Diallo',
    age: 29,
    gender: 'femme',
    maritalStatus: 'celibataire',
    hasChildren: 'no',
    skinTone: 'moyen',
    location: 'Dakar, Sénégal',
    latitude: 14.69,
    longitude: -17.44,
    bio: 'Calm, practising, fond of long walks by the sea.',
    mutualLike: false,
    photosBlurred: false,
    profileComplete: true,
    createdAt: '2026-01-05T10:00:00.000Z',
    subscription: null,
    role: 'member',
    religiousDataConsent: { version: PRIVACY_VERSION, givenAt: '2026-01-05T10:00:00.000Z' },
    consentRequired: false,
    ...overrides,
    photos,
    mediaUrls: overrides.mediaUrls ?? photos.map((p) => p.url),
  };
}

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
