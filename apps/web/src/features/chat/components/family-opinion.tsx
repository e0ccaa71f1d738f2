import type { FamilyOpinion } from '@mawadda/contract';
import { Users } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { useFailureText } from '@/hooks/use-failure-text.ts';
import { useFamilyOpinions } from '../hooks/use-chat.ts';
import { useChatTranslation } from '../i18n.ts';

/**
 * The family's opinion on a match (ADR 078), under the conversation's header and for the member
 * alone: her guardians' answers, and sending the match's profile to one of them. The button says
 * so when the match prefers not to be shown to families, or she has no guardian yet.
 */
export function FamilyOpinionPanel({
  me,
  other,
  name,
}: {
  me: string;
  other: string;
  name: string;
}) {
  const { t } = useChatTranslation();
  const failureText = useFailureText();
  const { query, ask, revoke } = useFamilyOpinions(me, other);
  const selectId = useId();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const data = query.data;
  if (!data) return null;
  const guardianId = chosen ?? data.guardians[0]?.id;

  const line = (opinion: FamilyOpinion) => {
    const who = {
      guardian: opinion.guardianName,
      relation: t(`guardian.relation.${opinion.relation}`),
    };
    return opinion.answer
      ? t('familyOpinion.answered', { ...who, answer: t(`familyOpinion.answer.${opinion.answer}`) })
      : t('familyOpinion.waiting', who);
  };
  const shownOpinions = data.opinions.filter((o) => !o.revoked);

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (guardianId) ask.mutate(guardianId, { onSuccess: () => setOpen(false) });
  };

  return (
    <section
      aria-label={t('familyOpinion.title')}
      className="flex flex-col gap-2 border-b border-sand-200 bg-white px-4 py-2 text-sm"
      data-testid="family-opinion"
    >
      {shownOpinions.length > 0 ? (
        <ul className="flex flex-col gap-1">
          {shownOpinions.map((opinion) => (
            <li key={opinion.id} className="flex flex-col text-ink">
              <span className="flex items-start gap-2 font-medium">
                <Users aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {line(opinion)}
              </span>
              {opinion.note ? <q className="ps-6 text-ink-muted">{opinion.note}</q> : null}
              {opinion.answer ? null : (
                <Button
                  type="button"
                  variant="ghost"
                  size="small"
                  className="self-start"
                  busy={revoke.isPending && revoke.variables === opinion.id}
                  onClick={() => revoke.mutate(opinion.id)}
                >
                  {t('familyOpinion.revoke', { guardian: opinion.guardianName })}
                </Button>
              )}
            </li>
          ))}
          <li className="ps-6 text-xs text-ink-muted">{t('familyOpinion.private')}</li>
        </ul>
      ) : null}
      {!data.shown ? (
        <p className="text-ink-muted">{t('familyOpinion.notShown', { name })}</p>
      ) : data.guardians.length === 0 ? (
        <p className="text-ink-muted">{t('familyOpinion.noGuardian')}</p>
      ) : open ? (
        <form onSubmit={send} className="flex flex-col gap-2">
          <p className="text-ink-muted">{t('familyOpinion.explain', { name })}</p>
          <label htmlFor={selectId} className="font-medium text-ink">
            {t('familyOpinion.guardian')}
          </label>
          <select
            id={selectId}
            value={guardianId}
            onChange={(e) => setChosen(e.target.value)}
            className="w-full min-h-11 rounded-xl border border-sand-300 bg-white px-4 py-2.5 text-base text-ink"
          >
            {data.guardians.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name} ({t(`guardian.relation.${g.relation}`)})
              </option>
            ))}
          </select>
          {ask.isError ? (
            <Alert tone="error">{failureText(ask.error, t('familyOpinion.failed'))}</Alert>
          ) : null}
          <Button type="submit" disabled={ask.isPending}>
            {t('familyOpinion.send', { name })}
          </Button>
        </form>
      ) : (
        <Button type="button" variant="secondary" onClick={() => setOpen(true)}>
          {t('familyOpinion.ask')}
        </Button>
      )}
      {ask.isSuccess && !open ? (
        <p role="status" className="text-teal-900">
          {t('familyOpinion.sent', { name })}
        </p>
      ) : null}
    </section>
  );
}
