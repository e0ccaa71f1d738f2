import {
  MODERATION_ACTIONS,
  type ModerationAction,
  type OpenReport,
  type ProfilePrompt,
  type PromptAnswer,
} from '@mawadda/contract';
import { MediaImage } from '@/components/media-image.tsx';
import { cn } from '@/lib/cn.ts';
import { useModerationTranslation } from '../i18n.ts';

const choiceClass =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-sand-300 bg-white px-3.5 py-2.5 text-sm font-medium text-ink transition-colors hover:border-teal-600 has-checked:border-teal-700 has-checked:bg-teal-50 has-checked:text-teal-900 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-teal-600 has-disabled:cursor-not-allowed has-disabled:opacity-60';
const radioClass = 'size-4 shrink-0 accent-teal-700 focus-visible:outline-none';

/**
 * The moderator's choice of action; removing a photo, the voice introduction or an answer (ADR
 * 072) needs the member to have one, removing the compliment (ADR 071) the report to show one.
 */
export function ActionChoice({
  name,
  value,
  onChange,
  has,
}: {
  name: string;
  value: ModerationAction;
  onChange: (action: ModerationAction) => void;
  has: { photos: boolean; voiceIntroduction: boolean; promptAnswers: boolean; compliment: boolean };
}) {
  const unavailable = (choice: ModerationAction) =>
    (choice === 'remove-photo' && !has.photos) ||
    (choice === 'remove-voice-introduction' && !has.voiceIntroduction) ||
    (choice === 'remove-prompt-answer' && !has.promptAnswers) ||
    (choice === 'remove-compliment' && !has.compliment);
  const { t } = useModerationTranslation();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium text-ink">{t('action')}</legend>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {MODERATION_ACTIONS.map((choice) => (
          <label key={choice} className={choiceClass}>
            <input
              type="radio"
              name={name}
              value={choice}
              checked={value === choice}
              disabled={unavailable(choice)}
              onChange={() => onChange(choice)}
              className={radioClass}
            />
            {t(`actions.${choice}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Which of the reported member's photos to remove, each shown. */
export function PhotoChoice({
  name,
  member,
  photos,
  value,
  onChange,
}: {
  name: string;
  member: string;
  photos: string[];
  value: string;
  onChange: (url: string) => void;
}) {
  const { t } = useModerationTranslation();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium text-ink">{t('photoToRemove')}</legend>
      <div className="flex flex-wrap gap-2">
        {photos.map((url, index) => (
          <label key={url} className={cn(choiceClass, 'p-2')}>
            <input
              type="radio"
              name={name}
              value={url}
              checked={value === url}
              onChange={() => onChange(url)}
              className={radioClass}
            />
            <MediaImage
              src={url}
              alt={t('photoAlt', { number: index + 1, name: member })}
              className="h-20 w-16 rounded-lg object-cover"
            />
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** What a removal takes away: which photo, or which answer (ADR 072); nothing for the rest. */
export function RemovalChoice({
  id,
  action,
  reported,
  photo,
  answer,
}: {
  id: string;
  action: ModerationAction;
  reported: OpenReport['reported'];
  photo: { value: string; onChange: (url: string) => void };
  answer: { value: ProfilePrompt | ''; onChange: (prompt: ProfilePrompt) => void };
}) {
  if (action === 'remove-photo') {
    return (
      <PhotoChoice
        name={`${id}-photo`}
        member={reported.name}
        photos={reported.photoUrls}
        {...photo}
      />
    );
  }
  if (action === 'remove-prompt-answer') {
    return (
      <PromptAnswerChoice name={`${id}-answer`} answers={reported.promptAnswers} {...answer} />
    );
  }
  return null;
}

/** Which of the reported member's answers to remove, each with its prompt (ADR 072). */
function PromptAnswerChoice({
  name,
  answers,
  value,
  onChange,
}: {
  name: string;
  answers: PromptAnswer[];
  value: ProfilePrompt | '';
  onChange: (prompt: ProfilePrompt) => void;
}) {
  const { t } = useModerationTranslation();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium text-ink">{t('answerToRemove')}</legend>
      {answers.map((answer) => (
        <label key={answer.prompt} className={cn(choiceClass, 'items-start')}>
          <input
            type="radio"
            name={name}
            value={answer.prompt}
            checked={value === answer.prompt}
            onChange={() => onChange(answer.prompt)}
            className={cn(radioClass, 'mt-1')}
          />
          <span>
            <span className="block font-semibold">
              {t(`common:profilePrompts.${answer.prompt}`)}
            </span>
            <span className="block font-normal">{answer.answer}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
