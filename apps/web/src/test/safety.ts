import { type Mock, vi } from 'vitest';
import type { MemberSafety } from '@/components/members/member-safety-menu.tsx';

type SpiedSafety = MemberSafety & {
  block: Mock<MemberSafety['block']>;
  report: Mock<MemberSafety['report']>;
  unmatch: Mock<MemberSafety['unmatch']>;
};

/** The safety actions as the app gives them to a screen, each a spy (app/safety-dialogs.tsx). */
export function fakeSafety(): SpiedSafety {
  return {
    block: vi.fn(),
    report: vi.fn(),
    unmatch: vi.fn(),
    labels: {
      menu: (name: string) => `More actions for ${name}`,
      block: 'Block',
      report: 'Report',
      unmatch: 'Unmatch',
    },
  };
}
