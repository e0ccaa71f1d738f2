import { Square, Trash2, X } from 'lucide-react';
import { useChatTranslation } from '../i18n.ts';

export const iconButton =
  'flex size-11 shrink-0 items-center justify-center rounded-full text-teal-800 transition-colors hover:bg-teal-50 disabled:opacity-50';

function clock(seconds: number) {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The photo about to be sent, and the way to take it back. */
export function PhotoPreview({ url, onRemove }: { url: string; onRemove: () => void }) {
  const { t } = useChatTranslation();
  return (
    <div className="mb-2 flex items-start gap-2 px-1">
      <img
        src={url}
        alt={t('composer.photoPreview')}
        className="max-h-32 max-w-48 rounded-2xl border border-sand-200 object-contain"
      />
      <button
        type="button"
        onClick={onRemove}
        aria-label={t('composer.removePhoto')}
        className={iconButton}
      >
        <X aria-hidden="true" className="size-5" />
      </button>
    </div>
  );
}

function DiscardVoice({ onDiscard }: { onDiscard: () => void }) {
  const { t } = useChatTranslation();
  return (
    <button
      type="button"
      onClick={onDiscard}
      aria-label={t('composer.discardVoice')}
      className={iconButton}
    >
      <Trash2 aria-hidden="true" className="size-5" />
    </button>
  );
}

/** A voice note being recorded: its timer (not read out every second), stop and discard. */
export function RecordingBar({
  seconds,
  onStop,
  onDiscard,
}: {
  seconds: number;
  onStop: () => void;
  onDiscard: () => void;
}) {
  const { t } = useChatTranslation();
  return (
    <div className="mb-2 flex items-center gap-2 rounded-full bg-rose-50 py-1 pl-4 pr-1 text-rose-700">
      <span aria-hidden="true" className="size-2.5 animate-pulse rounded-full bg-rose-600" />
      <span className="flex-1 text-sm font-semibold">
        {t('composer.recording')}{' '}
        <span role="timer" aria-live="off" className="tabular-nums">
          {clock(seconds)}
        </span>
      </span>
      <button
        type="button"
        onClick={onStop}
        aria-label={t('composer.stopRecording')}
        className={iconButton}
      >
        <Square aria-hidden="true" className="size-4 fill-current" />
      </button>
      <DiscardVoice onDiscard={onDiscard} />
    </div>
  );
}

/** A voice note recorded and not sent yet: to play back, or discard. */
export function VoicePreview({ url, onDiscard }: { url: string; onDiscard: () => void }) {
  const { t } = useChatTranslation();
  return (
    <div className="mb-2 flex items-center gap-2 px-1">
      {/* biome-ignore lint/a11y/useMediaCaption: the member's own voice note, just recorded. */}
      <audio
        controls
        src={url}
        aria-label={t('composer.voicePreview')}
        className="h-10 min-w-0 flex-1"
      />
      <DiscardVoice onDiscard={onDiscard} />
    </div>
  );
}
