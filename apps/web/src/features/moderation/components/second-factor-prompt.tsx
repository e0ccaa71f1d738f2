import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { Fingerprint, KeyRound } from 'lucide-react';
import { Alert } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { translateError } from '@/lib/translate-error.ts';
import { usePasskeyProof, useSecondFactorProof } from '../hooks/use-second-factor.ts';
import { useModerationTranslation } from '../i18n.ts';
import { CodeForm } from './code-form.tsx';

/**
 * The moderator has a second factor but did not prove it in this session (ADR 074): a code of
 * their app, a recovery code, or one of their passkeys (where the browser has WebAuthn) opens the
 * queues.
 */
export function SecondFactorPrompt() {
  const { t } = useModerationTranslation();
  const proof = useSecondFactorProof();
  return (
    <div className="max-w-xl">
      <PageHeader
        icon={KeyRound}
        eyebrow={t('eyebrow')}
        title={t('secondFactor.prompt.title')}
        lead={t('secondFactor.prompt.lead')}
      />
      <CodeForm
        label={t('secondFactor.prompt.code')}
        hint={t('secondFactor.prompt.hint')}
        submit={t('secondFactor.prompt.submit')}
        pending={proof.isPending}
        onSubmit={(code) => proof.mutateAsync(code)}
      />
      {browserSupportsWebAuthn() ? <PasskeyProof /> : null}
    </div>
  );
}

function PasskeyProof() {
  const { t } = useModerationTranslation();
  const proof = usePasskeyProof();
  // The browser's own prompt closed without a passkey (cancelled, timed out): no code to show.
  const failure =
    proof.error instanceof ApiError
      ? translateError(t, proof.error.body)
      : proof.error
        ? t('secondFactor.prompt.passkeyCancelled')
        : undefined;
  return (
    <div className="mt-8 flex flex-col gap-3 border-t border-sand-200 pt-6">
      <p className="text-sm text-ink-muted">{t('secondFactor.prompt.orPasskey')}</p>
      {proof.isError ? <Alert tone="error">{failure ?? t('secondFactor.failed')}</Alert> : null}
      <Button
        variant="secondary"
        icon={<Fingerprint aria-hidden="true" className="size-4" />}
        busy={proof.isPending}
        className="self-start"
        onClick={() => proof.mutate()}
      >
        {t('secondFactor.prompt.passkey')}
      </Button>
    </div>
  );
}
