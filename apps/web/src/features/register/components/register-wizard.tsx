import type { RegistrationFields } from '@mawadda/contract';
import { E } from '@mawadda/contract/error-codes';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { FormProvider, type Resolver, useForm, useWatch } from 'react-hook-form';

import { useNavigate } from 'react-router';
import { Alert } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { useLocalizedPath } from '@/components/layouts/paths.ts';
import { StepDots } from '@/components/step-dots.tsx';
import { type SubmissionFailure, useFormSubmission } from '@/hooks/use-form-submission.ts';
import { useNewPhotos } from '@/hooks/use-new-photos.ts';
import { usePlaceLookup } from '@/hooks/use-place-lookup.ts';
import { EMPTY_FAITH_FAMILY, FAITH_FAMILY_INPUTS } from '@/lib/faith-family-form.ts';
import { inTasks, useLoadAfterFirstScreen } from '@/lib/first-screen.ts';
import { useRegisterMutation } from '../api/register-api.ts';
import { useRegisterTranslation } from '../i18n.ts';
import {
  buildRegistrationFormData,
  EMPTY_REGISTRATION,
  fieldOf,
  type RegistrationFormValues,
  stepOfField,
  WIZARD_STEPS,
} from '../utils/registration-values.ts';
import {
  AboutStep,
  AccountStep,
  ageIsTooLow,
  IdentityStep,
  SituationStep,
} from './wizard-steps.tsx';

/**
 * The optional step (ADR 041): the edit profile's faith and family questions, in their own chunk
 * (loaded when the step opens, with the country names and value sets they need).
 */
const FaithFamilyFields = lazy(() =>
  import('@/components/faith-family-fields.tsx').then((m) => ({ default: m.FaithFamilyFields })),
);

type RegistrationResolver = Resolver<RegistrationFormValues, unknown, RegistrationFields>;

let schemaResolver: Promise<RegistrationResolver> | undefined;

/**
 * The contract's schema, and zod with it (a third of the page's script), loads once the wizard
 * is on screen: the page paints without it, and it is there long before the first check. A
 * failed load is retried at the next check. It comes in five parts, each run in a task of its
 * own (zod's core, the resolver, zod's schema types with the contract's field helpers, the
 * faith and family answers' schemas, then registration's): run at once, making the schemas held
 * a phone's main thread for a fifth of a second, and a tap with it.
 */
function loadSchemaResolver() {
  schemaResolver ??= (async () => {
    const [, { zodResolver }, , , { registrationFieldsSchema }] = await inTasks([
      () => import('@mawadda/contract/zod-config'),
      () => import('@hookform/resolvers/zod'),
      () => import('@mawadda/contract/form-fields'),
      () => import('@mawadda/contract/faith-family-schemas'),
      () => import('@mawadda/contract/users'),
    ] as const);
    return zodResolver(registrationFieldsSchema) as unknown as RegistrationResolver;
  })().catch((error: unknown) => {
    schemaResolver = undefined;
    throw error;
  });
  return schemaResolver;
}

const resolver: RegistrationResolver = async (values, context, options) =>
  (await loadSchemaResolver())(values, context, options);

/**
 * The registration wizard (docs/spec.md §2, §4, §5): five steps (the fourth, faith and family,
 * optional and skippable, ADR 041) checked one at a time with the
 * contract's schema, the location found from the device or looked up as typed, and one multipart
 * POST at the end. A field the server refuses brings the member back to its step, where its
 * message shows (and only there).
 */
export function RegisterWizard() {
  const { t, i18n } = useRegisterTranslation();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const [step, setStep] = useState(1);
  const heading = useRef<HTMLHeadingElement>(null);
  const photoInput = useRef<HTMLInputElement>(null);

  const form = useForm<RegistrationFormValues, unknown, RegistrationFields>({
    resolver,
    // onChange: a choice made after a refused Next clears its error at once, so the next Next
    // passes (with onTouched the stale error made the first click after a fix do nothing).
    mode: 'onChange',
    defaultValues: EMPTY_REGISTRATION,
  });
  const photos = useNewPhotos();
  const registration = useRegisterMutation();
  // The spec's own words for two rules (register.ageError, register.emailError).
  const submission = useFormSubmission({
    form,
    fieldOf,
    wording: { AGE_TOO_YOUNG: t('ageError'), EMAIL_INVALID: t('emailError') },
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
  // docs/spec.md §4: on load, the device's position fills the location.
  const { locate } = location;
  useEffect(() => locate(), [locate]);
  const age = useWatch({ control: form.control, name: 'age' }) ?? '';

  // Next and previous bring the new step's heading to the top and into focus.
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    window.scrollTo({ top: 0 });
    heading.current?.focus({ preventScroll: true });
  }, [step]);

  // A failure belongs to the attempt that got it: moving between steps puts it away, so it never
  // shows again on another step (the fields it named keep their own messages).
  const goTo = (next: number) => {
    submission.dismiss();
    setStep(next);
  };

  const stepIndex = step - 1;
  const current = WIZARD_STEPS[stepIndex] ?? WIZARD_STEPS[0];
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

  const stepTitle = (n: number) => t(`steps.${WIZARD_STEPS[n - 1]?.key ?? 'identity'}.title`);
  const failure = failureText(submission.failure, t);

  return (
    <FormProvider {...form}>
      <StepDots
        total={WIZARD_STEPS.length}
        current={step}
        label={t('progress.label')}
        caption={t('progress.caption', { current: step, total: WIZARD_STEPS.length })}
        stepLabel={(n, state) => t(`progress.${state}`, { step: n, title: stepTitle(n) })}
      />
      <form onSubmit={onSubmit} noValidate className="mt-6">
        <h2
          ref={heading}
          tabIndex={-1}
          className="scroll-mt-4 font-display text-2xl text-teal-900 outline-offset-4"
        >
          {t(`steps.${current.key}.title`)}
        </h2>
        <p className="mt-1 text-ink-muted">{t(`steps.${current.key}.intro`)}</p>
        <div className="mt-6 flex flex-col gap-5">
          {current.key === 'identity' ? (
            <IdentityStep fieldMessage={submission.fieldMessage} />
          ) : null}
          {current.key === 'situation' ? (
            <SituationStep fieldMessage={submission.fieldMessage} />
          ) : null}
          {current.key === 'about' ? (
            <AboutStep
              fieldMessage={submission.fieldMessage}
              locationStatus={location.status}
              onLocate={location.canLocate ? locate : undefined}
              onRetype={location.retype}
            />
          ) : null}
          {current.key === 'faithFamily' ? (
            <>
              <p className="rounded-xl bg-teal-50 p-4 text-sm text-teal-900">
                {t('faithFamily.later')}
              </p>
              <Suspense fallback={<p role="status">{t('faithFamily.loading')}</p>}>
                <FaithFamilyFields fieldMessage={submission.fieldMessage} />
              </Suspense>
            </>
          ) : null}
          {current.key === 'account' ? (
            <AccountStep
              fieldMessage={submission.fieldMessage}
              photos={photos.photos}
              rejectedPhotos={photos.rejected}
              photoInput={photoInput}
              onAddPhotos={(files) => {
                void photos.add(files).then((added) => {
                  if (added > 0) form.clearErrors('root.photos');
                });
              }}
              onRemovePhoto={(id) => {
                photos.remove(id);
                photoInput.current?.focus();
              }}
              onMovePhoto={photos.move}
              termsPath={localized('/terms')}
              privacyPath={localized('/privacy')}
            />
          ) : null}
        </div>
        {failure ? (
          <div className="mt-6">
            <Alert tone="error">{failure}</Alert>
          </div>
        ) : null}
        <div className="mt-8 flex flex-col-reverse gap-3 border-t border-sand-200 pt-6 sm:flex-row sm:items-center sm:justify-between">
          {step > 1 ? (
            <Button
              variant="secondary"
              onClick={() => goTo(step - 1)}
              icon={<ArrowLeft aria-hidden="true" className="size-4" />}
              className="w-full sm:w-auto"
            >
              {t('previous')}
            </Button>
          ) : null}
          {last ? (
            <Button
              type="submit"
              busy={registration.isPending}
              className="w-full sm:ml-auto sm:w-auto"
            >
              {registration.isPending ? t('submitting') : t('submit')}
            </Button>
          ) : (
            <div className="flex w-full flex-col-reverse gap-3 sm:ml-auto sm:w-auto sm:flex-row">
              {current.key === 'faithFamily' ? (
                // As visible as Next: skipping is a choice the step offers, not a way out.
                <Button variant="secondary" onClick={skip} className="w-full sm:w-auto">
                  {t('faithFamily.skip')}
                </Button>
              ) : null}
              <Button
                type="submit"
                disabled={step === 1 && ageIsTooLow(age, true)}
                className="w-full sm:w-auto"
              >
                {t('next')}
                <ArrowRight aria-hidden="true" className="size-4" />
              </Button>
            </div>
          )}
        </div>
      </form>
    </FormProvider>
  );
}

/** docs/spec.md §8: the server's message if it sent one, otherwise register.error. */
function failureText(
  failure: SubmissionFailure | undefined,
  t: ReturnType<typeof useRegisterTranslation>['t'],
): string | undefined {
  switch (failure?.kind) {
    case undefined:
    case 'fields':
      return undefined;
    case 'offline':
      return t('common:errors.network');
    case 'refused':
      return failure.message;
    default:
      return t('error');
  }
}
