import { BIO_MAX_LENGTH, MIN_AGE, PASSWORD_MIN_LENGTH } from '@mawadda/contract/constants';
import { LocateFixed, MapPin } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Trans } from 'react-i18next';
import { Link } from 'react-router';
import { BioField } from '../../../components/bio-field.tsx';
import { Checkbox } from '../../../components/checkbox.tsx';
import { ChoiceGroup } from '../../../components/choice-group.tsx';
import { LocationField } from '../../../components/location-field.tsx';
import { NameAgeFields } from '../../../components/name-age-fields.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import type { NewPhoto } from '../../../hooks/use-new-photos.ts';
import type { PhotoRejection } from '../../../lib/photos.ts';
import type { LocationStatus } from '../hooks/use-location-lookup.ts';
import { useRegisterTranslation } from '../i18n.ts';
import {
  GENDER_OPTIONS,
  MARITAL_STATUS_OPTIONS,
  type RegistrationFormValues,
  SKIN_TONE_OPTIONS,
} from '../utils/registration-values.ts';
import { PhotoPicker } from './photo-picker.tsx';

export type FieldMessage = (message: unknown) => string | undefined;

/** An age typed in full (two digits, or the field left) under MIN_AGE. */
export function ageIsTooLow(age: string, settled: boolean): boolean {
  const value = age.trim();
  if (value === '' || Number.isNaN(Number(value))) return false;
  return Number(value) < MIN_AGE && (settled || value.length >= 2);
}

function useStepForm() {
  const form = useFormContext<RegistrationFormValues>();
  return { register: form.register, errors: form.formState.errors, form };
}

/** Step 1: full name, age, gender (all required; under 18 is refused at once). */
export function IdentityStep({ fieldMessage }: { fieldMessage: FieldMessage }) {
  const { t } = useRegisterTranslation();
  const { register, errors, form } = useStepForm();
  const age = useWatch<RegistrationFormValues, 'age'>({ name: 'age' }) ?? '';
  const ageTouched = form.getFieldState('age').isTouched;
  const ageError = ageIsTooLow(age, ageTouched) ? t('ageError') : fieldMessage(errors.age?.message);
  return (
    <>
      <NameAgeFields
        labels={{ name: t('fields.name'), age: t('fields.age') }}
        errors={{ name: fieldMessage(errors.name?.message), age: ageError }}
        register={register}
      />
      <ChoiceGroup
        legend={t('fields.gender')}
        required
        choices={GENDER_OPTIONS.map((value) => ({ value, label: t(`gender.${value}`) }))}
        registration={register('gender')}
        error={fieldMessage(errors.gender?.message)}
      />
    </>
  );
}

/** Step 2: marital status (required), skin tone and children (optional). */
export function SituationStep({ fieldMessage }: { fieldMessage: FieldMessage }) {
  const { t } = useRegisterTranslation();
  const { register, errors } = useStepForm();
  return (
    <>
      <ChoiceGroup
        legend={t('fields.maritalStatus')}
        required
        columns={3}
        choices={MARITAL_STATUS_OPTIONS.map((value) => ({
          value,
          label: t(`maritalStatus.${value}`),
        }))}
        registration={register('maritalStatus')}
        error={fieldMessage(errors.maritalStatus?.message)}
      />
      <ChoiceGroup
        legend={t('fields.skinTone')}
        columns={2}
        choices={[
          { value: '', label: t('skinTone.none') },
          ...SKIN_TONE_OPTIONS.map((value) => ({ value, label: t(`skinTone.${value}`) })),
        ]}
        registration={register('skinTone')}
        error={fieldMessage(errors.skinTone?.message)}
      />
      <Checkbox
        label={t('fields.hasChildren')}
        error={fieldMessage(errors.hasChildren?.message)}
        {...register('hasChildren')}
      />
    </>
  );
}

/** Step 3: location (from the device, or typed and geocoded) and the bio with its counter. */
export function AboutStep({
  fieldMessage,
  locationStatus,
  locationReadOnly,
}: {
  fieldMessage: FieldMessage;
  locationStatus: LocationStatus;
  locationReadOnly: boolean;
}) {
  const { t } = useRegisterTranslation();
  const { register, errors } = useStepForm();
  const bio = useWatch<RegistrationFormValues, 'bio'>({ name: 'bio' }) ?? '';
  const locationHint = locationStatus.kind === 'idle' ? 'hint' : locationStatus.kind;
  return (
    <>
      <LocationField
        label={t('fields.location')}
        placeholder={t('location.placeholder')}
        hint={t(`location.${locationHint}`, {
          place: locationStatus.kind === 'found' ? locationStatus.place : undefined,
        })}
        busy={locationStatus.kind === 'locating' || locationStatus.kind === 'searching'}
        icon={locationReadOnly ? LocateFixed : MapPin}
        readOnly={locationReadOnly}
        error={fieldMessage(errors.location?.message)}
        registration={register('location')}
      />
      <BioField
        label={t('fields.bio')}
        placeholder={t('bio.placeholder')}
        length={bio.length}
        counter={() => t('bio.counter', { length: bio.length, max: BIO_MAX_LENGTH })}
        required
        error={fieldMessage(errors.bio?.message)}
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

/** Step 4: e-mail, password, photos and the terms, then the account is created. */
export function AccountStep({
  fieldMessage,
  photos,
  rejectedPhotos,
  photoError,
  photoInput,
  onAddPhotos,
  onRemovePhoto,
  termsPath,
  privacyPath,
}: {
  fieldMessage: FieldMessage;
  photos: readonly NewPhoto[];
  rejectedPhotos: readonly PhotoRejection[];
  photoError: string | undefined;
  photoInput: Ref<HTMLInputElement>;
  onAddPhotos: (files: File[]) => void;
  onRemovePhoto: (id: string) => void;
  termsPath: string;
  privacyPath: string;
}) {
  const { t } = useRegisterTranslation();
  const { register, errors } = useStepForm();
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
        error={fieldMessage(errors.username?.message)}
        {...register('username')}
      />
      <PasswordField
        label={t('fields.password')}
        showLabel={t('password.show')}
        hideLabel={t('password.hide')}
        autoComplete="new-password"
        required
        hint={t('passwordHint', { min: PASSWORD_MIN_LENGTH })}
        error={fieldMessage(errors.password?.message)}
        {...register('password')}
      />
      <PhotoPicker
        ref={photoInput}
        photos={photos}
        rejected={rejectedPhotos}
        error={photoError}
        onAdd={onAddPhotos}
        onRemove={onRemovePhoto}
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
        error={fieldMessage(errors.termsAccepted?.message)}
        {...register('termsAccepted')}
      />
    </>
  );
}
