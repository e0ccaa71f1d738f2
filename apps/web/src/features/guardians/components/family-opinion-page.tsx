import {
  FAMILY_OPINION_ANSWERS,
  FAMILY_OPINION_NOTE_MAX_LENGTH,
  type FamilyOpinionAnswer,
  type FamilyOpinionPage as OpinionPage,
} from '@mawadda/contract';
import { ShieldCheck } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { formatDate } from '@/lib/format.ts';
import { useFamilyOpinionPage } from '../hooks/use-guardians.ts';
import { useGuardiansTranslation } from '../i18n.ts';
import { OtherLanguage } from './guardian-page.tsx';

/** The match's profile as the member sees it: photos (blurred if hers are), age, place, bio. */
function Profile({ data }: { data: OpinionPage }) {
  const { t } = useGuardiansTranslation();
  const { profile } = data;
  return (
    <section
      aria-labelledby="opinion-profile"
      className="flex flex-col gap-3 rounded-2xl border border-sand-200 bg-white p-4"
    >
      <h2 id="opinion-profile" className="text-xl font-semibold text-ink">
        {[profile.name, profile.age].filter((part) => part !== null).join(', ')}
      </h2>
      {profile.location ? <p className="text-ink-muted">{profile.location}</p> : null}
      {profile.mediaUrls.length > 0 ? (
        <ul className="grid grid-cols-2 gap-2">
          {profile.mediaUrls.map((url, index) => (
            <li key={url}>
              <img
                src={url}
                alt={t('opinion.photo', { number: index + 1, name: profile.name })}
                className="aspect-square w-full rounded-xl object-cover"
                referrerPolicy="no-referrer"
              />
            </li>
          ))}
        </ul>
      ) : null}
      {profile.photosBlurred ? (
        <p className="text-sm text-ink-muted">{t('opinion.blurred', { name: profile.name })}</p>
      ) : null}
      {profile.bio ? (
        <div>
          <h3 className="font-semibold text-ink">{t('opinion.about', { name: profile.name })}</h3>
          <p className="whitespace-pre-line text-ink">{profile.bio}</p>
        </div>
      ) : null}
    </section>
  );
}

function AnswerForm({ data, token }: { data: OpinionPage; token: string }) {
  const { t } = useGuardiansTranslation();
  const { answer } = useFamilyOpinionPage(token);
  const noteId = useId();
  const [choice, setChoice] = useState<FamilyOpinionAnswer | null>(data.answer);
  const [note, setNote] = useState(data.note ?? '');
  const send = (event: FormEvent) => {
    event.preventDefault();
    if (choice) answer.mutate({ answer: choice, ...(note.trim() ? { note } : {}) });
  };
  return (
    <form onSubmit={send} className="flex flex-col gap-3">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-semibold text-ink">{t('opinion.question')}</legend>
        {FAMILY_OPINION_ANSWERS.map((value) => (
          <label
            key={value}
            className="flex min-h-11 items-center gap-3 rounded-xl border border-sand-300 bg-white px-4"
          >
            <input
              type="radio"
              name="opinion"
              value={value}
              checked={choice === value}
              onChange={() => setChoice(value)}
              required
            />
            {t(`opinion.answers.${value}`)}
          </label>
        ))}
      </fieldset>
      <label htmlFor={noteId} className="font-medium text-ink">
        {t('opinion.note', { name: data.memberName })}
      </label>
      <textarea
        id={noteId}
        value={note}
        maxLength={FAMILY_OPINION_NOTE_MAX_LENGTH}
        onChange={(e) => setNote(e.target.value)}
        rows={3}
        className="w-full rounded-xl border border-sand-300 bg-white px-4 py-2.5 text-base text-ink"
      />
      {answer.isError ? <Alert tone="error">{t('opinion.failed')}</Alert> : null}
      <Button type="submit" disabled={answer.isPending}>
        {t('opinion.send')}
      </Button>
      <div aria-live="polite" className="text-sm text-success">
        {answer.isSuccess ? t('opinion.saved', { name: data.memberName }) : null}
      </div>
    </form>
  );
}

/**
 * A guardian's page for one opinion on a match (ADR 078): no login, the link is the key, and it
 * opens this profile and nothing else. An unknown, expired or revoked link says so, and nothing
 * more. The link's end is written with Intl in the reader's language and time zone.
 */
export function FamilyOpinionPage({ token }: { token: string }) {
  const { t, i18n } = useGuardiansTranslation();
  const { page } = useFamilyOpinionPage(token);

  const content = (() => {
    if (page.isPending) return <p role="status">{t('common:actions.loading')}</p>;
    if (page.isError) {
      const invalid = page.error instanceof ApiError && page.error.status === 404;
      return <Alert tone="error">{invalid ? t('page.invalid') : t('page.failed')}</Alert>;
    }
    const data = page.data;
    const names = { name: data.memberName, other: data.profile.name };
    return (
      <div className="flex flex-col gap-4">
        <h1 className="font-display text-2xl font-semibold text-teal-900">
          {t('opinion.title', names)}
        </h1>
        <p className="text-ink-muted">{t('opinion.lead', names)}</p>
        <p className="text-sm text-ink-muted">
          {t('opinion.until', { date: formatDate(data.expiresAt, i18n.language) })}
        </p>
        <Profile data={data} />
        <AnswerForm data={data} token={token} />
      </div>
    );
  })();

  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-2xl flex-col gap-4 bg-sand-50 px-4 py-6">
      <div className="flex items-center justify-between gap-2">
        <p className="flex items-center gap-2 font-semibold text-teal-800">
          <ShieldCheck aria-hidden="true" className="size-5" />
          Mawadda
        </p>
        <OtherLanguage path={`guardian/opinion/${token}`} />
      </div>
      {content}
    </main>
  );
}
