import { VOICE_NOTE_MAX_SECONDS } from '@mawadda/contract';
import { HttpError } from '../../lib/http-error.ts';
import { reencodeImage } from '../../lib/photo-processor.ts';
import { checkVoiceRecording } from '../../lib/voice-recordings.ts';

const CHAT_IMAGE_SIZE = 1600;

/** A chat photo, re-encoded like profile photos: WebP, metadata gone, at most 1600 px. */
export async function processChatImage(data: Buffer): Promise<Buffer> {
  const [image] = await reencodeImage(
    data,
    [{ size: CHAT_IMAGE_SIZE, quality: 82 }],
    new HttpError(400, 'CHAT_IMAGE_UNREADABLE'),
  );
  if (!image) throw new Error('One size asked, one expected');
  return image.data;
}

/** A voice note: a browser's recording of at most two minutes, to be stored as `data` (no metadata). */
export function checkVoiceNote(data: Buffer) {
  return checkVoiceRecording(data, {
    maxSeconds: VOICE_NOTE_MAX_SECONDS,
    unsupported: 'VOICE_NOTE_UNSUPPORTED',
    tooLong: 'VOICE_NOTE_TOO_LONG',
  });
}
