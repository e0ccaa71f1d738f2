import { CHAT_IMAGE_MAX_BYTES, VOICE_NOTE_MAX_SECONDS } from '@mawadda/contract/constants';
import { type FormEvent, type KeyboardEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVoiceRecorder } from '@/hooks/use-voice-recorder.ts';
import { translateError } from '@/lib/translate-error.ts';
import type { OutgoingFields } from '../api/chat-api.ts';
import { useChatTranslation } from '../i18n.ts';

/**
 * What the composer holds and how it sends: the text (from `draft`, every change told to
 * `onDraftChange`), a photo with its preview URL, the voice recorder. A photo and a voice note go
 * as two messages (the server takes one attachment per message), the text with the photo;
 * sending while recording stops the recording and sends it, then empties everything.
 */
export function useComposer({
  onSend,
  draft,
  onDraftChange,
}: {
  onSend: (fields: Omit<OutgoingFields, 'uuid'>) => void;
  draft: string;
  onDraftChange: ((text: string) => void) | undefined;
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
  const recorder = useVoiceRecorder(VOICE_NOTE_MAX_SECONDS);
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

  /** Enter sends, Shift+Enter goes to a new line, and an input method's Enter is its own. */
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

  return {
    text,
    setText,
    photo,
    removePhoto: () => setPhoto(null),
    choosePhoto,
    recorder,
    canSend,
    send,
    onKeyDown,
    problem,
  };
}
