import { lazy } from 'react';
import { DeferredMenu } from '../deferred-menu.tsx';
import { type ProfileMenuProps, TRIGGER_CLASS, TriggerContent } from './profile-menu-trigger.tsx';

export type { MenuAction } from './profile-menu-trigger.tsx';

const loadMenu = () => import('./profile-menu-radix.tsx');
const ProfileMenuRadix = lazy(loadMenu);

/**
 * The avatar and its menu (docs/spec.md §2): my profile, our network, gifts, the subscription
 * (when the app gives it), settings, help, promo code, terms, moderation (for moderators only),
 * logout (profile-menu-radix.tsx), loaded when the member reaches for it.
 */
export function ProfileMenu(props: ProfileMenuProps) {
  return (
    <DeferredMenu
      preload={loadMenu}
      className={TRIGGER_CLASS}
      menu={(opening) => <ProfileMenuRadix {...props} opening={opening} />}
    >
      <TriggerContent name={props.name} photoUrl={props.photoUrl} />
    </DeferredMenu>
  );
}
