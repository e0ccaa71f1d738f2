import type { ReactNode } from 'react';
import { useProfileTranslation } from '../i18n.ts';
import { ProfileSection } from './profile-section.tsx';

/**
 * The verification section's title, lead and status line. The profile page draws it at once,
 * pending, while the section's own chunk (the camera) loads, and the section keeps it pending
 * with the room of its button until the member's state is known: what sits below it (the
 * subscription's button, the blocked members) never moves under a finger.
 */
export function VerificationFrame({
  pending,
  status,
  children,
}: {
  pending: boolean;
  status?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useProfileTranslation();
  return (
    <ProfileSection title={t('sections.verification')} anchor="verification">
      <p className="leading-relaxed text-ink-muted">{t('verification.lead')}</p>
      <div role="status" className="mt-4">
        {pending ? <p className="text-sm text-ink-muted">{t('verification.loading')}</p> : status}
      </div>
      {pending ? <div aria-hidden="true" className="mt-4 min-h-11" /> : children}
    </ProfileSection>
  );
}
