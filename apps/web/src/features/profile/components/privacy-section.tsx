import { useFormContext } from 'react-hook-form';
import { Checkbox } from '@/components/checkbox.tsx';
import { useProfileTranslation } from '../i18n.ts';
import type { ProfileFormValues } from '../utils/profile-form.ts';
import type { FieldMessage } from './about-section.tsx';
import { ProfileSection } from './profile-section.tsx';

/**
 * Whether members one has not matched with see one's photos blurred (the server blurs them), and
 * whether only verified members may write first (the server's writing rule enforces it), and,
 * for a woman, whether she writes first after a match (ADR 069).
 */
export function PrivacySection({ fieldMessage }: { fieldMessage: FieldMessage }) {
  const { t } = useProfileTranslation();
  const { register, watch } = useFormContext<ProfileFormValues>();
  const woman = watch('gender') === 'femme';
  return (
    <ProfileSection title={t('sections.privacy')}>
      <Checkbox
        label={t('fields.photosBlurred')}
        hint={t('privacy.hint')}
        error={fieldMessage('photosBlurred')}
        {...register('photosBlurred')}
      />
      <Checkbox
        label={t('fields.verifiedWritersOnly')}
        hint={t('privacy.verifiedWritersOnlyHint')}
        error={fieldMessage('verifiedWritersOnly')}
        {...register('verifiedWritersOnly')}
      />
      {woman ? (
        <Checkbox
          label={t('fields.womenWriteFirst')}
          hint={t('privacy.womenWriteFirstHint')}
          error={fieldMessage('womenWriteFirst')}
          {...register('womenWriteFirst')}
        />
      ) : null}
    </ProfileSection>
  );
}
