import { TransparencyPage } from '@/features/moderation/components/transparency-page.tsx';

export function Component() {
  return <TransparencyPage />;
}
