import { PasswordChangeSection } from './password-change-section.tsx';
import { SignedInDevicesSection } from './signed-in-devices-section.tsx';

/** The account settings' signed-in devices and password change, one chunk with their texts. */
export function SessionsSections() {
  return (
    <>
      <SignedInDevicesSection />
      <PasswordChangeSection />
    </>
  );
}
