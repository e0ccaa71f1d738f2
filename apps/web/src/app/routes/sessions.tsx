import { SessionsPage } from '@/features/sessions/components/sessions-page.tsx';

/** The member's signed-in devices and password: where the new-device mail's link leads. */
export function Component() {
  return <SessionsPage />;
}
