import { STAY_SHOWN_DAYS_BEFORE, type Stay } from '@mawadda/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plane, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/button.tsx';
import { useFailureText } from '@/hooks/use-failure-text.ts';
import { discoveryKeys } from '@/lib/query-keys.ts';
import { createStay, deleteStay, fetchStays } from '../api/stays-api.ts';
import { useDiscoveryTranslation } from '../i18n.ts';
import { stayDates } from '../utils/stay-dates.ts';

const staysKey = [...discoveryKeys.suggestions(), 'stays'] as const;
const ONE_DAY = 86_400_000;

/** A stay she may browse from today: from two weeks before arrival (ADR 077). */
function shownToday(stay: Stay, now = Date.now()) {
  const from = Date.parse(`${stay.arrivesOn}T00:00:00Z`) - STAY_SHOWN_DAYS_BEFORE * ONE_DAY;
  return from <= now;
}

/**
 * Travel mode (ADR 077): announce a stay, delete one, and browse the suggestions near home or
 * near the town of a stay. `browsing` is the stay whose town the suggestions are around.
 */
export function TravelPanel({
  browsing,
  onBrowse,
}: {
  browsing: string | undefined;
  onBrowse: (stay: string | undefined) => void;
}) {
  const { t, i18n } = useDiscoveryTranslation();
  const failureText = useFailureText();
  const queryClient = useQueryClient();
  const id = useId();
  const stays = useQuery({ queryKey: staysKey, queryFn: ({ signal }) => fetchStays(signal) });
  const [form, setForm] = useState({ location: '', arrivesOn: '', departsOn: '' });
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: discoveryKeys.suggestions() });
  };
  const add = useMutation({
    mutationFn: createStay,
    onSuccess: async () => {
      setForm({ location: '', arrivesOn: '', departsOn: '' });
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: deleteStay,
    onSuccess: async (_answer, removed) => {
      if (browsing === removed) onBrowse(undefined);
      await refresh();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(form);
  };
  const list = stays.data ?? [];
  const browsable = list.filter((stay) => shownToday(stay));

  return (
    <section aria-labelledby={`${id}-title`} className="mt-4 rounded-card bg-white p-4 shadow-sm">
      <h2 id={`${id}-title`} className="flex items-center gap-2 font-semibold text-teal-900">
        <Plane aria-hidden="true" className="size-4" />
        {t('travel.title')}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">{t('travel.lead')}</p>

      {browsable.length > 0 ? (
        <fieldset className="mt-3 flex flex-wrap gap-3">
          <legend className="sr-only">{t('travel.browse')}</legend>
          <label className="flex items-center gap-1.5 text-sm">
            <input
              type="radio"
              name={`${id}-browse`}
              checked={browsing === undefined}
              onChange={() => onBrowse(undefined)}
            />
            {t('travel.nearMe')}
          </label>
          {browsable.map((stay) => (
            <label key={stay.id} className="flex items-center gap-1.5 text-sm">
              <input
                type="radio"
                name={`${id}-browse`}
                checked={browsing === stay.id}
                onChange={() => onBrowse(stay.id)}
              />
              {t('travel.inTown', { town: stay.town })}
            </label>
          ))}
        </fieldset>
      ) : null}

      {list.length > 0 ? (
        <ul className="mt-3 flex flex-col gap-2">
          {list.map((stay) => (
            <li key={stay.id} className="flex items-center justify-between gap-2 text-sm">
              <span>
                {t('card.stay', { town: stay.location, dates: stayDates(stay, i18n.language) })}
              </span>
              <Button
                variant="secondary"
                size="snug"
                onClick={() => remove.mutate(stay.id)}
                disabled={remove.isPending}
                aria-label={t('travel.delete', { town: stay.town })}
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}

      <form onSubmit={submit} className="mt-3 grid gap-2 sm:grid-cols-4">
        <label className="flex flex-col text-sm">
          {t('travel.town')}
          <input
            required
            value={form.location}
            onChange={(e) => setForm({ ...form, location: e.target.value })}
            className="rounded border px-2 py-1"
          />
        </label>
        <label className="flex flex-col text-sm">
          {t('travel.arrival')}
          <input
            type="date"
            required
            value={form.arrivesOn}
            onChange={(e) => setForm({ ...form, arrivesOn: e.target.value })}
            className="rounded border px-2 py-1"
          />
        </label>
        <label className="flex flex-col text-sm">
          {t('travel.departure')}
          <input
            type="date"
            required
            value={form.departsOn}
            onChange={(e) => setForm({ ...form, departsOn: e.target.value })}
            className="rounded border px-2 py-1"
          />
        </label>
        <Button type="submit" disabled={add.isPending} className="self-end">
          {t('travel.add')}
        </Button>
      </form>
      {add.isError || remove.isError ? (
        <p role="alert" className="mt-2 text-sm text-rose-700">
          {failureText(add.error ?? remove.error, t('travel.failed'))}
        </p>
      ) : null}
    </section>
  );
}
