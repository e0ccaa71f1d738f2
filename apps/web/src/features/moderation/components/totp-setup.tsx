import type { TotpSetup as Setup } from '@mawadda/contract';
import { KeyRound, ShieldCheck, Smartphone } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { Checkbox } from '@/components/checkbox.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { translateError } from '@/lib/translate-error.ts';
import { useReopenQueues, useTotpConfirmation, useTotpSetup } from '../hooks/use-second-factor.ts';
import { useModerationTranslation } from '../i18n.ts';
import { CodeForm } from './code-form.tsx';

type Step = { name: 'intro' } | { name: 'app'; setup: Setup } | { name: 'codes'; codes: string[] };

/**
 * A moderator without a second factor (ADR 074) sets up an authenticator app here: its key (a
 * link an app on this phone opens, and the key to type), a first code that confirms it, then the
 * recovery codes, shown once, which must be saved before the queues open. A passkey added from
 * the profile does as well. Each step moves the focus to its heading.
 */
export function TotpSetup({ onDone }: { onDone: () => void }) {
  const { t } = useModerationTranslation();
  const [step, setStep] = useState<Step>({ name: 'intro' });
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // The first step is the page's own heading; each next one is announced by its heading.
    if (step.name !== 'intro') heading.current?.focus();
  }, [step.name]);

  const title = {
    intro: t('secondFactor.setup.title'),
    app: t('secondFactor.setup.appTitle'),
    codes: t('secondFactor.setup.codesTitle'),
  }[step.name];
  const lead = {
    intro: t('secondFactor.setup.lead'),
    app: t('secondFactor.setup.appLead'),
    codes: t('secondFactor.setup.codesLead'),
  }[step.name];

  return (
    <div className="max-w-xl">
      <PageHeader
        icon={step.name === 'codes' ? ShieldCheck : KeyRound}
        eyebrow={t('eyebrow')}
        title={title}
        lead={lead}
        titleRef={heading}
      />
      {step.name === 'intro' ? (
        <Intro onSetUp={(setup) => setStep({ name: 'app', setup })} />
      ) : step.name === 'app' ? (
        <AddToApp setup={step.setup} onConfirmed={(codes) => setStep({ name: 'codes', codes })} />
      ) : (
        <RecoveryCodes codes={step.codes} onDone={onDone} />
      )}
    </div>
  );
}

function Intro({ onSetUp }: { onSetUp: (setup: Setup) => void }) {
  const { t } = useModerationTranslation();
  const setUp = useTotpSetup();
  const failure = setUp.error instanceof ApiError ? translateError(t, setUp.error.body) : undefined;
  return (
    <div className="mt-6 flex flex-col gap-4">
      {setUp.isError ? <Alert tone="error">{failure ?? t('secondFactor.failed')}</Alert> : null}
      <Button
        icon={<Smartphone aria-hidden="true" className="size-4" />}
        busy={setUp.isPending}
        className="self-start"
        onClick={() => setUp.mutate(undefined, { onSuccess: onSetUp })}
      >
        {t('secondFactor.setup.start')}
      </Button>
      <p className="text-sm text-ink-muted">{t('secondFactor.passkeyElsewhere')}</p>
    </div>
  );
}

function AddToApp({
  setup,
  onConfirmed,
}: {
  setup: Setup;
  onConfirmed: (codes: string[]) => void;
}) {
  const { t } = useModerationTranslation();
  const confirm = useTotpConfirmation();
  return (
    <div className="mt-6">
      <ol className="flex list-decimal flex-col gap-3 pl-5 text-ink">
        <li>
          <a href={setup.uri} className="font-semibold text-teal-800 underline">
            {t('secondFactor.setup.openApp')}
          </a>
        </li>
        <li>
          {t('secondFactor.setup.orType')}{' '}
          <code
            data-testid="totp-secret"
            className="break-all rounded bg-sand-100 px-2 py-1 font-mono text-base tracking-wide"
          >
            {setup.secret}
          </code>
        </li>
      </ol>
      <CodeForm
        label={t('secondFactor.setup.code')}
        hint={t('secondFactor.setup.codeHint')}
        submit={t('secondFactor.setup.confirm')}
        pending={confirm.isPending}
        onSubmit={async (code) => onConfirmed((await confirm.mutateAsync(code)).recoveryCodes)}
      />
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useModerationTranslation();
  const reopen = useReopenQueues();
  const [saved, setSaved] = useState(false);
  return (
    <div className="mt-6 flex flex-col gap-4">
      <ol
        aria-label={t('secondFactor.setup.codesLabel')}
        className="grid grid-cols-2 gap-2 rounded-card border border-sand-200 bg-white p-4 font-mono text-base shadow-card"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <Checkbox
        label={t('secondFactor.setup.saved')}
        checked={saved}
        onChange={(event) => setSaved(event.target.checked)}
      />
      <Button
        disabled={!saved}
        className="self-start"
        onClick={() => {
          onDone();
          void reopen();
        }}
      >
        {t('secondFactor.setup.done')}
      </Button>
    </div>
  );
}
