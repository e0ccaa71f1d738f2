import type { GuardianRelation, Message } from '@mawadda/contract';
import { GUARDIAN_RELATIONS } from '@mawadda/contract/value-lists';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { TextField } from '@/components/text-field.tsx';
import { useFailureText } from '@/hooks/use-failure-text.ts';
import { useWaliContact } from '../hooks/use-chat.ts';
import { useChatTranslation } from '../i18n.ts';

/** The last question or answer about a wali's contact in the conversation, if any. */
function lastWaliLine(messages: Message[]) {
  return messages.findLast((m) => m.notice?.startsWith('wali-'));
}

/**
 * "Ask for the wali's contact" (ADR 045), above the composer: the button to ask, while
 * no question of mine waits; and, while the other member's question waits, the answer: share a
 * contact typed here (name, relation, a phone number if wanted) or decline.
 */
export function WaliControls({
  me,
  other,
  name,
  messages,
  matched,
}: {
  me: string;
  other: string;
  name: string;
  messages: Message[];
  /** The button to ask shows between matches only; an answer is offered whenever asked. */
  matched: boolean;
}) {
  const { t } = useChatTranslation();
  const failureText = useFailureText();
  const { ask, answer } = useWaliContact(me, other);
  const relationId = useId();
  const [wali, setWali] = useState({ name: '', relation: 'father' as GuardianRelation, phone: '' });
  const last = lastWaliLine(messages);
  const waiting = last?.notice === 'wali-asked';

  if (waiting && last.senderId === other) {
    const share = (event: FormEvent) => {
      event.preventDefault();
      answer.mutate({
        accept: true,
        name: wali.name,
        relation: wali.relation,
        ...(wali.phone.trim() ? { phone: wali.phone } : {}),
      });
    };
    return (
      <form
        onSubmit={share}
        aria-label={t('guardian.answerTitle', { name })}
        className="flex flex-col gap-2 border-t border-teal-200 bg-teal-50 px-4 py-3"
      >
        <p className="font-semibold text-teal-900">{t('guardian.answerTitle', { name })}</p>
        <TextField
          label={t('guardian.answerName')}
          value={wali.name}
          onChange={(e) => setWali({ ...wali, name: e.target.value })}
          required
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={relationId} className="text-sm font-medium text-ink">
            {t('guardian.answerRelation')}
          </label>
          <select
            id={relationId}
            value={wali.relation}
            onChange={(e) => setWali({ ...wali, relation: e.target.value as GuardianRelation })}
            className="w-full min-h-11 rounded-xl border border-sand-300 bg-white px-4 py-2.5 text-base text-ink"
          >
            {GUARDIAN_RELATIONS.map((relation) => (
              <option key={relation} value={relation}>
                {t(`guardian.relation.${relation}`)}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label={t('guardian.answerPhone')}
          type="tel"
          value={wali.phone}
          onChange={(e) => setWali({ ...wali, phone: e.target.value })}
        />
        {answer.isError ? (
          <Alert tone="error">{failureText(answer.error, t('guardian.answerFailed'))}</Alert>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="small" busy={answer.isPending}>
            {t('guardian.share')}
          </Button>
          <Button
            variant="secondary"
            size="small"
            disabled={answer.isPending}
            onClick={() => answer.mutate({ accept: false })}
          >
            {t('guardian.decline')}
          </Button>
        </div>
      </form>
    );
  }
  if (waiting || !matched) return null;
  return (
    <div className="flex flex-col gap-2 border-t border-sand-200 bg-white px-4 py-2">
      {ask.isError ? (
        <Alert tone="error">{failureText(ask.error, t('guardian.askWaliFailed'))}</Alert>
      ) : null}
      <Button
        variant="ghost"
        size="small"
        className="w-fit"
        busy={ask.isPending}
        onClick={() => ask.mutate()}
      >
        {t('guardian.askWali', { name })}
      </Button>
    </div>
  );
}
