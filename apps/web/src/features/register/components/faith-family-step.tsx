import { FaithFamilyFields } from '@/components/faith-family-fields.tsx';
import type { FieldMessage } from '@/hooks/use-form-submission.ts';
import { useRegisterTranslation } from '../i18n.ts';
import type { RegistrationFormValues } from '../utils/registration-values.ts';

/**
 * The wizard's optional step (ADR 041): the edit profile's faith and family questions, in their
 * own chunk (loaded when the step opens, with the country names and value sets it needs).
 */
export function FaithFamilyStep({
  fieldMessage,
}: {
  fieldMessage: FieldMessage<RegistrationFormValues>;
}) {
  const { t } = useRegisterTranslation();
  return (
    <FaithFamilyFields
      fieldMessage={fieldMessage}
      words={{
        notAnswered: t('faithFamily.notAnswered'),
        preferNotToSay: t('faithFamily.preferNotToSay'),
        faith: t('faithFamily.faith'),
        family: t('faithFamily.family'),
        matchesOnly: (field) => t('faithFamily.matchesOnly', { field }),
        matchesOnlyHint: t('faithFamily.matchesOnlyHint'),
        professionHint: t('faithFamily.professionHint'),
      }}
    />
  );
}
