import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Flag, HeartCrack, type LucideIcon, ShieldBan } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
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
  // The action chosen runs once the menu has closed and this component has put the focus back on
  // its button (Radix's own return of the focus does not take on Preact, ADR 050), so the dialog
  // it opens finds that button as what to give the focus back to.
  const chosen = useRef<(() => void) | null>(null);
  // In a dialog (a profile, the likes), the menu goes into the dialog's own element: events do
  // not travel from a portal to the components around it on Preact, so a press on a menu placed
  // outside the dialog's element would read to the dialog as a press outside it, and close it.
  const [container, setContainer] = useState<HTMLElement | null>(null);
  useLayoutEffect(() => {
    setContainer(trigger.current?.closest<HTMLElement>('[role="dialog"]') ?? null);
  }, [trigger]);
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
      <DropdownMenu.Portal container={container}>
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
