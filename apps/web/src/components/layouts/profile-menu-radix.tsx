import { titleCase } from '@mawadda/contract/text';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import {
  CircleHelp,
  Crown,
  FileText,
  Gift,
  LogOut,
  type LucideIcon,
  Settings,
  ShieldCheck,
  TicketPercent,
  UserRound,
  UsersRound,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '@/lib/cn.ts';
import { type MenuOpening, useDeferredMenuOpening } from '../deferred-menu.tsx';
import { MemberAvatar } from './member-avatar.tsx';
import { useLocalizedPath } from './paths.ts';
import { type ReturnState, useReturnState } from './return-to.ts';
import { useLogout } from './use-logout.ts';

/** A menu entry the app adds (the subscription modal): its label and what choosing it does. */
export type MenuAction = { label: string; onSelect: () => void };

/**
 * What the avatar's menu shows: here, with the menu, rather than in profile-menu.tsx, which loads
 * this file: a type read back from it would close a loop.
 */
export type ProfileMenuProps = {
  name: string | undefined;
  photoUrl: string | undefined;
  subscription?: MenuAction | undefined;
  /** A moderator gets a link to the moderation page. */
  moderator?: boolean;
};

const itemClass =
  'group flex min-h-11 cursor-pointer select-none items-center gap-3 rounded-xl px-3 text-[0.9375rem] text-ink outline-none transition-colors data-[highlighted]:bg-teal-50 data-[highlighted]:text-teal-900 data-[disabled]:cursor-not-allowed data-[disabled]:text-ink-muted';

function ItemIcon({ icon: Icon }: { icon: LucideIcon }) {
  return (
    <Icon
      aria-hidden="true"
      className="size-[1.125rem] shrink-0 text-teal-700 group-data-[disabled]:text-ink-muted"
    />
  );
}

function LinkItem({
  to,
  state,
  icon,
  label,
}: {
  to: string;
  state?: ReturnState;
  icon: LucideIcon;
  label: string;
}) {
  return (
    <DropdownMenu.Item asChild className={itemClass}>
      <Link to={to} state={state}>
        <ItemIcon icon={icon} />
        {label}
      </Link>
    </DropdownMenu.Item>
  );
}

function SoonItem({ icon, label }: { icon: LucideIcon; label: string }) {
  const { t } = useTranslation();
  return (
    <DropdownMenu.Item disabled className={itemClass}>
      <ItemIcon icon={icon} />
      <span className="flex-1">{label}</span>
      <span className="rounded-full bg-sand-100 px-2 py-0.5 text-xs font-medium text-ink-muted">
        {t('profileMenu.soon')}
      </span>
    </DropdownMenu.Item>
  );
}

/**
 * The avatar's menu itself, loaded when the member reaches for it (profile-menu.tsx). Radix gives
 * the keyboard behaviour (arrows to move, Escape to close and return focus); the items not built
 * yet are disabled and say so.
 */
export default function ProfileMenuRadix({
  name,
  photoUrl,
  subscription,
  moderator = false,
  opening,
}: ProfileMenuProps & { opening: MenuOpening }) {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const logout = useLogout();
  const returnState = useReturnState();
  const { triggerProps, open, onOpenChange } = useDeferredMenuOpening(opening);
  return (
    // Not modal: a menu is not a dialog. The page stays exposed to assistive technology (no
    // aria-hidden over focusable content), and Tab or a click outside simply closes the menu.
    <DropdownMenu.Root modal={false} open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger {...triggerProps}>{opening.button.children}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          collisionPadding={12}
          className="z-50 w-[min(18rem,calc(100vw-1.5rem))] origin-[var(--radix-dropdown-menu-content-transform-origin)] animate-rise rounded-2xl border border-sand-200 bg-white p-1.5 shadow-card"
        >
          <DropdownMenu.Label className="flex items-center gap-3 px-3 pb-3 pt-2">
            <MemberAvatar name={name} photoUrl={photoUrl} className="size-11" />
            <span className="min-w-0 truncate font-display text-lg font-semibold text-teal-900">
              {titleCase(name ?? '')}
            </span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="mx-2 mb-1 h-px bg-sand-200" />
          <LinkItem
            to={localized('/mon-profil')}
            icon={UserRound}
            label={t('profileMenu.myProfile')}
          />
          <SoonItem icon={UsersRound} label={t('profileMenu.network')} />
          <LinkItem to={localized('/gifts')} icon={Gift} label={t('profileMenu.gifts')} />
          {subscription ? (
            <DropdownMenu.Item className={itemClass} onSelect={subscription.onSelect}>
              <ItemIcon icon={Crown} />
              {subscription.label}
            </DropdownMenu.Item>
          ) : null}
          <SoonItem icon={Settings} label={t('profileMenu.settings')} />
          <SoonItem icon={CircleHelp} label={t('profileMenu.help')} />
          <SoonItem icon={TicketPercent} label={t('profileMenu.promoCode')} />
          <LinkItem
            to={localized('/terms')}
            state={returnState}
            icon={FileText}
            label={t('profileMenu.terms')}
          />
          {moderator ? (
            <LinkItem
              to={localized('/moderation')}
              icon={ShieldCheck}
              label={t('profileMenu.moderation')}
            />
          ) : null}
          <DropdownMenu.Separator className="mx-2 my-1 h-px bg-sand-200" />
          <DropdownMenu.Item
            className={cn(
              itemClass,
              'text-rose-700 data-[highlighted]:bg-rose-50 data-[highlighted]:text-rose-700',
            )}
            onSelect={() => void logout()}
          >
            <LogOut aria-hidden="true" className="size-[1.125rem] shrink-0" />
            {t('actions.logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
