import { CircleCheck, ShieldAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '@/components/button.tsx';
import { useLocalizedPath } from '@/components/layouts/paths.ts';
import { passOf, standingPass } from '@/lib/standing-pass.ts';
import { type Refusal, translateError } from '@/lib/translate-error.ts';
import { useAuthScreensTranslation } from '../i18n.ts';
import { AuthCardLayout } from './auth-card-layout.tsx';

type Props = { onContinue: () => void };

/**
 * What ended the member's account or session, said before the login (the login page shows it
 * from its router state): the deletion they asked for, or a moderator's suspension or ban.
 */
export default function AccountNoticeScreen({
  closedBy,
  onContinue,
}: Props & { closedBy: Refusal | undefined }) {
  return closedBy ? (
    <AccountClosedScreen refusal={closedBy} onContinue={onContinue} />
  ) : (
    <AccountDeletedScreen onContinue={onContinue} />
  );
}

/** The deletion is done: said on a screen of its own, then the login screen. */
function AccountDeletedScreen({ onContinue }: Props) {
  const { t } = useAuthScreensTranslation();
  return (
    <AuthCardLayout
      title={t('deletedTitle')}
      icon={<CircleCheck aria-hidden="true" className="size-6" />}
    >
      <Notice text={t('deletedBody')} onContinue={onContinue} />
    </AuthCardLayout>
  );
}

/**
 * A moderator suspended or closed the account while the app was open: until when, in the
 * member's language, and the moderator's reason, instead of a silent return to login.
 */
function AccountClosedScreen({ refusal, onContinue }: Props & { refusal: Refusal }) {
  const { t } = useAuthScreensTranslation();
  const suspended = refusal.code === 'ACCOUNT_SUSPENDED';
  const reason = refusal.params?.reason;
  return (
    <AuthCardLayout
      title={t(suspended ? 'suspendedTitle' : 'closedTitle')}
      icon={<ShieldAlert aria-hidden="true" className="size-6" />}
    >
      <Notice
        text={translateError(t, refusal) ?? t('closedTitle')}
        detail={reason ? t('common:notice.reason', { reason }) : undefined}
        onContinue={onContinue}
      />
      <StatementLink pass={passOf(refusal)} />
    </AuthCardLayout>
  );
}

function Notice({
  text,
  detail,
  onContinue,
}: Props & { text: string; detail?: string | undefined }) {
  const { t } = useAuthScreensTranslation();
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
        {t('continue')}
      </Button>
    </div>
  );
}

/** The statement of reasons and the appeal (ADR 076), with the pass the refusal carried. */
function StatementLink({ pass }: { pass: string | undefined }) {
  const { t } = useAuthScreensTranslation();
  const localized = useLocalizedPath();
  if (!pass) return null;
  return (
    <Link
      to={localized('/standing')}
      onClick={() => standingPass.set(pass)}
      className={buttonClass({ variant: 'secondary', block: true, className: 'mt-3' })}
    >
      {t('readStatement')}
    </Link>
  );
}
