import { useFormContext } from 'react-hook-form';
import { LocationField } from '@/components/location-field.tsx';
import type { usePlaceLookup } from '@/hooks/use-place-lookup.ts';
import { useProfileTranslation } from '../i18n.ts';
import type { ProfileFormValues } from '../utils/profile-form.ts';
import type { FieldMessage } from './about-section.tsx';
import { ProfileSection } from './profile-section.tsx';

/**
 * Where the member lives: typed and looked up, or taken from the device's position (then
 * read-only until the member asks to type another town); the hint says what will be saved.
 */
export function PlaceSection({
  fieldMessage,
  location,
}: {
  fieldMessage: FieldMessage;
  location: ReturnType<typeof usePlaceLookup>;
}) {
  const { t } = useProfileTranslation();
  const { register } = useFormContext<ProfileFormValues>();
  return (
    <ProfileSection title={t('sections.place')}>
      <LocationField
        label={t('fields.location')}
        placeholder={t('location.placeholder')}
        status={location.status}
        hint={(key, place) => t(`location.${key}`, { place })}
        error={fieldMessage('location')}
        registration={register('location')}
        locate={location.canLocate ? location.locate : undefined}
        retype={location.retype}
      />
    </ProfileSection>
  );
}
