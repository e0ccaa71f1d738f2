import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useLocalizedPath } from '@/components/layouts/paths.ts';
import { DataExportSection } from '@/features/account/components/data-export-section.tsx';
import { DataSaverSection } from '@/features/account/components/data-saver-section.tsx';
import { DeleteAccountSection } from '@/features/account/components/delete-account-section.tsx';
import { PasskeysSection } from '@/features/account/components/passkeys-section.tsx';
import { GoogleConfirm } from '@/features/auth/components/google-confirm.tsx';
import type { LoginLocationState } from '@/features/auth/components/login-page.tsx';
import { session } from '@/lib/session.ts';

/**
 * /mon-profil's passkeys, data saver, "Download my data" and "Delete my account". Once the account is deleted, as at
 * logout, nothing of the member stays on the device, and the login screen says it is done.
 */
export function AccountSections() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const onDeleted = () => {
    session.end();
    queryClient.clear();
    const state: LoginLocationState = { accountDeleted: true };
    void navigate(localized('/'), { replace: true, state });
  };
  return (
    <>
      <PasskeysSection />
      <DataSaverSection />
      <DataExportSection />
      <DeleteAccountSection
        onDeleted={onDeleted}
        googleConfirm={(onToken, intro) => <GoogleConfirm onToken={onToken} intro={intro} />}
      />
    </>
  );
}
