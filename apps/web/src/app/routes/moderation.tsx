import { ModerationPage } from '@/features/moderation/components/moderation-page.tsx';

export function Component() {
  return <ModerationPage />;
}
