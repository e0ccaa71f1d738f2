import type { Contact } from '@mawadda/contract';
import { ShieldCheck } from 'lucide-react';
import { useChatTranslation } from '../i18n.ts';

/**
 * Under the conversation's header, for as long as it lasts (ADR 045): whose guardian reads this
 * conversation. The other member is never followed without seeing it here.
 */
export function GuardianNotice({ contact, name }: { contact: Contact | undefined; name: string }) {
  const { t } = useChatTranslation();
  const follows = contact?.guardianFollows;
  if (!follows?.mine && !follows?.theirs) return null;
  return (
    <div
      className="flex flex-col gap-1 border-b border-teal-200 bg-teal-50 px-4 py-2 text-sm text-teal-900"
      data-testid="guardian-notice"
    >
      {follows.theirs ? (
        <p className="flex items-start gap-2">
          <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('guardian.headerTheirs', { name })}
        </p>
      ) : null}
      {follows.mine ? (
        <p className="flex items-start gap-2">
          <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('guardian.headerMine', { name })}
        </p>
      ) : null}
    </div>
  );
}
