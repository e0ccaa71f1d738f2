import { FaithFamilyFields } from '@/components/faith-family-fields.tsx';
import { useProfileTranslation } from '../i18n.ts';
import type { FieldMessage } from './about-section.tsx';
import { ProfileSection } from './profile-section.tsx';

/** Faith and family (ADR 041) in edit profile: the shared questions, in a section of their own. */
export function FaithFamilySection({ fieldMessage }: { fieldMessage: FieldMessage }) {
  const { t } = useProfileTranslation();
  return (
    <ProfileSection title={t('sections.faithFamily')}>
      <p className="-mt-2 mb-5 text-sm text-ink-muted">{t('faithFamily.lead')}</p>
      <FaithFamilyFields fieldMessage={fieldMessage} />
    </ProfileSection>
  );
}
