import path from 'node:path';
import { shieldRules } from '../../core/scam-rules.ts';
import type { MediaStore } from '../../lib/media-store.ts';
import type { MemberData } from './data-export.repository.ts';
import type { ZipEntry } from './zip-file.ts';

/**
 * The ZIP of a member's data: `data.json` (every record, dates in ISO 8601, files named by their
 * place in the ZIP) and the files themselves: their profile photos (`photos/`), their voice
 * introduction (`voice-introduction/`, ADR 072) and the photos and
 * voice notes of their conversations, either way (`messages/`), and their verification selfies
 * (`verification/`); their guardians, with their visits and what they follow (ADR 045).
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
  const voice = data.voiceIntroduction;
  const voiceIntroduction = voice && {
    file: `voice-introduction/${path.basename(voice.mediaKey)}`,
    seconds: voice.seconds,
    addedAt: voice.createdAt,
  };
  if (voice && voiceIntroduction) {
    files.push({
      name: voiceIntroduction.file,
      source: stored(stores.privateMediaStore, voice.mediaKey),
    });
  }
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
  // Everything collected is exported: only what needs a form of its own (files, names kept
  // from before, the shield's bits) is taken out and put back below, so a record added to the
  // collection cannot be left out of the archive.
  const {
    profile: _profile,
    photos: _photos,
    promptAnswers,
    voiceIntroduction: _voice,
    viewsGiven,
    viewsReceived,
    messages: conversation,
    verifications,
    ...records
  } = data;
  const messages = conversation.map((m) => ({
    id: m.uuid,
    direction: m.senderId === memberId ? 'sent' : 'received',
    otherMemberId: m.senderId === memberId ? m.receiverId : m.senderId,
    content: m.content,
    // A paid gift by the server's mark (its number), as the app shows it: null on any text.
    gift: m.giftId,
    photo: attachment(m.imageKey),
    voiceNote: attachment(m.audioKey),
    mediaRemoved: m.mediaRemoved,
    hiddenByModeration: m.hiddenBy !== null,
    callId: m.callId,
    sentAt: m.sentAt,
    readAt: m.readAt,
    // What the scam shield warned her of, on a message she received (ADR 043).
    ...('shield' in m && m.shield !== 0 ? { shield: shieldRules(m.shield) } : {}),
  }));
  const json = {
    exportedAt,
    profile,
    photos,
    promptAnswers,
    voiceIntroduction,
    profileViewsGiven: viewsGiven,
    profileViewsReceived: viewsReceived,
    messages,
    ...records,
    verification: {
      verifiedAt: profile.verifiedAt,
      requests: verifications.map(({ selfieKey, ...request }) => ({
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
