import type { GeoPlace, RegistrationFields } from '@mawadda/contract';
import { AGE_ERROR, EMAIL_ERROR, REGISTRATION_STEPS } from '@mawadda/contract/constants';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type FieldErrors, FormProvider, type Resolver, useForm, useWatch } from 'react-hook-form';

import { useNavigate } from 'react-router';
import { Alert } from '../../../components/alert.tsx';
import { Button } from '../../../components/button.tsx';
import { useLocalizedPath } from '../../../components/layouts/paths.ts';
import { StepDots } from '../../../components/step-dots.tsx';
import { useNewPhotos } from '../../../hooks/use-new-photos.ts';
import { ApiError, NetworkError } from '../../../lib/api-client.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { useRegisterMutation } from '../api/register-api.ts';
import { useLocationLookup } from '../hooks/use-location-lookup.ts';
import { useRegisterTranslation } from '../i18n.ts';
import {
  buildRegistrationFormData,
  EMPTY_REGISTRATION,
  isFormField,
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

/** The server's words (users.service.ts), translated through the messages namespace. */
const PHOTO_REQUIRED_MESSAGE = 'Please add at least one photo.';
const DUPLICATE_EMAIL_MESSAGE = 'An account with this e-mail address already exists.';

type RegistrationResolver = Resolver<RegistrationFormValues, unknown, RegistrationFields>;

let schemaResolver: Promise<RegistrationResolver> | undefined;

/**
 * The contract's schema, and zod with it (a third of the page's script), loads once the wizard
 * is on screen: the page paints without it, and it is there long before the first check. A
 * failed load is retried at the next check.
 */
function loadSchemaResolver() {
  schemaResolver ??= Promise.all([
    import('@hookform/resolvers/zod'),
    import('@mawadda/contract'),
  ]).then(
    ([{ zodResolver }, { registrationFieldsSchema }]) =>
      zodResolver(registrationFieldsSchema) as unknown as RegistrationResolver,
    (error: unknown) => {
      schemaResolver = undefined;
      throw error;
    },
  );
  return schemaResolver;
}

const resolver: RegistrationResolver = async (values, context, options) =>
  (await loadSchemaResolver())(values, context, options);

/**
 * The registration wizard (spec sections 2, 4, 5): four steps checked one at a time with the
 * contract's schema, the location found from the device or geocoded as typed, and one multipart
 * POST at the end. A field the server refuses brings the member back to its step.
 */
export function RegisterWizard() {
  const { t, i18n } = useRegisterTranslation();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const [step, setStep] = useState(1);
  const heading = useRef<HTMLHeadingElement>(null);
  const photoInput = useRef<HTMLInputElement>(null);
  const [photoError, setPhotoError] = useState<string>();

  const form = useForm<RegistrationFormValues, unknown, RegistrationFields>({
    resolver,
    // onChange: a choice made after a refused Next clears its error at once, so the next Next
    // passes (with onTouched the stale error made the first click after a fix do nothing).
    mode: 'onChange',
    defaultValues: EMPTY_REGISTRATION,
  });
  const { photos, rejected, add, remove } = useNewPhotos();
  const registration = useRegisterMutation();
  useEffect(() => {
    // Fetched once the browser is idle, after the first paint; a failure shows at the first check.
    const load = () => loadSchemaResolver().catch(() => undefined);
    if (!('requestIdleCallback' in window)) {
      const timer = setTimeout(load, 500);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(load);
    return () => cancelIdleCallback(idle);
  }, []);

  const language = i18n.resolvedLanguage === 'fr' ? 'fr' : 'en';
  const typedLocation = useWatch({ control: form.control, name: 'location' }) ?? '';
  const location = useLocationLookup({
    location: typedLocation,
    language,
    onDetected: (place: GeoPlace) => {
      form.setValue('location', place.location, { shouldDirty: true });
      form.clearErrors('location');
    },
  });
  const age = useWatch({ control: form.control, name: 'age' }) ?? '';

  // Next and previous bring the new step's heading to the top and into focus.
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    window.scrollTo({ top: 0 });
    heading.current?.focus({ preventScroll: true });
  }, [step]);

  const goTo = (next: number) => setStep(next);

  const fieldMessage = (message: unknown) => {
    if (typeof message !== 'string' || message === '') return undefined;
    if (message === AGE_ERROR) return t('ageError');
    if (message === EMAIL_ERROR) return t('emailError');
    return translateMessage(t, message);
  };

  const stepIndex = step - 1;
  const current = WIZARD_STEPS[stepIndex] ?? WIZARD_STEPS[0];
  const last = step === REGISTRATION_STEPS;

  const goNext = async () => {
    const valid = await form.trigger([...current.fields], { shouldFocus: true });
    if (valid) goTo(step + 1);
  };

  const onInvalid = (errors: FieldErrors<RegistrationFormValues>) => {
    const steps = Object.keys(errors)
      .map(stepOfField)
      .filter((s): s is number => s !== undefined);
    const first = Math.min(...steps);
    if (Number.isFinite(first) && first !== step) goTo(first);
  };

  const onServerError = (error: unknown) => {
    if (!(error instanceof ApiError)) return;
    const issues = [...(error.body?.errors ?? [])];
    if (error.status === 409) {
      issues.push({ path: 'username', message: error.serverMessage ?? DUPLICATE_EMAIL_MESSAGE });
    }
    let target: number | undefined;
    for (const issue of issues) {
      const issueStep = stepOfField(issue.path);
      if (issueStep === undefined) continue;
      target = Math.min(target ?? issueStep, issueStep);
      if (issue.path === 'profilePicture') setPhotoError(issue.message);
      else if (isFormField(issue.path)) {
        form.setError(issue.path, { type: 'server', message: issue.message });
      }
    }
    if (target !== undefined && target !== step) goTo(target);
  };

  const submit = async () => {
    const hasPhotos = photos.length > 0;
    setPhotoError(hasPhotos ? undefined : PHOTO_REQUIRED_MESSAGE);
    await form.handleSubmit(() => {
      if (!hasPhotos) {
        photoInput.current?.focus();
        return;
      }
      const values = form.getValues();
      const body = buildRegistrationFormData(
        values,
        location.coordinates,
        photos.map((photo) => photo.file),
      );
      registration.mutate(body, {
        onSuccess: () =>
          void navigate(localized('/'), {
            state: { registered: true, username: values.username.trim().toLowerCase() },
          }),
        onError: onServerError,
      });
    }, onInvalid)();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (registration.isPending) return;
    void (last ? submit() : goNext());
  };

  const submitError = registration.isError
    ? registration.error instanceof NetworkError
      ? t('offline')
      : registration.error instanceof ApiError && registration.error.serverMessage
        ? translateMessage(t, registration.error.serverMessage)
        : t('error')
    : undefined;

  const stepTitle = (n: number) => t(`steps.${WIZARD_STEPS[n - 1]?.key ?? 'identity'}.title`);

  return (
    <FormProvider {...form}>
      <StepDots
        total={REGISTRATION_STEPS}
        current={step}
        label={t('progress.label')}
        caption={t('progress.caption', { current: step, total: REGISTRATION_STEPS })}
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
          {current.key === 'identity' ? <IdentityStep fieldMessage={fieldMessage} /> : null}
          {current.key === 'situation' ? <SituationStep fieldMessage={fieldMessage} /> : null}
          {current.key === 'about' ? (
            <AboutStep
              fieldMessage={fieldMessage}
              locationStatus={location.status}
              locationReadOnly={location.readOnly}
            />
          ) : null}
          {current.key === 'account' ? (
            <AccountStep
              fieldMessage={fieldMessage}
              photos={photos}
              rejectedPhotos={rejected}
              photoError={fieldMessage(photoError)}
              photoInput={photoInput}
              onAddPhotos={(files) => {
                if (add(files) > 0) setPhotoError(undefined);
              }}
              onRemovePhoto={(id) => {
                remove(id);
                photoInput.current?.focus();
              }}
              termsPath={localized('/terms')}
              privacyPath={localized('/privacy')}
            />
          ) : null}
        </div>
        {submitError ? (
          <div className="mt-6">
            <Alert tone="error">{submitError}</Alert>
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
            <Button
              type="submit"
              disabled={step === 1 && ageIsTooLow(age, true)}
              className="w-full sm:ml-auto sm:w-auto"
            >
              {t('next')}
              <ArrowRight aria-hidden="true" className="size-4" />
            </Button>
          )}
        </div>
      </form>
    </FormProvider>
  );
}
