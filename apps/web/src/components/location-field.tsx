import { Loader2, LocateFixed, MapPin, MapPinCheck, PenLine } from 'lucide-react';
import { useRef } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { PlaceStatus } from '@/hooks/use-place-lookup.ts';
import { cn } from '@/lib/cn.ts';
import { TextField } from './text-field.tsx';

/** What the hint says: the lookup's state, or the plain hint while there is nothing to say. */
export type PlaceHint = Exclude<PlaceStatus['kind'], 'saved' | 'typing'> | 'hint';

const actionClass =
  'inline-flex min-h-11 items-center gap-1.5 rounded-full px-2 text-sm font-semibold text-teal-800 underline-offset-4 hover:bg-teal-50 hover:underline disabled:opacity-60';

/**
 * The member's town, typed and looked up on the map as they type (`usePlaceLookup`): the hint
 * says how the lookup went (read out as it changes), and a spinner takes the icon's place while
 * it runs. `locate` offers the device's position instead; the town it fills is read-only
 * (docs/spec.md §4), and `retype` takes its place: it empties the field and puts the cursor in
 * it, to type another town.
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
  locate?: { label: string; onLocate: () => void } | undefined;
  retype: { label: string; onRetype: () => void };
}) {
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
  const hintKey = kind === 'saved' || kind === 'typing' ? 'hint' : kind;
  return (
    <div className="flex flex-col items-start gap-1">
      <TextField
        label={label}
        autoComplete="address-level2"
        required
        placeholder={placeholder}
        error={error}
        hint={
          <span aria-live="polite">
            {hint(hintKey, 'place' in status ? status.place : undefined)}
          </span>
        }
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
            retype.onRetype();
            input.current?.focus();
          }}
          className={actionClass}
        >
          <PenLine aria-hidden="true" className="size-4" />
          {retype.label}
        </button>
      ) : locate ? (
        <button type="button" onClick={locate.onLocate} disabled={busy} className={actionClass}>
          <LocateFixed aria-hidden="true" className="size-4" />
          {locate.label}
        </button>
      ) : null}
    </div>
  );
}
