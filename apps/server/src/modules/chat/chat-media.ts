import { VOICE_NOTE_MAX_SECONDS } from '@mawadda/contract';
import { parseBuffer } from 'music-metadata';
import { VOICE_FORMATS } from '../../lib/content-types.ts';
import { HttpError } from '../../lib/http-error.ts';
import { reencodeImage } from '../../lib/photo-processor.ts';
import { webmDurationSeconds } from './webm-duration.ts';

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

export type VoiceNote = { extension: string; seconds: number };

/**
 * Checks a voice note by its bytes: its container and codec must be one a browser records, and
 * it must last at most two minutes (MediaRecorder's WebM is measured from its blocks).
 */
export async function checkVoiceNote(data: Buffer): Promise<VoiceNote> {
  const unsupported = new HttpError(400, 'VOICE_NOTE_UNSUPPORTED');
  let format: Awaited<ReturnType<typeof parseBuffer>>['format'];
  try {
    ({ format } = await parseBuffer(data, undefined, { duration: true, skipCovers: true }));
  } catch {
    throw unsupported;
  }
  const container = format.container ?? '';
  const codec = format.codec ?? '';
  const known = VOICE_FORMATS.find((f) => f.container.test(container) && f.codec.test(codec));
  if (!known) throw unsupported;
  const seconds =
    format.duration ?? (known.extension === '.webm' ? webmDurationSeconds(data) : undefined);
  if (seconds === undefined || !Number.isFinite(seconds)) throw unsupported;
  if (seconds > VOICE_NOTE_MAX_SECONDS + 0.5) throw new HttpError(400, 'VOICE_NOTE_TOO_LONG');
  return { extension: known.extension, seconds };
}
