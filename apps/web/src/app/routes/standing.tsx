import { StandingPage } from '@/features/standing/components/standing-page.tsx';

export function Component() {
  return <StandingPage />;
}
