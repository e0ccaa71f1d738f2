import { BIO_MAX_LENGTH, MIN_AGE, PASSWORD_MIN_LENGTH } from '@mawadda/contract/constants';
import {
  GENDERS,
  HAS_CHILDREN_VALUES,
  MARITAL_STATUSES,
  SKIN_TONES,
} from '@mawadda/contract/value-lists';
import type { ReactNode, Ref } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Trans } from 'react-i18next';
import { Link } from 'react-router';
import { BioField } from '@/components/bio-field.tsx';
import { Checkbox } from '@/components/checkbox.tsx';
import { ChoiceGroup } from '@/components/choice-group.tsx';
import { LocationField } from '@/components/location-field.tsx';
import { NameAgeFields } from '@/components/name-age-fields.tsx';
import { PasswordField } from '@/components/password-field.tsx';
import { TextField } from '@/components/text-field.tsx';
import type { FieldMessage as FormFieldMessage } from '@/hooks/use-form-submission.ts';
import type { NewPhoto } from '@/hooks/use-new-photos.ts';
import type { PlaceStatus } from '@/hooks/use-place-lookup.ts';
import type { PhotoRejection } from '@/lib/photos.ts';
import { useRegisterTranslation } from '../i18n.ts';
import type { RegistrationFormValues } from '../utils/registration-values.ts';
import { PhotoPicker } from './photo-picker.tsx';

type FieldMessage = FormFieldMessage<RegistrationFormValues>;

/** An age typed in full (two digits, or the field left) under MIN_AGE. */
export function ageIsTooLow(age: string, settled: boolean): boolean {
  const value = age.trim();
  if (value === '' || Number.isNaN(Number(value))) return false;
  return Number(value) < MIN_AGE && (settled || value.length >= 2);
}

function useStepForm() {
  const form = useFormContext<RegistrationFormValues>();
  return { register: form.register, form };
}

/** Step 1: full name, age, gender (all required; under 18 is refused at once). */
export function IdentityStep({ fieldMessage }: { fieldMessage: FieldMessage }) {
  const { t } = useRegisterTranslation();
  const { register, form } = useStepForm();
  const age = useWatch<RegistrationFormValues, 'age'>({ name: 'age' }) ?? '';
  const ageTouched = form.getFieldState('age').isTouched;
  const ageError = ageIsTooLow(age, ageTouched) ? t('ageError') : fieldMessage('age');
  return (
    <>
      <NameAgeFields
        labels={{ name: t('common:member.fields.name'), age: t('common:member.fields.age') }}
        errors={{ name: fieldMessage('name'), age: ageError }}
        register={register}
      />
      <ChoiceGroup
        legend={t('common:member.fields.gender')}
        required
        choices={GENDERS.map((value) => ({ value, label: t(`common:member.gender.${value}`) }))}
        registration={register('gender')}
        error={fieldMessage('gender')}
      />
    </>
  );
}

/** Step 2: marital status (required), skin tone and children (optional). */
export function SituationStep({ fieldMessage }: { fieldMessage: FieldMessage }) {
  const { t } = useRegisterTranslation();
  const { register } = useStepForm();
  return (
    <>
      <ChoiceGroup
        legend={t('common:member.fields.maritalStatus')}
        required
        columns={3}
        choices={MARITAL_STATUSES.map((value) => ({
          value,
          label: t(`common:member.maritalStatus.${value}`),
        }))}
        registration={register('maritalStatus')}
        error={fieldMessage('maritalStatus')}
      />
      <ChoiceGroup
        legend={t('common:profileForm.skinTone')}
        columns={2}
        choices={[
          { value: '', label: t('common:member.skinTone.none') },
          ...SKIN_TONES.map((value) => ({ value, label: t(`common:member.skinTone.${value}`) })),
        ]}
        registration={register('skinTone')}
        error={fieldMessage('skinTone')}
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
    </>
  );
}

/** Step 3: location (from the device, or typed and looked up) and the bio with its counter. */
export function AboutStep({
  fieldMessage,
  locationStatus,
  onLocate,
  onRetype,
}: {
  fieldMessage: FieldMessage;
  locationStatus: PlaceStatus;
  /** Fills the location from the device's position again; absent without geolocation. */
  onLocate: (() => void) | undefined;
  /** Empties the location filled from the device, to type another town. */
  onRetype: () => void;
}) {
  const { t } = useRegisterTranslation();
  const { register } = useStepForm();
  const bio = useWatch<RegistrationFormValues, 'bio'>({ name: 'bio' }) ?? '';
  return (
    <>
      <LocationField
        label={t('fields.location')}
        placeholder={t('location.placeholder')}
        status={locationStatus}
        hint={(key, place) => t(`location.${key}`, { place })}
        error={fieldMessage('location')}
        registration={register('location')}
        locate={onLocate}
        retype={onRetype}
      />
      <BioField
        label={t('fields.bio')}
        placeholder={t('bio.placeholder')}
        length={bio.length}
        counter={() => t('bio.counter', { length: bio.length, max: BIO_MAX_LENGTH })}
        required
        error={fieldMessage('bio')}
        registration={register('bio')}
      />
    </>
  );
}

/**
 * The terms and privacy pages open in a new tab, so the wizard (photos included) stays as it is;
 * a screen reader hears so.
 */
function NewTabLink({ to, note, children }: { to: string; note: string; children?: ReactNode }) {
  return (
    <Link
      to={to}
      target="_blank"
      rel="noopener"
      className="font-semibold text-teal-700 underline underline-offset-2"
    >
      {children}
      <span className="sr-only"> {note}</span>
    </Link>
  );
}

/**
 * Step 4: e-mail, password, photos, the terms and, in a box of its own, the explicit consent to
 * the processing of data revealing religion (GDPR Art. 9(2)(a)); then the account is created.
 */
export function AccountStep({
  fieldMessage,
  photos,
  rejectedPhotos,
  photoInput,
  onAddPhotos,
  onRemovePhoto,
  onMovePhoto,
  termsPath,
  privacyPath,
}: {
  fieldMessage: FieldMessage;
  photos: readonly NewPhoto[];
  rejectedPhotos: readonly PhotoRejection[];
  photoInput: Ref<HTMLInputElement>;
  onAddPhotos: (files: File[]) => void;
  onRemovePhoto: (id: string) => void;
  onMovePhoto: (id: string, to: number) => void;
  termsPath: string;
  privacyPath: string;
}) {
  const { t } = useRegisterTranslation();
  const { register } = useStepForm();
  return (
    <>
      <TextField
        label={t('fields.username')}
        type="email"
        autoComplete="email"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        required
        error={fieldMessage('username')}
        {...register('username')}
      />
      <PasswordField
        label={t('common:password.label')}
        showLabel={t('common:password.show')}
        hideLabel={t('common:password.hide')}
        autoComplete="new-password"
        required
        hint={t('passwordHint', { min: PASSWORD_MIN_LENGTH })}
        error={fieldMessage('password')}
        {...register('password')}
      />
      <PhotoPicker
        ref={photoInput}
        photos={photos}
        rejected={rejectedPhotos}
        error={fieldMessage('root.photos')}
        onAdd={onAddPhotos}
        onRemove={onRemovePhoto}
        onMove={onMovePhoto}
      />
      <Checkbox
        required
        label={
          <Trans
            t={t}
            i18nKey="terms.label"
            components={{
              terms: <NewTabLink to={termsPath} note={t('terms.newTab')} />,
              privacy: <NewTabLink to={privacyPath} note={t('terms.newTab')} />,
            }}
          />
        }
        error={fieldMessage('termsAccepted')}
        {...register('termsAccepted')}
      />
      <Checkbox
        required
        label={
          <Trans
            t={t}
            i18nKey="religiousDataConsent.label"
            components={{
              privacy: <NewTabLink to={privacyPath} note={t('terms.newTab')} />,
            }}
          />
        }
        error={fieldMessage('religiousDataConsent')}
        {...register('religiousDataConsent')}
      />
    </>
  );
}
