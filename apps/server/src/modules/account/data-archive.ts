import path from 'node:path';
import type { MediaStore } from '../../lib/media-store.ts';
import type { MemberData } from './data-export.repository.ts';
import type { ZipEntry } from './zip-file.ts';

/**
 * The ZIP of a member's data: `data.json` (every record, dates in ISO 8601, files named by their
 * place in the ZIP) and the files themselves: their profile photos (`photos/`) and the photos and
 * voice notes of their conversations, either way (`messages/`), and their verification selfies
 * (`verification/`).
 */
export function archiveEntries(
  data: MemberData,
  exportedAt: Date,
  stores: { mediaStore: MediaStore; privateMediaStore: MediaStore },
): ZipEntry[] {
  const { photoKeys: _keys, ...profile } = data.profile;
  const memberId = profile.id;
  const files: ZipEntry[] = [];
  const stored = (store: MediaStore, key: string) => ({
    read: async () => (await store.read(key))?.body,
  });
  const photos = data.photos.map((photo, index) => {
    const name = `photos/${String(index + 1).padStart(2, '0')}${path.extname(photo.displayKey)}`;
    files.push({ name, source: stored(stores.mediaStore, photo.displayKey) });
    return { file: name, width: photo.width, height: photo.height, addedAt: photo.createdAt };
  });
  const attachment = (key: string | null) => {
    if (!key) return null;
    const name = `messages/${path.basename(key)}`;
    files.push({ name, source: stored(stores.privateMediaStore, key) });
    return name;
  };
  // A re-check points at the selfie it checks again: the file is in the ZIP once.
  const selfies = new Map<string, string>();
  const selfie = (key: string | null) => {
    if (!key) return null;
    const known = selfies.get(key);
    if (known) return known;
    const name = `verification/${path.basename(key)}`;
    files.push({ name, source: stored(stores.privateMediaStore, key) });
    selfies.set(key, name);
    return name;
  };
  const messages = data.messages.map((m) => ({
    id: m.uuid,
    direction: m.senderId === memberId ? 'sent' : 'received',
    otherMemberId: m.senderId === memberId ? m.receiverId : m.senderId,
    content: m.content,
    photo: attachment(m.imageKey),
    voiceNote: attachment(m.audioKey),
    mediaRemoved: m.mediaRemoved,
    callId: m.callId,
    sentAt: m.sentAt,
    readAt: m.readAt,
  }));
  const json = {
    exportedAt,
    profile,
    photos,
    likesGiven: data.likesGiven,
    likesReceived: data.likesReceived,
    profileViewsGiven: data.viewsGiven,
    profileViewsReceived: data.viewsReceived,
    blocked: data.blocked,
    matchesEnded: data.matchesEnded,
    messages,
    calls: data.calls,
    sessions: data.sessions,
    pushSubscriptions: data.pushSubscriptions,
    notificationSettings: data.notificationSettings,
    emailDigest: data.emailDigest,
    payments: data.payments,
    giftsReceived: data.giftsReceived,
    reportsMade: data.reportsMade,
    verification: {
      verifiedAt: profile.verifiedAt,
      requests: data.verifications.map(({ selfieKey, ...request }) => ({
        ...request,
        selfie: selfie(selfieKey),
      })),
    },
  };
  return [
    { name: 'data.json', source: { data: Buffer.from(JSON.stringify(json, null, 2)) } },
    ...files,
  ];
}
