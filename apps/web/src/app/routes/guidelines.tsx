import { GuidelinesPage } from '@/features/standing/components/guidelines-page.tsx';

export function Component() {
  return <GuidelinesPage />;
}
