import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client.ts';
import { translateError } from '@/lib/translate-error.ts';

/**
 * What a failed action tells the member: the server's refusal in their language by its code (a
 * daily limit, a member who is gone, a wrong password), else the screen's own words (`fallback`:
 * offline, a 5xx).
 */
export function useFailureText() {
  const { t } = useTranslation();
  return (error: unknown, fallback: string) =>
    (error instanceof ApiError ? translateError(t, error.body) : undefined) ?? fallback;
}
