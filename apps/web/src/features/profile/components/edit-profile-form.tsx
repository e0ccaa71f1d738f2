import type { CurrentUser } from '@mawadda/contract';
import { lazy, Suspense } from 'react';
import { FormProvider } from 'react-hook-form';
import { useEditProfileForm } from '../hooks/use-edit-profile-form.ts';
import { useProfileTranslation } from '../i18n.ts';
import { missingEssentials } from '../utils/profile-form.ts';
import { AboutSection } from './about-section.tsx';
import { BioSection } from './bio-section.tsx';
import { IncompleteNote } from './incomplete-note.tsx';
import { PhotoEditor } from './photo-editor.tsx';
import { PlaceSection } from './place-section.tsx';
import { PrivacySection } from './privacy-section.tsx';
import { ProfileSection } from './profile-section.tsx';
import { PromptsSection } from './prompts-section.tsx';
import { SaveBar } from './save-bar.tsx';
import { VerificationFrame } from './verification-frame.tsx';
import { VoiceIntroductionSection } from './voice-introduction-section.tsx';

// Its own chunk (the country list, the value sets' labels): the profile shows without waiting.
const FaithFamilySection = lazy(() =>
  import('./faith-family-section.tsx').then((m) => ({ default: m.FaithFamilySection })),
);

// Its own chunk: the camera and the verification state load only once the page shows.
const VerificationSection = lazy(() =>
  import('./verification-section.tsx').then((m) => ({ default: m.VerificationSection })),
);

/** The member's profile as a form: photos beside the rest from `lg` up, one save for all. */
export function EditProfileForm({ user }: { user: CurrentUser }) {
  const { t } = useProfileTranslation();
  const edit = useEditProfileForm({ user });
  return (
    <FormProvider {...edit.form}>
      {user.profileComplete ? null : <IncompleteNote missing={missingEssentials(user)} />}
      <form
        noValidate
        onSubmit={edit.onSubmit}
        className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]"
      >
        <ProfileSection title={t('sections.photos')} className="lg:sticky lg:top-24">
          <PhotoEditor
            photos={edit.photos}
            error={edit.fieldMessage('root.photos')}
            inputRef={edit.photoInput}
          />
        </ProfileSection>
        <div className="flex min-w-0 flex-col gap-6">
          <AboutSection fieldMessage={edit.fieldMessage} />
          <PlaceSection fieldMessage={edit.fieldMessage} location={edit.location} />
          <BioSection fieldMessage={edit.fieldMessage} />
          <PromptsSection fieldMessage={edit.fieldMessage} />
          <Suspense
            fallback={
              <ProfileSection title={t('sections.faithFamily')}>
                <p className="text-sm text-ink-muted">
                  {t('common:profileForm.faithFamilyLoading')}
                </p>
              </ProfileSection>
            }
          >
            <FaithFamilySection fieldMessage={edit.fieldMessage} />
          </Suspense>
          <PrivacySection fieldMessage={edit.fieldMessage} />
          <SaveBar saved={edit.saved} failure={edit.failure} pending={edit.pending} />
        </div>
      </form>
      {/* Outside the form: its buttons act on their own, never submit the profile. */}
      <div className="mt-6 flex flex-col gap-6 lg:ml-[calc(22rem+1.5rem)]">
        <VoiceIntroductionSection user={user} />
        <Suspense fallback={<VerificationFrame pending />}>
          <VerificationSection />
        </Suspense>
      </div>
    </FormProvider>
  );
}
