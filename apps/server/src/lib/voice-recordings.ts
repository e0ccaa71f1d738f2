import type { ErrorCode } from '@mawadda/contract';
import { parseBuffer } from 'music-metadata';
import { VOICE_FORMATS } from './content-types.ts';
import { HttpError } from './http-error.ts';
import { UnreadableRecording, withoutMetadata } from './voice-metadata.ts';
import { webmDurationSeconds } from './webm-duration.ts';

/** `data` is what is stored: the recording without its container's metadata. */
export type VoiceRecording = { extension: string; seconds: number; data: Buffer };

/**
 * Checks a recording by its bytes, whatever its name or type says: its container and codec must
 * be one a browser's MediaRecorder makes, and it must last at most `maxSeconds` (MediaRecorder's
 * WebM is measured from its blocks). A chat voice note and a voice introduction (ADR 072) are
 * checked alike, each refused with its own codes, and both are stored without metadata: a
 * container the rewrite cannot walk is refused as unsupported rather than stored half-cleaned.
 */
export async function checkVoiceRecording(
  data: Buffer,
  rule: { maxSeconds: number; unsupported: ErrorCode; tooLong: ErrorCode },
): Promise<VoiceRecording> {
  const unsupported = new HttpError(400, rule.unsupported);
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
  if (seconds > rule.maxSeconds + 0.5) throw new HttpError(400, rule.tooLong);
  try {
    return { extension: known.extension, seconds, data: withoutMetadata(data, known.extension) };
  } catch (error) {
    if (error instanceof UnreadableRecording) throw unsupported;
    throw error;
  }
}
