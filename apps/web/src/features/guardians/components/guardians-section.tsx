import {
  GUARDIAN_LANGUAGES,
  GUARDIAN_RELATIONS,
  type GuardianRequest,
  MAX_GUARDIANS,
} from '@mawadda/contract';
import { titleCase } from '@mawadda/contract/text';
import { ShieldCheck, UserMinus } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { AccountSection } from '@/components/account-section.tsx';
import { Alert } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { Checkbox } from '@/components/checkbox.tsx';
import { ListLoadError } from '@/components/members/list-load-error.tsx';
import { TextField } from '@/components/text-field.tsx';
import { useFailureText } from '@/hooks/use-failure-text.ts';
import { fullDate } from '@/lib/format.ts';
import {
  useAddGuardian,
  useFollow,
  useFollowAll,
  useFollowNew,
  useGuardians,
  useRemoveGuardian,
  useShownToFamilies,
} from '../hooks/use-guardians.ts';
import { useGuardiansTranslation } from '../i18n.ts';

const selectClass =
  'w-full min-h-11 rounded-xl border border-sand-300 bg-white px-4 py-2.5 text-base text-ink focus:border-teal-600';

/** The form that names a guardian: name, relation, e-mail and the language of their mail. */
function AddGuardianForm({ onAdded }: { onAdded: (name: string) => void }) {
  const { t, i18n } = useGuardiansTranslation();
  const failureText = useFailureText();
  const add = useAddGuardian();
  const relationId = useId();
  const languageId = useId();
  const [form, setForm] = useState<GuardianRequest>({
    name: '',
    relation: 'father',
    email: '',
    language: i18n.language === 'en' ? 'en' : 'fr',
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(form, {
      onSuccess: () => {
        onAdded(titleCase(form.name));
        setForm({ ...form, name: '', email: '' });
      },
    });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" aria-label={t('section.add')}>
      <TextField
        label={t('section.name')}
        value={form.name}
        onChange={(e) => setForm({ ...form, name: e.target.value })}
        autoComplete="off"
        required
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={relationId} className="text-sm font-medium text-ink">
          {t('section.relation')}
        </label>
        <select
          id={relationId}
          className={selectClass}
          value={form.relation}
          onChange={(e) =>
            setForm({ ...form, relation: e.target.value as GuardianRequest['relation'] })
          }
        >
          {GUARDIAN_RELATIONS.map((relation) => (
            <option key={relation} value={relation}>
              {t(`relation.${relation}`)}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label={t('common:email.label')}
        type="email"
        value={form.email}
        onChange={(e) => setForm({ ...form, email: e.target.value })}
        autoComplete="off"
        required
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={languageId} className="text-sm font-medium text-ink">
          {t('section.language')}
        </label>
        <select
          id={languageId}
          className={selectClass}
          value={form.language}
          onChange={(e) =>
            setForm({ ...form, language: e.target.value as GuardianRequest['language'] })
          }
        >
          {GUARDIAN_LANGUAGES.map((language) => (
            <option key={language} value={language}>
              {t(`section.languages.${language}`)}
            </option>
          ))}
        </select>
      </div>
      {add.isError ? (
        <Alert tone="error">{failureText(add.error, t('section.addFailed'))}</Alert>
      ) : null}
      <Button type="submit" className="w-fit" busy={add.isPending}>
        {t('section.add')}
      </Button>
    </form>
  );
}

/**
 * /mon-profil's family mode (ADR 045): the member's guardians with their last visit
 * (remove one: their link dies at once), the form to name one (at most two), the default for new
 * conversations and, per conversation, whether the guardians follow it.
 */
export function GuardiansSection() {
  const { t, i18n } = useGuardiansTranslation();
  const failureText = useFailureText();
  const overview = useGuardians();
  const remove = useRemoveGuardian();
  const followNew = useFollowNew();
  const follow = useFollow();
  const followAll = useFollowAll();
  const shown = useShownToFamilies();
  const [added, setAdded] = useState<string | null>(null);
  const saving = followNew.isPending || follow.isPending || followAll.isPending || shown.isPending;
  const saveError = followNew.error ?? follow.error ?? followAll.error ?? shown.error;
  const data = overview.data;

  return (
    <AccountSection
      id="guardians-title"
      icon={<ShieldCheck aria-hidden="true" className="size-5" />}
      title={t('section.title')}
      lead={t('section.lead')}
    >
      {overview.isPending ? (
        <p role="status" className="text-ink-muted">
          {t('section.loading')}
        </p>
      ) : overview.isError || !data ? (
        <ListLoadError
          message={t('section.loadFailed')}
          retry={t('common:actions.retry')}
          onRetry={() => void overview.refetch()}
          className="py-4"
        />
      ) : (
        <div className="flex flex-col gap-5">
          {data.guardians.length === 0 ? (
            <p className="text-ink-muted">{t('section.none')}</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {data.guardians.map((guardian) => (
                <li
                  key={guardian.id}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-sand-200 px-3 py-2"
                >
                  <div className="min-w-0">
                    <p className="font-semibold text-ink">
                      {guardian.name} · {t(`relation.${guardian.relation}`)}
                    </p>
                    <p className="text-sm text-ink-muted">
                      {guardian.lastVisitAt
                        ? t('section.lastVisit', {
                            date: fullDate(guardian.lastVisitAt, i18n.language),
                          })
                        : t('section.neverVisited')}
                    </p>
                  </div>
                  <Button
                    variant="secondary"
                    size="small"
                    icon={<UserMinus aria-hidden="true" className="size-4" />}
                    busy={remove.isPending && remove.variables === guardian.id}
                    onClick={() => remove.mutate(guardian.id)}
                  >
                    {t('section.remove', { name: guardian.name })}
                  </Button>
                </li>
              ))}
            </ul>
          )}
          {remove.isError ? (
            <Alert tone="error">{failureText(remove.error, t('section.removeFailed'))}</Alert>
          ) : null}
          <div aria-live="polite">
            {added ? <Alert tone="success">{t('section.added', { name: added })}</Alert> : null}
          </div>
          {data.guardians.length < MAX_GUARDIANS ? (
            <AddGuardianForm onAdded={setAdded} />
          ) : (
            <p className="text-sm text-ink-muted">{t('section.full')}</p>
          )}

          <fieldset className="flex flex-col gap-2" disabled={saving}>
            <legend className="font-semibold text-ink">{t('section.conversations')}</legend>
            <Checkbox
              label={t('section.followNew')}
              checked={data.followNewConversations}
              onChange={(e) => followNew.mutate(e.target.checked)}
            />
            {data.conversations.length === 0 ? (
              <p className="text-sm text-ink-muted">{t('section.noConversations')}</p>
            ) : (
              <>
                {data.conversations.map((conversation) => (
                  <Checkbox
                    key={conversation.userId}
                    label={t('section.follow', { name: conversation.name })}
                    checked={conversation.followed}
                    onChange={(e) =>
                      follow.mutate({ userId: conversation.userId, followed: e.target.checked })
                    }
                  />
                ))}
                <div className="flex flex-wrap gap-2">
                  <Button variant="secondary" size="small" onClick={() => followAll.mutate(true)}>
                    {t('section.followAll')}
                  </Button>
                  <Button variant="ghost" size="small" onClick={() => followAll.mutate(false)}>
                    {t('section.followNone')}
                  </Button>
                </div>
              </>
            )}
          </fieldset>
          <Checkbox
            label={t('section.shownToFamilies')}
            hint={t('section.shownToFamiliesHelp')}
            checked={data.shownToFamilies}
            disabled={saving}
            onChange={(e) => shown.mutate(e.target.checked)}
          />
          {saveError ? (
            <Alert tone="error">{failureText(saveError, t('section.saveFailed'))}</Alert>
          ) : null}
        </div>
      )}
    </AccountSection>
  );
}
