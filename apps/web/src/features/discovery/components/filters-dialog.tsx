import type {
  AudienceEstimate,
  DealbreakerField,
  Preferences,
  PreferencesInput,
} from '@mawadda/contract';
import { MAX_AGE, MIN_AGE, MODAL_TRANSITION_MS } from '@mawadda/contract/constants';
import * as Dialog from '@radix-ui/react-dialog';
import { ChevronDown, X } from 'lucide-react';
import { type CSSProperties, type FormEvent, lazy, Suspense, useId, useState } from 'react';
import { Alert } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { Checkbox } from '@/components/checkbox.tsx';
import { LoadingStatus } from '@/components/loading-status.tsx';
import { TextField } from '@/components/text-field.tsx';
import { ApiError, NetworkError } from '@/lib/api-client.ts';
import { useSession } from '@/lib/session.ts';
import { translateError } from '@/lib/translate-error.ts';
import { useOwnGender, useSavePreferences } from '../api/queries.ts';
import { useAudienceEstimate } from '../hooks/use-audience-estimate.ts';
import { useReturnFocus } from '../hooks/use-return-focus.ts';
import { useDiscoveryTranslation } from '../i18n.ts';
import {
  DISTANCE_CHOICES,
  draftOf,
  EMPTY_DRAFT,
  type FilterDraft,
  type FilterError,
  type FilterField,
  parseFilters,
} from '../utils/filters.ts';

// Seventeen fields, their value sets and the country names: loaded when the filters open.
const DealbreakersSection = lazy(() =>
  import('./dealbreakers-section.tsx').then((module) => ({ default: module.DealbreakersSection })),
);

const transition = { '--discovery-modal-ms': `${MODAL_TRANSITION_MS}ms` } as CSSProperties;

/**
 * The discovery filters (beyond the spec): an age range from 18, a maximum distance and the
 * dealbreakers (ADR 041), saved with PUT /api/users/preferences; the suggestions then start
 * again from the first page. While they are open, the unsaved filters' audience is estimated
 * (both ways). A bottom sheet on phones, a panel in the middle on wider screens.
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
  const memberId = useSession()?.user?.id;
  const gender = useOwnGender(memberId, open);
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
          <FiltersForm
            initial={preferences}
            gender={
              gender.isPending && gender.fetchStatus !== 'idle' ? undefined : (gender.data ?? null)
            }
            onSaved={() => onOpenChange(false)}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function FiltersForm({
  initial,
  gender,
  onSaved,
}: {
  initial: Preferences | undefined;
  /** Undefined while the member's own profile loads. */
  gender: 'homme' | 'femme' | null | undefined;
  onSaved: () => void;
}) {
  const { t } = useDiscoveryTranslation();
  const distanceId = useId();
  const [draft, setDraft] = useState<FilterDraft>(() => draftOf(initial));
  const [invalid, setInvalid] = useState<{ field: FilterField; error: FilterError } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSavePreferences();
  const parsed = parseFilters(draft);
  const audience = useAudienceEstimate(parsed.ok ? parsed.preferences : null);

  const message = (error: FilterError) => t(`filters.errors.${error.key}`, error.values ?? {});
  const fieldError = (field: FilterField) =>
    invalid?.field === field ? message(invalid.error) : undefined;

  function submit(preferences: PreferencesInput) {
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
    if (!parsed.ok) {
      setInvalid({ field: parsed.field, error: parsed.error });
      return;
    }
    setInvalid(null);
    submit(parsed.preferences);
  }

  function clear() {
    setDraft(EMPTY_DRAFT);
    setInvalid(null);
    submit({
      minAge: null,
      maxAge: null,
      maxDistanceKm: null,
      dealbreakers: {},
      verifiedOnly: false,
    });
  }

  const update = (field: FilterField) => (value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    if (invalid?.field === field) setInvalid(null);
  };

  const updateDealbreaker = (field: DealbreakerField, values: string[]) =>
    setDraft((current) => ({
      ...current,
      // Saved ones not known yet (the filters opened before they loaded): the member's choice
      // now stands for them all, as every field the form shows does.
      dealbreakers: { ...(current.dealbreakers ?? {}), [field]: values },
    }));

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

      <Checkbox
        label={t('filters.verifiedOnly')}
        hint={t('filters.verifiedOnlyHint')}
        checked={draft.verifiedOnly ?? false}
        onChange={(event) => {
          const verifiedOnly = event.target.checked;
          setDraft((current) => ({ ...current, verifiedOnly }));
        }}
      />

      {gender === undefined ? (
        <SectionLoading />
      ) : (
        <Suspense fallback={<SectionLoading />}>
          <DealbreakersSection
            dealbreakers={draft.dealbreakers ?? {}}
            gender={gender}
            onChange={updateDealbreaker}
          />
        </Suspense>
      )}

      <EstimateNote estimate={audience.estimate} pending={audience.pending} />

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

function SectionLoading() {
  const { t } = useDiscoveryTranslation();
  return <LoadingStatus text={t('dealbreakers.loading')} />;
}

/**
 * The estimate of the unsaved filters, read out politely once it settles: `aria-busy` holds the
 * announcement while a newer figure is on its way, and meanwhile the note says it is counting,
 * never an older draft's figure (its "no member" would read as this draft's answer).
 */
function EstimateNote({
  estimate,
  pending,
}: {
  estimate: AudienceEstimate | null;
  pending: boolean;
}) {
  const { t } = useDiscoveryTranslation();
  const text = pending
    ? t('estimate.counting')
    : estimate === null
      ? ''
      : estimate.about === 0
        ? t('estimate.none')
        : t(estimate.exact ? 'estimate.exact' : 'estimate.about', { count: estimate.about });
  return (
    <p
      role="status"
      aria-live="polite"
      aria-busy={pending}
      className="-mb-2 flex min-h-6 items-center gap-2 text-sm font-medium text-teal-900"
    >
      {pending ? (
        <span
          aria-hidden="true"
          className="size-3.5 shrink-0 animate-spin rounded-full border-2 border-teal-700/60 border-t-transparent"
        />
      ) : null}
      <span>{text}</span>
    </p>
  );
}
