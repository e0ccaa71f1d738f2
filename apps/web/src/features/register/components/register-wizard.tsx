import { FormProvider } from 'react-hook-form';
import { Alert } from '@/components/alert.tsx';
import { StepDots } from '@/components/step-dots.tsx';
import type { SubmissionFailure } from '@/hooks/use-form-submission.ts';
import { useRegistrationWizard } from '../hooks/use-registration-wizard.ts';
import { useRegisterTranslation } from '../i18n.ts';
import { WIZARD_STEPS } from '../utils/registration-values.ts';
import { CurrentStep } from './current-step.tsx';
import { WizardButtons } from './wizard-buttons.tsx';

/**
 * The registration wizard (docs/spec.md §2, §4, §5): five steps (the fourth, faith and family,
 * optional and skippable, ADR 041) checked one at a time with the contract's schema, the
 * location found from the device or looked up as typed, and one multipart POST at the end
 * (`useRegistrationWizard`). A field the server refuses brings the member back to its step,
 * where its message shows (and only there).
 */
export function RegisterWizard() {
  const { t } = useRegisterTranslation();
  const wizard = useRegistrationWizard();
  const { step, current } = wizard;
  const stepTitle = (n: number) => t(`steps.${WIZARD_STEPS[n - 1]?.key ?? 'identity'}.title`);
  const failure = failureText(wizard.submission.failure, t);

  return (
    <FormProvider {...wizard.form}>
      <StepDots
        total={WIZARD_STEPS.length}
        current={step}
        label={t('progress.label')}
        caption={t('progress.caption', { current: step, total: WIZARD_STEPS.length })}
        stepLabel={(n, state) => t(`progress.${state}`, { step: n, title: stepTitle(n) })}
      />
      <form onSubmit={wizard.onSubmit} noValidate className="mt-6">
        <h2
          ref={wizard.heading}
          tabIndex={-1}
          className="scroll-mt-4 font-display text-2xl text-teal-900 outline-offset-4"
        >
          {t(`steps.${current.key}.title`)}
        </h2>
        <p className="mt-1 text-ink-muted">{t(`steps.${current.key}.intro`)}</p>
        <div className="mt-6 flex flex-col gap-5">
          <CurrentStep wizard={wizard} />
        </div>
        {failure ? (
          <div className="mt-6">
            <Alert tone="error">{failure}</Alert>
          </div>
        ) : null}
        <WizardButtons wizard={wizard} />
      </form>
    </FormProvider>
  );
}

/** docs/spec.md §8: the server's message if it sent one, otherwise register.error. */
function failureText(
  failure: SubmissionFailure | undefined,
  t: ReturnType<typeof useRegisterTranslation>['t'],
): string | undefined {
  switch (failure?.kind) {
    case undefined:
    case 'fields':
      return undefined;
    case 'offline':
      return t('common:errors.network');
    case 'refused':
      return failure.message;
    default:
      return t('error');
  }
}
