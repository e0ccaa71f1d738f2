import { type LucideIcon, Mic, MicOff, PhoneOff, Video, VideoOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { MemberAvatar } from '@/components/layouts/member-avatar.tsx';
import { cn } from '@/lib/cn.ts';
import { callDuration } from '@/lib/format.ts';
import { useCallsTranslation } from '../i18n.ts';
import type { ActiveCall } from '../utils/call-transitions.ts';

const controlButton =
  'flex size-14 items-center justify-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

/** A stream in a video or audio element; `srcObject` is no attribute, so it is set here. */
function StreamPlayer({
  stream,
  kind,
  label,
  muted = false,
  className,
}: {
  stream: MediaStream | null;
  kind: 'video' | 'audio';
  label: string;
  muted?: boolean;
  className?: string;
}) {
  const element = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  useEffect(() => {
    if (element.current && element.current.srcObject !== stream) {
      element.current.srcObject = stream;
    }
  }, [stream]);
  if (kind === 'audio') {
    // biome-ignore lint/a11y/useMediaCaption: a live call's voice has no caption to give.
    return <audio ref={element} autoPlay aria-label={label} />;
  }
  return (
    <video
      ref={element}
      autoPlay
      playsInline
      muted={muted}
      aria-label={label}
      className={className}
    />
  );
}

function CallTimer({ since }: { since: number }) {
  const { t, i18n } = useCallsTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const interval = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(interval);
  }, []);
  return (
    <span role="timer" aria-label={t('view.duration')} className="tabular-nums">
      {callDuration((now - since) / 1000, i18n.language)}
    </span>
  );
}

/**
 * The call on my side (docs/spec.md §2's in-call view): ringing with Cancel while I call, then the
 * other member's video large and mine small (muted: I do not hear myself), or for a voice call
 * their photo and name, with mute, camera off, end and the timer. It fills a phone's screen and
 * sits in a corner from `md`, so the member can keep reading the conversation. The end button
 * takes the focus when it opens; the focus goes back where it was once the call ends.
 */
export function CallView({
  call,
  onEnd,
  onToggleMute,
  onToggleCamera,
}: {
  call: ActiveCall;
  onEnd: () => void;
  onToggleMute: () => void;
  onToggleCamera: () => void;
}) {
  const { t } = useCallsTranslation();
  const { peer, type, phase } = call;
  const endButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const before = document.activeElement;
    endButton.current?.focus();
    return () => {
      if (before instanceof HTMLElement && before.isConnected) before.focus();
    };
  }, []);

  const showRemoteVideo = type === 'video' && phase === 'inCall' && call.remote !== null;
  const status =
    phase === 'outgoing'
      ? t('view.calling', { context: type, name: peer.name })
      : call.connected
        ? t('view.inCall', { context: type, name: peer.name })
        : t('view.connecting');

  return (
    <section
      aria-label={t('view.label', { name: peer.name })}
      className="fixed inset-0 z-40 flex flex-col overflow-hidden bg-teal-900 text-white md:inset-auto md:bottom-4 md:right-4 md:h-[min(34rem,calc(100dvh-6rem))] md:w-[min(46rem,calc(100vw-2rem))] md:rounded-card md:shadow-card"
    >
      {showRemoteVideo ? (
        <StreamPlayer
          stream={call.remote}
          kind="video"
          label={t('view.remoteVideo', { name: peer.name })}
          className="absolute inset-0 size-full bg-black object-cover"
        />
      ) : null}
      {type === 'audio' && call.remote ? (
        <StreamPlayer stream={call.remote} kind="audio" label={peer.name} />
      ) : null}

      <div
        className={cn(
          'relative flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center',
          showRemoteVideo && 'justify-start bg-gradient-to-b from-black/50 to-transparent',
        )}
      >
        {showRemoteVideo ? null : (
          <MemberAvatar
            name={peer.name}
            photoUrl={peer.photoUrl ?? undefined}
            className={cn('size-28 text-4xl', phase === 'outgoing' && 'animate-pulse')}
          />
        )}
        <h2 className="font-display text-2xl font-semibold">{peer.name}</h2>
        <p role="status" className="text-teal-50">
          {status}
        </p>
        {phase === 'inCall' && call.connected && call.answeredAt !== null ? (
          <CallTimer since={call.answeredAt} />
        ) : null}
      </div>

      {type === 'video' && call.local ? (
        <StreamPlayer
          stream={call.local}
          kind="video"
          muted
          label={t('view.localVideo')}
          className={cn(
            'absolute bottom-[calc(6.5rem+env(safe-area-inset-bottom))] right-3 aspect-[3/4] w-24 rounded-xl bg-black object-cover shadow-card -scale-x-100 sm:w-32',
            call.cameraOff && 'invisible',
          )}
        />
      ) : null}

      <div className="relative flex items-center justify-center gap-4 bg-black/30 px-4 pb-[calc(1.25rem+env(safe-area-inset-bottom))] pt-4">
        {call.local ? (
          <ToggleControl
            pressed={call.muted}
            label={t('controls.mute')}
            onToggle={onToggleMute}
            icon={call.muted ? MicOff : Mic}
          />
        ) : null}
        {type === 'video' && call.local ? (
          <ToggleControl
            pressed={call.cameraOff}
            label={t('controls.cameraOff')}
            onToggle={onToggleCamera}
            icon={call.cameraOff ? VideoOff : Video}
          />
        ) : null}
        <button
          ref={endButton}
          type="button"
          aria-label={phase === 'outgoing' ? t('controls.cancel') : t('controls.end')}
          onClick={onEnd}
          className={cn(controlButton, 'bg-rose-600 hover:bg-rose-700')}
        >
          <PhoneOff aria-hidden="true" className="size-6" />
        </button>
      </div>
    </section>
  );
}

/** A control that stays pressed while on (mute, camera off), said so to screen readers. */
function ToggleControl(props: {
  pressed: boolean;
  label: string;
  onToggle: () => void;
  icon: LucideIcon;
}) {
  const Icon = props.icon;
  return (
    <button
      type="button"
      aria-pressed={props.pressed}
      aria-label={props.label}
      onClick={props.onToggle}
      className={cn(
        controlButton,
        props.pressed ? 'bg-white text-teal-900' : 'bg-white/15 hover:bg-white/25',
      )}
    >
      <Icon aria-hidden="true" className="size-6" />
    </button>
  );
}
