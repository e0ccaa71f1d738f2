import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MemberAvatar } from './member-avatar.tsx';

/** A menu entry the app adds (the subscription modal): its label and what choosing it does. */
export type MenuAction = { label: string; onSelect: () => void };

export type ProfileMenuProps = {
  name: string | undefined;
  photoUrl: string | undefined;
  subscription?: MenuAction | undefined;
  /** A moderator gets a link to the moderation page. */
  moderator?: boolean;
};

export const TRIGGER_CLASS =
  'group flex min-h-11 shrink-0 items-center gap-1 rounded-full p-0.5 pr-1.5 transition-colors hover:bg-sand-100 data-[state=open]:bg-sand-100';

export function TriggerContent({ name, photoUrl }: Pick<ProfileMenuProps, 'name' | 'photoUrl'>) {
  const { t } = useTranslation();
  return (
    <>
      {/* Named by hidden text rather than aria-label: the initials shown for a member without a
          photo would otherwise be visible text missing from the name (WCAG 2.5.3). */}
      <span className="sr-only">{t('profileMenu.open')}</span>
      <MemberAvatar name={name} photoUrl={photoUrl} className="size-10 ring-2 ring-white" />
      <ChevronDown
        aria-hidden="true"
        className="size-4 text-ink-muted transition-transform group-data-[state=open]:rotate-180"
      />
    </>
  );
}
