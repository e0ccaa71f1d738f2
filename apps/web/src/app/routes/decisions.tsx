import { DecisionsPage } from '@/features/standing/components/decisions-page.tsx';

/** A member's statements of reasons and appeals while their account is in use (ADR 084). */
export function Component() {
  return <DecisionsPage />;
}
