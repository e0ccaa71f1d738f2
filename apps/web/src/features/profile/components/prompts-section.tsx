import {
  PROFILE_PROMPTS,
  PROMPT_ANSWER_MAX_LENGTH,
  PROMPT_ANSWERS_MAX,
  type ProfilePrompt,
} from '@mawadda/contract/profile-prompts';
import { useId, useState } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { Button } from '@/components/button.tsx';
import { FieldError } from '@/components/field-error.tsx';
import { cn } from '@/lib/cn.ts';
import { useProfileTranslation } from '../i18n.ts';
import type { ProfileFormValues } from '../utils/profile-form.ts';
import type { FieldMessage } from './about-section.tsx';
import { ProfileSection } from './profile-section.tsx';

/** One answer: its prompt as a heading, the answer with its counter, and its order. */
function PromptAnswerField({
  index,
  count,
  fieldMessage,
  move,
  remove,
}: {
  index: number;
  count: number;
  fieldMessage: FieldMessage;
  move: (from: number, to: number) => void;
  remove: (index: number) => void;
}) {
  const { t } = useProfileTranslation();
  const { register } = useFormContext<ProfileFormValues>();
  const id = useId();
  const prompt = useWatch<ProfileFormValues, `promptAnswers.${number}.prompt`>({
    name: `promptAnswers.${index}.prompt`,
  });
  const answer =
    useWatch<ProfileFormValues, `promptAnswers.${number}.answer`>({
      name: `promptAnswers.${index}.answer`,
    }) ?? '';
  const title = t(`common:profilePrompts.${prompt}`);
  const error = fieldMessage(`promptAnswers.${index}.answer`);
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-sand-200 bg-sand-50 p-4">
      <label htmlFor={id} className="font-medium text-teal-900">
        {title}
      </label>
      <textarea
        id={id}
        rows={3}
        maxLength={PROMPT_ANSWER_MAX_LENGTH}
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-counter`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
        className={cn(
          'w-full resize-y rounded-xl border bg-white px-4 py-3 text-base text-ink',
          error ? 'border-danger' : 'border-sand-300 focus:border-teal-600',
        )}
        {...register(`promptAnswers.${index}.answer`)}
      />
      <div className="flex items-start justify-between gap-3">
        {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : <span />}
        <p id={`${id}-counter`} className="shrink-0 text-sm tabular-nums text-ink-muted">
          {t('prompts.counter', { length: answer.length, max: PROMPT_ANSWER_MAX_LENGTH })}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="ghost"
          size="small"
          disabled={index === 0}
          aria-label={t('prompts.moveUp', { prompt: title })}
          onClick={() => move(index, index - 1)}
        >
          {t('prompts.up')}
        </Button>
        <Button
          variant="ghost"
          size="small"
          disabled={index === count - 1}
          aria-label={t('prompts.moveDown', { prompt: title })}
          onClick={() => move(index, index + 1)}
        >
          {t('prompts.down')}
        </Button>
        <Button
          variant="ghost"
          size="small"
          aria-label={t('prompts.remove', { prompt: title })}
          onClick={() => remove(index)}
        >
          {t('prompts.removeShort')}
        </Button>
      </div>
    </li>
  );
}

/**
 * Up to three answers to prompts chosen from the list (ADR 072), each at most 300 characters, a
 * prompt once; they are saved with the rest of the profile, and their order is the order shown.
 */
export function PromptsSection({ fieldMessage }: { fieldMessage: FieldMessage }) {
  const { t } = useProfileTranslation();
  const { control } = useFormContext<ProfileFormValues>();
  const { fields, append, move, remove } = useFieldArray({ control, name: 'promptAnswers' });
  const chosen = new Set(
    (useWatch<ProfileFormValues, 'promptAnswers'>({ name: 'promptAnswers' }) ?? []).map(
      (a) => a.prompt,
    ),
  );
  const left = PROFILE_PROMPTS.filter((p) => !chosen.has(p));
  const [next, setNext] = useState<ProfilePrompt | ''>('');
  const selectId = useId();
  const listErrorId = useId();
  const full = fields.length >= PROMPT_ANSWERS_MAX;
  const listError = fieldMessage('promptAnswers');
  return (
    <ProfileSection title={t('sections.prompts')} anchor="prompts">
      <p className="mb-4 text-sm text-ink-muted">
        {t('prompts.hint', { max: PROMPT_ANSWERS_MAX })}
      </p>
      {fields.length > 0 ? (
        <ol className="mb-4 flex flex-col gap-3">
          {fields.map((field, index) => (
            <PromptAnswerField
              key={field.id}
              index={index}
              count={fields.length}
              fieldMessage={fieldMessage}
              move={move}
              remove={remove}
            />
          ))}
        </ol>
      ) : null}
      {listError ? <FieldError id={listErrorId}>{listError}</FieldError> : null}
      {full ? (
        <p className="text-sm text-ink-muted">{t('prompts.full', { max: PROMPT_ANSWERS_MAX })}</p>
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex min-w-0 flex-1 flex-col gap-1.5">
            <label htmlFor={selectId} className="text-sm font-medium text-ink">
              {t('prompts.choose')}
            </label>
            <select
              id={selectId}
              value={next}
              onChange={(event) => setNext(event.target.value as ProfilePrompt | '')}
              className="min-h-11 w-full rounded-xl border border-sand-300 bg-white px-3 text-base text-ink"
            >
              <option value="">{t('prompts.choosePlaceholder')}</option>
              {left.map((prompt) => (
                <option key={prompt} value={prompt}>
                  {t(`common:profilePrompts.${prompt}`)}
                </option>
              ))}
            </select>
          </div>
          <Button
            variant="secondary"
            disabled={next === ''}
            onClick={() => {
              if (next === '') return;
              append({ prompt: next, answer: '' });
              setNext('');
            }}
          >
            {t('prompts.add')}
          </Button>
        </div>
      )}
    </ProfileSection>
  );
}
