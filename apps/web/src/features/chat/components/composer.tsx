import { CHAT_IMAGE_MAX_BYTES, CHAT_MESSAGE_MAX_LENGTH } from '@mawadda/contract/constants';
import { ImagePlus, Mic, SendHorizontal, Square, Trash2, X } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToastsAbove } from '@/components/layouts/toast-place.ts';
import { translateError } from '@/lib/translate-error.ts';
import type { OutgoingFields } from '../api/chat-api.ts';
import { useVoiceRecorder } from '../hooks/use-voice-recorder.ts';
import { useChatTranslation } from '../i18n.ts';

const PHOTO_TYPES = 'image/jpeg,image/png,image/webp';

const iconButton =
  'flex size-11 shrink-0 items-center justify-center rounded-full text-teal-800 transition-colors hover:bg-teal-50 disabled:opacity-50';

function clock(seconds: number) {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The composer (docs/spec.md §2): text, a photo with its preview, the microphone recorder (idle →
 * recording with a timer → stopped with playback) and send. Sending while recording stops the
 * recording and sends it. A photo and a voice note go as two messages (the server takes one
 * attachment per message); the text goes with the photo. The microphone and send share one
 * place, as in the messaging apps members know: with nothing to send, the microphone; so the
 * text field keeps its width (and its whole placeholder) on a 320 px phone. The text starts from
 * `draft`, and every change of it goes to `onDraftChange` (sending empties it).
 */
export function Composer({
  otherName,
  onSend,
  draft = '',
  onDraftChange,
}: {
  otherName: string;
  onSend: (fields: Omit<OutgoingFields, 'uuid'>) => void;
  draft?: string;
  onDraftChange?: (text: string) => void;
}) {
  const { t } = useChatTranslation();
  const { t: tAll } = useTranslation();
  const [text, setTextState] = useState(draft);
  const setText = (value: string) => {
    setTextState(value);
    onDraftChange?.(value);
  };
  const [photo, setPhoto] = useState<{ file: File; url: string } | null>(null);
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  const recorder = useVoiceRecorder();
  const picker = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  useToastsAbove(form);
  const textId = useId();
  const recording = recorder.state.status === 'recording';
  const hasVoice = recorder.state.status !== 'idle';
  const canSend = text.trim() !== '' || photo !== null || hasVoice;

  useEffect(() => () => (photo ? URL.revokeObjectURL(photo.url) : undefined), [photo]);

  function choosePhoto(file: File | undefined) {
    setPhotoProblem(null);
    if (!file) return;
    if (file.size > CHAT_IMAGE_MAX_BYTES) {
      setPhotoProblem(translateError(tAll, 'CHAT_IMAGE_TOO_LARGE') ?? null);
      return;
    }
    setPhoto({ file, url: URL.createObjectURL(file) });
  }

  async function send(event?: FormEvent) {
    event?.preventDefault();
    if (!canSend) return;
    const audio = hasVoice ? await recorder.stop() : null;
    const content = text.trim() || null;
    if (content || photo) onSend({ content, image: photo?.file ?? null, audio: null });
    if (audio) onSend({ content: null, image: null, audio });
    setText('');
    setPhoto(null);
    recorder.discard();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  }

  const problem =
    photoProblem ??
    (recorder.problem === 'denied'
      ? t('composer.micDenied')
      : recorder.problem === 'unsupported'
        ? t('composer.micUnsupported')
        : null);

  const discardVoice = (
    <button
      type="button"
      onClick={recorder.discard}
      aria-label={t('composer.discardVoice')}
      className={iconButton}
    >
      <Trash2 aria-hidden="true" className="size-5" />
    </button>
  );

  return (
    <form
      ref={form}
      onSubmit={(event) => void send(event)}
      className="border-t border-sand-200 bg-white p-2"
    >
      {problem ? (
        <p role="alert" className="px-2 pb-2 text-sm font-medium text-danger">
          {problem}
        </p>
      ) : null}
      {photo ? (
        <div className="mb-2 flex items-start gap-2 px-1">
          <img
            src={photo.url}
            alt={t('composer.photoPreview')}
            className="max-h-32 max-w-48 rounded-2xl border border-sand-200 object-contain"
          />
          <button
            type="button"
            onClick={() => setPhoto(null)}
            aria-label={t('composer.removePhoto')}
            className={iconButton}
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
      ) : null}
      {recorder.state.status === 'recording' ? (
        <div className="mb-2 flex items-center gap-2 rounded-full bg-rose-50 py-1 pl-4 pr-1 text-rose-700">
          <span aria-hidden="true" className="size-2.5 animate-pulse rounded-full bg-rose-600" />
          <span className="flex-1 text-sm font-semibold">
            {t('composer.recording')}{' '}
            <span role="timer" aria-live="off" className="tabular-nums">
              {clock(recorder.state.seconds)}
            </span>
          </span>
          <button
            type="button"
            onClick={() => void recorder.stop()}
            aria-label={t('composer.stopRecording')}
            className={iconButton}
          >
            <Square aria-hidden="true" className="size-4 fill-current" />
          </button>
          {discardVoice}
        </div>
      ) : null}
      {recorder.state.status === 'stopped' ? (
        <div className="mb-2 flex items-center gap-2 px-1">
          {/* biome-ignore lint/a11y/useMediaCaption: the member's own voice note, just recorded. */}
          <audio
            controls
            src={recorder.state.url}
            aria-label={t('composer.voicePreview')}
            className="h-10 min-w-0 flex-1"
          />
          {discardVoice}
        </div>
      ) : null}
      <div className="flex items-end gap-1">
        <button
          type="button"
          onClick={() => picker.current?.click()}
          aria-label={t('composer.addPhoto')}
          className={iconButton}
        >
          <ImagePlus aria-hidden="true" className="size-5" />
        </button>
        <input
          ref={picker}
          type="file"
          accept={PHOTO_TYPES}
          tabIndex={-1}
          aria-hidden="true"
          className="hidden"
          onChange={(event) => {
            choosePhoto(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <label htmlFor={textId} className="sr-only">
          {t('composer.label', { name: otherName })}
        </label>
        <textarea
          id={textId}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          rows={1}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          placeholder={t('composer.placeholder')}
          className="max-h-32 min-h-11 min-w-0 flex-1 resize-none rounded-3xl border border-sand-200 bg-sand-50 px-3 py-2.5 sm:px-4 leading-snug text-ink placeholder:text-ink-muted focus:border-teal-600 focus:outline-none focus:ring-2 focus:ring-teal-600/30"
        />
        {/* One button, so the focus stays on it when it turns from microphone to send. */}
        <button
          type={canSend ? 'submit' : 'button'}
          onClick={canSend ? undefined : () => void recorder.start()}
          aria-label={
            canSend
              ? recording
                ? t('composer.stopAndSend')
                : t('composer.send')
              : t('composer.record')
          }
          className="flex size-11 shrink-0 items-center justify-center rounded-full bg-teal-700 text-white shadow-sm transition-colors hover:bg-teal-800"
        >
          {canSend ? (
            <SendHorizontal aria-hidden="true" className="size-5" />
          ) : (
            <Mic aria-hidden="true" className="size-5" />
          )}
        </button>
      </div>
    </form>
  );
}
