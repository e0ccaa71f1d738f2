import { EllipsisVertical } from 'lucide-react';
import { lazy } from 'react';
import { cn } from '@/lib/cn.ts';
import { DeferredMenu } from '../deferred-menu.tsx';
import type { MemberSafetyMenuProps } from './member-safety.ts';

export type {
  MemberSafety,
  ReportableMessage,
  ReportPreset,
  SafetyMember,
} from './member-safety.ts';

const loadMenu = () => import('./member-safety-menu-radix.tsx');
const MemberSafetyMenuRadix = lazy(loadMenu);

/**
 * A "more" button and its menu for one member: Report, Block, and Unmatch when the two are
 * matched (member-safety-menu-radix.tsx), loaded when the member reaches for it.
 */
export function MemberSafetyMenu(props: MemberSafetyMenuProps) {
  return (
    <DeferredMenu
      preload={loadMenu}
      className={cn(
        'flex size-11 shrink-0 items-center justify-center rounded-full text-teal-800 transition-colors hover:bg-teal-50 data-[state=open]:bg-teal-50',
        props.className,
      )}
      label={props.safety.labels.menu(props.member.name)}
      menu={(opening) => <MemberSafetyMenuRadix {...props} opening={opening} />}
    >
      <EllipsisVertical aria-hidden="true" className="size-5" />
    </DeferredMenu>
  );
}
