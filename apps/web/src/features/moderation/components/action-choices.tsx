import {
  MODERATION_ACTIONS,
  type ModerationAction,
  type OpenReport,
  PROFILE_TEXTS,
  type ProfilePrompt,
  type ProfileText,
  type PromptAnswer,
} from '@mawadda/contract';
import { type RefObject, useRef, useState } from 'react';
import { FieldError } from '@/components/field-error.tsx';
import { MediaImage } from '@/components/media-image.tsx';
import { cn } from '@/lib/cn.ts';
import { useModerationTranslation } from '../i18n.ts';

const choiceClass =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-sand-300 bg-white px-3.5 py-2.5 text-sm font-medium text-ink transition-colors hover:border-teal-600 has-checked:border-teal-700 has-checked:bg-teal-50 has-checked:text-teal-900 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-teal-600 has-disabled:cursor-not-allowed has-disabled:opacity-60';
const radioClass = 'size-4 shrink-0 accent-teal-700 focus-visible:outline-none';

/**
 * The moderator's choice of action; removing a photo, the voice introduction, an answer (ADR
 * 072) or a profile text (ADR 083) needs the member to have one, removing the compliment (ADR
 * 071) or hiding messages (ADR 083) the report to show one.
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
  has: {
    photos: boolean;
    voiceIntroduction: boolean;
    promptAnswers: boolean;
    compliment: boolean;
    messages: boolean;
    profileTexts: boolean;
  };
}) {
  const unavailable = (choice: ModerationAction) =>
    (choice === 'remove-photo' && !has.photos) ||
    (choice === 'remove-voice-introduction' && !has.voiceIntroduction) ||
    (choice === 'remove-prompt-answer' && !has.promptAnswers) ||
    (choice === 'remove-compliment' && !has.compliment) ||
    (choice === 'hide-messages' && !has.messages) ||
    (choice === 'remove-profile-text' && !has.profileTexts);
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

/**
 * What a removal takes away: which photo, which answer (ADR 072), which profile texts (ADR 083);
 * nothing for the rest.
 */
export function RemovalChoice({
  id,
  action,
  reported,
  photo,
  answer,
  texts,
}: {
  id: string;
  action: ModerationAction;
  reported: OpenReport['reported'];
  photo: { value: string; onChange: (url: string) => void };
  answer: { value: ProfilePrompt | ''; onChange: (prompt: ProfilePrompt) => void };
  texts: ProfileTextsProps;
}) {
  if (action === 'remove-profile-text') {
    return <ProfileTextChoice id={`${id}-texts`} reported={reported} {...texts} />;
  }
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

/** The texts of the reported member's profile (ADR 083), those written only, each shown. */
export const writtenTexts = (reported: OpenReport['reported']) =>
  PROFILE_TEXTS.filter((field) => reported[field]?.trim());

/**
 * The profile texts to remove (ADR 083): at first the first one written; `first`, its box, takes
 * the focus when none is chosen.
 */
export function useProfileTextsChoice(reported: OpenReport['reported']) {
  const [value, onChange] = useState<ProfileText[]>(() => writtenTexts(reported).slice(0, 1));
  return { value, onChange, first: useRef<HTMLInputElement>(null) };
}

/** Which of the reported member's profile texts to remove (ADR 083), one or more. */
type ProfileTextsProps = {
  value: ProfileText[];
  onChange: (texts: ProfileText[]) => void;
  first: RefObject<HTMLInputElement | null>;
  error?: string | undefined;
};

function ProfileTextChoice({
  id,
  reported,
  value,
  onChange,
  first,
  error,
}: ProfileTextsProps & { id: string; reported: OpenReport['reported'] }) {
  const { t } = useModerationTranslation();
  const toggle = (field: ProfileText, checked: boolean) =>
    onChange(PROFILE_TEXTS.filter((f) => (f === field ? checked : value.includes(f))));
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="mb-1.5 text-sm font-medium text-ink">{t('profileTextsToRemove')}</legend>
      {writtenTexts(reported).map((field, index) => (
        <label key={field} className={cn(choiceClass, 'items-start')}>
          <input
            ref={index === 0 ? first : undefined}
            type="checkbox"
            name={id}
            value={field}
            checked={value.includes(field)}
            onChange={(event) => toggle(field, event.target.checked)}
            className={cn(radioClass, 'mt-1')}
          />
          <span>
            <span className="block font-semibold">{t(`profileTexts.${field}`)}</span>
            <span className="block whitespace-pre-line font-normal">{reported[field]}</span>
          </span>
        </label>
      ))}
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </fieldset>
  );
}
