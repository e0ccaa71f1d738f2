import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useWatch } from 'react-hook-form';
import { Button } from '@/components/button.tsx';
import type { useRegistrationWizard } from '../hooks/use-registration-wizard.ts';
import { useRegisterTranslation } from '../i18n.ts';
import { ageIsTooLow } from './wizard-steps.tsx';

/**
 * Previous (from the second step), then Next, or on the last step the submit button; the
 * optional step offers "Skip for now" beside Next. Next waits on the first step while the age
 * typed is under the minimum.
 */
export function WizardButtons({ wizard }: { wizard: ReturnType<typeof useRegistrationWizard> }) {
  const { t } = useRegisterTranslation();
  const { step, last, sending } = wizard;
  const age = useWatch({ control: wizard.form.control, name: 'age' }) ?? '';
  return (
    <div className="mt-8 flex flex-col-reverse gap-3 border-t border-sand-200 pt-6 sm:flex-row sm:items-center sm:justify-between">
      {step > 1 ? (
        <Button
          variant="secondary"
          onClick={() => wizard.goTo(step - 1)}
          icon={<ArrowLeft aria-hidden="true" className="size-4" />}
          className="w-full sm:w-auto"
        >
          {t('previous')}
        </Button>
      ) : null}
      {last ? (
        <Button type="submit" busy={sending} className="w-full sm:ml-auto sm:w-auto">
          {sending ? t('submitting') : t('submit')}
        </Button>
      ) : (
        <div className="flex w-full flex-col-reverse gap-3 sm:ml-auto sm:w-auto sm:flex-row">
          {wizard.current.key === 'faithFamily' ? (
            // As visible as Next: skipping is a choice the step offers, not a way out.
            <Button variant="secondary" onClick={wizard.skip} className="w-full sm:w-auto">
              {t('faithFamily.skip')}
            </Button>
          ) : null}
          <Button
            type="submit"
            disabled={step === 1 && ageIsTooLow(age, true)}
            className="w-full sm:w-auto"
          >
            {t('common:actions.next')}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Button>
        </div>
      )}
    </div>
  );
}
