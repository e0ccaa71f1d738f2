import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Flag, HeartCrack, type LucideIcon, ShieldBan } from 'lucide-react';
import { useRef } from 'react';
import { type MenuOpening, useDeferredMenuOpening } from '../deferred-menu.tsx';
import type { MemberSafetyMenuProps } from './member-safety.ts';

const itemClass =
  'group flex min-h-11 cursor-pointer select-none items-center gap-3 rounded-xl px-3 text-[0.9375rem] text-ink outline-none transition-colors data-[highlighted]:bg-teal-50 data-[highlighted]:text-teal-900';

/**
 * The safety menu itself, loaded when the member reaches for it (member-safety-menu.tsx). Radix
 * gives the keyboard behaviour (arrows to move, Escape to close and give the focus back). Not
 * modal: the dialog an item opens takes the focus from the button the menu gave it back to, and
 * gives it back there when it closes.
 */
export default function MemberSafetyMenuRadix({
  safety,
  member,
  messages,
  matched = false,
  opening,
}: MemberSafetyMenuProps & { opening: MenuOpening }) {
  const { labels } = safety;
  const { trigger, triggerProps, open, onOpenChange } = useDeferredMenuOpening(opening);
  // The action chosen runs once the menu has closed and the focus is back on its button: the
  // dialog it opens takes that button as what to give the focus back to when it closes (run from
  // the item itself, it would take the item, gone with the menu, and give the focus to nothing).
  const chosen = useRef<(() => void) | null>(null);
  const items: Array<[string, LucideIcon, () => void]> = [
    [labels.report, Flag, () => safety.report(member, messages)],
    [labels.block, ShieldBan, () => safety.block(member)],
    ...(matched
      ? [
          [labels.unmatch, HeartCrack, () => safety.unmatch(member)] as [
            string,
            LucideIcon,
            () => void,
          ],
        ]
      : []),
  ];
  return (
    <DropdownMenu.Root modal={false} open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger {...triggerProps}>{opening.button.children}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          onCloseAutoFocus={(event) => {
            const action = chosen.current;
            chosen.current = null;
            if (!action) return;
            event.preventDefault();
            trigger.current?.focus();
            action();
          }}
          className="z-[60] min-w-48 rounded-2xl border border-sand-200 bg-white p-1.5 shadow-card"
        >
          {items.map(([label, Icon, onSelect]) => (
            <DropdownMenu.Item
              key={label}
              onSelect={() => {
                chosen.current = onSelect;
              }}
              className={itemClass}
            >
              <Icon aria-hidden="true" className="size-[1.125rem] shrink-0 text-rose-700" />
              {label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
