import {
  GENDERS,
  HAS_CHILDREN_VALUES,
  MARITAL_STATUSES,
  SKIN_TONES,
} from '@mawadda/contract/value-lists';
import { useFormContext } from 'react-hook-form';
import { ChoiceGroup } from '@/components/choice-group.tsx';
import { NameAgeFields } from '@/components/name-age-fields.tsx';
import type { FieldMessage as FormFieldMessage } from '@/hooks/use-form-submission.ts';
import { useProfileTranslation } from '../i18n.ts';
import type { ProfileFormValues } from '../utils/profile-form.ts';
import { ProfileSection } from './profile-section.tsx';

export type FieldMessage = FormFieldMessage<ProfileFormValues>;

/** Name, age, gender, marital status (required), children and skin tone (optional). */
export function AboutSection({ fieldMessage }: { fieldMessage: FieldMessage }) {
  const { t } = useProfileTranslation();
  const { register } = useFormContext<ProfileFormValues>();
  return (
    <ProfileSection title={t('sections.about')}>
      <div className="flex flex-col gap-5">
        <NameAgeFields
          labels={{ name: t('common:member.fields.name'), age: t('common:member.fields.age') }}
          errors={{ name: fieldMessage('name'), age: fieldMessage('age') }}
          register={register}
        />
        <ChoiceGroup
          legend={t('common:member.fields.gender')}
          required
          choices={GENDERS.map((value) => ({ value, label: t(`common:member.gender.${value}`) }))}
          registration={register('gender')}
          error={fieldMessage('gender')}
        />
        <ChoiceGroup
          legend={t('common:member.fields.maritalStatus')}
          required
          columns="stacked-3"
          choices={MARITAL_STATUSES.map((value) => ({
            value,
            label: t(`common:member.maritalStatus.${value}`),
          }))}
          registration={register('maritalStatus')}
          error={fieldMessage('maritalStatus')}
        />
        <ChoiceGroup
          legend={t('common:member.fields.hasChildren')}
          columns="stacked-3"
          choices={HAS_CHILDREN_VALUES.map((value) => ({
            value,
            label: t(`common:profileForm.hasChildren.${value}`),
          }))}
          registration={register('hasChildren')}
          error={fieldMessage('hasChildren')}
        />
        <ChoiceGroup
          legend={t('common:profileForm.skinTone')}
          columns={4}
          choices={[
            { value: '', label: t('common:member.skinTone.none') },
            ...SKIN_TONES.map((value) => ({ value, label: t(`common:member.skinTone.${value}`) })),
          ]}
          registration={register('skinTone')}
          error={fieldMessage('skinTone')}
        />
      </div>
    </ProfileSection>
  );
}
