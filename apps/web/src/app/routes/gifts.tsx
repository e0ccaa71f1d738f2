import { GiftsPage } from '@/features/payments/components/gifts-page.tsx';

export function Component() {
  return <GiftsPage />;
}
