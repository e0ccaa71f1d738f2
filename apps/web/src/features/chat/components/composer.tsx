import { CHAT_MESSAGE_MAX_LENGTH } from '@mawadda/contract/constants';
import { ImagePlus, Mic, SendHorizontal } from 'lucide-react';
import { useId, useRef } from 'react';
import { useToastsAbove } from '@/components/layouts/toast-place.ts';
import type { OutgoingFields } from '../api/chat-api.ts';
import { useComposer } from '../hooks/use-composer.ts';
import { useChatTranslation } from '../i18n.ts';
import { iconButton, PhotoPreview, RecordingBar, VoicePreview } from './composer-parts.tsx';

const PHOTO_TYPES = 'image/jpeg,image/png,image/webp';

/**
 * The composer (docs/spec.md §2): text, a photo with its preview, the microphone recorder (idle →
 * recording with a timer → stopped with playback) and send; what it sends, and how, is
 * `useComposer`'s. The microphone and send share one place, as in the messaging apps members
 * know: with nothing to send, the microphone; so the text field keeps its width (and its whole
 * placeholder) on a 320 px phone.
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
  const composer = useComposer({ onSend, draft, onDraftChange });
  const { recorder, photo, canSend } = composer;
  const picker = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  useToastsAbove(form);
  const textId = useId();
  const recording = recorder.state.status === 'recording';

  return (
    <form
      ref={form}
      onSubmit={(event) => void composer.send(event)}
      className="border-t border-sand-200 bg-white p-2"
    >
      {composer.problem ? (
        <p role="alert" className="px-2 pb-2 text-sm font-medium text-danger">
          {composer.problem}
        </p>
      ) : null}
      {photo ? <PhotoPreview url={photo.url} onRemove={composer.removePhoto} /> : null}
      {recorder.state.status === 'recording' ? (
        <RecordingBar
          seconds={recorder.state.seconds}
          onStop={() => void recorder.stop()}
          onDiscard={recorder.discard}
        />
      ) : null}
      {recorder.state.status === 'stopped' ? (
        <VoicePreview url={recorder.state.url} onDiscard={recorder.discard} />
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
            composer.choosePhoto(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <label htmlFor={textId} className="sr-only">
          {t('composer.label', { name: otherName })}
        </label>
        <textarea
          id={textId}
          value={composer.text}
          onChange={(event) => composer.setText(event.target.value)}
          onKeyDown={composer.onKeyDown}
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
                : t('common:actions.send')
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
