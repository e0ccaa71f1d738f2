import {
  type Contact,
  type CurrentUser,
  type DataExport,
  type ErrorBody,
  type FaithFamily,
  type Message,
  type Photo,
  PRIVACY_VERSION,
  type UserDetails,
  type UserSummary,
} from '@mawadda/contract';

/**
 * What the server answers, built from the contract's types: a test states what it is about in
 * `overrides` and gets every other field as the server sends it, never a shape copied by hand.
 */

let next = 0;
const nextId = (prefix = '8000') => {
  next += 1;
  return `00000000-0000-4000-${prefix}-${String(next).padStart(12, '0')}`;
};

/** A suggested member with believable values (`suggestions`, `likes`...). */
export function aMember(overrides: Partial<UserSummary> = {}): UserSummary {
  const id = overrides.id ?? nextId();
  return {
    id,
    name: `member ${next}`,
    age: 30,
    gender: 'femme',
    location: 'Dakar, Sénégal',
    latitude: 14.7,
    longitude: -17.4,
    distanceKm: 5,
    mediaUrls: [`/media/photos/${id}.webp`],
    online: false,
    likedByMe: false,
    matched: false,
    photosBlurred: false,
    verified: false,
    ...overrides,
  };
}

/** Faith and family not answered (ADR 041). */
const noFaithFamily: FaithFamily = {
  faithBranch: null,
  madhhab: null,
  community: null,
  prayer: null,
  hijab: null,
  beard: null,
  halal: null,
  revert: null,
  revertSince: null,
  marriageTimeline: null,
  polygamy: null,
  childrenWanted: null,
  relocation: null,
  education: null,
  languages: [],
  profession: null,
  nationality: null,
  origin: null,
  faithMatchesOnly: [],
};

/** A member's page (`memberDetails`): their summary and what the page adds. */
export function detailsOf(member: UserSummary, overrides: Partial<UserDetails> = {}): UserDetails {
  return {
    ...member,
    maritalStatus: 'celibataire',
    hasChildren: 'no',
    bio: 'Practising, calm, and fond of long walks.\n\nPratiquante et calme.',
    skinTone: 'moyen',
    sentLike: member.likedByMe ? 'like' : null,
    photoIds: member.mediaUrls.map(
      (_, index) => `00000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`,
    ),
    ...noFaithFamily,
    shared: [],
    shield: [],
    promptAnswers: [],
    voiceIntroduction: null,
    ...overrides,
  };
}

export function photo(name: string): Photo {
  return {
    url: `/media/photos/${name}.webp`,
    thumbnailUrl: `/media/photos/${name}-thumb.webp`,
    width: 800,
    height: 1000,
  };
}

/** The signed-in member's own profile (`currentUser`), complete. */
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
    verifiedWritersOnly: false,
    womenWriteFirst: false,
    verified: false,
    profileComplete: true,
    createdAt: '2026-01-05T10:00:00.000Z',
    subscription: null,
    role: 'member',
    religiousDataConsent: { version: PRIVACY_VERSION, givenAt: '2026-01-05T10:00:00.000Z' },
    consentRequired: false,
    ...noFaithFamily,
    promptAnswers: [],
    voiceIntroduction: null,
    ...overrides,
    photos,
    mediaUrls: overrides.mediaUrls ?? photos.map((p) => p.url),
  };
}

/** A conversation in the chat's list (`chatContacts`, `chatContact`). */
export function aContact(overrides: Partial<Contact> = {}): Contact {
  return {
    id: overrides.id ?? nextId(),
    name: 'Awa',
    mediaUrls: [],
    photosBlurred: false,
    verified: false,
    online: false,
    unreadCount: 0,
    lastMessageTime: null,
    lastMessage: null,
    matched: true,
    matchEnded: false,
    deleted: false,
    ...overrides,
  };
}

/** A message of a conversation (`conversation`, `sendMessage`): a text unless said. */
export function aMessage(overrides: Partial<Message> & Pick<Message, 'senderId' | 'receiverId'>) {
  const message: Message = {
    uuid: nextId('9000'),
    content: 'Salam',
    imageUrl: null,
    audioUrl: null,
    timestamp: '2026-11-20T10:00:00.000Z',
    isRead: false,
    ...overrides,
  };
  return message;
}

/** The data export of a member who never asked for a copy (`dataExport`). */
export const noDataExport: DataExport = {
  status: 'none',
  requestedAt: null,
  readyAt: null,
  expiresAt: null,
  sizeBytes: null,
};

/** A data export in `status`, its dates set as the server sets them. */
export function aDataExport(
  status: DataExport['status'],
  overrides: Partial<DataExport> = {},
): DataExport {
  const requestedAt = '2026-11-25T09:00:00.000Z';
  const ready = status === 'ready';
  return {
    status,
    requestedAt: status === 'none' ? null : requestedAt,
    readyAt: ready ? '2026-11-25T09:05:00.000Z' : null,
    expiresAt: ready ? '2026-11-26T09:05:00.000Z' : null,
    sizeBytes: ready ? 48_213 : null,
    ...overrides,
  };
}

/** The one error body of a refusal, with its stable code. */
export function anError(code: string, message = code, extra: Partial<ErrorBody> = {}): ErrorBody {
  return { code, message, ...extra };
}
