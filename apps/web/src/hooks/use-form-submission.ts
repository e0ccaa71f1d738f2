import type { ErrorCode, ErrorParams } from '@mawadda/contract/error-codes';
import { useCallback, useRef, useState } from 'react';
import { type FieldPath, type FieldValues, get, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError, NetworkError } from '@/lib/api-client.ts';
import { translateError } from '@/lib/translate-error.ts';

/** What a refused submission leaves to say besides the fields it named. */
export type SubmissionFailure =
  /** Every refusal is shown at its field. */
  | { kind: 'fields' }
  | { kind: 'offline' }
  | { kind: 'server' }
  /** A refusal no field holds, in the member's language. */
  | { kind: 'refused'; message: string }
  | { kind: 'unknown' };

/** A form field, or `root.<name>` for what no input of the form holds (the photos). */
export type ErrorTarget<V extends FieldValues> = FieldPath<V> | `root.${string}`;

/** A field's error in the member's language (the form's rule or the server's refusal). */
export type FieldMessage<V extends FieldValues> = (name: ErrorTarget<V>) => string | undefined;

type ServerIssue = { message: string; params?: ErrorParams | undefined };

/**
 * One way to send a form (registration wizard, profile editor): the form's rules and the server's
 * refusals carry the contract's codes (ADR 008). A refusal naming a field (`errors[].path`) goes
 * to that field through react-hook-form, with its params, and is shown there only; the rest
 * (offline, a server failure, a refusal of no field) is `failure`, for the form's alert.
 * `wording` gives a code the screen's own words (the spec's register.ageError).
 */
export function useFormSubmission<V extends FieldValues>({
  form,
  fieldOf,
  wording = {},
}: {
  // biome-ignore lint/suspicious/noExplicitAny: any context and any transformed values.
  form: UseFormReturn<V, any, any>;
  /** Where a path the server names is shown; undefined when the form holds no such field. */
  fieldOf: (path: string) => ErrorTarget<V> | undefined;
  wording?: Partial<Record<ErrorCode, string>>;
}) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<SubmissionFailure>();
  const serverIssues = useRef(new Map<string, ServerIssue>());

  /** The field's error in the member's language, or undefined. */
  const fieldMessage: FieldMessage<V> = (name) => {
    const error = get(form.formState.errors, name) as
      | { type?: string; message?: string }
      | undefined;
    const code = error?.message;
    if (!code) return undefined;
    const own = wording[code as ErrorCode];
    if (own) return own;
    const issue = error.type === 'server' ? serverIssues.current.get(name) : undefined;
    return translateError(t, { code, params: issue?.params }) ?? issue?.message ?? code;
  };

  /** A refusal found in the browser, shown at its field as the server's would be. */
  const refuse = useCallback(
    (name: ErrorTarget<V>, code: ErrorCode) => {
      form.setError(name as FieldPath<V>, { type: 'client', message: code });
    },
    [form],
  );

  /**
   * Sends; on a refusal, shows each field's error at its field and keeps the rest in `failure`.
   * Answers the result, or the fields refused (the wizard goes to the first one's step).
   */
  const run = async <R>(
    send: () => Promise<R>,
  ): Promise<{ ok: true; value: R } | { ok: false; fields: ErrorTarget<V>[] }> => {
    setFailure(undefined);
    try {
      return { ok: true, value: await send() };
    } catch (error) {
      const fields: ErrorTarget<V>[] = [];
      const others: string[] = [];
      if (error instanceof ApiError) {
        for (const issue of error.body?.errors ?? []) {
          const target = fieldOf(issue.path);
          const text = translateError(t, issue) ?? issue.message;
          if (!target) {
            others.push(text);
            continue;
          }
          serverIssues.current.set(target, { message: issue.message, params: issue.params });
          form.setError(target as FieldPath<V>, { type: 'server', message: issue.code });
          if (!fields.includes(target)) fields.push(target);
        }
      }
      setFailure(failureOf(error, fields.length > 0, others, t));
      return { ok: false, fields };
    }
  };

  return { run, failure, fieldMessage, refuse, dismiss: () => setFailure(undefined) };
}

function failureOf(
  error: unknown,
  anyField: boolean,
  others: string[],
  t: ReturnType<typeof useTranslation>['t'],
): SubmissionFailure {
  if (others.length > 0) return { kind: 'refused', message: others.join(' ') };
  if (anyField) return { kind: 'fields' };
  if (error instanceof NetworkError) return { kind: 'offline' };
  if (!(error instanceof ApiError)) return { kind: 'unknown' };
  // 503 and 507 say what to do (storage busy or full); other 5xx only that it failed.
  if (error.status >= 500 && error.status !== 503 && error.status !== 507)
    return { kind: 'server' };
  const message = translateError(t, error.body);
  return message ? { kind: 'refused', message } : { kind: 'unknown' };
}
