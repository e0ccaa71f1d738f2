import type { MatchedMember } from '@mawadda/contract';
import { destinations } from '@mawadda/contract/destinations';
import { titleCase } from '@mawadda/contract/text';
import { Heart, MessageCircle } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '@/components/button.tsx';
import { DialogFrame } from '@/components/dialog-frame.tsx';
import { MemberAvatar } from '@/components/layouts/member-avatar.tsx';
import { useLocalizedPath } from '@/components/layouts/paths.ts';
import { matchMoment, useMatchMoment } from '@/lib/match-moment.ts';
import { useRealtimeSubscription } from '@/lib/realtime/use-realtime.ts';
import { useSession } from '@/lib/session.ts';
import { useDiscoveryTranslation } from '../i18n.ts';

/**
 * "It's a match", over every member screen: the matches this tab made (lib/match-moment.ts) and
 * the ones the other member made, told live on `/topic/match/{me}` (the server tells only a member
 * who still sees the other: never about a member one blocked). Mounted by the app layer for the
 * signed-in member; what is waiting is forgotten when they leave.
 */
export function MatchMoment({ me }: { me: string }) {
  useRealtimeSubscription(destinations.match(me), (event) => matchMoment.show(event.member));
  useEffect(() => () => matchMoment.clear(), []);
  return <MatchDialog match={useMatchMoment()} onClose={matchMoment.dismiss} />;
}

/**
 * Both photos and names, "Send a message" (the conversation) and "Keep browsing". A dialog:
 * announced by its title and description, focus kept inside, Escape closes it, and the focus
 * goes back where it was.
 */
export function MatchDialog({
  match,
  onClose,
}: {
  match: MatchedMember | null;
  onClose: () => void;
}) {
  const { t } = useDiscoveryTranslation();
  const localized = useLocalizedPath();
  const user = useSession()?.user;
  const name = match ? titleCase(match.name) : '';
  return (
    <DialogFrame
      open={match !== null}
      onClose={onClose}
      title={t('match.title')}
      description={t('match.body', { name })}
      closeLabel={t('common:actions.close')}
    >
      {match ? (
        <div className="flex flex-col gap-5">
          <div className="flex items-center justify-center">
            <MemberAvatar
              name={user?.name}
              photoUrl={user?.mediaUrls?.[0]}
              className="size-24 ring-4 ring-white shadow-card sm:size-28"
            />
            <span className="z-10 -mx-3 flex size-12 items-center justify-center rounded-full bg-rose-600 text-white shadow-card ring-4 ring-white">
              <Heart aria-hidden="true" className="size-6" fill="currentColor" />
            </span>
            <MemberAvatar
              name={name}
              photoUrl={match.photoUrl ?? undefined}
              className="size-24 ring-4 ring-white shadow-card sm:size-28"
            />
          </div>
          <p className="flex justify-between gap-3 px-1 text-center font-semibold text-ink">
            <span className="flex-1 truncate">{titleCase(user?.name ?? '')}</span>
            <span className="flex-1 truncate">{name}</span>
          </p>
          <div className="flex flex-col gap-2 sm:flex-row-reverse">
            <Link
              to={localized(`/chat?userId=${encodeURIComponent(match.id)}`)}
              onClick={onClose}
              className={buttonClass({ className: 'flex-1' })}
            >
              <MessageCircle aria-hidden="true" className="size-5" />
              {t('match.send')}
            </Link>
            <Button variant="secondary" className="flex-1" onClick={onClose}>
              {t('match.keepBrowsing')}
            </Button>
          </div>
        </div>
      ) : null}
    </DialogFrame>
  );
}
