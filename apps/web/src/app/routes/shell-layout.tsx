import { Outlet } from 'react-router';
import { AppShell } from '../../components/layouts/app-shell.tsx';
import { InstallPrompt } from '../../features/pwa/install-prompt.tsx';

/** Terms, privacy and every member screen: the top navigation bar around the page. */
export function Component() {
  return (
    <AppShell notice={<InstallPrompt />}>
      <Outlet />
    </AppShell>
  );
}
