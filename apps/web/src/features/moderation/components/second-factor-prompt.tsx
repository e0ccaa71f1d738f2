import { KeyRound } from 'lucide-react';
import { PageHeader } from '@/components/page-header.tsx';
import { useSecondFactorProof } from '../hooks/use-second-factor.ts';
import { useModerationTranslation } from '../i18n.ts';
import { CodeForm } from './code-form.tsx';

/**
 * The moderator has a second factor but did not prove it in this session (ADR 074): a code of
 * their app, or a recovery code, opens the queues.
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
      <p className="mt-6 text-sm text-ink-muted">{t('secondFactor.passkeyElsewhere')}</p>
    </div>
  );
}
