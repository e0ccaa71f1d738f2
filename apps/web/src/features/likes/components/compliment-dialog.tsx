import { COMPLIMENT_NOTE_MAX_LENGTH } from '@mawadda/contract/constants';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/button.tsx';
import { DialogFrame } from '@/components/dialog-frame.tsx';
import { FieldError } from '@/components/field-error.tsx';
import type { ComplimentButtonProps, ComplimentOption } from '@/components/members/member-likes.ts';
import { ApiError, NetworkError } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { translateError } from '@/lib/translate-error.ts';
import { useCompliment } from '../hooks/use-compliment.ts';
import { useLikesTranslation } from '../i18n.ts';

/**
 * The compliment's form (ADR 071): what the note is about (a photo, an answer or an answer to a
 * prompt, opened on the photo on screen), the note of at most COMPLIMENT_NOTE_MAX_LENGTH characters with its counter,
 * sent with a first like. A phone's bottom sheet, a radio group and a labelled text field, so
 * the keyboard and a screen reader go through it as a form; a refusal keeps it open, the note
 * kept, with the server's reason.
 */
export default function ComplimentDialog({
  member,
  options,
  selected,
  onClose,
}: Required<Pick<ComplimentButtonProps, 'member' | 'options' | 'selected'>> & {
  onClose: () => void;
}) {
  const { t } = useLikesTranslation();
  const id = useId();
  const [choice, setChoice] = useState(selected);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>();
  const send = useCompliment(member);
  const length = note.trim().length;
  const counterId = `${id}-counter`;
  const errorId = `${id}-error`;

  function submit(event: FormEvent) {
    event.preventDefault();
    const option = options[choice];
    if (!option || send.isPending) return;
    if (length === 0) {
      setNoteError(translateError(t, 'COMPLIMENT_NOTE_REQUIRED') ?? t('compliment.noteRequired'));
      return;
    }
    setNoteError(undefined);
    send.mutate({ note: note.trim(), about: option.about }, { onSuccess: onClose });
  }

  const failure = send.error ? failureText(t, send.error) : undefined;
  return (
    <DialogFrame
      open
      onClose={onClose}
      title={t('compliment.title', { name: member.name })}
      description={t('compliment.description', { name: member.name })}
      closeLabel={t('compliment.cancel')}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-ink">{t('compliment.about')}</legend>
          <div className="flex max-h-56 flex-col gap-1.5 overflow-y-auto">
            {options.map((option, index) => (
              <label
                key={targetKey(option.about)}
                className={cn(
                  'flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border bg-white px-3 py-2 text-sm text-ink',
                  index === choice ? 'border-rose-600 ring-1 ring-rose-600' : 'border-sand-300',
                )}
              >
                <input
                  type="radio"
                  name={`${id}-about`}
                  checked={index === choice}
                  onChange={() => setChoice(index)}
                  className="size-4 accent-rose-600"
                />
                {option.imageUrl ? (
                  <img
                    src={option.imageUrl}
                    alt=""
                    className="size-10 shrink-0 rounded-lg object-cover"
                  />
                ) : null}
                {/* An answer to a prompt runs to 300 characters: three lines show which it is. */}
                <span className="line-clamp-3 min-w-0 flex-1">{option.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-note`} className="text-sm font-medium text-ink">
            {t('compliment.note')}
          </label>
          <textarea
            id={`${id}-note`}
            rows={3}
            maxLength={COMPLIMENT_NOTE_MAX_LENGTH}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            placeholder={t('compliment.placeholder')}
            aria-invalid={noteError ? true : undefined}
            aria-describedby={[noteError ? errorId : '', counterId].filter(Boolean).join(' ')}
            className="w-full resize-none rounded-xl border border-sand-300 bg-white px-4 py-3 text-base text-ink placeholder:text-ink-muted/80"
          />
          <p id={counterId} className="self-end text-sm text-ink-muted">
            {t('compliment.counter', { count: note.length, max: COMPLIMENT_NOTE_MAX_LENGTH })}
          </p>
          {noteError ? <FieldError id={errorId}>{noteError}</FieldError> : null}
        </div>
        {failure ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {failure}
          </p>
        ) : null}
        <div className="flex flex-col gap-2 sm:flex-row-reverse">
          <Button type="submit" aria-disabled={send.isPending} className="flex-1">
            {send.isPending ? t('compliment.sending') : t('compliment.send')}
          </Button>
          <Button type="button" variant="secondary" onClick={onClose} className="flex-1">
            {t('compliment.cancel')}
          </Button>
        </div>
      </form>
    </DialogFrame>
  );
}

/** One choice's key among the dialog's: a photo's id, an answer's key, a prompt's key. */
function targetKey(about: ComplimentOption['about']): string {
  if (about.kind === 'photo') return about.photoId;
  return about.kind === 'answer' ? about.key : `prompt:${about.prompt}`;
}

/** Why the compliment was not sent, in the catalogue's words where the server gave a code. */
function failureText(t: ReturnType<typeof useLikesTranslation>['t'], error: Error): string {
  if (error instanceof NetworkError) return t('compliment.network');
  if (error instanceof ApiError) {
    const text = translateError(t, error.body);
    if (text) return text;
  }
  return t('compliment.failed');
}
