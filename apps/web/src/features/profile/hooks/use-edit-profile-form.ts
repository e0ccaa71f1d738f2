import { zodResolver } from '@hookform/resolvers/zod';
import {
  type CurrentUser,
  type EditProfileFields,
  editProfileFieldsSchema,
} from '@mawadda/contract';
import { EDIT_PROFILE_REDIRECT_MS } from '@mawadda/contract/constants';
import { E } from '@mawadda/contract/error-codes';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useLocalizedPath } from '@/components/layouts/paths.ts';
import { useFormSubmission } from '@/hooks/use-form-submission.ts';
import { usePlaceLookup } from '@/hooks/use-place-lookup.ts';
import { useProfileTranslation } from '../i18n.ts';
import {
  buildProfileFormData,
  fieldOf,
  type ProfileFormValues,
  valuesOf,
} from '../utils/profile-form.ts';
import { usePhotoEdits } from './use-photo-edits.ts';
import { useUpdateProfile } from './use-profile.ts';

const resolver = zodResolver(editProfileFieldsSchema) as unknown as Resolver<
  ProfileFormValues,
  unknown,
  EditProfileFields
>;

/**
 * The profile editor's state and its one save (docs/spec.md §3 to 5): the fields checked with the
 * contract's schema, the photos and their order, the place as the lookup found it, then one
 * multipart PUT through the shared submission (refusals at their fields, the rest for the
 * alert). On success the spec's message, then /suggestions after 1.5 s.
 */
export function useEditProfileForm({ user }: { user: CurrentUser }) {
  const { i18n } = useProfileTranslation();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const form = useForm<ProfileFormValues, unknown, EditProfileFields>({
    resolver,
    mode: 'onTouched',
    defaultValues: valuesOf(user),
  });
  const photos = usePhotoEdits(user.photos);
  const photoInput = useRef<HTMLInputElement>(null);
  const update = useUpdateProfile();
  const submission = useFormSubmission({ form, fieldOf });
  const [saved, setSaved] = useState(false);
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirect.current), []);

  const location = usePlaceLookup({
    text: useWatch({ control: form.control, name: 'location' }) ?? '',
    saved: user.location ?? '',
    language: i18n.resolvedLanguage === 'fr' ? 'fr' : 'en',
    onDetected: (place) =>
      form.setValue('location', place.location, { shouldDirty: true, shouldValidate: true }),
    clear: () => form.setValue('location', '', { shouldDirty: true }),
  });

  const noPhoto = photos.total === 0;
  const { clearErrors } = form;
  useEffect(() => {
    if (!noPhoto) clearErrors('root.photos');
  }, [noPhoto, clearErrors]);

  /** What the browser can already refuse, at its field: no photo left, a place not found. */
  const refuseBeforeSending = () => {
    if (noPhoto) submission.refuse('root.photos', E.PHOTO_REQUIRED);
    const unknownPlace = location.status.kind === 'notFound';
    if (unknownPlace) submission.refuse('location', E.LOCATION_UNKNOWN);
    return noPhoto || unknownPlace;
  };

  const focusField = (name: string) => {
    if (name === 'root.photos') photoInput.current?.focus();
    else form.setFocus(name as keyof ProfileFormValues);
  };

  const save = async () => {
    if (refuseBeforeSending()) {
      focusField(location.status.kind === 'notFound' ? 'location' : 'root.photos');
      return;
    }
    const body = buildProfileFormData({
      values: form.getValues(),
      place: location.place,
      imagesToRemove: photos.imagesToRemove,
      newFiles: photos.newFiles,
      photoOrder: photos.photoOrder,
    });
    const result = await submission.run(() => update.mutateAsync(body));
    if (!result.ok) {
      const [first] = result.fields;
      if (first) focusField(first);
      return;
    }
    photos.reset();
    form.reset(valuesOf(result.value));
    setSaved(true);
    redirect.current = setTimeout(
      () => void navigate(localized('/suggestions')),
      EDIT_PROFILE_REDIRECT_MS,
    );
  };

  const submit = form.handleSubmit(save, () => {
    submission.dismiss();
    // Checked with the rest, so every refusal shows at once.
    refuseBeforeSending();
  });

  return {
    form,
    photos,
    photoInput,
    location,
    fieldMessage: submission.fieldMessage,
    failure: submission.failure,
    saved,
    pending: update.isPending,
    onSubmit: (event: FormEvent<HTMLFormElement>) => void submit(event),
  };
}
