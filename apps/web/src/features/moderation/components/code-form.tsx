import { type FormEvent, useState } from 'react';
import { Button } from '@/components/button.tsx';
import { TextField } from '@/components/text-field.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { translateError } from '@/lib/translate-error.ts';
import { useModerationTranslation } from '../i18n.ts';

/**
 * One code, typed or pasted (the browser may offer the one an app sent, `one-time-code`): sent
 * as typed, the server reads spaces and dashes. A refusal shows under the field, in the
 * moderator's language, and the field is cleared for the next code.
 */
export function CodeForm({
  label,
  hint,
  submit,
  pending,
  onSubmit,
}: {
  label: string;
  hint: string;
  submit: string;
  pending: boolean;
  onSubmit: (code: string) => Promise<unknown>;
}) {
  const { t } = useModerationTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(translateError(t, 'SECOND_FACTOR_CODE_REQUIRED'));
      return;
    }
    setError(undefined);
    try {
      await onSubmit(code);
    } catch (failure) {
      setCode('');
      setError(
        (failure instanceof ApiError && translateError(t, failure.body)) ||
          t('secondFactor.failed'),
      );
    }
  };

  return (
    <form noValidate onSubmit={send} className="mt-6 flex flex-col gap-4">
      <TextField
        label={label}
        hint={hint}
        error={error}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={40}
      />
      <Button type="submit" busy={pending} className="self-start">
        {submit}
      </Button>
    </form>
  );
}
