import { lazy, Suspense } from 'react';
import { useLocalizedPath } from '@/components/layouts/paths.ts';
import type { useRegistrationWizard } from '../hooks/use-registration-wizard.ts';
import { useRegisterTranslation } from '../i18n.ts';
import { AboutStep, AccountStep, IdentityStep, SituationStep } from './wizard-steps.tsx';

/**
 * The optional step (ADR 041): the edit profile's faith and family questions, in their own chunk
 * (loaded when the step opens, with the country names and value sets they need).
 */
const FaithFamilyFields = lazy(() =>
  import('@/components/faith-family-fields.tsx').then((m) => ({ default: m.FaithFamilyFields })),
);

/** The fields of the step the wizard shows, each with the server's or the schema's message. */
export function CurrentStep({ wizard }: { wizard: ReturnType<typeof useRegistrationWizard> }) {
  const { t } = useRegisterTranslation();
  const localized = useLocalizedPath();
  const { fieldMessage } = wizard.submission;
  const { location, photos, photoInput } = wizard;
  switch (wizard.current.key) {
    case 'identity':
      return <IdentityStep fieldMessage={fieldMessage} />;
    case 'situation':
      return <SituationStep fieldMessage={fieldMessage} />;
    case 'about':
      return (
        <AboutStep
          fieldMessage={fieldMessage}
          locationStatus={location.status}
          onLocate={location.canLocate ? location.locate : undefined}
          onRetype={location.retype}
        />
      );
    case 'faithFamily':
      return (
        <>
          <p className="rounded-xl bg-teal-50 p-4 text-sm text-teal-900">
            {t('faithFamily.later')}
          </p>
          <Suspense fallback={<p role="status">{t('common:profileForm.faithFamilyLoading')}</p>}>
            <FaithFamilyFields fieldMessage={fieldMessage} />
          </Suspense>
        </>
      );
    case 'account':
      return (
        <AccountStep
          fieldMessage={fieldMessage}
          photos={photos.photos}
          rejectedPhotos={photos.rejected}
          photoInput={photoInput}
          onAddPhotos={(files) => {
            void photos.add(files).then((added) => {
              if (added > 0) wizard.form.clearErrors('root.photos');
            });
          }}
          onRemovePhoto={(id) => {
            photos.remove(id);
            photoInput.current?.focus();
          }}
          onMovePhoto={photos.move}
          termsPath={localized('/terms')}
          privacyPath={localized('/privacy')}
        />
      );
  }
}
