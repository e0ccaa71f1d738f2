import { BIO_MAX_LENGTH } from '@mawadda/contract/constants';
import { useFormContext, useWatch } from 'react-hook-form';
import { BioField } from '@/components/bio-field.tsx';
import { useProfileTranslation } from '../i18n.ts';
import type { ProfileFormValues } from '../utils/profile-form.ts';
import type { FieldMessage } from './about-section.tsx';
import { ProfileSection } from './profile-section.tsx';

/** The bio, with its counter (red above 900, docs/spec.md §5) and what is left near the end. */
export function BioSection({ fieldMessage }: { fieldMessage: FieldMessage }) {
  const { t } = useProfileTranslation();
  const { register } = useFormContext<ProfileFormValues>();
  const bio = useWatch<ProfileFormValues, 'bio'>({ name: 'bio' }) ?? '';
  return (
    <ProfileSection title={t('sections.bio')}>
      <BioField
        label={t('fields.bio')}
        hint={t('bio.hint')}
        placeholder={t('bio.placeholder')}
        length={bio.length}
        counter={(warning) => (
          <>
            {t('bio.counter', { length: bio.length, max: BIO_MAX_LENGTH })}
            {warning ? <> · {t('bio.left', { count: BIO_MAX_LENGTH - bio.length })}</> : null}
          </>
        )}
        roomy
        error={fieldMessage('bio')}
        registration={register('bio')}
      />
    </ProfileSection>
  );
}
