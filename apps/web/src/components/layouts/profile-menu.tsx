import { ChevronDown } from 'lucide-react';
import { lazy, memo } from 'react';
import { useTranslation } from 'react-i18next';
import { DeferredMenu } from '../deferred-menu.tsx';
import { MemberAvatar } from './member-avatar.tsx';
import type { ProfileMenuProps } from './profile-menu-radix.tsx';

const loadMenu = () => import('./profile-menu-radix.tsx');
const ProfileMenuRadix = lazy(loadMenu);

/**
 * The avatar and its menu (docs/spec.md §2): my profile, our network, gifts, the subscription
 * (when the app gives it), settings, help, promo code, terms, moderation (for moderators only),
 * logout (profile-menu-radix.tsx), loaded when the member reaches for it. Memoized: the shell
 * draws again as its queries start, with nothing new for the avatar.
 */
export const ProfileMenu = memo(function ProfileMenu(props: ProfileMenuProps) {
  const { t } = useTranslation();
  return (
    <DeferredMenu
      preload={loadMenu}
      className="group flex min-h-11 shrink-0 items-center gap-1 rounded-full p-0.5 pr-1.5 transition-colors hover:bg-sand-100 data-[state=open]:bg-sand-100"
      menu={(opening) => <ProfileMenuRadix {...props} opening={opening} />}
    >
      {/* Named by hidden text rather than aria-label: the initials shown for a member without a
          photo would otherwise be visible text missing from the name (WCAG 2.5.3). */}
      <span className="sr-only">{t('profileMenu.open')}</span>
      <MemberAvatar
        name={props.name}
        photoUrl={props.photoUrl}
        className="size-10 ring-2 ring-white"
      />
      <ChevronDown
        aria-hidden="true"
        className="size-4 text-ink-muted transition-transform group-data-[state=open]:rotate-180"
      />
    </DeferredMenu>
  );
});
