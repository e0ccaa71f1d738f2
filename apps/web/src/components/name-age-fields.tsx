import { MAX_AGE, MIN_AGE } from '@mawadda/contract/constants';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from './text-field.tsx';

type Field = 'name' | 'age';

/** Full name and age, both required; side by side from `sm` up, where the age needs little room. */
export function NameAgeFields({
  labels,
  errors,
  register,
}: {
  labels: Record<Field, string>;
  errors: Record<Field, string | undefined>;
  register: (field: Field) => UseFormRegisterReturn;
}) {
  return (
    <div className="grid gap-5 sm:grid-cols-[minmax(0,1fr)_9rem]">
      <TextField
        label={labels.name}
        autoComplete="name"
        required
        error={errors.name}
        {...register('name')}
      />
      <TextField
        label={labels.age}
        type="number"
        inputMode="numeric"
        min={MIN_AGE}
        max={MAX_AGE}
        required
        error={errors.age}
        {...register('age')}
      />
    </div>
  );
}
