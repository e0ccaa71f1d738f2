import type { RegistrationFields } from '@mawadda/contract';
import { E } from '@mawadda/contract/error-codes';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useLocalizedPath } from '@/components/layouts/paths.ts';
import { useFormSubmission } from '@/hooks/use-form-submission.ts';
import { useNewPhotos } from '@/hooks/use-new-photos.ts';
import { usePlaceLookup } from '@/hooks/use-place-lookup.ts';
import { EMPTY_FAITH_FAMILY, FAITH_FAMILY_INPUTS } from '@/lib/faith-family-form.ts';
import { useLoadAfterFirstScreen } from '@/lib/first-screen.ts';
import { useRegisterMutation } from '../api/register-api.ts';
import { useRegisterTranslation } from '../i18n.ts';
import { loadSchemaResolver, registrationResolver } from '../utils/registration-resolver.ts';
import {
  buildRegistrationFormData,
  EMPTY_REGISTRATION,
  fieldOf,
  type RegistrationFormValues,
  stepOfField,
  WIZARD_STEPS,
} from '../utils/registration-values.ts';

/** The form and the town lookup: the device's position fills the town on load (docs/spec.md §4). */
function useRegistrationForm() {
  const { i18n } = useRegisterTranslation();
  const form = useForm<RegistrationFormValues, unknown, RegistrationFields>({
    resolver: registrationResolver,
    // onChange: a choice made after a refused Next clears its error at once, so the next Next
    // passes (with onTouched the stale error made the first click after a fix do nothing).
    mode: 'onChange',
    defaultValues: EMPTY_REGISTRATION,
  });
  // The contract's checks come once the browser is idle; a failure shows at the first check.
  useLoadAfterFirstScreen(loadSchemaResolver);

  const language = i18n.resolvedLanguage === 'fr' ? 'fr' : 'en';
  const typedLocation = useWatch({ control: form.control, name: 'location' }) ?? '';
  const location = usePlaceLookup({
    text: typedLocation,
    language,
    onDetected: (place) => {
      // What the member typed meanwhile stays theirs.
      if (form.getValues('location').trim() !== '') return;
      form.setValue('location', place.location, { shouldDirty: true, shouldValidate: true });
    },
    clear: () => form.setValue('location', '', { shouldDirty: true }),
  });
  const { locate } = location;
  useEffect(() => locate(), [locate]);
  return { form, location };
}

/** The step shown; next and previous bring the new step's heading to the top and into focus. */
function useWizardStep() {
  const [step, setStep] = useState(1);
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    window.scrollTo({ top: 0 });
    heading.current?.focus({ preventScroll: true });
  }, [step]);
  return { step, setStep, heading };
}

/**
 * The registration wizard's state and moves (docs/spec.md §2, §4, §5): each step checked with
 * the contract's schema before the next, the optional step skipped with its answers dropped, and
 * one multipart POST at the end. A place the lookup did not find and a registration without a
 * photo are refused at their fields, as the server would; a field the server refuses brings the
 * member back to its step.
 */
export function useRegistrationWizard() {
  const { t } = useRegisterTranslation();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const { step, setStep, heading } = useWizardStep();
  const photoInput = useRef<HTMLInputElement>(null);
  const { form, location } = useRegistrationForm();
  const photos = useNewPhotos();
  const registration = useRegisterMutation();
  // The spec's own words for two rules (register.ageError, register.emailError).
  const submission = useFormSubmission({
    form,
    fieldOf,
    wording: { AGE_TOO_YOUNG: t('ageError'), EMAIL_INVALID: t('emailError') },
  });

  // A failure belongs to the attempt that got it: moving between steps puts it away, so it never
  // shows again on another step (the fields it named keep their own messages).
  const goTo = (next: number) => {
    submission.dismiss();
    setStep(next);
  };

  const current = WIZARD_STEPS[step - 1] ?? WIZARD_STEPS[0];
  const last = step === WIZARD_STEPS.length;

  /** A place the lookup did not find is refused at the field, as the server would. */
  const refuseUnknownPlace = () => {
    if (location.status.kind !== 'notFound') return false;
    submission.refuse('location', E.LOCATION_UNKNOWN);
    return true;
  };

  const goToFirstStepOf = (fields: readonly string[]) => {
    const first = Math.min(...fields.map(stepOfField).filter((s) => s !== undefined));
    if (Number.isFinite(first) && first !== step) goTo(first);
  };

  const goNext = async () => {
    const valid = await form.trigger([...current.fields], { shouldFocus: true });
    // Checked with the step's rules, so every refusal of the step shows at once.
    if (current.key === 'about' && refuseUnknownPlace()) {
      form.setFocus('location');
      return;
    }
    if (valid) goTo(step + 1);
  };

  /** "Skip for now": the step's answers are dropped, so none is sent or refused. */
  const skip = () => {
    for (const field of FAITH_FAMILY_INPUTS) {
      form.setValue(field, EMPTY_FAITH_FAMILY[field] as never);
    }
    form.clearErrors(FAITH_FAMILY_INPUTS);
    goTo(step + 1);
  };

  const refusePhotoless = () => {
    if (photos.photos.length > 0) return false;
    submission.refuse('root.photos', E.PHOTO_REQUIRED);
    return true;
  };

  const send = async () => {
    if (refusePhotoless()) {
      photoInput.current?.focus();
      return;
    }
    if (refuseUnknownPlace()) {
      goTo(3);
      return;
    }
    const values = form.getValues();
    const body = buildRegistrationFormData(
      values,
      location.place,
      photos.photos.map((photo) => photo.file),
    );
    const result = await submission.run(() => registration.mutateAsync(body));
    if (!result.ok) {
      goToFirstStepOf(result.fields);
      return;
    }
    // docs/spec.md §4: on to login, the address already in its field.
    const username = values.username.trim().toLowerCase();
    void navigate(localized('/'), { state: { registered: true, username } });
  };

  const submit = form.handleSubmit(send, (errors) => {
    // Photos and place are checked with the rest, so every refusal shows at once.
    refusePhotoless();
    const refused = Object.keys(errors);
    if (refuseUnknownPlace()) refused.push('location');
    goToFirstStepOf(refused);
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (registration.isPending) return;
    void (last ? submit() : goNext());
  };

  return {
    form,
    step,
    current,
    last,
    heading,
    photoInput,
    photos,
    location,
    submission,
    sending: registration.isPending,
    goTo,
    skip,
    onSubmit,
  };
}
