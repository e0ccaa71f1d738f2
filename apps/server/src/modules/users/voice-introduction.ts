import { VOICE_INTRODUCTION_MAX_SECONDS } from '@mawadda/contract';
import type { FastifyBaseLogger } from 'fastify';
import { lockMember } from '../../core/members.repository.ts';
import {
  removeVoiceIntroduction,
  saveVoiceIntroduction,
  VOICE_INTRODUCTION_FOLDER,
} from '../../core/voice-introductions.ts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { type MediaStore, newMediaKey, storageFailure } from '../../lib/media-store.ts';
import type { UploadedFile } from '../../lib/multipart.ts';
import { checkVoiceRecording } from '../../lib/voice-recordings.ts';
import type { MediaJanitor } from '../media/index.ts';

/**
 * The member's own voice introduction (ADR 072): recorded in the app, checked by its bytes as a
 * chat voice note is (ADR 046, 048), stored in the private media store; a new one replaces it
 * and the replaced file goes once the change is committed. Only the session's member: no route
 * names another member's.
 */
export function createVoiceIntroductions(deps: {
  db: Database;
  clock: Clock;
  privateMedia: MediaStore;
  janitor: MediaJanitor;
  log: FastifyBaseLogger;
}) {
  const sweep = () =>
    deps.janitor.sweepQueue().catch((err) => deps.log.warn({ err }, 'Media deletion failed'));

  return {
    async save(memberId: string, audio: UploadedFile | undefined): Promise<void> {
      if (!audio || audio.data.length === 0) throw badRequest('VOICE_INTRODUCTION_REQUIRED');
      const recording = await checkVoiceRecording(audio.data, {
        maxSeconds: VOICE_INTRODUCTION_MAX_SECONDS,
        unsupported: 'VOICE_INTRODUCTION_UNSUPPORTED',
        tooLong: 'VOICE_INTRODUCTION_TOO_LONG',
      });
      const key = newMediaKey(VOICE_INTRODUCTION_FOLDER, recording.extension);
      try {
        await deps.privateMedia.put(key, recording.data);
      } catch (error) {
        throw storageFailure(error);
      }
      try {
        await deps.db.transaction(async (tx) => {
          if (!(await lockMember(tx, memberId))) throw notFound('ACCOUNT_GONE');
          await saveVoiceIntroduction(tx, {
            memberId,
            mediaKey: key,
            seconds: Math.round(recording.seconds * 10) / 10,
            bytes: recording.data.length,
            createdAt: deps.clock.now(),
          });
        });
      } catch (error) {
        await deps.privateMedia.remove([key]).catch(() => undefined);
        throw error;
      }
      sweep();
    },

    /** Removing none is no error: the member's profile has none either way. */
    async remove(memberId: string): Promise<void> {
      await deps.db.transaction((tx) => removeVoiceIntroduction(tx, memberId));
      sweep();
    },
  };
}

export type VoiceIntroductions = ReturnType<typeof createVoiceIntroductions>;
