import { PASSWORD_MIN_LENGTH, RESET_REDIRECT_MS } from '@mawadda/contract/constants';
import { ArrowLeft, LockKeyhole } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { useLocalizedPath } from '@/components/layouts/paths.ts';
import { PasswordField } from '@/components/password-field.tsx';
import { ApiError, NetworkError } from '@/lib/api-client.ts';
import { translateError } from '@/lib/translate-error.ts';
import { useResetPasswordMutation } from '../api/auth-api.ts';
import { useResetLinkCheck } from '../api/reset-link-api.ts';
import { useAuthScreensTranslation } from '../i18n.ts';
import { AuthCardLayout } from './auth-card-layout.tsx';

type ResetValues = { password: string; confirm: string };

/** A refusal of the link itself (invalid, expired or used; absurdly long): not a rate limit. */
const refusesTheLink = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429;

/**
 * docs/spec.md §2, §4, §5 and §8: new password and confirmation, each with a visibility toggle; a
 * mismatch says so; success says so, then goes to login after RESET_REDIRECT_MS. The link is
 * checked as the page opens, so an expired or used one says so before anything is typed (while
 * the check is out, or if it cannot be made, the form is there and the reset answers).
 */
export function ResetPasswordPage() {
  const { t } = useAuthScreensTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const reset = useResetPasswordMutation();
  const linkRefusedOnOpen = refusesTheLink(useResetLinkCheck(token).error);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetValues>({ defaultValues: { password: '', confirm: '' } });

  const loginPath = localized('/');
  useEffect(() => {
    if (!reset.isSuccess) return;
    const timer = setTimeout(() => void navigate(loginPath), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [reset.isSuccess, navigate, loginPath]);

  const onSubmit = handleSubmit(({ password }) => reset.mutate({ token, password }));

  const error = reset.error;
  // A 400 without a password complaint is the link itself: invalid, expired or already used.
  const linkIsInvalid =
    error instanceof ApiError &&
    error.status === 400 &&
    !error.body?.errors?.some((issue) => issue.path === 'password');
  const detail =
    error instanceof NetworkError
      ? t('common:errors.network')
      : linkIsInvalid
        ? t('reset.invalidLink')
        : error instanceof ApiError
          ? translateError(t, error.body)
          : undefined;

  return (
    <AuthCardLayout
      title={t('reset.title')}
      intro={reset.isSuccess || linkRefusedOnOpen ? undefined : t('reset.intro')}
      icon={<LockKeyhole aria-hidden="true" className="size-6" />}
    >
      {linkRefusedOnOpen && !reset.isSuccess ? (
        <Alert tone="error">
          <p>{t('reset.invalidLink')}</p>
          <AskForNewLink />
        </Alert>
      ) : reset.isSuccess ? (
        <div className="flex flex-col gap-3">
          <Alert tone="success">{t('reset.success')}</Alert>
          <p className="text-sm text-ink-muted">{t('reset.redirecting')}</p>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
          {reset.isError ? (
            <Alert tone="error">
              <p>{t('reset.error')}</p>
              {detail ? <p className="mt-1 font-normal">{detail}</p> : null}
              {linkIsInvalid ? <AskForNewLink /> : null}
            </Alert>
          ) : null}
          <PasswordField
            label={t('reset.password')}
            showLabel={t('common:password.show')}
            hideLabel={t('common:password.hide')}
            autoComplete="new-password"
            required
            hint={t('reset.hint', { min: PASSWORD_MIN_LENGTH })}
            error={errors.password?.message}
            {...register('password', {
              required: t('reset.passwordRequired'),
              minLength: {
                value: PASSWORD_MIN_LENGTH,
                message: t('reset.passwordTooShort', { min: PASSWORD_MIN_LENGTH }),
              },
            })}
          />
          <PasswordField
            label={t('reset.confirm')}
            showLabel={t('common:password.show')}
            hideLabel={t('common:password.hide')}
            autoComplete="new-password"
            required
            error={errors.confirm?.message}
            {...register('confirm', {
              required: t('reset.confirmRequired'),
              validate: (value, values) => value === values.password || t('reset.mismatch'),
            })}
          />
          <Button type="submit" block busy={reset.isPending}>
            {reset.isPending ? t('reset.submitting') : t('reset.submit')}
          </Button>
        </form>
      )}
      <Link
        to={loginPath}
        className="mt-6 inline-flex min-h-11 items-center gap-2 font-semibold text-teal-700 underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('common:actions.backToLogin')}
      </Link>
    </AuthCardLayout>
  );
}

function AskForNewLink() {
  const { t } = useAuthScreensTranslation();
  const localized = useLocalizedPath();
  return (
    <Link
      to={localized('/forget')}
      className="mt-1 inline-flex min-h-11 items-center font-semibold underline underline-offset-4"
    >
      {t('reset.newLink')}
    </Link>
  );
}
