import type { UserDetails } from '@mawadda/contract';
import { Play } from 'lucide-react';
import { useState } from 'react';
import { kilobytes } from '@/lib/format.ts';
import { useDataSaver } from '@/lib/use-data-saver.ts';
import { useDiscoveryTranslation } from '../i18n.ts';

/**
 * The member's voice introduction (ADR 072): a player that fetches nothing until played
 * (`preload="none"`); in data saver (ADR 048) not even the player, but a button saying what a
 * tap costs, and focus moves to the player it brings.
 */
function VoiceIntroduction({
  name,
  voice,
}: {
  name: string;
  voice: NonNullable<UserDetails['voiceIntroduction']>;
}) {
  const { t, i18n } = useDiscoveryTranslation();
  const saving = useDataSaver();
  const [tapped, setTapped] = useState(false);
  const label = t('answers.voiceOf', { name, seconds: Math.round(voice.seconds) });
  if (saving && !tapped) {
    return (
      <button
        type="button"
        onClick={() => setTapped(true)}
        className="inline-flex min-h-11 items-center gap-2 rounded-2xl bg-sand-100 px-3 py-2 text-sm font-semibold text-teal-900 hover:bg-sand-200"
      >
        <Play aria-hidden="true" className="size-5 shrink-0" />
        {t('answers.loadVoice', { name, size: kilobytes(voice.bytes, i18n.language) })}
      </button>
    );
  }
  const player = (
    // biome-ignore lint/a11y/useMediaCaption: a member's spoken introduction has no captions to give.
    <audio controls preload="none" src={voice.url} aria-label={label} className="w-full max-w-xs" />
  );
  if (!tapped) return player;
  // Focus moves to what the tap brought, not back to the page's start.
  return (
    <div tabIndex={-1} ref={(node) => node?.focus()} className="outline-none">
      {player}
    </div>
  );
}

/** What the member wrote to prompts and said in their voice introduction (ADR 072). */
export function ProfileAnswers({
  name,
  member,
  headingLevel = 3,
}: {
  name: string;
  member: Pick<UserDetails, 'promptAnswers' | 'voiceIntroduction'>;
  headingLevel?: 2 | 3;
}) {
  const { t } = useDiscoveryTranslation();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  if (member.promptAnswers.length === 0 && !member.voiceIntroduction) return null;
  return (
    <section className="flex flex-col gap-3">
      <Heading className="font-display text-lg font-semibold text-teal-900">
        {t('answers.title', { name })}
      </Heading>
      {member.voiceIntroduction ? (
        <div className="flex flex-col gap-1">
          <p className="text-sm font-medium text-ink">
            {t('answers.voice', { seconds: Math.round(member.voiceIntroduction.seconds) })}
          </p>
          <VoiceIntroduction name={name} voice={member.voiceIntroduction} />
        </div>
      ) : null}
      {member.promptAnswers.length > 0 ? (
        <dl className="flex flex-col gap-3">
          {member.promptAnswers.map((answer) => (
            <div key={answer.prompt} className="rounded-2xl bg-sand-50 px-4 py-3">
              <dt className="text-sm font-semibold text-teal-800">
                {t(`common:profilePrompts.${answer.prompt}`)}
              </dt>
              <dd className="mt-1 whitespace-pre-line leading-relaxed text-ink">{answer.answer}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </section>
  );
}
