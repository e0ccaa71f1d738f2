import type { Contact } from '@mawadda/contract';
import { HeartHandshake } from 'lucide-react';
import { useId } from 'react';
import { Alert } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { useFailureText } from '@/hooks/use-failure-text.ts';
import type { ExclusiveAction } from '../api/chat-api.ts';
import { useExclusiveMode } from '../hooks/use-chat.ts';
import { useChatTranslation } from '../i18n.ts';

type Choice = [label: 'propose' | 'withdraw' | 'accept' | 'decline' | 'end', ExclusiveAction];

/** What each state says, and the buttons it offers (the first is the main one). */
const STATES: Record<
  NonNullable<Contact['exclusive']>,
  { text: 'noneText' | 'proposedByMe' | 'proposedToMe' | 'active' | 'elsewhere'; choices: Choice[] }
> = {
  none: { text: 'noneText', choices: [['propose', 'propose']] },
  'proposed-by-me': { text: 'proposedByMe', choices: [['withdraw', 'end']] },
  'proposed-to-me': {
    text: 'proposedToMe',
    choices: [
      ['accept', 'accept'],
      ['decline', 'end'],
    ],
  },
  active: { text: 'active', choices: [['end', 'end']] },
  elsewhere: { text: 'elsewhere', choices: [] },
};

/**
 * Exclusive mode with a match (ADR 070), above the composer: where the two are, in words both
 * read alike, and what the member may do (propose; withdraw; accept or decline; end). A region
 * named for the member, its state changes announced (`aria-live`) when the other acts.
 */
export function ExclusiveModePanel({
  me,
  other,
  name,
  contact,
}: {
  me: string;
  other: string;
  name: string;
  contact: Contact;
}) {
  const { t } = useChatTranslation();
  const failureText = useFailureText();
  const change = useExclusiveMode(me, other);
  const titleId = useId();
  if (!contact.matched || !contact.exclusive) return null;
  const state = STATES[contact.exclusive];
  const active = contact.exclusive === 'active';
  return (
    <section
      aria-labelledby={titleId}
      data-testid="exclusive-mode"
      className={`flex flex-col gap-2 border-t px-4 py-3 ${active ? 'border-teal-200 bg-teal-50' : 'border-sand-200 bg-white'}`}
    >
      <h3 id={titleId} className="sr-only">
        {t('exclusive.region', { name })}
      </h3>
      <p aria-live="polite" className="flex items-start gap-2 text-sm text-ink">
        <HeartHandshake aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-teal-700" />
        <span>{t(`exclusive.${state.text}`, { name })}</span>
      </p>
      {change.isError ? (
        <Alert tone="error">{failureText(change.error, t('exclusive.failed'))}</Alert>
      ) : null}
      {state.choices.length > 0 ? (
        <div className="flex flex-wrap gap-2">
          {state.choices.map(([label, action], index) => (
            <Button
              key={label}
              size="small"
              variant={
                index === 0 && label !== 'end' && label !== 'withdraw' ? 'primary' : 'secondary'
              }
              busy={change.isPending && change.variables === action}
              disabled={change.isPending}
              onClick={() => change.mutate(action)}
            >
              {t(`exclusive.${label}`)}
            </Button>
          ))}
        </div>
      ) : null}
    </section>
  );
}
