import { zodResolver } from '@hookform/resolvers/zod';
import {
  type CurrentUser,
  type EditProfileFields,
  editProfileFieldsSchema,
} from '@mawadda/contract';
import { BIO_MAX_LENGTH, EDIT_PROFILE_REDIRECT_MS } from '@mawadda/contract/constants';
import { MapPin, MapPinCheck, RotateCcw, UserRoundPen } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/alert.tsx';
import { BioField } from '../../../components/bio-field.tsx';
import { Button } from '../../../components/button.tsx';
import { ChoiceGroup } from '../../../components/choice-group.tsx';
import { useLocalizedPath } from '../../../components/layouts/paths.ts';
import { useDocumentTitle } from '../../../components/layouts/use-document-title.ts';
import { LocationField } from '../../../components/location-field.tsx';
import { NameAgeFields } from '../../../components/name-age-fields.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { usePhotoEdits } from '../hooks/use-photo-edits.ts';
import { useLocationGeocode } from '../hooks/use-place-search.ts';
import { useCurrentUser, useUpdateProfile } from '../hooks/use-profile.ts';
import { useProfileTranslation } from '../i18n.ts';
import {
  buildProfileFormData,
  GENDER_OPTIONS,
  HAS_CHILDREN_OPTIONS,
  isProfileField,
  MARITAL_STATUS_OPTIONS,
  missingEssentials,
  type ProfileFormValues,
  SKIN_TONE_OPTIONS,
  valuesOf,
} from '../utils/profile-form.ts';
import { profileMessage, updateFailureReason } from '../utils/server-message.ts';
import { IncompleteNote } from './incomplete-note.tsx';
import { PhotoEditor } from './photo-editor.tsx';

/** The server's words (users.service.ts) when no photo would remain. */
const PHOTO_REQUIRED_MESSAGE = 'Please add at least one photo.';

const resolver = zodResolver(editProfileFieldsSchema) as unknown as Resolver<
  ProfileFormValues,
  unknown,
  EditProfileFields
>;

/**
 * /mon-profil (spec sections 2 to 5): the member's profile as a form, with their photos. Saved
 * as one multipart PUT; on success the spec's message, then /suggestions after 1.5 s.
 * `onSaved` lets the app refresh what depends on the profile (suggestions).
 */
export function EditProfilePage({ onSaved }: { onSaved?: () => void }) {
  const { t } = useProfileTranslation();
  useDocumentTitle(t('title'));
  const me = useCurrentUser();
  return (
    <main className="flex-1">
      <div className="mx-auto w-full max-w-5xl px-4 pb-12 pt-6 md:pt-10">
        <header>
          <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-[0.12em] text-teal-700">
            <UserRoundPen aria-hidden="true" className="size-4" />
            {t('eyebrow')}
          </p>
          <h1 className="mt-2 font-display text-3xl font-semibold leading-tight text-teal-900 md:text-4xl">
            {t('title')}
          </h1>
          <p className="mt-2 max-w-[60ch] leading-relaxed text-ink-muted">{t('lead')}</p>
        </header>
        {me.data ? (
          <EditProfileForm user={me.data} onSaved={onSaved} />
        ) : me.isError ? (
          <div className="mt-8 flex flex-col items-center gap-3 rounded-card border border-sand-200 bg-white px-6 py-10 text-center shadow-card">
            <p role="alert" className="font-medium text-ink">
              {t('loadError')}
            </p>
            <button
              type="button"
              onClick={() => void me.refetch()}
              className="inline-flex min-h-11 items-center gap-1.5 rounded-full px-4 font-semibold text-teal-800 transition-colors hover:bg-teal-50"
            >
              <RotateCcw aria-hidden="true" className="size-4" />
              {t('retry')}
            </button>
          </div>
        ) : (
          <FormSkeleton />
        )}
      </div>
    </main>
  );
}

function FormSkeleton() {
  const { t } = useProfileTranslation();
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
      <p role="status" className="sr-only">
        {t('loading')}
      </p>
      <div
        aria-hidden="true"
        className="rounded-card border border-sand-200 bg-white p-5 shadow-card"
      >
        <div className="h-6 w-24 animate-pulse rounded bg-sand-200" />
        <div className="mt-4 grid grid-cols-3 gap-3">
          {[0, 1, 2].map((tile) => (
            <div key={tile} className="aspect-[4/5] animate-pulse rounded-xl bg-sand-100" />
          ))}
        </div>
      </div>
      <div
        aria-hidden="true"
        className="space-y-4 rounded-card border border-sand-200 bg-white p-5 shadow-card"
      >
        <div className="h-6 w-32 animate-pulse rounded bg-sand-200" />
        <div className="h-11 w-full animate-pulse rounded-xl bg-sand-100" />
        <div className="h-11 w-1/3 animate-pulse rounded-xl bg-sand-100" />
        <div className="h-11 w-full animate-pulse rounded-xl bg-sand-100" />
      </div>
    </div>
  );
}

function Section({
  title,
  children,
  className = '',
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={`rounded-card border border-sand-200 bg-white p-5 shadow-card sm:p-6 ${className}`}
    >
      <h2 id={id} className="mb-4 font-display text-xl font-semibold text-teal-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

type Outcome = { kind: 'success' } | { kind: 'failure'; reason: string } | null;

function EditProfileForm({
  user,
  onSaved,
}: {
  user: CurrentUser;
  onSaved?: (() => void) | undefined;
}) {
  const { t, i18n } = useProfileTranslation();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const form = useForm<ProfileFormValues, unknown, EditProfileFields>({
    resolver,
    mode: 'onTouched',
    defaultValues: valuesOf(user),
  });
  const { register, formState } = form;
  const errors = formState.errors;
  const photos = usePhotoEdits(user.photos);
  const photoInput = useRef<HTMLInputElement>(null);
  const [photoError, setPhotoError] = useState<string>();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const update = useUpdateProfile();
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirect.current), []);

  const language = i18n.resolvedLanguage === 'fr' ? 'fr' : 'en';
  const location = useWatch({ control: form.control, name: 'location' }) ?? '';
  const gender = useWatch({ control: form.control, name: 'gender' }) || undefined;
  const bio = useWatch({ control: form.control, name: 'bio' }) ?? '';
  const geocode = useLocationGeocode({ location, saved: user.location ?? '', language });
  const lookup = geocode.status;
  const locationHint =
    lookup.kind === 'unchanged' || lookup.kind === 'typing' ? 'hint' : lookup.kind;

  const noPhoto = photos.total === 0;
  useEffect(() => {
    if (!noPhoto) setPhotoError(undefined);
  }, [noPhoto]);

  const fieldMessage = (message: unknown) =>
    typeof message === 'string' && message !== '' ? profileMessage(t, message) : undefined;

  const refusePhotoless = () => {
    setPhotoError(profileMessage(t, PHOTO_REQUIRED_MESSAGE));
  };

  /** Field errors the server named go beside their fields. */
  const showServerErrors = (error: unknown) => {
    if (!(error instanceof ApiError)) return;
    for (const issue of error.body?.errors ?? []) {
      if (issue.path === 'profilePicture' || issue.path === 'imagesToRemove') {
        setPhotoError(profileMessage(t, issue.message));
      } else if (isProfileField(issue.path)) {
        form.setError(issue.path, {
          type: 'server',
          message: issue.message,
        });
      }
    }
  };

  const save = async () => {
    if (noPhoto) {
      refusePhotoless();
      photoInput.current?.focus();
      return;
    }
    setOutcome(null);
    const body = buildProfileFormData({
      values: form.getValues(),
      coordinates: geocode.coordinates,
      imagesToRemove: photos.imagesToRemove,
      newPhotos: photos.added.map((photo) => photo.file),
    });
    try {
      const updated = await update.mutateAsync(body);
      photos.reset();
      form.reset(valuesOf(updated));
      setOutcome({ kind: 'success' });
      onSaved?.();
      redirect.current = setTimeout(
        () => void navigate(localized('/suggestions')),
        EDIT_PROFILE_REDIRECT_MS,
      );
    } catch (error) {
      showServerErrors(error);
      setOutcome({ kind: 'failure', reason: updateFailureReason(t, error) });
    }
  };

  const onSubmit = form.handleSubmit(save, () => {
    setOutcome(null);
    if (noPhoto) refusePhotoless();
  });

  const missing = user.profileComplete ? [] : missingEssentials(user);
  const saved = outcome?.kind === 'success';

  return (
    <>
      {user.profileComplete ? null : <IncompleteNote missing={missing} />}
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]"
      >
        <Section title={t('sections.photos')} className="lg:sticky lg:top-24">
          <PhotoEditor
            kept={photos.kept}
            added={photos.added}
            rejected={photos.rejected}
            slotsLeft={photos.slotsLeft}
            removedCount={photos.imagesToRemove.length}
            error={photoError}
            inputRef={photoInput}
            onAdd={photos.add}
            onRemoveCurrent={photos.removeCurrent}
            onRemoveNew={photos.removeNew}
            onRestore={photos.restoreRemoved}
          />
        </Section>

        <div className="flex min-w-0 flex-col gap-6">
          <Section title={t('sections.about')}>
            <div className="flex flex-col gap-5">
              <NameAgeFields
                labels={{ name: t('fields.name'), age: t('fields.age') }}
                errors={{
                  name: fieldMessage(errors.name?.message),
                  age: fieldMessage(errors.age?.message),
                }}
                register={register}
              />
              <ChoiceGroup
                legend={t('fields.gender')}
                required
                choices={GENDER_OPTIONS.map((value) => ({
                  value,
                  label: t(`values.gender.${value}`),
                }))}
                registration={register('gender')}
                error={fieldMessage(errors.gender?.message)}
              />
              <ChoiceGroup
                legend={t('fields.maritalStatus')}
                required
                columns="stacked-3"
                choices={MARITAL_STATUS_OPTIONS.map((value) => ({
                  value,
                  label: t(`values.maritalStatus.${value}`, { context: gender }),
                }))}
                registration={register('maritalStatus')}
                error={fieldMessage(errors.maritalStatus?.message)}
              />
              <ChoiceGroup
                legend={t('fields.hasChildren')}
                columns="stacked-3"
                choices={HAS_CHILDREN_OPTIONS.map((value) => ({
                  value,
                  label: t(`values.hasChildren.${value}`),
                }))}
                registration={register('hasChildren')}
                error={fieldMessage(errors.hasChildren?.message)}
              />
              <ChoiceGroup
                legend={t('fields.skinTone')}
                columns={4}
                choices={[
                  { value: '', label: t('values.skinTone.none') },
                  ...SKIN_TONE_OPTIONS.map((value) => ({
                    value,
                    label: t(`values.skinTone.${value}`),
                  })),
                ]}
                registration={register('skinTone')}
                error={fieldMessage(errors.skinTone?.message)}
              />
            </div>
          </Section>

          <Section title={t('sections.place')}>
            <LocationField
              label={t('fields.location')}
              placeholder={t('location.placeholder')}
              hint={t(`location.${locationHint}`, {
                place: lookup.kind === 'found' ? lookup.place : undefined,
              })}
              busy={lookup.kind === 'searching'}
              icon={lookup.kind === 'found' ? MapPinCheck : MapPin}
              error={fieldMessage(errors.location?.message)}
              registration={register('location')}
            />
          </Section>

          <Section title={t('sections.bio')}>
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
              error={fieldMessage(errors.bio?.message)}
              registration={register('bio')}
            />
          </Section>

          <div className="flex flex-col gap-4">
            {outcome?.kind === 'success' ? (
              <Alert tone="success">
                <p>{t('success.title')}</p>
                <p className="mt-0.5 font-normal">{t('success.redirect')}</p>
              </Alert>
            ) : null}
            {outcome?.kind === 'failure' ? (
              <Alert tone="error">
                <p>{t('failure.title')}</p>
                <p className="mt-0.5 font-normal">{outcome.reason}</p>
              </Alert>
            ) : null}
            <div className="flex justify-end">
              <Button
                type="submit"
                busy={update.isPending}
                disabled={saved}
                className="w-full sm:w-auto sm:min-w-56"
              >
                {update.isPending ? t('submit.saving') : t('submit.save')}
              </Button>
            </div>
          </div>
        </div>
      </form>
    </>
  );
}
