import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordRequestSchema } from '@mawadda/contract';
import { ArrowLeft, KeyRound, MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { useLocalizedPath } from '@/components/layouts/paths.ts';
import { TextField } from '@/components/text-field.tsx';
import { ApiError, NetworkError } from '@/lib/api-client.ts';
import { translateError } from '@/lib/translate-error.ts';
import { useForgotPasswordMutation } from '../api/auth-api.ts';
import { AuthCardLayout } from './auth-card-layout.tsx';

/** docs/spec.md §2, §5 and §8: an e-mail field, a send button and a way back to login. */
export function ForgotPasswordPage() {
  const { t } = useTranslation(['auth', 'common']);
  const localized = useLocalizedPath();
  const forgot = useForgotPasswordMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(forgotPasswordRequestSchema),
    defaultValues: { username: '' },
  });

  const onSubmit = handleSubmit((values) => forgot.mutate(values.username));

  const failure = (error: unknown) => {
    if (error instanceof NetworkError) return t('common:errors.network');
    // A rate limit says how long to wait; anything else is the spec's plain failure.
    if (error instanceof ApiError && error.status === 429) {
      return translateError(t, error.body) ?? t('forgot.error');
    }
    return t('forgot.error');
  };

  return (
    <AuthCardLayout
      title={t('forgot.title')}
      intro={forgot.isSuccess ? undefined : t('forgot.intro')}
      icon={
        forgot.isSuccess ? (
          <MailCheck aria-hidden="true" className="size-6" />
        ) : (
          <KeyRound aria-hidden="true" className="size-6" />
        )
      }
    >
      {forgot.isSuccess ? (
        <div className="flex flex-col gap-3">
          <Alert tone="success">{t('forgot.success')}</Alert>
          <p className="text-sm text-ink-muted">{t('forgot.successHint')}</p>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
          {forgot.isError ? <Alert tone="error">{failure(forgot.error)}</Alert> : null}
          <TextField
            label={t('common:email.label')}
            type="email"
            autoComplete="email"
            required
            error={translateError(t, errors.username?.message)}
            {...register('username')}
          />
          <Button type="submit" block busy={forgot.isPending}>
            {forgot.isPending ? t('forgot.submitting') : t('forgot.submit')}
          </Button>
        </form>
      )}
      <Link
        to={localized('/')}
        className="mt-6 inline-flex min-h-11 items-center gap-2 font-semibold text-teal-700 underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('common:actions.backToLogin')}
      </Link>
    </AuthCardLayout>
  );
}
