import { CircleCheck, ShieldAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button.tsx';
import { type Refusal, translateError } from '@/lib/translate-error.ts';
import { AuthCardLayout } from './auth-card-layout.tsx';

type Props = { onContinue: () => void };

/** The deletion is done: said on a screen of its own, then the login screen. */
export function AccountDeletedScreen({ onContinue }: Props) {
  const { t } = useTranslation('auth');
  return (
    <AuthCardLayout
      title={t('notice.deletedTitle')}
      icon={<CircleCheck aria-hidden="true" className="size-6" />}
    >
      <Notice text={t('notice.deletedBody')} onContinue={onContinue} />
    </AuthCardLayout>
  );
}

/**
 * A moderator suspended or closed the account while the app was open: until when, in the
 * member's language, and the moderator's reason, instead of a silent return to login.
 */
export function AccountClosedScreen({ refusal, onContinue }: Props & { refusal: Refusal }) {
  const { t } = useTranslation('auth');
  const suspended = refusal.code === 'ACCOUNT_SUSPENDED';
  const reason = refusal.params?.reason;
  return (
    <AuthCardLayout
      title={t(suspended ? 'notice.suspendedTitle' : 'notice.closedTitle')}
      icon={<ShieldAlert aria-hidden="true" className="size-6" />}
    >
      <Notice
        text={translateError(t, refusal) ?? t('notice.closedTitle')}
        detail={reason ? t('notice.reason', { reason }) : undefined}
        onContinue={onContinue}
      />
    </AuthCardLayout>
  );
}

function Notice({
  text,
  detail,
  onContinue,
}: Props & { text: string; detail?: string | undefined }) {
  const { t } = useTranslation('auth');
  const body = useRef<HTMLDivElement>(null);
  // The screen replaced the one the member was on: a screen reader starts from what it says.
  useEffect(() => body.current?.focus(), []);
  return (
    <div className="flex flex-col gap-6">
      <div ref={body} tabIndex={-1} className="flex flex-col gap-3 text-ink outline-none">
        <p className="leading-relaxed">{text}</p>
        {detail ? <p className="leading-relaxed text-ink-muted">{detail}</p> : null}
      </div>
      <Button block onClick={onContinue}>
        {t('notice.continue')}
      </Button>
    </div>
  );
}
