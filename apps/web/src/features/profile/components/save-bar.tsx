import { Alert } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import type { SubmissionFailure } from '@/hooks/use-form-submission.ts';
import { useProfileTranslation } from '../i18n.ts';

/**
 * The save button and what came of the last save (docs/spec.md §8): 'Profil mis à jour avec
 * succès !' then the way to suggestions, or 'Erreur lors de la mise à jour' and why.
 */
export function SaveBar({
  saved,
  failure,
  pending,
}: {
  saved: boolean;
  failure: SubmissionFailure | undefined;
  pending: boolean;
}) {
  const { t } = useProfileTranslation();
  const reason =
    failure === undefined
      ? undefined
      : failure.kind === 'refused'
        ? failure.message
        : t(`errors.${failure.kind}`);
  return (
    <div className="flex flex-col gap-4">
      {saved ? (
        <Alert tone="success">
          <p>{t('success.title')}</p>
          <p className="mt-0.5 font-normal">{t('success.redirect')}</p>
        </Alert>
      ) : null}
      {reason ? (
        <Alert tone="error">
          <p>{t('failure.title')}</p>
          <p className="mt-0.5 font-normal">{reason}</p>
        </Alert>
      ) : null}
      <div className="flex justify-end">
        <Button
          type="submit"
          busy={pending}
          disabled={saved}
          className="w-full sm:w-auto sm:min-w-56"
        >
          {pending ? t('submit.saving') : t('submit.save')}
        </Button>
      </div>
    </div>
  );
}
