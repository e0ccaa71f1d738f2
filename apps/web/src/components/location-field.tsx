import { Loader2, LocateFixed, MapPin, MapPinCheck, PenLine } from 'lucide-react';
import { useRef } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { PlaceStatus } from '@/hooks/use-place-lookup.ts';
import { useCommonTranslation } from '@/i18n/feature-texts.ts';
import { PROFILE_FORM_TEXTS } from '@/i18n/profile-form-texts.ts';
import { cn } from '@/lib/cn.ts';
import { TextField } from './text-field.tsx';

/**
 * What the form's hint says: the lookup's state, or the plain hint while there is nothing to say.
 * The device's position (looking for it, found) is said in the same words by every form.
 */
type PlaceHint =
  | Exclude<PlaceStatus['kind'], 'saved' | 'typing' | 'locating' | 'detected'>
  | 'hint';

const actionClass =
  'inline-flex min-h-11 items-center gap-1.5 rounded-full px-2 text-sm font-semibold text-teal-800 underline-offset-4 hover:bg-teal-50 hover:underline disabled:opacity-60';

/**
 * The member's town, typed and looked up on the map as they type (`usePlaceLookup`): the hint
 * says how the lookup went (read out as it changes), and a spinner takes the icon's place while
 * it runs. `locate` offers the device's position instead; the town it fills is read-only
 * (docs/spec.md §4), and `retype` takes its place: it empties the field and puts the cursor in
 * it, to type another town. Those words are the same in every form (the common namespace).
 */
export function LocationField({
  label,
  placeholder,
  status,
  hint,
  error,
  registration,
  locate,
  retype,
}: {
  label: string;
  placeholder: string;
  status: PlaceStatus;
  /** The hint's words; `place` is the town found, when there is one. */
  hint: (key: PlaceHint, place: string | undefined) => string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
  locate?: (() => void) | undefined;
  retype: () => void;
}) {
  const { t } = useCommonTranslation(PROFILE_FORM_TEXTS);
  const input = useRef<HTMLInputElement | null>(null);
  const { kind } = status;
  const detected = kind === 'detected';
  const busy = kind === 'locating' || kind === 'searching';
  const Shown = busy
    ? Loader2
    : kind === 'detected'
      ? LocateFixed
      : kind === 'found'
        ? MapPinCheck
        : MapPin;
  const hintText =
    status.kind === 'locating'
      ? t('profileForm.place.locating')
      : status.kind === 'detected'
        ? t('profileForm.place.detected', { place: status.place })
        : hint(
            status.kind === 'saved' || status.kind === 'typing' ? 'hint' : status.kind,
            status.kind === 'found' ? status.place : undefined,
          );
  return (
    <div className="flex flex-col items-start gap-1">
      <TextField
        label={label}
        autoComplete="address-level2"
        required
        placeholder={placeholder}
        error={error}
        hint={<span aria-live="polite">{hintText}</span>}
        trailing={
          <span className="inline-flex size-11 items-center justify-center text-teal-700">
            <Shown aria-hidden="true" className={cn('size-5', busy && 'animate-spin')} />
          </span>
        }
        className="w-full"
        readOnly={detected}
        {...registration}
        ref={(element) => {
          input.current = element;
          registration.ref(element);
        }}
      />
      {detected ? (
        <button
          type="button"
          onClick={() => {
            retype();
            input.current?.focus();
          }}
          className={actionClass}
        >
          <PenLine aria-hidden="true" className="size-4" />
          {t('profileForm.place.retype')}
        </button>
      ) : locate ? (
        <button type="button" onClick={locate} disabled={busy} className={actionClass}>
          <LocateFixed aria-hidden="true" className="size-4" />
          {t('profileForm.place.locate')}
        </button>
      ) : null}
    </div>
  );
}
