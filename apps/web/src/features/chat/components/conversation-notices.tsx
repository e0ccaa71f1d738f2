import type { Contact } from '@mawadda/contract';
import { BadgeCheck, CalendarClock, Crown, Hourglass, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '@/components/layouts/paths.ts';
import { cn } from '@/lib/cn.ts';
import { type Refusal, translateError } from '@/lib/translate-error.ts';
import { useChatTranslation } from '../i18n.ts';

const noticeAction =
  'mt-1 inline-flex min-h-11 items-center font-semibold text-teal-800 underline underline-offset-4';

const noticeTones = {
  teal: { frame: 'border-teal-100 bg-teal-50', icon: 'text-teal-700', title: 'text-teal-900' },
  rose: { frame: 'border-rose-100 bg-rose-50', icon: 'text-rose-600', title: 'text-rose-700' },
  amber: { frame: 'border-amber-100 bg-amber-50', icon: 'text-amber-700', title: 'text-amber-900' },
};

/**
 * Why the server refused what the member wrote, above the composer, and what they can do; or,
 * as a `note`, what it would refuse, said before they type.
 */
function RefusalNotice({
  role = 'alert',
  tone,
  icon: Icon,
  title,
  text,
  children,
}: {
  role?: 'alert' | 'note';
  tone: keyof typeof noticeTones;
  icon: LucideIcon;
  title: string;
  text: string | undefined;
  children?: ReactNode;
}) {
  const colours = noticeTones[tone];
  return (
    <div role={role} className={cn('flex items-start gap-3 border-t px-4 py-3', colours.frame)}>
      <Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', colours.icon)} />
      <div className="text-sm">
        <p className={cn('font-semibold', colours.title)}>{title}</p>
        <p className="mt-0.5 text-ink">{text}</p>
        {children}
      </div>
    </div>
  );
}

/**
 * The limits above the composer: a message refused for want of a subscription (with the way to
 * the plans, when the app gives it), the day's new conversations used up (its own limit and when
 * it starts again), and, before typing, a member who takes first messages from verified members
 * only (with the way to be verified), and a match that waits for her first word (ADR 069), told
 * to him who waits and to her.
 */
export function ConversationNotices({
  name,
  contact,
  subscribe,
  dailyLimit,
}: {
  name: string;
  contact: Contact | undefined;
  /** Set while a message waits, refused for want of a subscription. */
  subscribe: (() => void) | undefined;
  dailyLimit: Refusal | undefined;
}) {
  const { t } = useChatTranslation();
  const { t: tAll } = useTranslation();
  const localized = useLocalizedPath();
  const open = contact?.deleted !== true && contact?.matchEnded !== true;
  return (
    <>
      {subscribe ? (
        <RefusalNotice
          tone="amber"
          icon={Crown}
          title={t('subscriptionRequired.title', { name })}
          text={translateError(tAll, 'SUBSCRIPTION_REQUIRED')}
        >
          <button type="button" aria-haspopup="dialog" onClick={subscribe} className={noticeAction}>
            {t('subscriptionRequired.action')}
          </button>
        </RefusalNotice>
      ) : null}

      {dailyLimit ? (
        <RefusalNotice
          tone="amber"
          icon={CalendarClock}
          title={t('newConversationsLimit.title')}
          text={translateError(tAll, dailyLimit)}
        />
      ) : null}

      {contact?.awaitingFirstWordOf && open ? (
        <RefusalNotice
          role="note"
          tone="teal"
          icon={Hourglass}
          title={t(
            contact.awaitingFirstWordOf === 'them'
              ? 'firstWord.waitingTitle'
              : 'firstWord.mineTitle',
            { name },
          )}
          text={t(
            contact.awaitingFirstWordOf === 'them' ? 'firstWord.waitingText' : 'firstWord.mineText',
            { name },
          )}
        />
      ) : null}

      {contact?.verifiedWritersOnly && open ? (
        <RefusalNotice
          role="note"
          tone="amber"
          icon={BadgeCheck}
          title={t('verifiedWritersOnly.title', { name })}
          text={t('verifiedWritersOnly.text', { name })}
        >
          <Link to={localized('/mon-profil#verification')} className={noticeAction}>
            {t('verifiedWritersOnly.action')}
          </Link>
        </RefusalNotice>
      ) : null}
    </>
  );
}
