import type { VerificationPose, VerificationPoseDraw } from '@mawadda/contract';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { DialogFrame } from '@/components/dialog-frame.tsx';
import { ApiError, NetworkError } from '@/lib/api-client.ts';
import { translateError } from '@/lib/translate-error.ts';
import { useSendSelfie } from '../hooks/use-verification.ts';
import { useProfileTranslation } from '../i18n.ts';

type CameraState =
  | { kind: 'starting' }
  | { kind: 'live' }
  | { kind: 'failed'; reason: 'denied' | 'none' };

// The buttons carry no icon: each icon shared with another screen becomes a chunk whose name the
// first route's preload map lists, and that route has no bytes to spare (170 kB budget).

/**
 * The selfie, taken live (ADR 044): the camera's preview in the dialog, "Take the photo" draws
 * the current frame to a canvas and keeps it as a Blob in memory. No file input (a photo from the
 * gallery proves nothing) and no download: the picture never reaches the device's gallery. The
 * camera stops when the dialog closes.
 */
export function SelfieDialog({
  drawn,
  pose,
  onClose,
  onSent,
}: {
  drawn: VerificationPoseDraw;
  pose: VerificationPose | undefined;
  onClose: () => void;
  onSent: () => void;
}) {
  const { t, i18n } = useProfileTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [camera, setCamera] = useState<CameraState>({ kind: 'starting' });
  const [photo, setPhoto] = useState<{ blob: Blob; url: string } | null>(null);
  const send = useSendSelfie();

  useEffect(() => {
    let stopped = false;
    navigator.mediaDevices
      ?.getUserMedia({ video: { facingMode: 'user' }, audio: false })
      .then((media) => {
        if (stopped) {
          for (const track of media.getTracks()) track.stop();
          return;
        }
        stream.current = media;
        if (video.current) {
          video.current.srcObject = media;
          void video.current.play().catch(() => {});
        }
        setCamera({ kind: 'live' });
      })
      .catch((error: unknown) => {
        const name = error instanceof DOMException ? error.name : '';
        setCamera({ kind: 'failed', reason: name === 'NotFoundError' ? 'none' : 'denied' });
      }) ?? setCamera({ kind: 'failed', reason: 'none' });
    return () => {
      stopped = true;
      for (const track of stream.current?.getTracks() ?? []) track.stop();
      stream.current = null;
    };
  }, []);

  useEffect(() => () => (photo ? URL.revokeObjectURL(photo.url) : undefined), [photo]);

  function take() {
    const source = video.current;
    if (!source || source.videoWidth === 0) return;
    const canvas = document.createElement('canvas');
    canvas.width = source.videoWidth;
    canvas.height = source.videoHeight;
    canvas.getContext('2d')?.drawImage(source, 0, 0);
    canvas.toBlob(
      (blob) => {
        if (blob) setPhoto({ blob, url: URL.createObjectURL(blob) });
      },
      'image/jpeg',
      0.9,
    );
  }

  const failure =
    send.error instanceof ApiError
      ? translateError(t, send.error.body)
      : send.error instanceof NetworkError
        ? t('errors.network', { ns: 'common' })
        : send.error
          ? t('errors.unexpected', { ns: 'common' })
          : undefined;
  const until = new Intl.DateTimeFormat(language, { timeStyle: 'short' }).format(
    new Date(drawn.expiresAt),
  );
  const poseText = pose ? (language.startsWith('fr') ? pose.fr : pose.en) : drawn.pose;

  return (
    <DialogFrame
      open
      onClose={onClose}
      title={t('verification.dialogTitle')}
      closeLabel={t('common:actions.cancel')}
      description={
        <>
          {t('verification.poseIntro')}{' '}
          <strong className="text-ink" data-testid="verification-pose">
            <span aria-hidden="true">{pose?.emoji} </span>
            {poseText}
          </strong>
          <span className="mt-1 block text-sm">
            {t('verification.poseExpires', { time: until })}
          </span>
        </>
      }
    >
      <div className="relative aspect-[3/4] w-full overflow-hidden rounded-2xl bg-teal-900/90">
        {/* The live preview, mirrored as a mirror is; the photo keeps the camera's own side. */}
        <video
          ref={video}
          aria-label={t('verification.preview')}
          muted
          playsInline
          className={`size-full -scale-x-100 object-cover ${photo ? 'hidden' : ''}`}
        />
        {photo ? (
          <img src={photo.url} alt={t('verification.taken')} className="size-full object-cover" />
        ) : null}
        {camera.kind === 'starting' ? (
          <p role="status" className="absolute inset-x-0 top-1/2 text-center text-white">
            {t('verification.cameraStarting')}
          </p>
        ) : null}
      </div>
      <p className="mt-2 text-sm text-ink-muted">{t('verification.private')}</p>
      {camera.kind === 'failed' ? (
        <div className="mt-3">
          <Alert tone="error">
            {camera.reason === 'none'
              ? t('verification.cameraNone')
              : t('verification.cameraDenied')}
          </Alert>
        </div>
      ) : null}
      {failure ? (
        <div className="mt-3">
          <Alert tone="error">{failure}</Alert>
        </div>
      ) : null}
      <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onClose}>
          {t('common:actions.cancel')}
        </Button>
        {photo ? (
          <>
            <Button variant="secondary" onClick={() => setPhoto(null)} disabled={send.isPending}>
              {t('verification.retake')}
            </Button>
            <Button
              busy={send.isPending}
              onClick={() =>
                send.mutate({ pose: drawn.pose, selfie: photo.blob }, { onSuccess: onSent })
              }
            >
              {t('common:actions.send')}
            </Button>
          </>
        ) : (
          <Button onClick={take} disabled={camera.kind !== 'live'}>
            {t('verification.take')}
          </Button>
        )}
      </div>
    </DialogFrame>
  );
}
