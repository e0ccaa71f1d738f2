import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '@/lib/cn.ts';
import { FieldError } from './field-error.tsx';

type Choice = { value: string; label: string };

/**
 * `stacked-3` keeps one choice a row below 26rem, for answers too long to share a phone's row
 * ("Je préfère ne pas le dire"); short ones (`3`) go two a row there, which keeps a step short.
 */
const GRID = {
  2: 'grid-cols-2',
  3: 'grid-cols-2 sm:grid-cols-3',
  'stacked-3': 'grid-cols-1 min-[26rem]:grid-cols-3',
  4: 'grid-cols-2 sm:grid-cols-4',
} as const;

/**
 * Radio buttons drawn as cards, in a fieldset whose legend names the question; the error is
 * announced with each choice. Each card is at least 44 px high.
 */
export function ChoiceGroup({
  legend,
  choices,
  registration,
  error,
  required = false,
  columns = 2,
}: {
  legend: string;
  choices: readonly Choice[];
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  required?: boolean;
  columns?: keyof typeof GRID;
}) {
  const errorId = `${useId()}-error`;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium text-ink">{legend}</legend>
      <div className={cn('grid gap-2', GRID[columns])}>
        {choices.map((choice) => (
          <label
            key={choice.value}
            className={cn(
              'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border bg-white px-3.5 py-2.5 text-sm font-medium text-ink transition-colors hover:border-teal-600 has-checked:border-teal-700 has-checked:bg-teal-50 has-checked:text-teal-900 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-teal-600',
              error ? 'border-danger' : 'border-sand-300',
            )}
          >
            <input
              type="radio"
              value={choice.value}
              required={required}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className="size-4 shrink-0 accent-teal-700 focus-visible:outline-none"
              {...registration}
            />
            {choice.label}
          </label>
        ))}
      </div>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </fieldset>
  );
}
