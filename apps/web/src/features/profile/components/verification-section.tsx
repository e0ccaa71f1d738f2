import { VERIFICATION_POSES, type VerificationPoseDraw } from '@mawadda/contract';
import { useState } from 'react';
import { Alert } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { VerifiedIcon } from '@/components/members/verified-badge.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { formatDate } from '@/lib/format.ts';
import { translateError } from '@/lib/translate-error.ts';
import { useDrawPose, useVerification } from '../hooks/use-verification.ts';
import { useProfileTranslation } from '../i18n.ts';
import { SelfieDialog } from './selfie-dialog.tsx';
import { VerificationFrame } from './verification-frame.tsx';

/**
 * "Get verified" (ADR 044): the member's state, with the moderator's reason after a refusal, and
 * the way to a selfie in a pose the server draws. Its own chunk: the camera code loads only here.
 */
export function VerificationSection() {
  const { t, i18n } = useProfileTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const query = useVerification();
  const draw = useDrawPose();
  const [drawn, setDrawn] = useState<VerificationPoseDraw | null>(null);
  const [sent, setSent] = useState(false);
  const state = query.data;
  const refusal = draw.error instanceof ApiError ? translateError(t, draw.error.body) : undefined;

  async function start() {
    setSent(false);
    setDrawn(await draw.mutateAsync());
  }

  return (
    <VerificationFrame
      pending={query.isPending}
      status={
        query.isError || !state ? (
          <p className="text-sm text-danger">{t('verification.error')}</p>
        ) : state.status === 'approved' && state.verified ? (
          <p className="flex items-center gap-2 font-semibold text-teal-800">
            <VerifiedIcon className="size-5 shrink-0" />
            {t('verification.status.approved')}
          </p>
        ) : state.status === 'pending' ? (
          <p className="text-ink">
            {sent
              ? t('verification.sent')
              : state.trigger === 'main-photo-changed' || state.trigger === 'fake-profile-report'
                ? t(`verification.status.recheck.${state.trigger}`)
                : t('verification.status.pending')}
          </p>
        ) : state.status === 'refused' ? (
          <div className="flex flex-col gap-1">
            <p className="flex items-center gap-2 font-medium text-rose-800">
              {t(
                // A re-check the app started compared her photos with her earlier selfie: no
                // selfie of hers was refused, her photos did not match it.
                state.trigger === 'main-photo-changed' || state.trigger === 'fake-profile-report'
                  ? 'verification.status.recheckRefused'
                  : 'verification.status.refused',
                { reason: state.reason ? t(`verification.reasons.${state.reason}`) : '' },
              )}
            </p>
            {state.retryAfter ? (
              <p className="text-sm text-ink-muted">
                {t('verification.retryAfter', {
                  date: formatDate(state.retryAfter, language, { withTime: true }),
                })}
              </p>
            ) : null}
          </div>
        ) : (
          <p className="text-ink">{t('verification.status.none')}</p>
        )
      }
    >
      {state && !state.verified && state.status !== 'pending' && !state.retryAfter ? (
        <Button className="mt-4" busy={draw.isPending} onClick={() => void start().catch(() => {})}>
          {state.status === 'refused' ? t('verification.again') : t('verification.start')}
        </Button>
      ) : null}
      {refusal ? (
        <div className="mt-3">
          <Alert tone="error">{refusal}</Alert>
        </div>
      ) : null}
      {drawn ? (
        <SelfieDialog
          drawn={drawn}
          pose={VERIFICATION_POSES.find((p) => p.id === drawn.pose)}
          onClose={() => setDrawn(null)}
          onSent={() => {
            setDrawn(null);
            setSent(true);
          }}
        />
      ) : null}
    </VerificationFrame>
  );
}
