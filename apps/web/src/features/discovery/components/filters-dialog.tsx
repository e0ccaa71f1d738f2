import type { Preferences } from '@mawadda/contract';
import { MAX_AGE, MIN_AGE, MODAL_TRANSITION_MS } from '@mawadda/contract/constants';
import { ChevronDown, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type CSSProperties, type FormEvent, useId, useState } from 'react';
import { Alert } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { TextField } from '@/components/text-field.tsx';
import { ApiError, NetworkError } from '@/lib/api-client.ts';
import { translateError } from '@/lib/translate-error.ts';
import { useSavePreferences } from '../api/queries.ts';
import { useReturnFocus } from '../hooks/use-return-focus.ts';
import { useDiscoveryTranslation } from '../i18n.ts';
import {
  DISTANCE_CHOICES,
  draftOf,
  type FilterDraft,
  type FilterError,
  parseFilters,
} from '../utils/filters.ts';

const transition = { '--discovery-modal-ms': `${MODAL_TRANSITION_MS}ms` } as CSSProperties;

/**
 * The discovery filters (beyond the spec): an age range from 18 and a maximum distance, saved
 * with PUT /api/users/preferences; the suggestions then start again from the first page. A bottom
 * sheet on phones, a panel in the middle on wider screens.
 */
export function FiltersDialog({
  open,
  onOpenChange,
  preferences,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  preferences: Preferences | undefined;
}) {
  const returnFocus = useReturnFocus();
  const { t } = useDiscoveryTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay
          style={transition}
          className="discovery-fade fixed inset-0 z-50 bg-teal-900/50 backdrop-blur-[2px]"
        />
        <Dialog.Content
          {...returnFocus}
          style={transition}
          className="discovery-sheet fixed inset-x-0 bottom-0 z-50 max-h-[92dvh] overflow-y-auto rounded-t-[1.75rem] bg-white px-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] pt-6 shadow-2xl outline-none md:inset-0 md:m-auto md:h-fit md:w-[28rem] md:rounded-card md:p-7"
        >
          <Dialog.Title className="pr-12 font-display text-2xl font-semibold text-teal-900">
            {t('filters.title')}
          </Dialog.Title>
          <Dialog.Description className="mt-1.5 text-sm leading-relaxed text-ink-muted">
            {t('filters.description')}
          </Dialog.Description>
          <Dialog.Close
            aria-label={t('filters.close')}
            className="absolute right-3 top-3 flex size-11 items-center justify-center rounded-full text-ink-muted transition-colors hover:bg-sand-100 hover:text-ink md:right-4 md:top-4"
          >
            <X aria-hidden="true" className="size-5" />
          </Dialog.Close>
          <FiltersForm initial={preferences} onSaved={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function FiltersForm({
  initial,
  onSaved,
}: {
  initial: Preferences | undefined;
  onSaved: () => void;
}) {
  const { t } = useDiscoveryTranslation();
  const distanceId = useId();
  const [draft, setDraft] = useState<FilterDraft>(() => draftOf(initial));
  const [invalid, setInvalid] = useState<{ field: keyof FilterDraft; error: FilterError } | null>(
    null,
  );
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSavePreferences();

  const message = (error: FilterError) => t(`filters.errors.${error.key}`, error.values ?? {});
  const fieldError = (field: keyof FilterDraft) =>
    invalid?.field === field ? message(invalid.error) : undefined;

  function submit(preferences: Preferences) {
    setFailure(null);
    save.mutate(preferences, {
      onSuccess: onSaved,
      onError: (error) => {
        if (error instanceof NetworkError) return setFailure(t('filters.errors.network'));
        const known = error instanceof ApiError ? translateError(t, error.body) : undefined;
        setFailure(known ?? t('filters.errors.failed'));
      },
    });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseFilters(draft);
    if (!parsed.ok) {
      setInvalid({ field: parsed.field, error: parsed.error });
      return;
    }
    setInvalid(null);
    submit(parsed.preferences);
  }

  function clear() {
    setDraft({ minAge: '', maxAge: '', maxDistanceKm: '' });
    setInvalid(null);
    submit({ minAge: null, maxAge: null, maxDistanceKm: null });
  }

  const update = (field: keyof FilterDraft) => (value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    if (invalid?.field === field) setInvalid(null);
  };

  return (
    <form noValidate onSubmit={onSubmit} className="mt-6 flex flex-col gap-6">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 font-semibold text-ink">{t('filters.ageRange')}</legend>
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label={t('filters.minAge')}
            type="number"
            inputMode="numeric"
            min={MIN_AGE}
            max={MAX_AGE}
            step={1}
            placeholder={String(MIN_AGE)}
            value={draft.minAge}
            onChange={(event) => update('minAge')(event.target.value)}
            error={fieldError('minAge')}
          />
          <TextField
            label={t('filters.maxAge')}
            type="number"
            inputMode="numeric"
            min={MIN_AGE}
            max={MAX_AGE}
            step={1}
            placeholder="—"
            value={draft.maxAge}
            onChange={(event) => update('maxAge')(event.target.value)}
            error={fieldError('maxAge')}
          />
        </div>
      </fieldset>

      <div className="flex flex-col gap-1.5">
        <label htmlFor={distanceId} className="font-semibold text-ink">
          {t('filters.maxDistance')}
        </label>
        <div className="relative">
          <select
            id={distanceId}
            value={draft.maxDistanceKm}
            onChange={(event) => update('maxDistanceKm')(event.target.value)}
            aria-invalid={invalid?.field === 'maxDistanceKm' ? true : undefined}
            className="min-h-11 w-full appearance-none rounded-xl border border-sand-300 bg-white py-2.5 pl-4 pr-10 text-base text-ink focus:border-teal-600"
          >
            <option value="">{t('filters.anyDistance')}</option>
            {/* A distance saved elsewhere that the list does not offer stays choosable. */}
            {draft.maxDistanceKm !== '' &&
            !DISTANCE_CHOICES.some((km) => String(km) === draft.maxDistanceKm) ? (
              <option value={draft.maxDistanceKm}>
                {t('filters.distanceOption', { count: Number(draft.maxDistanceKm) })}
              </option>
            ) : null}
            {DISTANCE_CHOICES.map((km) => (
              <option key={km} value={String(km)}>
                {t('filters.distanceOption', { count: km })}
              </option>
            ))}
          </select>
          <ChevronDown
            aria-hidden="true"
            className="pointer-events-none absolute right-3 top-1/2 size-5 -translate-y-1/2 text-ink-muted"
          />
        </div>
        {invalid?.field === 'maxDistanceKm' ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {message(invalid.error)}
          </p>
        ) : null}
      </div>

      {failure ? <Alert tone="error">{failure}</Alert> : null}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="ghost" onClick={clear} disabled={save.isPending}>
          {t('filters.clear')}
        </Button>
        <Button type="submit" busy={save.isPending}>
          {t('filters.save')}
        </Button>
      </div>
    </form>
  );
}
