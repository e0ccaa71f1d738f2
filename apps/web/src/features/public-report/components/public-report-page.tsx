import { zodResolver } from '@hookform/resolvers/zod';
import { PUBLIC_REPORT_EXPLANATION_MAX_LENGTH } from '@mawadda/contract/constants';
import { publicReportRequestSchema } from '@mawadda/contract/public-reports';
import { ILLEGAL_CONTENT_KINDS, PUBLIC_REPORT_SUBJECTS } from '@mawadda/contract/value-lists';
import { Flag } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { Checkbox } from '@/components/checkbox.tsx';
import { ChoiceGroup } from '@/components/choice-group.tsx';
import { FieldError } from '@/components/field-error.tsx';
import { useLocalizedPath } from '@/components/layouts/paths.ts';
import { useDocumentTitle } from '@/components/layouts/use-document-title.ts';
import { PageHeader } from '@/components/page-header.tsx';
import { TextField } from '@/components/text-field.tsx';
import { ApiError, NetworkError } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { translateError } from '@/lib/translate-error.ts';
import { usePublicReportMutation } from '../api/public-report-api.ts';
import { usePublicReportTranslation } from '../i18n.ts';

// The page's language is sent with the report, for the answers: not a field of the form.
const formSchema = publicReportRequestSchema.omit({ language: true });

/**
 * /report (ADR 079, DSA Art. 16): anyone, signed in or not, reports a profile or a photo as
 * illegal: what, the kind of illegality, why, their e-mail for the answer, their name if they
 * like, and their good faith. Sent, the form gives way to the receipt, which takes the focus.
 */
export function PublicReportPage() {
  const { t, i18n } = usePublicReportTranslation();
  useDocumentTitle(t('title'));
  const localized = useLocalizedPath();
  const id = useId();
  const send = usePublicReportMutation();
  const sentRef = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    watch,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(formSchema),
    defaultValues: { profile: '', explanation: '', email: '', name: '' },
  });
  // The contract's field reads any input, so the form types it loosely.
  const explanation = watch('explanation');
  const typed = typeof explanation === 'string' ? explanation.length : 0;

  useEffect(() => {
    if (send.isSuccess) sentRef.current?.focus();
  }, [send.isSuccess]);

  const onSubmit = handleSubmit((values) =>
    send.mutate({ ...values, language: i18n.language === 'fr' ? 'fr' : 'en' }),
  );
  const failure = (error: unknown) => {
    if (error instanceof NetworkError) return t('common:errors.network');
    return (error instanceof ApiError && translateError(t, error.body)) || t('failed');
  };
  const error = (message: string | undefined) => translateError(t, message);

  return (
    <main className="mx-auto w-full max-w-3xl px-4 pb-12 pt-6 md:pt-10">
      <PageHeader icon={Flag} eyebrow="Mawadda" title={t('title')} lead={t('lead')} />
      {send.isSuccess ? (
        <div ref={sentRef} tabIndex={-1} className="mt-8 flex flex-col items-start gap-4">
          <Alert tone="success">{t('sent', { email: send.variables.email })}</Alert>
          <Button
            variant="secondary"
            onClick={() => {
              reset();
              send.reset();
            }}
          >
            {t('another')}
          </Button>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="mt-8 flex flex-col gap-6">
          {send.isError ? <Alert tone="error">{failure(send.error)}</Alert> : null}
          <ChoiceGroup
            legend={t('subjectLegend')}
            choices={PUBLIC_REPORT_SUBJECTS.map((value) => ({
              value,
              label: t(`subjects.${value}`),
            }))}
            registration={register('subject')}
            error={error(errors.subject?.message)}
            required
          />
          <TextField
            label={t('profileLabel')}
            hint={t('profileHint')}
            inputMode="url"
            required
            error={error(errors.profile?.message)}
            {...register('profile')}
          />
          <ChoiceGroup
            legend={t('kindLegend')}
            choices={ILLEGAL_CONTENT_KINDS.map((value) => ({
              value,
              label: t(`common:illegalContentKinds.${value}`),
            }))}
            registration={register('kind')}
            error={error(errors.kind?.message)}
            required
          />
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-explanation`} className="text-sm font-medium text-ink">
              {t('explanationLabel')}
            </label>
            <textarea
              id={`${id}-explanation`}
              rows={6}
              maxLength={PUBLIC_REPORT_EXPLANATION_MAX_LENGTH}
              required
              aria-invalid={errors.explanation ? true : undefined}
              aria-describedby={cn(`${id}-hint`, errors.explanation && `${id}-error`)}
              className={cn(
                'w-full resize-y rounded-xl border bg-white px-4 py-3 text-base text-ink',
                errors.explanation ? 'border-danger' : 'border-sand-300',
              )}
              {...register('explanation')}
            />
            <p id={`${id}-hint`} className="text-sm text-ink-muted">
              {t('explanationHint')} {typed}/{PUBLIC_REPORT_EXPLANATION_MAX_LENGTH}
            </p>
            {errors.explanation ? (
              <FieldError id={`${id}-error`}>{error(errors.explanation.message)}</FieldError>
            ) : null}
          </div>
          <TextField
            label={t('emailLabel')}
            hint={t('emailHint')}
            type="email"
            autoComplete="email"
            required
            error={error(errors.email?.message)}
            {...register('email')}
          />
          <TextField
            label={t('nameLabel')}
            autoComplete="name"
            error={error(errors.name?.message)}
            {...register('name')}
          />
          <Checkbox
            label={t('goodFaith')}
            required
            error={error(errors.goodFaith?.message)}
            {...register('goodFaith')}
          />
          <div>
            <Button type="submit" busy={send.isPending}>
              {send.isPending ? t('submitting') : t('submit')}
            </Button>
          </div>
        </form>
      )}
      <p className="mt-8">
        <Link
          to={localized('/guidelines')}
          className="inline-flex min-h-11 items-center font-semibold text-teal-700 underline-offset-4 hover:underline"
        >
          {t('guidelinesLink')}
        </Link>
      </p>
    </main>
  );
}
